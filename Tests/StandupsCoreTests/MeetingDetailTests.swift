import ComposableTesting
import Foundation
import StandupsCore
import Testing

@Suite(.reportsIssues)
@MainActor
struct MeetingDetailTests {
  typealias Position = TranscriptPosition

  /// The view works out where a key scrolls to (it alone knows the width);
  /// the state keeps it by transcript line, within the transcript.
  @Test
  func scrollKeepsAPositionWithinTheTranscript() async {
    let meeting = Meeting(
      id: .init(UUID(1)), date: testNow, transcript: "Blob: a\nBlob Jr: b\nBlob Sr: c")
    let store = TestStore(initialState: MeetingDetail.State(meeting: meeting, standup: .mock)) {
      MeetingDetail()
    }
    #expect(store.state.transcriptLines == ["Blob: a", "Blob Jr: b", "Blob Sr: c"])
    var windows = meeting
    windows.transcript = "Blob: a\r\nBlob Jr: b\r\n"
    #expect(
      MeetingDetail.State(meeting: windows, standup: .mock).transcriptLines == [
        "Blob: a", "Blob Jr: b", "",
      ])

    await store.send(.scrolled(to: Position(line: 1, row: 2))) {
      $0.scrollPosition = Position(line: 1, row: 2)
    }
    await store.send(.scrolled(to: Position(line: 9, row: 0))) {
      $0.scrollPosition = Position(line: 2, row: 0)
    }
    await store.send(.scrolled(to: Position(line: -1, row: -3))) {
      $0.scrollPosition = Position()
    }
    await store.send(.scrolled(to: Position()))
  }
}
