import Composable
import ComposableTesting
import ConcurrencyExtras
import Testing

/// What the core keeps between actions so that an action costs little — a
/// stateless reducer's body, each presentation's path and dismiss, what it
/// knows of a state type — must never outlive what it describes.
@MainActor
struct ReducerCacheTests {
  @Test func aStatelessReducersBodyIsBuiltOnce() {
    let store = Store(initialState: StatelessCounter.State(), reducer: StatelessCounter())
    for _ in 0..<3 { store.send(.tapped) }
    let again = Store(initialState: StatelessCounter.State(), reducer: StatelessCounter())
    again.send(.tapped)
    #expect(store.count == 3)
    #expect(again.count == 1)
    #expect(BodyCount.stateless.value == 1)
  }

  @Test func aReducerWithPropertiesBuildsItsBodyForEachAction() {
    let before = BodyCount.stateful.value
    let store = Store(initialState: StatefulCounter.State(), reducer: StatefulCounter(step: 2))
    for _ in 0..<3 { store.send(.tapped) }
    #expect(store.count == 6)
    #expect(BodyCount.stateful.value - before == 3)
  }
}

/// How many times each reducer below built its body (one type per test, as
/// tests run in parallel).
enum BodyCount {
  static let stateless = LockIsolated(0)
  static let stateful = LockIsolated(0)
}

struct StatelessCounter: Reducer {
  struct State: Equatable { var count = 0 }
  enum Action: Equatable { case tapped }
  var body: some Reducer<State, Action> {
    let _ = BodyCount.stateless.withValue { $0 += 1 }
    Reduce { state, _ in
      state.count += 1
      return .none
    }
  }
}

struct StatefulCounter: Reducer {
  struct State: Equatable { var count = 0 }
  enum Action: Equatable { case tapped }
  let step: Int
  var body: some Reducer<State, Action> {
    let _ = BodyCount.stateful.withValue { $0 += 1 }
    Reduce { state, _ in
      state.count += step
      return .none
    }
  }
}
