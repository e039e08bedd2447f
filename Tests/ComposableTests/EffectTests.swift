import Composable
import ComposableTesting
import Testing

struct Boom: Error, Equatable {}

/// One action per effect shape; every effect reports back through `.note`.
struct EffectLab: Reducer {
  struct State: Equatable {
    var log: [String] = []
  }

  @CasePathable
  enum Action: Equatable {
    case nothing
    case sendTwice
    case sendNested
    case runSend
    case failHandled
    case failUnhandled
    case mergeRuns
    case concatenateRuns
    case concatenateSendsAroundARun
    case mapped
    case startTimer(String, cancelInFlight: Bool = true)
    case cancelTimer
    case note(String)
  }

  enum CancelID { case timer }

  @Dependency(\.continuousClock) var clock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .nothing:
      return .none
    case .sendTwice:
      return .merge(.send(.note("1")), .send(.note("2")))
    case .sendNested:
      return .merge(.send(.sendTwice), .send(.note("3")))
    case .runSend:
      return .run { send in await send(.note("run")) }
    case .failHandled:
      return .run { _ in
        throw Boom()
      } catch: { error, send in
        await send(.note("caught \(error)"))
      }
    case .failUnhandled:
      return .run { _ in throw Boom() }
    case .mergeRuns:
      return .merge(slowThenFast())
    case .concatenateRuns:
      return .concatenate(slowThenFast())
    case .concatenateSendsAroundARun:
      return .concatenate(
        .send(.note("first")), .merge(.send(.note("second")), .none),
        .run { send in await send(.note("ran")) }, .send(.note("last")))
    case .mapped:
      let child: Effect<String> = .merge(.send("sent"), .run { send in await send("ran") })
      return child.map { Action.note("mapped \($0)") }
    case .startTimer(let label, let cancelInFlight):
      return .run { [clock] send in
        while true {
          try await clock.sleep(for: .seconds(1))
          await send(.note(label))
        }
      }
      .cancellable(id: CancelID.timer, cancelInFlight: cancelInFlight)
    case .cancelTimer:
      return .cancel(id: CancelID.timer)
    case .note(let text):
      state.log.append(text)
      return .none
    }
  }

  /// A slow effect listed before a fast one: merge lets the fast one finish
  /// first, concatenate must not.
  private func slowThenFast() -> [Effect<Action>] {
    [
      .run { [clock] send in
        try await clock.sleep(for: .seconds(1))
        await send(.note("slow"))
      },
      .run { send in await send(.note("fast")) },
    ]
  }
}

@MainActor
struct EffectTests {
  let clock = EffectClock()

  func makeStore() -> TestStore<EffectLab.State, EffectLab.Action> {
    TestStore(initialState: EffectLab.State()) {
      EffectLab()
    } withDependencies: { [clock] in
      $0.continuousClock = clock
    }
  }

  @Test func noneStartsNothing() async {
    let store = Store(initialState: EffectLab.State(), reducer: EffectLab())
    let task = store.send(.nothing)
    #expect(store.runningEffectCount == 0)
    await task.finish()
    #expect(store.state.log.isEmpty)
  }

  @Test func sendIsProcessedRightAfterInOrder() {
    let store = Store(initialState: EffectLab.State(), reducer: EffectLab())
    store.send(.sendTwice)
    // Synchronously, before `send` returns.
    #expect(store.state.log == ["1", "2"])
    // Queued first in, first out: the nested sends go after the earlier `.note("3")`.
    store.send(.sendNested)
    #expect(store.state.log == ["1", "2", "3", "1", "2"])
  }

  @Test func sendEffectsAreReceivedByTheTestStoreInOrder() async {
    let store = makeStore()
    await store.send(.sendTwice)
    await store.receive(.note("1")) { $0.log = ["1"] }
    await store.receive(.note("2")) { $0.log = ["1", "2"] }
  }

  @Test func runFeedsActionsBack() async {
    let store = makeStore()
    await store.send(.runSend)
    await store.receive(.note("run")) { $0.log = ["run"] }
    // The effect ends just after its last send; wait for that, not for luck.
    await store.finish()
  }

  @Test func runErrorGoesToCatch() async {
    let store = makeStore()
    await store.send(.failHandled)
    await store.receive(.note("caught Boom()")) { $0.log = ["caught Boom()"] }
    await store.finish()
  }

  @Test func unhandledRunErrorIsReported() async {
    let store = makeStore()
    await withKnownIssue {
      await store.send(.failUnhandled)
      await store.finish()
    } matching: {
      $0.mentions("threw an unhandled error")
    }
    #expect(store.state.log.isEmpty)
  }

  @Test func mergeRunsEffectsConcurrently() async {
    let store = makeStore()
    await store.send(.mergeRuns)
    await store.receive(.note("fast")) { $0.log = ["fast"] }
    await clock.advance(by: .seconds(1))
    await store.receive(.note("slow")) { $0.log = ["fast", "slow"] }
    await store.finish()
  }

  @Test func concatenateRunsEffectsOneAfterAnother() async {
    let store = makeStore()
    await store.send(.concatenateRuns)
    await clock.advance(by: .seconds(1))
    await store.receive(.note("slow")) { $0.log = ["slow"] }
    await store.receive(.note("fast")) { $0.log = ["slow", "fast"] }
    await store.finish()
  }

  @Test func concatenatedSendsBeforeTheFirstRunAreSentAtOnce() async {
    let store = Store(initialState: EffectLab.State(), reducer: EffectLab())
    let task = store.send(.concatenateSendsAroundARun)
    // Synchronously, like a merge of sends; the rest waits for the run.
    #expect(store.state.log == ["first", "second"])
    await task.finish()
    #expect(store.state.log == ["first", "second", "ran", "last"])
  }

  @Test func mapTransformsSentAndRunActions() async {
    let store = makeStore()
    await store.send(.mapped)
    await store.receive(.note("mapped sent")) { $0.log = ["mapped sent"] }
    await store.receive(.note("mapped ran")) { $0.log = ["mapped sent", "mapped ran"] }
    await store.finish()
  }

  @Test func cancellableCancelInFlightReplacesTheRunningEffect() async {
    let store = makeStore()
    await store.send(.startTimer("a"))
    await clock.advance(by: .seconds(1))
    await store.receive(.note("a")) { $0.log = ["a"] }
    await store.send(.startTimer("b"))
    await clock.advance(by: .seconds(1))
    // Only "b" ticks: starting it cancelled "a".
    await store.receive(.note("b")) { $0.log = ["a", "b"] }
    await store.send(.cancelTimer)
  }

  @Test func cancellableWithoutCancelInFlightKeepsBoth() async {
    let store = makeStore()
    await store.send(.startTimer("a", cancelInFlight: false))
    await clock.advance(by: .milliseconds(500))
    await store.send(.startTimer("b", cancelInFlight: false))
    await clock.advance(by: .milliseconds(500), asleep: 2)
    await store.receive(.note("a")) { $0.log = ["a"] }
    await clock.advance(by: .milliseconds(500), asleep: 2)
    await store.receive(.note("b")) { $0.log = ["a", "b"] }
    // One cancel stops every effect with the id.
    await store.send(.cancelTimer)
    await clock.advance(by: .seconds(3), asleep: 0)
    await store.finish()
  }

  @Test func cancelStopsTheEffect() async {
    let store = makeStore()
    await store.send(.startTimer("a"))
    await clock.advance(by: .seconds(1))
    await store.receive(.note("a")) { $0.log = ["a"] }
    await store.send(.cancelTimer)
    // No tick after cancelling (the exhaustive store would fail on one), and
    // nothing is left running.
    await clock.advance(by: .seconds(5), asleep: 0)
    await store.finish()
  }
}
