import Foundation
import StandupsCore
import TerminalUI
import Testing

@testable import StandupsTUI

/// Reading back through the notes while recording: a row at a time or a
/// page, every row reachable (a note taller than the area too), the
/// heading saying what is out of sight, and a larger terminal showing
/// what fits.
@MainActor
struct RecordNotesTests {
  /// A recording on a terminal of `size`, driven by its own keys.
  @MainActor final class Recording {
    var record: RecordMeeting.State
    var size: Size

    init(record: RecordMeeting.State, size: Size) {
      self.record = record
      self.size = size
    }

    var screen: [String] { draw(RecordScreenTests.state(record), size: size).lines }

    /// The notes' rows on screen: what follows each speaker's label, or a
    /// continuation row's text.
    var noteRows: [String] {
      let area = RecordNotes.area(height: size.height - 4)
      let top = 2 + area.heading + 1
      return screen[top..<(top + area.rows)].map {
        $0.trimmingCharacters(in: .whitespaces)
      }.filter { !$0.isEmpty }
    }

    var heading: String {
      screen[2 + RecordNotes.area(height: size.height - 4).heading]
        .trimmingCharacters(in: .whitespaces)
    }

    func action(for key: Key) -> RecordMeeting.Action? {
      RecordMeetingScreen.keymap(record, size: size).action(for: key)
    }

    /// Presses `key`; false when the screen offers nothing for it.
    @discardableResult
    func press(_ key: Key) -> Bool {
      guard let action = action(for: key), case .notesScrolled = action else { return false }
      _ = RecordMeeting().reduce(into: &record, action: action)
      return true
    }
  }

  static func notes(_ count: Int) -> [RecordMeeting.Note] {
    (1...count).map { RecordMeeting.Note(speaker: "Ada", text: "note \($0)") }
  }

  @Test func upAndPageUpReadBackAndDownComesBackToTheNewest() {
    // 60×14: five rows of notes.
    let recording = Recording(
      record: RecordMeeting.State(standup: .mock, notes: Self.notes(12)),
      size: Size(width: 60, height: 14))
    #expect(recording.noteRows == (8...12).map { "Ada: note \($0)" })
    #expect(recording.heading.hasSuffix("↑ 7 earlier"))
    #expect(!recording.press(.down))
    #expect(!recording.press(.pageDown))

    // The first ↑ shows one row more above.
    #expect(recording.press(.up))
    #expect(recording.noteRows == (7...11).map { "Ada: note \($0)" })
    #expect(recording.heading.hasSuffix("↑ 6 earlier  ↓ 1 later"))
    #expect(recording.press(.pageUp))
    #expect(recording.noteRows == (2...6).map { "Ada: note \($0)" })
    #expect(recording.press(.pageUp))
    #expect(recording.noteRows == (1...5).map { "Ada: note \($0)" })
    #expect(recording.heading.hasSuffix("↓ 7 later"))
    #expect(!recording.press(.up))

    // Paged down, no row is passed over.
    #expect(recording.press(.pageDown))
    #expect(recording.noteRows == (6...10).map { "Ada: note \($0)" })
    #expect(recording.press(.pageDown))
    #expect(recording.noteRows == (8...12).map { "Ada: note \($0)" })
    #expect(recording.record.notesScroll == nil)
    // Typing still goes to the note.
    #expect(recording.action(for: .char("x")) == .draftChanged("x", cursor: 1))
  }

  /// A note taller than the area: its end shows first, and ↑ reaches its
  /// beginning, speaker and all.
  @Test func aNoteTallerThanTheAreaIsReadFromItsBeginning() {
    let long = (1...30).map { "word\($0)" }.joined(separator: " ")
    let recording = Recording(
      record: RecordMeeting.State(
        standup: .mock,
        notes: [
          RecordMeeting.Note(speaker: "Ada", text: "first"),
          RecordMeeting.Note(speaker: "Ada", text: long),
        ]),
      size: Size(width: 40, height: 12))
    #expect(recording.noteRows.last?.hasSuffix("word30") == true)
    #expect(recording.heading.hasSuffix("↑ 2 earlier"))
    // Inside the long note, cut at both ends: counted once, as later.
    #expect(recording.press(.up))
    #expect(recording.heading.hasSuffix("↑ 1 earlier  ↓ 1 later"))
    while recording.press(.up) {}
    #expect(recording.noteRows.first == "Ada: first")
    #expect(recording.noteRows.dropFirst().first?.hasPrefix("Ada: word1 word2") == true)
    #expect(recording.heading.hasSuffix("↓ 1 later"))
  }

  /// One row of notes (32×10): scrolling back shows a note on it.
  @Test func theSmallestAreaShowsTheNoteScrolledTo() {
    let recording = Recording(
      record: RecordMeeting.State(standup: .mock, notes: Self.notes(3)),
      size: Size(width: 32, height: 10))
    #expect(recording.noteRows == ["Ada: note 3"])
    #expect(recording.press(.up))
    #expect(recording.noteRows == ["Ada: note 2"])
    #expect(recording.heading.contains("↑ 1 earlier  ↓ 1 later"))
  }

  /// Scrolled back on a small terminal, then made larger: what fits shows,
  /// with nothing said out of sight and nothing to scroll.
  @Test func aLargerTerminalShowsWhatFits() {
    let recording = Recording(
      record: RecordMeeting.State(standup: .mock, notes: Self.notes(12)),
      size: Size(width: 60, height: 14))
    #expect(recording.press(.pageUp))
    #expect(recording.press(.pageUp))
    recording.size = Size(width: 80, height: 24)
    #expect(recording.noteRows == (1...12).map { "Ada: note \($0)" })
    #expect(!recording.heading.contains("earlier") && !recording.heading.contains("later"))
    #expect(!recording.press(.up))
    #expect(!recording.press(.down))
    // Smaller again, it is where it was.
    recording.size = Size(width: 60, height: 14)
    #expect(recording.noteRows == (1...5).map { "Ada: note \($0)" })
  }

  /// However long the meeting, a frame wraps the notes on screen (and the
  /// one before them), not all of them.
  @Test func aLongMeetingWrapsOnlyWhatIsShown() {
    let notes = (1...10_000).map { RecordMeeting.Note(speaker: "Ada", text: "note \($0)") }
    var record = RecordMeeting.State(standup: .mock, notes: notes)
    let rows = RecordNotes.area(height: 20).rows
    var layout = RecordNotes.Layout(notes, width: 78)
    let newest = RecordNotes.shown(record, height: rows, layout: &layout)
    #expect(newest.rows.last?.text == "note 10000")
    #expect(layout.wrappedCount <= rows + 1, "\(layout.wrappedCount)")

    record.notesScroll = TranscriptPosition(line: 5_000)
    layout = RecordNotes.Layout(notes, width: 78)
    let middle = RecordNotes.shown(record, height: rows, layout: &layout)
    #expect(middle.rows.first?.text == "note 5001")
    #expect(middle.earlier == 5_000)
    #expect(middle.later == 10_000 - 5_000 - rows)
    #expect(layout.wrappedCount <= 2 * rows + 2, "\(layout.wrappedCount)")
  }
}
