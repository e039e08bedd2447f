import ComposableTesting
import Foundation
import StandupsCore
import Testing

/// Reading back through the notes while the meeting goes on: a position
/// within the notes there are, and the newest again once one is entered.
@Suite(.reportsIssues)
@MainActor
struct RecordMeetingScrollTests {
  static let notes = (1...5).map { RecordMeeting.Note(speaker: "Blob", text: "note \($0)") }

  @Test
  func aScrollStaysWithinTheNotes() async {
    let store = TestStore(
      initialState: RecordMeeting.State(standup: .sixSeconds, notes: Self.notes)
    ) { RecordMeeting() }

    await store.send(.notesScrolled(to: TranscriptPosition(line: 2, row: 1))) {
      $0.notesScroll = TranscriptPosition(line: 2, row: 1)
    }
    await store.send(.notesScrolled(to: TranscriptPosition(line: 9, row: -3))) {
      $0.notesScroll = TranscriptPosition(line: 4, row: 0)
    }
    await store.send(.notesScrolled(to: TranscriptPosition(line: -1, row: 0))) {
      $0.notesScroll = TranscriptPosition(line: 0, row: 0)
    }
    await store.send(.notesScrolled(to: nil)) { $0.notesScroll = nil }
  }

  @Test
  func anEnteredNoteShowsTheNewestAgain() async {
    let store = TestStore(
      initialState: RecordMeeting.State(standup: .sixSeconds, notes: Self.notes)
    ) { RecordMeeting() }
    let speaker = Standup.sixSeconds.attendees[0].name

    await store.send(.notesScrolled(to: TranscriptPosition(line: 1))) {
      $0.notesScroll = TranscriptPosition(line: 1)
    }
    await store.send(.draftChanged("Done", cursor: 4)) {
      $0.draft = "Done"
      $0.cursor = 4
      $0.draftSpeakerIndex = 0
    }
    await store.send(.noteSubmitted) {
      $0.notes.append(RecordMeeting.Note(speaker: speaker, text: "Done"))
      $0.notesScroll = nil
      $0.draft = ""
      $0.cursor = 0
      $0.draftSpeakerIndex = nil
    }
    await store.send(.notesScrolled(to: TranscriptPosition(line: 0))) {
      $0.notesScroll = TranscriptPosition(line: 0)
    }
    await store.send(.linesPasted(notes: ["Pasted"], draft: "")) {
      $0.notes.append(RecordMeeting.Note(speaker: speaker, text: "Pasted"))
      $0.notesScroll = nil
    }
  }
}
