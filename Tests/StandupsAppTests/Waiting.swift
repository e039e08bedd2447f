import Clocks
import Foundation
import Testing

struct TimedOut: Error, CustomStringConvertible {
  let what: String
  var description: String { "timed out waiting until \(what)" }
}

/// Waits for a real condition (another thread's work), checking every 5 ms;
/// fails the test after `timeout`.
func waitUntil(
  _ what: String, timeout: Duration = .seconds(60),
  sourceLocation: SourceLocation = #_sourceLocation, _ condition: () async throws -> Bool
) async throws {
  let clock = ContinuousClock()
  let deadline = clock.now + timeout
  while clock.now < deadline {
    if try await condition() { return }
    // A poll interval, not synchronisation: the saver's thread tells nobody
    // when it is done. Spinning instead would take a shared pool thread.
    try await Task.sleep(for: .milliseconds(5))
  }
  // Once more: this task may have been kept waiting past the deadline itself.
  if try await condition() { return }
  Issue.record("timed out after \(timeout) waiting until \(what)", sourceLocation: sourceLocation)
  throw TimedOut(what: what)
}

extension TestClock<Duration> {
  /// Whether a sleep is registered on the clock (the settle time started).
  func hasSleepers() async -> Bool {
    do {
      try await checkSuspension()
      return false
    } catch {
      return true
    }
  }
}
