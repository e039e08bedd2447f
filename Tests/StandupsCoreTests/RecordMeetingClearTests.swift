import ComposableTesting
import Foundation
import StandupsCore
import Testing

/// Esc on the line being typed clears it; the line, and whose turn it was
/// begun in, can be brought back once.
@Suite(.reportsIssues)
@MainActor
struct RecordMeetingClearTests {
  func makeStore(draft: String, speakerIndex: Int) -> TestStore<
    RecordMeeting.State, RecordMeeting.Action
  > {
    var state = RecordMeeting.State(speakerIndex: 0, standup: .sixSeconds, draft: draft)
    state.speakerIndex = speakerIndex
    return TestStore(initialState: state) { RecordMeeting() }
  }

  @Test func aClearedLineComesBackOnceWithItsSpeaker() async {
    // Begun in Blob's turn; the turn has moved on to Blob Sr's since.
    let store = makeStore(draft: "Shipped it", speakerIndex: 2)
    #expect(store.state.draftSpeakerIndex == 0)

    await store.send(.draftCleared) {
      $0.clearedDraft = RecordMeeting.ClearedDraft(text: "Shipped it", speakerIndex: 0)
      $0.draft = ""
      $0.cursor = 0
      $0.draftSpeakerIndex = nil
    }
    await store.send(.clearedDraftRestored("Shipped it", cursor: 10)) {
      $0.clearedDraft = nil
      $0.draft = "Shipped it"
      $0.cursor = 10
      $0.draftSpeakerIndex = 0
    }
    // Once: nothing is kept any more.
    await store.send(.clearedDraftRestored("Shipped itShipped it", cursor: 20))
  }

  @Test func intoALineBegunSinceItKeepsThatLinesSpeaker() async {
    let store = makeStore(draft: "Old", speakerIndex: 1)
    await store.send(.draftCleared) {
      $0.clearedDraft = RecordMeeting.ClearedDraft(text: "Old", speakerIndex: 0)
      $0.draft = ""
      $0.cursor = 0
      $0.draftSpeakerIndex = nil
    }
    await store.send(.draftChanged("New ", cursor: 4)) {
      $0.draft = "New "
      $0.cursor = 4
      $0.draftSpeakerIndex = 1
    }
    await store.send(.clearedDraftRestored("New Old", cursor: 7)) {
      $0.clearedDraft = nil
      $0.draft = "New Old"
      $0.cursor = 7
    }
  }

  @Test func aNoteEnteredEndsTheOffer() async {
    let store = makeStore(draft: "Old", speakerIndex: 0)
    await store.send(.draftCleared) {
      $0.clearedDraft = RecordMeeting.ClearedDraft(text: "Old", speakerIndex: 0)
      $0.draft = ""
      $0.cursor = 0
      $0.draftSpeakerIndex = nil
    }
    await store.send(.draftChanged("New", cursor: 3)) {
      $0.draft = "New"
      $0.cursor = 3
      $0.draftSpeakerIndex = 0
    }
    await store.send(.noteSubmitted) {
      $0.notes = [RecordMeeting.Note(speaker: "Blob", text: "New")]
      $0.draft = ""
      $0.cursor = 0
      $0.draftSpeakerIndex = nil
      $0.clearedDraft = nil
    }
  }

  @Test func aBlankLineClearedKeepsNothing() async {
    let store = makeStore(draft: "   ", speakerIndex: 0)
    await store.send(.draftCleared) {
      $0.draft = ""
      $0.cursor = 0
    }
    #expect(store.state.clearedDraft == nil)
  }
}
