import ComposableTesting
import Foundation
import StandupsCore
import Testing

/// Lines pasted into the note being typed are notes, as if typed with Enter
/// after each; a blank line is none; what follows the last break stays typed.
@Suite(.reportsIssues)
@MainActor
struct RecordMeetingPasteTests {
  @Test
  func pastedLinesAreEnteredAsNotes() async {
    var state = RecordMeeting.State(standup: .sixSeconds)
    state.speakerIndex = 1
    let store = TestStore(initialState: state) { RecordMeeting() }
    let speaker = Standup.sixSeconds.attendees[1].name

    await store.send(.linesPasted(notes: ["Shipped it", "", "Reviewing"], draft: "Next up")) {
      $0.notes = [
        RecordMeeting.Note(speaker: speaker, text: "Shipped it"),
        RecordMeeting.Note(speaker: speaker, text: "Reviewing"),
      ]
      $0.draft = "Next up"
      $0.cursor = 7
      $0.draftSpeakerIndex = 1
    }
    await store.send(.linesPasted(notes: ["Next up today"], draft: "")) {
      $0.notes.append(RecordMeeting.Note(speaker: speaker, text: "Next up today"))
      $0.draft = ""
      $0.cursor = 0
      $0.draftSpeakerIndex = nil
    }
  }
}
