import ComposableTesting
import Foundation
import StandupsCore
import Testing

@Suite(.reportsIssues)
@MainActor
struct MeetingDetailTests {
  @Test
  func scrollIsClampedToTheLimitTheViewGives() async {
    let meeting = Meeting(
      id: .init(UUID(1)), date: testNow, transcript: "Blob: a\nBlob Jr: b\nBlob Sr: c")
    let store = TestStore(initialState: MeetingDetail.State(meeting: meeting, standup: .mock)) {
      MeetingDetail()
    }
    #expect(store.state.transcriptLines == ["Blob: a", "Blob Jr: b", "Blob Sr: c"])

    await store.send(.scrolled(by: 1, limit: 2)) { $0.scrollOffset = 1 }
    await store.send(.scrolled(by: 10, limit: 2)) { $0.scrollOffset = 2 }
    await store.send(.scrolled(by: 1, limit: 2))
    await store.send(.scrolled(by: -10, limit: 2)) { $0.scrollOffset = 0 }
    await store.send(.scrolled(by: -1, limit: 2))
    // Everything fits: nothing to scroll.
    await store.send(.scrolled(by: 3, limit: 0))
  }

  @Test
  func aLowerLimitBringsTheOffsetBack() async {
    let meeting = Meeting(id: .init(UUID(1)), date: testNow, transcript: "a\nb\nc\nd")
    let store = TestStore(
      initialState: MeetingDetail.State(meeting: meeting, standup: .mock, scrollOffset: 3)
    ) {
      MeetingDetail()
    }
    // The terminal grew: at most one row is beyond a screenful now.
    await store.send(.scrolled(by: -1, limit: 1)) { $0.scrollOffset = 1 }
  }
}
