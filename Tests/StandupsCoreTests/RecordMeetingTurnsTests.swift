import ComposableTesting
import Foundation
import Testing

@testable import StandupsCore

/// Turns share out the meeting's length evenly, in whole seconds, even with
/// more attendees than seconds: the timer reaches late attendees instead of
/// stopping at the N-th, and Ctrl-N never shows more time than the length.
@MainActor
struct RecordMeetingTurnsTests {
  /// A 4-second meeting with 6 attendees.
  let crowded = Standup(
    id: .init(UUID(700)),
    attendees: IdentifiedArray(
      uniqueElements: (0..<6).map { Attendee(id: .init(UUID(701 + $0)), name: "P\($0)") }),
    duration: .seconds(4), title: "Crowded")

  func makeStore(_ standup: Standup) -> TestStore<RecordMeeting.State, RecordMeeting.Action> {
    TestStore(initialState: RecordMeeting.State(standup: standup)) {
      RecordMeeting()
    } withDependencies: {
      $0.speakerChime = .silent
    }
  }

  @Test func turnsStartEvenlyAndAllBeforeTheEnd() {
    let state = RecordMeeting.State(standup: crowded)
    #expect((0..<6).map(state.turnStart(of:)) == [0, 1, 2, 2, 3, 3])
    #expect((0..<4).map(state.speaker(at:)) == [0, 1, 3, 4])
    // Divisible lengths keep their whole-second turns.
    let even = RecordMeeting.State(standup: .sixSeconds)
    #expect((0..<3).map(even.turnStart(of:)) == [0, 2, 4])
  }

  @Test func theTimerReachesAttendeesPastTheNumberOfSeconds() async {
    let store = makeStore(crowded)
    await store.send(.timerTick) {
      $0.secondsElapsed = 1
      $0.speakerIndex = 1
    }
    await store.send(.timerTick) {
      $0.secondsElapsed = 2
      $0.speakerIndex = 3
    }
    await store.send(.timerTick) {
      $0.secondsElapsed = 3
      $0.speakerIndex = 4
    }
  }

  @Test func nextThroughEveryoneNeverShowsMoreThanTheLength() async {
    let store = makeStore(crowded)
    for index in 1..<6 {
      await store.send(.nextButtonTapped) {
        $0.speakerIndex = index
        $0.secondsElapsed = $0.turnStart(of: index)
      }
      #expect(store.state.secondsElapsed < 4)
    }
    await store.send(.nextButtonTapped) { $0.alert = .endMeeting(isDiscardable: false) }
  }
}
