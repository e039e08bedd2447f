import ComposableTesting
import Foundation
import StandupsCore
import Testing

@Suite(.reportsIssues)
@MainActor
struct MeetingDetailTests {
  @Test
  func scrollIsClampedToTheTranscript() async {
    let meeting = Meeting(
      id: .init(UUID(1)), date: testNow, transcript: "Blob: a\nBlob Jr: b\nBlob Sr: c")
    let store = TestStore(initialState: MeetingDetail.State(meeting: meeting, standup: .mock)) {
      MeetingDetail()
    }
    #expect(store.state.transcriptLines == ["Blob: a", "Blob Jr: b", "Blob Sr: c"])

    await store.send(.scrolled(by: 1)) { $0.scrollOffset = 1 }
    await store.send(.scrolled(by: 10)) { $0.scrollOffset = 2 }
    await store.send(.scrolled(by: 1))
    await store.send(.scrolled(by: -10)) { $0.scrollOffset = 0 }
    await store.send(.scrolled(by: -1))
  }

  @Test
  func emptyTranscriptDoesNotScroll() async {
    let meeting = Meeting(id: .init(UUID(1)), date: testNow, transcript: "")
    let store = TestStore(initialState: MeetingDetail.State(meeting: meeting, standup: .mock)) {
      MeetingDetail()
    }
    #expect(store.state.transcriptLines == [""])

    await store.send(.scrolled(by: 3))
  }
}
