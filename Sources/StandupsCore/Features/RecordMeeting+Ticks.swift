extension Clock where Duration == Swift.Duration {
  /// Calls `tick` once a second until cancelled. A second missed while the
  /// process was stopped (Ctrl-Z) gives one tick on waking, then the count
  /// goes on a second from then, never with a second tick at once (Clocks'
  /// `timer` catches up to a deadline at or before the moment it wakes).
  func tickEverySecond(_ tick: @Sendable () async -> Void) async throws {
    var deadline = now.advanced(by: .seconds(1))
    while true {
      try await sleep(until: deadline, tolerance: nil)
      await tick()
      deadline = RecordMeeting.nextDeadline(after: deadline, now: now)
    }
  }
}

extension RecordMeeting {
  /// The second after `deadline`, or after `now` when that is already past.
  static func nextDeadline<I: InstantProtocol>(after deadline: I, now: I) -> I
  where I.Duration == Swift.Duration {
    let next = deadline.advanced(by: .seconds(1))
    return next > now ? next : now.advanced(by: .seconds(1))
  }
}
