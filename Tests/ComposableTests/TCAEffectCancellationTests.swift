import Composable
import ComposableTesting
import Testing

// Ported from TCA's EffectCancellationTests. TCA drives bare effects from
// Combine publishers and `Task.cancel(id:)`; here the effects run in a
// TestStore, a `.cancel` action cancels them, and streams stand in for subjects.
//
// Not ported: the `_cancellationCancellables` bookkeeping tests (clean-up on
// completion/cancellation, concurrent cancels, `withTaskCancellation(id:)`) and
// `testCancelIDHash` check internals we do not have.

/// Stands in for a Combine `PassthroughSubject`: every effect that subscribes
/// gets its own buffered stream, so a value sent before the effect's task is
/// iterating is not lost (which would make the tests timing-dependent).
private final class ValueSubject: Sendable {
  private let continuations = LockIsolated<[AsyncStream<Int>.Continuation]>([])

  func values() -> AsyncStream<Int> {
    let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
    continuations.withValue { $0.append(continuation) }
    return stream
  }

  func send(_ value: Int) {
    for continuation in continuations.value { continuation.yield(value) }
  }

  func finish() {
    for continuation in continuations.value { continuation.finish() }
  }
}

/// What a URL session throws when its request is cancelled: not a `CancellationError`.
private struct TransportCancelled: Error {}

@MainActor
struct TCAEffectCancellationTests {
  struct CancelID: Hashable, Sendable {}

  enum Action: Equatable, Sendable {
    case start
    case value(Int)
    case cancel
  }

  let clock = EffectClock()

  /// A store whose `.start` returns `effect()` and whose `.cancel` cancels
  /// `CancelID()`; the state is every value the effects sent, in order.
  func makeStore(_ effect: @escaping () -> Effect<Action>) -> TestStore<[Int], Action> {
    TestStore(initialState: []) {
      Reduce<[Int], Action> { state, action in
        switch action {
        case .start:
          return effect()
        case .value(let value):
          state.append(value)
          return .none
        case .cancel:
          return .cancel(id: CancelID())
        }
      }
    }
  }

  /// An effect that sends every value of a new subscription to `subject`.
  private func forwarding(_ subject: ValueSubject) -> Effect<Action> {
    let values = subject.values()
    return .run { send in
      for await value in values { await send(.value(value)) }
    }
  }

  @Test func cancellation() async {
    let subject = ValueSubject()
    let store = makeStore { forwarding(subject).cancellable(id: CancelID()) }

    let task = await store.send(.start)
    subject.send(1)
    await store.receive(.value(1)) { $0 = [1] }
    subject.send(2)
    await store.receive(.value(2)) { $0 = [1, 2] }

    await store.send(.cancel)
    subject.send(3)
    await task.finish()
    // The store would fail on a `.value(3)` it received.
    await store.finish()
  }

  @Test func cancelInFlight() async {
    let subject = ValueSubject()
    let store = makeStore {
      forwarding(subject).cancellable(id: CancelID(), cancelInFlight: true)
    }

    let first = await store.send(.start)
    subject.send(1)
    await store.receive(.value(1)) { $0 = [1] }
    subject.send(2)
    await store.receive(.value(2)) { $0 = [1, 2] }

    let second = await store.send(.start)
    await first.finish()
    // Only the second effect is left to forward each value, once.
    subject.send(3)
    await store.receive(.value(3)) { $0 = [1, 2, 3] }
    subject.send(4)
    await store.receive(.value(4)) { $0 = [1, 2, 3, 4] }

    await store.send(.cancel)
    await second.finish()
  }

  // TCA's real-time variant (a 0.15 s delay on the main queue cancelled after
  // 0.05 s) is this test on a real clock.
  @Test func cancellationAfterDelay() async {
    let store = makeStore { [clock] in
      Effect<Action>.run { send in
        try await clock.sleep(for: .seconds(2))
        await send(.value(1))
      }
      .cancellable(id: CancelID())
    }

    let task = await store.send(.start)
    await clock.advance(by: .seconds(1), asleep: 1)
    await store.send(.cancel)
    // Nothing is asleep any more: the delay was cancelled, not just left to run out.
    await clock.advance(by: .seconds(1), asleep: 0)
    await task.finish()
    #expect(store.state == [])
  }

  @Test func doubleCancellation() async {
    let subject = ValueSubject()
    let store = makeStore {
      forwarding(subject)
        .cancellable(id: CancelID())
        .cancellable(id: CancelID())
    }

    let task = await store.send(.start)
    subject.send(1)
    await store.receive(.value(1)) { $0 = [1] }

    await store.send(.cancel)
    subject.send(2)
    await task.finish()
    await store.finish()
  }

  @Test func completeBeforeCancellation() async {
    let subject = ValueSubject()
    let store = makeStore { forwarding(subject).cancellable(id: CancelID()) }

    let task = await store.send(.start)
    subject.send(1)
    await store.receive(.value(1)) { $0 = [1] }

    subject.finish()
    await task.finish()
    // Cancelling an effect that already completed is a no-op.
    await store.send(.cancel)
    await store.finish()
  }

  @Test func sharedID() async {
    var started = 0
    let store = makeStore { [clock] in
      started += 1
      let value = started
      return Effect<Action>.run { send in
        try await clock.sleep(for: .seconds(value))
        await send(.value(value))
      }
      .cancellable(id: "id")
    }

    await store.send(.start)
    await store.send(.start)
    // Sharing an id without `cancelInFlight`, neither effect cancels the other.
    await clock.advance(by: .seconds(1), asleep: 2)
    await store.receive(.value(1)) { $0 = [1] }
    await clock.advance(by: .seconds(1), asleep: 1)
    await store.receive(.value(2)) { $0 = [1, 2] }
  }

  @Test func immediateCancellation() async {
    let store = makeStore { [clock] in
      Effect<Action>.run { send in
        try await clock.sleep(for: .seconds(1))
        await send(.value(1))
      }
      .cancellable(id: "id")
    }

    let task = await store.send(.start)
    task.cancel()
    await clock.advance(by: .seconds(1), asleep: 0)
    await task.finish()
    #expect(store.state == [])
  }

  @Test func nestedMergeCancellation() async {
    let store = makeStore {
      Effect<Action>.merge(
        .run { send in
          await send(.value(1))
          await send(.value(2))
        }
        .cancellable(id: 1)
      )
      .cancellable(id: 2)
    }

    await store.send(.start)
    await store.receive(.value(1)) { $0 = [1] }
    await store.receive(.value(2)) { $0 = [1, 2] }
  }

  // TCA cancels a real URL download; an operation that throws its own error
  // when cancelled stands in for it. That error must not be reported.
  @Test func cancellationWithoutThrowingCancellationError() async {
    let store = makeStore {
      Effect<Action>.run { _ in
        do {
          try await Task.never()
        } catch {
          throw TransportCancelled()
        }
      }
      .cancellable(id: CancelID())
    }

    let task = await store.send(.start)
    await store.send(.cancel)
    await task.finish()
  }
}
