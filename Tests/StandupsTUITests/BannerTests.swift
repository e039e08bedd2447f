import Foundation
import StandupsCore
import TerminalUI
import Testing

@testable import StandupsTUI

/// The banner's line above the help bar: a message wider than the screen
/// goes on over the rows above it, whole words, up to three rows.
@MainActor
struct BannerTests {
  static let path =
    "/home/someone/projects/a-rather-long-directory-name/standups/standups.json"

  @Test func aLongMessageWrapsOverTheRowsAboveInsteadOfLosingItsEnd() {
    let message = "Not saved: no permission to write \(Self.path) — will retry"
    let screen = draw(appState([.mock]), ui: ShellUI(banner: message), size: .large)
    // Three rows: the path, a word of 75 columns, has one of its own.
    let rows = screen.lines[(Size.large.height - 4)...(Size.large.height - 2)]
    let shown = rows.map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
    #expect(shown == message, "\(screen.lines)")
    // The help bar below stays where it was.
    #expect(screen.lines[Size.large.height - 1].contains("help"), "\(screen.lines)")
    // The row above the banner is the screen's own.
    #expect(!screen.lines[Size.large.height - 5].contains("Not saved"))
  }

  /// A long title is cut in a message, never what the message says to do.
  @Test func aLongTitleIsCutNotTheInstruction() {
    let title = String(repeating: "長い題名🎉", count: 20)
    let banner = StandupsView.banner(
      for: .conflict(titles: [title, "Design"], copy: "the database's conflicts"))
    #expect(banner.text.hasSuffix("; o opens yours (in the database's conflicts)"))
    #expect(banner.text.contains("“Design”"))
    #expect(banner.text.contains("…”"))
    // The quotes, and at most 32 columns between them.
    #expect((33...34).contains(TextWidth.of(Sanitizer.quoted(title))))
    #expect(Sanitizer.quoted("Design") == "“Design”")
  }

  @Test func aShortMessageTakesOneRow() {
    let screen = draw(appState([.mock]), ui: ShellUI(banner: "Not saved"), size: .large)
    #expect(screen.lines[Size.large.height - 2].contains(" Not saved "))
    #expect(!screen.lines[Size.large.height - 3].contains("Not saved"))
  }

  /// Past three rows the message is cut on the third, which ends in "…".
  @Test func aMessageLongerThanThreeRowsIsCutOnTheThird() {
    let message = (1...40).map { "word\($0)" }.joined(separator: " ")
    let size = Size(width: 40, height: 12)
    let screen = draw(appState([.mock]), ui: ShellUI(banner: message), size: size)
    let rows = screen.lines[(size.height - 4)...(size.height - 2)]
    #expect(rows.allSatisfy { $0.contains("word") }, "\(screen.lines)")
    #expect(!screen.lines[size.height - 5].contains("word"), "\(screen.lines)")
    #expect(rows.joined().contains("word1 "))
    #expect(!rows.joined().contains("word40"))
    #expect(rows.last?.contains("…") == true, "\(screen.lines)")
  }

  /// A banner of more than one row never hides the highlighted standup: the
  /// list is laid out above it, whichever standup is highlighted.
  @Test(arguments: [Size.large, Size(width: 60, height: 14), Size(width: 40, height: 12)])
  func aLongBannerLeavesTheHighlightedRowInSight(size: Size) {
    let standups = IdentifiedArray(
      uniqueElements: (0..<20).map { index in
        Standup(
          id: .init(UUID(500 + index)), title: "Team \(Character(UnicodeScalar(65 + index)!))")
      })
    let message = "Read-only: \(Self.path) is now from a newer standups (format version 9)"
    for standup in standups {
      let screen = draw(
        appState(standups, selection: standup.id), ui: ShellUI(banner: message), size: size)
      let bannerTop = screen.lines.firstIndex { $0.contains("Read-only") } ?? 0
      let row = screen.lines.firstIndex { $0.contains("› \(standup.title)") }
      #expect(row.map { $0 < bannerTop } == true, "\(standup.title): \(screen.lines)")
      #expect(screen.lines[size.height - 1].contains("help"), "\(screen.lines)")
    }
  }

  // MARK: Windows and the banner

  static let offline =
    "Offline: showing the last sync; changes are sent when the server is back"

  /// The rows the banner takes on `screen` (above the help bar).
  func bannerRows(_ screen: InMemoryBackend, size: Size) -> Range<Int> {
    let first = screen.lines.firstIndex { $0.contains("Offline:") } ?? size.height - 1
    return first..<(size.height - 1)
  }

  @Test func aSheetThatWouldReachTheBannerSitsAboveItWithItsKeys() {
    let size = Size(width: 60, height: 14)
    let form = StandupForm.State(standup: .mock)
    let state = appState([.mock], destination: .add(form))
    let screen = draw(state, ui: ShellUI(banner: Self.offline), size: size)
    let banner = bannerRows(screen, size: size)
    #expect(banner.count == 2, "\(screen.lines)")
    let keys = screen.lines.firstIndex { $0.contains("ctrl+s save") }
    #expect(keys.map { $0 < banner.lowerBound } == true, "\(screen.lines)")
    // The sheet's bottom border is drawn too, above the banner.
    #expect(
      screen.lines[..<banner.lowerBound].contains { $0.contains("╰") }, "\(screen.lines)")
  }

  /// Never squeezed below the smallest screen the app lays out: at 32×10
  /// a three-row message covers the sheet's keys rather than its fields.
  @Test func aSheetOnTheSmallestScreenKeepsItsFields() {
    let size = StandupsView.minimumSize
    let form = StandupForm.State(standup: .mock)
    let state = appState([.mock], destination: .add(form))
    let screen = draw(state, ui: ShellUI(banner: Self.offline), size: size)
    #expect(bannerRows(screen, size: size).count == 3, "\(screen.lines)")
    #expect(screen.shows("Length"), "\(screen.lines)")
    #expect(screen.shows("Theme"), "\(screen.lines)")
  }

  /// At 40×12 a three-row message (offline, which stands for as long as
  /// it is true) leaves the sheet its fields, the focused attendee (typed
  /// into unseen, it would change without a sign) and its keys line.
  @Test func aSheetAtFortyByTwelveKeepsTheFocusedAttendeeInSight() {
    let size = Size(width: 40, height: 12)
    var form = StandupForm.State(standup: .mock)
    form.focus = .attendee(Standup.mock.attendees[1].id)
    let state = appState([.mock], destination: .add(form))
    let screen = draw(state, ui: ShellUI(banner: Self.offline), size: size)
    let banner = bannerRows(screen, size: size)
    #expect(banner.count == 3, "\(screen.lines)")
    let above = screen.lines[..<banner.lowerBound]
    #expect(above.contains { $0.contains("› 2.") && $0.contains("Blob Jr") }, "\(screen.lines)")
    #expect(above.contains { $0.contains("ctrl+s save") }, "\(screen.lines)")
    #expect(above.contains { $0.contains("╰") }, "\(screen.lines)")
  }

  @Test func aSheetClearOfTheBannerStaysWhereItIs() {
    let form = StandupForm.State(standup: .mock)
    let state = appState([.mock], destination: .add(form))
    let without = draw(state, size: .large)
    let with = draw(state, ui: ShellUI(banner: "Not saved"), size: .large)
    let sheetRows = 0..<(Size.large.height - 2)
    #expect(Array(with.lines[sheetRows]) == Array(without.lines[sheetRows]))
  }

  @Test func anAlertOnTheSmallestScreenKeepsItsButtonsClearOfItsMessage() {
    let size = Size(width: 32, height: 10)
    let state = appState(
      [.mock],
      path: [
        .detail(StandupDetail.State(destination: .alert(.deleteStandup(.mock)), standup: .mock))
      ])
    let screen = draw(state, ui: ShellUI(banner: Self.offline), size: size)
    let buttons = screen.lines.firstIndex { $0.contains("[ Yes ]") }
    let row = buttons.map { screen.lines[$0] } ?? ""
    // The buttons' row holds the buttons and nothing of the message.
    #expect(row.contains("[ Nevermind ]"), "\(screen.lines)")
    #expect(!row.contains("delete") && !row.contains("sure"), "\(screen.lines)")
    #expect(buttons.map { $0 < bannerRows(screen, size: size).lowerBound } == true)
    // What does not fit of the message is cut with "…".
    #expect(screen.lines.contains { $0.contains("…") }, "\(screen.lines)")
  }

  @Test func fullHelpScrollsToItsLastRowAboveTheBanner() {
    let size = Size(width: 60, height: 14)
    let state = appState([.mock])
    var ui = ShellUI(banner: Self.offline)
    ui.showsHelp = true
    // Down, as a user would, until the keys scroll no further.
    for _ in 0..<100 {
      guard case .helpScrolled(let row) = keymap(state, ui: ui, size: size).action(for: .down),
        row != ui.helpScroll
      else { break }
      ui.helpScroll = row
    }
    let screen = draw(state, ui: ui, size: size)
    // The last binding (Ctrl-L, among the app's keys) is on screen, above the banner.
    let last = screen.lines.firstIndex { $0.contains("ctrl+l") }
    #expect(last.map { $0 < bannerRows(screen, size: size).lowerBound } == true, "\(screen.lines)")
  }

  /// Laid out above the banner, a sheet keeps its attendees' scroll from
  /// frame to frame: focus moving up moves up the list, not the list under it.
  @Test func aSheetAboveTheBannerKeepsItsScroll() {
    let size = Size(width: 60, height: 14)
    let crowd = FormSnapshotTests.crowd
    let ui = ShellUI(banner: Self.offline)
    var memory = ViewMemory()
    func row(focusing index: Int) -> Int? {
      let form = StandupForm.State(focus: .attendee(crowd.attendees[index].id), standup: crowd)
      let state = appState(
        [crowd], path: [.detail(StandupDetail.State(destination: .edit(form), standup: crowd))])
      let backend = InMemoryBackend(size: size)
      backend.draw(standupsView.frame(ui.shell(state), size: size, memory: &memory))
      return backend.lines.firstIndex { $0.contains("› \(index + 1).") }
    }
    let last = row(focusing: 13)
    let before = row(focusing: 12)
    #expect(last != nil && before != nil)
    #expect(before.map { $0 + 1 } == last)
  }

  @Test func aStandupKeptDespiteItsDeletionIsSaidToStay() {
    #expect(
      StandupsView.banner(for: .keptDespiteDeletion(title: "Design"))
        == .notice("“Design” was deleted on one side and changed on the other: it stays"))
  }
}
