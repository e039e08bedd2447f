import ComposableTesting
import Foundation
import StandupsCore
import Testing

/// Reading back through the notes while the meeting goes on: as far as the
/// first note and no further, and back to the newest once one is entered.
@Suite(.reportsIssues)
@MainActor
struct RecordMeetingScrollTests {
  static let notes = (1...5).map { RecordMeeting.Note(speaker: "Blob", text: "note \($0)") }

  @Test
  func scrollingStopsAtTheFirstAndTheNewestNote() async {
    let store = TestStore(
      initialState: RecordMeeting.State(standup: .sixSeconds, notes: Self.notes)
    ) { RecordMeeting() }

    await store.send(.notesScrolled(by: 1))
    await store.send(.notesScrolled(by: -1)) { $0.notesScrolledBack = 1 }
    await store.send(.notesScrolled(by: -10)) { $0.notesScrolledBack = 4 }
    await store.send(.notesScrolled(by: -1))
    await store.send(.notesScrolled(by: 3)) { $0.notesScrolledBack = 1 }
    await store.send(.notesScrolled(by: 3)) { $0.notesScrolledBack = 0 }
  }

  @Test
  func withoutNotesThereIsNothingToScroll() async {
    let store = TestStore(initialState: RecordMeeting.State(standup: .sixSeconds)) {
      RecordMeeting()
    }
    await store.send(.notesScrolled(by: -1))
  }

  @Test
  func anEnteredNoteShowsTheNewestAgain() async {
    let store = TestStore(
      initialState: RecordMeeting.State(standup: .sixSeconds, notes: Self.notes)
    ) { RecordMeeting() }
    let speaker = Standup.sixSeconds.attendees[0].name

    await store.send(.notesScrolled(by: -2)) { $0.notesScrolledBack = 2 }
    await store.send(.draftChanged("Done", cursor: 4)) {
      $0.draft = "Done"
      $0.cursor = 4
      $0.draftSpeakerIndex = 0
    }
    await store.send(.noteSubmitted) {
      $0.notes.append(RecordMeeting.Note(speaker: speaker, text: "Done"))
      $0.notesScrolledBack = 0
      $0.draft = ""
      $0.cursor = 0
      $0.draftSpeakerIndex = nil
    }
    await store.send(.notesScrolled(by: -1)) { $0.notesScrolledBack = 1 }
    await store.send(.linesPasted(notes: ["Pasted"], draft: "")) {
      $0.notes.append(RecordMeeting.Note(speaker: speaker, text: "Pasted"))
      $0.notesScrolledBack = 0
    }
  }
}
