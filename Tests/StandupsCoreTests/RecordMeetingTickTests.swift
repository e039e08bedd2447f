import Testing

@testable import StandupsCore

/// The recording's second: after a stop (Ctrl-Z) the next tick comes a
/// second after waking, not at once, so a stop adds at most the one tick
/// that wakes it.
struct RecordMeetingTickTests {
  let start = ContinuousClock.now

  @Test func theNextSecondFollowsTheLastWhenOnTime() {
    let deadline = start.advanced(by: .seconds(3))
    let next = RecordMeeting.nextDeadline(
      after: deadline, now: deadline.advanced(by: .milliseconds(2)))
    #expect(next == deadline.advanced(by: .seconds(1)))
  }

  @Test(arguments: [1.0, 1.5, 10.2, 3_600.0])
  func afterAStopTheNextSecondCountsFromWaking(stopped: Double) {
    let deadline = start.advanced(by: .seconds(3))
    let woke = deadline.advanced(by: .seconds(stopped))
    let next = RecordMeeting.nextDeadline(after: deadline, now: woke)
    #expect(next == woke.advanced(by: .seconds(1)))
  }
}
