import ComposableTesting
import ConcurrencyExtras
import Foundation
import StandupsCore
import Testing

@Suite(.reportsIssues)
@MainActor
struct ClipboardTests {
  @Test(arguments: [ClipboardResult.sent, .tooLarge(bytes: 70_000), .off])
  func copyHandsTheContentToTheClipboardAndReportsWhatBecameOfIt(result: ClipboardResult) async {
    let copied = LockIsolated<[ClipboardContent]>([])
    let store = TestStore(
      initialState: AppFeature.State(standupsList: StandupsList.State(standups: [.mock]))
    ) {
      AppFeature()
    } withDependencies: {
      $0.clipboard = Clipboard { content in
        copied.withValue { $0.append(content) }
        return result
      }
    }
    await store.send(.copyButtonTapped(.standup(.mock)))
    await store.receive(.copied(title: "Design", isMeeting: false, result))
    #expect(copied.value == [.standup(.mock)])

    let meeting = Standup.mock.meetings[0]
    await store.send(.copyButtonTapped(.meeting(meeting, of: .mock)))
    await store.receive(.copied(title: "Design", isMeeting: true, result))
    #expect(copied.value == [.standup(.mock), .meeting(meeting, of: .mock)])
  }
}
