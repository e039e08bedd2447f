import Clocks
import Foundation
import StandupsCore
import StandupsTUI
import TerminalApp
import TerminalUI
import Testing

extension RuntimeTests {
  /// A sheet with changes is not dropped by one Ctrl-C: the first says what
  /// would be lost, the second quits; any other key or a paste in between
  /// takes the first back. The warning shows on a terminal too small for the sheet too.
  @Test func ctrlCInASheetWithChangesWarnsFirst() {
    let (runtime, backend) = makeRuntime(appState([.mock]))
    runtime.press(.char("a"))
    runtime.type("Retro")
    runtime.press(.ctrl("c"))
    #expect(!runtime.isFinished)
    #expect(backend.shows("Unsaved: ctrl+c again quits, ctrl+s saves the new standup"))
    runtime.press(.char("s"))
    #expect(!backend.shows("Unsaved"))
    runtime.press(.ctrl("c"))
    #expect(!runtime.isFinished)
    runtime.handle(.paste(" 2"))
    runtime.press(.ctrl("c"))
    #expect(!runtime.isFinished)
    runtime.press(.ctrl("c"))
    #expect(runtime.isFinished)

    let (edit, small) = makeRuntime(appState([.mock]), size: Size(width: 40, height: 12))
    edit.press(.enter, .char("e"), .char("!"))
    let tooSmall = Size(width: 20, height: 6)
    small.resize(to: tooSmall)
    edit.handle(.resize(tooSmall))
    edit.press(.ctrl("c"))
    #expect(!edit.isFinished)
    #expect(small.shows("Unsaved: ctrl+c") && small.shows("again quits"))
    edit.press(.ctrl("c"))
    #expect(edit.isFinished)
  }

  /// Too small to show the sheet, the warning's save key saves as it says;
  /// without the warning, no key but quitting and suspending acts.
  @Test func theSaveKeyTheWarningOffersWorksWhileTooSmall() {
    let (runtime, backend) = makeRuntime(appState([.mock]), size: Size(width: 40, height: 12))
    runtime.press(.enter, .char("e"), .char("!"))
    let tooSmall = Size(width: 20, height: 6)
    backend.resize(to: tooSmall)
    runtime.handle(.resize(tooSmall))
    runtime.press(.ctrl("s"))
    #expect(runtime.detail?.destination != nil, "ctrl+s before the warning does nothing")
    runtime.press(.ctrl("c"))
    #expect(backend.lines.joined(separator: " ").contains("ctrl+s"), "\(backend.lines)")
    runtime.press(.ctrl("s"))
    #expect(!runtime.isFinished)
    #expect(runtime.state.standupsList.standups.first?.title == Standup.mock.title + "!")
  }

  /// On a terminal the sheet fills, the banner's rows are drawn over the
  /// sheet: the warning is seen whole (at 40 columns on two rows, not cut),
  /// and the field keeps its cursor.
  @Test func theBannerShowsOverASheetThatReachesItsRow() {
    let (runtime, backend) = makeRuntime(appState([.mock]), size: .small)
    runtime.press(.char("a"))
    runtime.type("Retro")
    let cursor = backend.cursor
    #expect(cursor != nil)
    let sheet = backend.frames.last?.layers.last?.rect
    #expect(sheet.map { $0.maxY > Size.small.height - 2 } == true)
    runtime.press(.ctrl("c"))
    let rows = (Size.small.height - 3)...(Size.small.height - 2)
    let banner = rows.map { backend.lines[$0].trimmingCharacters(in: .whitespaces) }
    #expect(
      banner.joined(separator: " ")
        == "Unsaved: ctrl+c again quits, ctrl+s saves the new standup", "\(backend.lines)")
    #expect(backend.cursor == cursor)
    // One piece: the sheet's shadow does not fall on it.
    for row in rows {
      let styles = Set((0..<Size.small.width).map { backend.screen[$0, row].style })
      #expect(styles.count == 1, "row \(row)")
    }
  }

  /// Full help reaches the banner's row too: the message is drawn across it.
  @Test func theBannerShowsOverFullHelp() {
    for size in [Size(width: 80, height: 24), .small] {
      let (runtime, backend) = makeRuntime(appState([.mock]), size: size)
      runtime.press(.char("a"))
      runtime.type("Retro")
      runtime.press(.function(1))
      #expect(backend.shows("Keys"), "\(size)")
      runtime.press(.ctrl("c"))
      #expect(!runtime.isFinished)
      let banner = backend.lines[(size.height - 3)...(size.height - 2)].joined(separator: " ")
      #expect(banner.contains("Unsaved: ctrl+c"), "\(size)")
      #expect(banner.contains("saves the new standup"), "\(size)")
    }
  }
}

extension RuntimeTests {
  /// A window's shadow never falls on the help bar's row: full help, a
  /// sheet and an alert at sizes where they reach it leave it as drawn.
  @Test func noShadowFallsOnTheHelpBar() {
    for size in [Size.small, Size(width: 80, height: 24)] {
      for keys in [[Key.char("?")], [.char("a")], [.char("d")]] {
        let (runtime, backend) = makeRuntime(appState([.mock, .engineeringMock]), size: size)
        for key in keys { runtime.press(key) }
        let bottom = size.height - 1
        let shaded = (0..<size.width).filter {
          backend.screen[$0, bottom].style.background == .ansi(8)
        }
        #expect(shaded.isEmpty, "\(size) \(keys): \(backend.lines[bottom])")
      }
    }
  }
}
