import Composable
import ComposableTesting
import Testing

// Ported from TCA's TestStoreTests.
//
// Not ported: `testSubscribeReceiveCombineScheduler` (Combine), the
// `testMainSerialExecutor_*` tests (no MainSerialExecutor) and
// `testBindingTestStore_WhenStateAndActionHaveSameName` (bindings).

@MainActor
struct TCATestStoreTests {
  @Test func effectConcatenation() async {
    enum Action: Equatable {
      case a, b1, b2, b3, c1, c2, c3, d
    }
    let clock = EffectClock()
    let store = TestStore(initialState: 0) {
      Reduce<Int, Action> { _, action in
        switch action {
        case .a:
          return .merge(
            .run { send in
              try await clock.sleep(for: .seconds(1))
              await send(.b1)
              await send(.c1)
            },
            .run { _ in try await Task.never() }
              .cancellable(id: 1)
          )
        case .b1:
          return .concatenate(.send(.b2), .send(.b3))
        case .c1:
          return .concatenate(.send(.c2), .send(.c3))
        case .b2, .b3, .c2, .c3:
          return .none
        case .d:
          return .cancel(id: 1)
        }
      }
    }

    await store.send(.a)
    await clock.advance(by: .seconds(1), asleep: 1)

    await store.receive(.b1)
    await store.receive(.b2)
    await store.receive(.b3)

    await store.receive(.c1)
    await store.receive(.c2)
    await store.receive(.c3)

    await store.send(.d)
  }

  @Test func async() async {
    enum Action: Equatable {
      case tap
      case response(Int)
    }
    let store = TestStore(initialState: 0) {
      Reduce<Int, Action> { state, action in
        switch action {
        case .tap:
          return .run { send in await send(.response(42)) }
        case .response(let number):
          state = number
          return .none
        }
      }
    }

    await store.send(.tap)
    await store.receive(.response(42)) {
      $0 = 42
    }
  }

  @Test func expectedStateEquality() async {
    struct State: Equatable {
      var count = 0
      var isChanging = false
    }
    enum Action: Equatable {
      case increment
      case changed(from: Int, to: Int)
    }
    let store = TestStore(initialState: State()) {
      Reduce<State, Action> { state, action in
        switch action {
        case .increment:
          state.isChanging = true
          return .send(.changed(from: state.count, to: state.count + 1))
        case .changed(let from, let to):
          state.isChanging = false
          if state.count == from {
            state.count = to
          }
          return .none
        }
      }
    }

    await store.send(.increment) {
      $0.isChanging = true
    }
    await store.receive(.changed(from: 0, to: 1)) {
      $0.isChanging = false
      $0.count = 1
    }

    await withKnownIssue {
      await store.send(.increment) {
        $0.isChanging = false
      }
    } matching: {
      $0.mentions("does not match expectation")
    }
    await withKnownIssue {
      await store.receive(.changed(from: 1, to: 2)) {
        $0.isChanging = true
        $0.count = 1100
      }
    } matching: {
      $0.mentions("does not match expectation")
    }
  }

  @Test func expectedStateEqualityMustModify() async {
    struct State: Equatable {
      var count = 0
    }
    enum Action: Equatable {
      case noop, finished
    }
    let store = TestStore(initialState: State()) {
      Reduce<State, Action> { _, action in
        switch action {
        case .noop:
          return .send(.finished)
        case .finished:
          return .none
        }
      }
    }

    await store.send(.noop)
    await store.receive(.finished)

    await withKnownIssue {
      await store.send(.noop) {
        $0.count = 0
      }
    } matching: {
      $0.mentions("Expected state to change, but no change occurred")
    }
    await withKnownIssue {
      await store.receive(.finished) {
        $0.count = 0
      }
    } matching: {
      $0.mentions("Expected state to change, but no change occurred")
    }
  }

  @Test func receiveActionMatchingPredicate() async {
    enum Action: Equatable {
      case noop, finished
    }
    let store = TestStore(initialState: 0) {
      Reduce<Int, Action> { _, action in
        switch action {
        case .noop:
          return .send(.finished)
        case .finished:
          return .none
        }
      }
    }

    var isPredicateCalled = false
    await store.send(.noop)
    await store.receive { action in
      isPredicateCalled = true
      return action == .finished
    }
    #expect(isPredicateCalled)

    await store.send(.noop)
    await withKnownIssue {
      await store.receive(.noop)
    } matching: {
      $0.mentions("Received unexpected action")
    }

    await store.send(.noop)
    await withKnownIssue {
      await store.receive { $0 == .noop }
    } matching: {
      $0.mentions("Received unexpected action")
    }
  }

  @Test func stateAccess() async {
    enum Action { case a, b, c, d }
    let store = TestStore(initialState: 0) {
      Reduce<Int, Action> { count, action in
        switch action {
        case .a:
          count += 1
          return .merge(.send(.b), .send(.c), .send(.d))
        case .b, .c, .d:
          count += 1
          return .none
        }
      }
    }

    await store.send(.a) {
      $0 = 1
      #expect(store.state == 0)
    }
    #expect(store.state == 1)
    await store.receive(.b) {
      $0 = 2
      #expect(store.state == 1)
    }
    #expect(store.state == 2)
    await store.receive(.c) {
      $0 = 3
      #expect(store.state == 2)
    }
    #expect(store.state == 3)
    await store.receive(.d) {
      $0 = 4
      #expect(store.state == 3)
    }
    #expect(store.state == 4)
  }

  @Test func effectEmitAfterSkipInFlightEffects() async {
    enum Action: Equatable { case tap, response }
    let clock = EffectClock()
    let store = TestStore(initialState: 0) {
      Reduce<Int, Action> { state, action in
        switch action {
        case .tap:
          return .run { send in
            try await clock.sleep(for: .seconds(1))
            await send(.response)
          }
        case .response:
          state = 42
          return .none
        }
      }
    }

    await store.send(.tap)
    await store.skipInFlightEffects()
    await clock.advance(by: .seconds(1), asleep: 1)
    await store.receive(.response) {
      $0 = 42
    }
  }

  @Test func assertNonExhaustiveTestStore() async {
    let store = TestStore(initialState: 0) {
      EmptyReducer<Int, Void>()
    }
    store.exhaustivity = .off

    store.assert {
      $0 = 0
    }
  }

  @Test func assertNonExhaustiveTestStoreFailure() async {
    let store = TestStore(initialState: 0) {
      EmptyReducer<Int, Void>()
    }
    store.exhaustivity = .off

    withKnownIssue {
      store.assert {
        $0 = 1
      }
    } matching: {
      $0.mentions("A state change does not match expectation") && $0.mentions("− 1")
        && $0.mentions("+ 0")
    }
  }

  struct DismissingFeature: Reducer {
    struct State: Equatable {}
    enum Action: Sendable {
      case dismiss
      case onTask
    }
    @Dependency(\.dismiss) var dismiss
    var body: some Reducer<State, Action> {
      Reduce { _, action in
        switch action {
        case .dismiss:
          return .run { [dismiss] _ in await dismiss() }
        case .onTask:
          return .run { _ in try await Task.never() }
        }
      }
    }
  }

  @Test func dismissCancelsEffects() async {
    let store = TestStore(initialState: DismissingFeature.State()) {
      DismissingFeature()
    }
    await store.send(.onTask)
    await store.send(.dismiss)
  }

  @Test func dismissedStoreSend() async {
    let store = TestStore(initialState: DismissingFeature.State()) {
      DismissingFeature()
    }
    await store.send(.dismiss)
    await withKnownIssue {
      await store.send(.onTask)
    } matching: {
      $0.mentions("Can't send action to dismissed test store.")
    }
  }
}
