import Foundation
import StandupsCore
import TerminalUI
import Testing

@testable import StandupsTUI

/// The recording screen where room is short: the times never run into
/// each other, and a note's text is not pushed off its row by a long name.
@MainActor
struct RecordScreenTests {
  static func state(_ record: RecordMeeting.State) -> AppFeature.State {
    appState(
      [record.standup],
      path: [.detail(StandupDetail.State(standup: record.standup)), .record(record)])
  }

  @Test func theTimesNeverRunTogether() {
    var standup = Standup.mock
    standup.duration = .seconds(1440 * 60)
    let record = RecordMeeting.State(secondsElapsed: 901, standup: standup)
    for width in 32...60 {
      let screen = draw(Self.state(record), size: Size(width: width, height: 10))
      let row = screen.lines[3]
      #expect(row.contains("15:01"), "\(width): \(row)")
      #expect(row.contains("1424:59"), "\(width): \(row)")
      #expect(!row.contains("15:01R") && !row.contains("15:011"), "\(width): \(row)")
    }
    let wide = draw(Self.state(record), size: Size(width: 80, height: 24))
    #expect(wide.lines[3].contains("Elapsed 15:01"))
    #expect(wide.lines[3].contains("Remaining 1424:59"))
  }

  @Test func aLongSpeakerNameLeavesTheNoteRoom() {
    let name = String(repeating: "N", count: 200)
    let record = RecordMeeting.State(
      standup: .mock, notes: [RecordMeeting.Note(speaker: name, text: "first note")])
    let screen = draw(Self.state(record), size: Size(width: 80, height: 24))
    let row = screen.lines.first { $0.contains("NNN") && !$0.contains("›") }
    #expect(row?.contains("first note") == true, "\(screen.lines)")
    #expect(row?.contains("…") == true, "\(screen.lines)")
  }

  /// Notes that no longer fit are read back with ↑ and PgUp; the screen
  /// says how many are out of sight each way, and ↓ and PgDn come back.
  @Test func earlierNotesAreReadBack() {
    let notes = (1...12).map { RecordMeeting.Note(speaker: "Ada", text: "note \($0)") }
    var record = RecordMeeting.State(standup: .mock, notes: notes)
    let size = Size(width: 60, height: 14)
    func shownNotes() -> [String] {
      draw(Self.state(record), size: size).lines.compactMap { line in
        line.range(of: "Ada: ").map {
          String(line[$0.upperBound...]).trimmingCharacters(in: .whitespaces)
        }
      }
    }
    func line(containing text: String) -> String? {
      draw(Self.state(record), size: size).lines.first { $0.contains(text) }
    }
    // Five rows of notes: the newest five, seven out of sight above.
    #expect(shownNotes() == (8...12).map { "note \($0)" })
    #expect(line(containing: "Notes")?.contains("↑ 7 earlier") == true)
    #expect(line(containing: "later") == nil)
    var keymap = RecordMeetingScreen.keymap(record, size: size)
    #expect(keymap.action(for: .up) == .notesScrolled(by: -1))
    #expect(keymap.action(for: .pageUp) == .notesScrolled(by: -5))
    #expect(keymap.action(for: .down) == nil)
    #expect(keymap.action(for: .pageDown) == nil)

    // Five back: the last row says so, four notes above it.
    record.notesScrolledBack = 5
    #expect(shownNotes() == (4...7).map { "note \($0)" })
    #expect(line(containing: "↓ 5 later") != nil)
    #expect(line(containing: "Notes")?.contains("↑ 3 earlier") == true)
    keymap = RecordMeetingScreen.keymap(record, size: size)
    #expect(keymap.action(for: .pageUp) == .notesScrolled(by: -3))
    #expect(keymap.action(for: .pageDown) == .notesScrolled(by: 4))
    #expect(keymap.action(for: .down) == .notesScrolled(by: 1))

    // At the first note, nothing earlier is offered.
    record.notesScrolledBack = 8
    #expect(shownNotes() == (1...4).map { "note \($0)" })
    #expect(line(containing: "earlier") == nil)
    keymap = RecordMeetingScreen.keymap(record, size: size)
    #expect(keymap.action(for: .up) == nil)
    // The field still takes what is typed.
    #expect(keymap.action(for: .char("x")) == .draftChanged("x", cursor: 1))
  }
}
