import Composable
import ComposableTesting
import Testing

// Ported from TCA's `testCancellablePath`: a cancellable effect is scoped to the
// navigation path it was created in. TCA builds the paths by hand; ours come
// from a navigation stack (a `NavigationID` cannot be made outside the core).

@MainActor
struct TCAEffectCancellationPathTests {
  /// A stack element with a 1-second timer, cancellable by `TimerID`.
  struct Ticker: Reducer {
    struct State: Equatable {
      var ticks = 0
    }

    enum Action: Equatable, Sendable {
      case start
      case stop
      case tick
    }

    struct TimerID: Hashable, Sendable {}

    @Dependency(\.continuousClock) var clock

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .start:
        return .run { [clock] send in
          while true {
            try await clock.sleep(for: .seconds(1))
            await send(.tick)
          }
        }
        .cancellable(id: TimerID())
      case .stop:
        return .cancel(id: TimerID())
      case .tick:
        state.ticks += 1
        return .none
      }
    }
  }

  /// Tickers in a stack, plus a timer of the parent's own under the same id.
  struct Parent: Reducer {
    struct State: Equatable {
      var path = StackState<Ticker.State>()
      var ticks = 0
    }

    @CasePathable
    enum Action: Equatable, Sendable {
      case path(StackAction<Ticker.State, Ticker.Action>)
      case push
      case startOwnTimer
      case ownTick
      case stopAll
    }

    @Dependency(\.continuousClock) var clock

    var body: some Reducer<State, Action> {
      Reduce { state, action in
        switch action {
        case .path:
          return .none
        case .push:
          state.path.append(Ticker.State())
          return .none
        case .startOwnTimer:
          return .run { [clock] send in
            while true {
              try await clock.sleep(for: .seconds(1))
              await send(.ownTick)
            }
          }
          .cancellable(id: Ticker.TimerID())
        case .ownTick:
          state.ticks += 1
          return .none
        case .stopAll:
          return .cancel(id: Ticker.TimerID())
        }
      }
      .forEach(\.path, action: \.path) { Ticker() }
    }
  }

  let clock = EffectClock()

  func makeStore() -> TestStore<Parent.State, Parent.Action> {
    TestStore(initialState: Parent.State()) {
      Parent()
    } withDependencies: { [clock] in
      $0.continuousClock = clock
    }
  }

  @Test func cancelFromTheSamePathLeavesTheSameIDAtASiblingPath() async {
    let store = makeStore()
    await store.send(.push) { $0.path.append(Ticker.State()) }
    await store.send(.push) { $0.path.append(Ticker.State()) }
    await store.send(.path(.element(id: 0, action: .start)))
    await store.send(.path(.element(id: 1, action: .start)))

    await store.send(.path(.element(id: 0, action: .stop)))
    await clock.advance(by: .seconds(1), asleep: 1)
    await store.receive(.path(.element(id: 1, action: .tick))) { $0.path[id: 1]?.ticks = 1 }

    await store.send(.path(.element(id: 1, action: .stop)))
    await clock.advance(by: .seconds(1), asleep: 0)
  }

  @Test func cancelFromAnAncestorPathReachesEveryDescendant() async {
    let store = makeStore()
    await store.send(.push) { $0.path.append(Ticker.State()) }
    await store.send(.push) { $0.path.append(Ticker.State()) }
    await store.send(.path(.element(id: 0, action: .start)))
    await store.send(.path(.element(id: 1, action: .start)))

    await store.send(.stopAll)
    await clock.advance(by: .seconds(1), asleep: 0)
  }

  @Test func cancelFromADescendantPathLeavesTheAncestorsEffect() async {
    let store = makeStore()
    await store.send(.push) { $0.path.append(Ticker.State()) }
    await store.send(.startOwnTimer)
    await store.send(.path(.element(id: 0, action: .start)))

    await store.send(.path(.element(id: 0, action: .stop)))
    await clock.advance(by: .seconds(1), asleep: 1)
    await store.receive(.ownTick) { $0.ticks = 1 }

    await store.send(.stopAll)
    await clock.advance(by: .seconds(1), asleep: 0)
  }
}
