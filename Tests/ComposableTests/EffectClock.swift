import Composable
import Testing

/// A manual clock that knows how many effects are asleep on it.
///
/// Effects run on other threads, so an effect may not have reached its
/// `sleep` when a test advances time; it would then sleep from the advanced
/// time and miss its tick. Tests therefore advance only once the expected
/// number of effects are asleep. Counting and suspending happen under one
/// lock: a sleeper that is counted is one that the next advance wakes.
final class EffectClock: Clock {
  typealias Duration = Swift.Duration

  struct Instant: InstantProtocol {
    var offset: Duration
    func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
    func duration(to other: Instant) -> Duration { other.offset - offset }
    static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
  }

  private struct Sleeper {
    let id: Int
    let deadline: Instant
    let continuation: CheckedContinuation<Void, any Error>
  }

  private struct Timeline {
    var now = Instant(offset: .zero)
    var nextID = 0
    var sleepers: [Sleeper] = []
    /// Sleeps cancelled before they suspended.
    var cancelled: Set<Int> = []
  }

  private let timeline = LockIsolated(Timeline())

  var now: Instant { timeline.value.now }
  var minimumResolution: Duration { .zero }

  func sleep(until deadline: Instant, tolerance: Duration?) async throws {
    let id = timeline.withValue { t in
      t.nextID += 1
      return t.nextID
    }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation {
        (continuation: CheckedContinuation<Void, any Error>) in
        enum Outcome { case wait, wake, cancel }
        let outcome: Outcome = timeline.withValue { t in
          if t.cancelled.remove(id) != nil { return .cancel }
          if deadline <= t.now { return .wake }
          t.sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
          return .wait
        }
        switch outcome {
        case .wait: break
        case .wake: continuation.resume()
        case .cancel: continuation.resume(throwing: CancellationError())
        }
      }
    } onCancel: {
      let sleeper: Sleeper? = timeline.withValue { t in
        guard let index = t.sleepers.firstIndex(where: { $0.id == id }) else {
          t.cancelled.insert(id)
          return nil
        }
        return t.sleepers.remove(at: index)
      }
      sleeper?.continuation.resume(throwing: CancellationError())
    }
  }

  /// Waits (yielding) until exactly `asleep` effects sleep on the clock, then
  /// advances, waking each sleeper that is due in deadline order.
  /// `asleep: 0` also proves that cancelled timers stopped sleeping.
  func advance(
    by duration: Duration, asleep expected: Int = 1,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async {
    let start = ContinuousClock.now
    while timeline.value.sleepers.count != expected {
      // Generous: other tests may keep the machine busy for seconds.
      if ContinuousClock.now - start > .seconds(30) {
        Issue.record(
          "Expected \(expected) effect(s) asleep on the clock, found \(timeline.value.sleepers.count).",
          sourceLocation: sourceLocation)
        break
      }
      await Task.yield()
    }
    let target = now.advanced(by: duration)
    while let due = timeline.withValue({ t -> Sleeper? in
      guard
        let index = t.sleepers.indices.min(by: { t.sleepers[$0].deadline < t.sleepers[$1].deadline }
        ),
        t.sleepers[index].deadline <= target
      else { return nil }
      let sleeper = t.sleepers.remove(at: index)
      t.now = sleeper.deadline
      return sleeper
    }) {
      due.continuation.resume()
      await Task.megaYield()
    }
    timeline.withValue { $0.now = target }
    await Task.megaYield()
  }
}
