import StandupsCore
import StandupsTUI
import TerminalApp
import TerminalUI
import Testing

extension RuntimeTests {
  /// One stray Esc does not throw a changed sheet away: the first says what
  /// would be lost, the second discards it. An untouched sheet closes at once.
  @Test func escOnAChangedEditSheetWarnsFirst() {
    let (runtime, backend) = makeRuntime(appState([.mock]))
    runtime.press(.enter, .char("e"), .escape)
    #expect(runtime.detail?.destination == nil)
    #expect(!backend.shows("Unsaved"))

    runtime.press(.char("e"))
    runtime.type("!")
    runtime.press(.escape)
    #expect(backend.shows("Unsaved: esc again discards, ctrl+s saves your changes to “Design”"))
    #expect(runtime.detail?.destination != nil)
    runtime.press(.escape)
    #expect(runtime.detail?.destination == nil)
    #expect(!backend.shows("Unsaved"))
    #expect(runtime.state.standupsList.standups.first?.title == "Design")
  }

  /// Typing or pasting after the warning takes it back (the text goes in):
  /// the next Esc warns again. The save key it offers saves.
  @Test func anyKeyAfterTheEscWarningTakesItBackAndCtrlSSaves() {
    let (runtime, backend) = makeRuntime(appState([.mock]))
    runtime.press(.enter, .char("e"))
    runtime.type("!")
    runtime.press(.escape)
    runtime.type("?")
    #expect(!backend.shows("Unsaved"))
    runtime.press(.escape)
    #expect(backend.shows("Unsaved: esc again discards"))
    runtime.handle(.paste("1"))
    runtime.render()
    #expect(!backend.shows("Unsaved"))
    runtime.press(.escape)
    #expect(runtime.detail?.destination != nil)
    runtime.press(.ctrl("s"))
    #expect(runtime.detail?.destination == nil)
    #expect(runtime.state.standupsList.standups.first?.title == "Design!?1")
  }

  /// A title left blank cannot be saved: the warning does not offer it.
  @Test func theEscWarningOfAnUntitledSheetOffersNoSave() {
    let (runtime, backend) = makeRuntime(appState([.mock]))
    runtime.press(.char("a"), .tab)
    runtime.type("Blob")
    runtime.press(.escape)
    #expect(backend.shows("Unsaved: esc again discards the new standup (it needs a title)"))
    runtime.press(.escape)
    #expect(runtime.state.standupsList.destination == nil)
    #expect(runtime.state.standupsList.standups.count == 1)
  }
}
