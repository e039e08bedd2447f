import Composable
import ComposableTesting
import Testing

// Ported from TCA's TestStoreNonExhaustiveTests: receiving (by value, case path
// and predicate) and timeouts.

@MainActor
struct TCATestStoreNonExhaustiveReceiveTests {
  struct NonExhaustiveReceive: Reducer {
    struct State: Equatable {
      var count = 0
      var int = 0
      var string = ""
    }
    @CasePathable
    enum Action: Equatable {
      case onAppear
      case response1(Int)
      case response2(String)
    }
    var body: some Reducer<State, Action> {
      Reduce { state, action in
        switch action {
        case .onAppear:
          state = State()
          return .merge(
            .send(.response1(42)),
            .send(.response2("Hello"))
          )
        case .response1(let int):
          state.count += 1
          state.int = int
          return .none
        case .response2(let string):
          state.count += 1
          state.string = string
          return .none
        }
      }
    }
  }

  func makeStore(_ exhaustivity: Exhaustivity) -> TestStore<
    NonExhaustiveReceive.State, NonExhaustiveReceive.Action
  > {
    let store = TestStore(initialState: NonExhaustiveReceive.State()) { NonExhaustiveReceive() }
    store.exhaustivity = exhaustivity
    return store
  }

  @Test func receiveStateChange() async {
    let store = makeStore(.off(showSkippedAssertions: true))

    await store.send(.onAppear)
    #expect(store.state == NonExhaustiveReceive.State(count: 0, int: 0, string: ""))

    await store.receive(.response1(42)) {
      // Ignored state change: count = 1
      $0.int = 42
    }
    #expect(store.state == NonExhaustiveReceive.State(count: 1, int: 42, string: ""))

    await store.receive(.response2("Hello")) {
      // Ignored state change: count = 2
      $0.string = "Hello"
    }
    #expect(store.state == NonExhaustiveReceive.State(count: 2, int: 42, string: "Hello"))
  }

  @Test func receiveSkipAction() async {
    let store = makeStore(.off(showSkippedAssertions: true))

    await store.send(.onAppear)
    #expect(store.state == NonExhaustiveReceive.State(count: 0, int: 0, string: ""))

    // Ignored received action: .response1(42)
    await store.receive(.response2("Hello")) {
      $0.count = 2
      $0.string = "Hello"
    }
    #expect(store.state == NonExhaustiveReceive.State(count: 2, int: 42, string: "Hello"))
  }

  @Test func sendWithUnreceivedAction() async {
    let store = makeStore(.off(showSkippedAssertions: true))

    await store.send(.onAppear)
    // Ignored received actions: .response1(42), .response2("Hello")
    await store.send(.onAppear)
    // Ignored received actions: .response1(42), .response2("Hello")
  }

  @Test func sendWithUnreceivedActionsSkipsActions() async {
    enum Action: Equatable {
      case tap
      case response(Int)
    }
    let store = TestStore(initialState: 0) {
      Reduce<Int, Action> { state, action in
        switch action {
        case .tap:
          state += 1
          return .run { [state] send in await send(.response(state + 42)) }
        case .response(let number):
          state = number
          return .none
        }
      }
    }
    store.exhaustivity = .off

    await store.send(.tap)
    #expect(store.state == 1)

    // Ignored received action: .response(43)
    await store.send(.tap)
    #expect(store.state == 44)

    await store.skipReceivedActions()
    #expect(store.state == 86)
  }

  @Test func partialExhaustivityPrefix() async {
    enum Action {
      case buttonTapped
      case response(Int)
    }
    let clock = EffectClock()
    let store = TestStore(initialState: 0) {
      Reduce<Int, Action> { state, action in
        switch action {
        case .buttonTapped:
          state += 1
          return .run { send in
            await send(.response(42))
            try await clock.sleep(for: .seconds(1))
            await send(.response(1729))
          }
        case .response(let number):
          state = number
          return .none
        }
      }
    }
    store.exhaustivity = .off(showSkippedAssertions: true)

    await store.send(.buttonTapped)
    // Ignored state mutation: state = 1
    // Ignored received action: .response(42)
    await clock.advance(by: .milliseconds(500), asleep: 1)
    await store.send(.buttonTapped) {
      $0 = 43
    }

    await clock.advance(by: .milliseconds(500), asleep: 2)
    await store.skipInFlightEffects()
    await store.skipReceivedActions()
    // Ignored received actions: .response(42), .response(1729)
    // Ignored in-flight effect
  }

  @Test func casePathReceivePartialExhaustive() async {
    let store = makeStore(.off(showSkippedAssertions: true))

    await store.send(.onAppear)
    await store.receive(\.response1) {
      $0.int = 42
    }
    await store.receive(\.response2) {
      $0.string = "Hello"
    }
  }

  @Test func casePathReceiveNonExhaustive() async {
    let store = makeStore(.off)

    await store.send(.onAppear)
    await store.receive(\.response1) {
      $0.int = 42
    }
    await store.receive(\.response2) {
      $0.string = "Hello"
    }
  }

  @Test func casePathReceiveExhaustive() async {
    let store = makeStore(.on)

    await store.send(.onAppear)
    await store.receive(\.response1) {
      $0.count = 1
      $0.int = 42
    }
    await store.receive(\.response2) {
      $0.count = 2
      $0.string = "Hello"
    }
  }

  struct NonEquatable: Sendable {}

  @CasePathable
  enum NonEquatableAction: Sendable {
    case tap
    case response(NonEquatable)
  }

  @Test func casePathReceiveExhaustiveNonEquatable() async {
    let store = TestStore(initialState: 0) {
      Reduce<Int, NonEquatableAction> { _, action in
        switch action {
        case .tap:
          return .send(.response(NonEquatable()))
        case .response:
          return .none
        }
      }
    }

    await store.send(.tap)
    await store.receive(\.response)
  }

  @Test func predicateReceiveExhaustiveNonEquatable() async {
    let store = TestStore(initialState: 0) {
      Reduce<Int, NonEquatableAction> { _, action in
        switch action {
        case .tap:
          return .send(.response(NonEquatable()))
        case .response:
          return .none
        }
      }
    }

    await store.send(.tap)
    await store.receive { if case .response = $0 { true } else { false } }
  }

  @Test func casePathReceiveSkipReceivedAction() async {
    let store = makeStore(.off(showSkippedAssertions: true))

    await store.send(.onAppear)
    await store.receive(\.response2) {
      $0.string = "Hello"
    }
  }

  @Test func casePathReceiveWrongAction() async {
    let store = makeStore(.off(showSkippedAssertions: true))

    await store.send(.onAppear)

    await withKnownIssue {
      await store.receive(\.onAppear)
    } matching: {
      $0.mentions("Expected to receive the following action, but didn't")
    }
    await store.receive(\.response1)
    await store.receive(\.response2)
  }

  @Test func casePathReceiveReceivedExtraAction() async {
    let store = makeStore(.off(showSkippedAssertions: true))

    await store.send(.onAppear)
    await store.receive(\.response2)

    await withKnownIssue {
      await store.receive(\.response2)
    } matching: {
      $0.mentions("Expected to receive the following action, but didn't")
    }
  }

  // MARK: Timeouts

  enum TimedAction: Equatable { case tap, response1, response2 }

  /// `.tap` sends `first` and then `second`, each 10 ms apart on `clock`.
  func makeTimedStore(
    clock: EffectClock, sending first: TimedAction, then second: TimedAction
  ) -> TestStore<Int, TimedAction> {
    let store = TestStore(initialState: 0) {
      Reduce<Int, TimedAction> { _, action in
        switch action {
        case .tap:
          return .run { send in
            try await clock.sleep(for: .milliseconds(10))
            await send(first)
            try await clock.sleep(for: .milliseconds(10))
            await send(second)
          }
        case .response1, .response2:
          return .none
        }
      }
    }
    store.exhaustivity = .off
    return store
  }

  /// Lets time pass on `clock` while the test waits in `receive`, as real
  /// time passes for TCA's effects, which sleep for real.
  func advancing(_ clock: EffectClock) -> Task<Void, Never> {
    Task {
      await clock.advance(by: .milliseconds(10), asleep: 1)
      await clock.advance(by: .milliseconds(10), asleep: 1)
    }
  }

  @Test func receiveNonExhaustiveWithTimeout() async {
    let clock = EffectClock()
    let store = makeTimedStore(clock: clock, sending: .response1, then: .response2)

    await store.send(.tap)
    let advance = advancing(clock)
    // Generous: the clock is advanced by another task, which a loaded
    // machine (2 cores, the whole suite in parallel) may run much later;
    // the wait ends as soon as the action arrives.
    await store.receive(.response2, timeout: .seconds(60))
    await advance.value
  }

  @Test func receiveNonExhaustiveWithTimeoutMultipleNonMatching() async {
    let clock = EffectClock()
    let store = makeTimedStore(clock: clock, sending: .response1, then: .response1)

    await store.send(.tap)
    let advance = advancing(clock)
    await withKnownIssue {
      await store.receive(.response2, timeout: .seconds(1))
    } matching: {
      $0.mentions("Expected to receive a matching action, but received none after 1")
        || ($0.mentions("Expected to receive the following action, but didn't")
          && $0.mentions("response2"))
    }
    await advance.value
  }

  @Test func receiveNonExhaustiveWithTimeoutMultipleMatching() async {
    let clock = EffectClock()
    let store = makeTimedStore(clock: clock, sending: .response2, then: .response2)

    await store.send(.tap)
    let advance = advancing(clock)
    await store.receive(.response2, timeout: .seconds(10))
    await store.receive(.response2, timeout: .seconds(10))
    await advance.value
  }
}
