import Composable
import ComposableTesting
import Testing

// Ported from TCA's TestStoreFailureTests. A failure TCA expects when the store
// deinitialises is expected here by creating the store inside `withKnownIssue`.

@MainActor
struct TCATestStoreFailureTests {
  enum Action: Equatable, Sendable { case first, second }

  /// `.first` sends `.second`; `.second` counts when `counting`.
  func makeStore(countingSecond counting: Bool = false) -> TestStore<Int, Action> {
    TestStore(initialState: 0) {
      Reduce<Int, Action> { state, action in
        switch action {
        case .first:
          return .send(.second)
        case .second:
          if counting { state += 1 }
          return .none
        }
      }
    }
  }

  struct State: Equatable { var count = 0 }

  func makeCountingStore() -> TestStore<State, Void> {
    TestStore(initialState: State()) {
      Reduce<State, Void> { state, _ in
        state.count += 1
        return .none
      }
    }
  }

  /// Stores kept past the end of their test, so that their deinit does not
  /// report again what the test already asserted (TCA's `longLivingStore`).
  static var longLivingStores: [AnyObject] = []

  @Test func noStateChangeFailure() async {
    let store = makeStore()
    await withKnownIssue {
      await store.send(.first) { _ = $0 }
    } matching: {
      $0.mentions(
        """
        Expected state to change, but no change occurred.

        The trailing closure made no observable modifications to state. If no change to state is \
        expected, omit the trailing closure.
        """)
    }
    await withKnownIssue {
      await store.receive(.second) { _ = $0 }
    } matching: {
      $0.mentions("Expected state to change, but no change occurred.")
    }
  }

  @Test func stateChangeFailure() async {
    let store = makeCountingStore()
    await withKnownIssue {
      await store.send(()) { $0.count = 0 }
    } matching: {
      $0.mentions("A state change does not match expectation.")
        && $0.mentions("− TCATestStoreFailureTests.State(count: 0)")
        && $0.mentions("+ TCATestStoreFailureTests.State(count: 1)")
    }
  }

  @Test func unexpectedStateChangeOnSendFailure() async {
    let store = makeCountingStore()
    await withKnownIssue {
      await store.send(())
    } matching: {
      $0.mentions("State was not expected to change, but a change occurred.")
        && $0.mentions("− TCATestStoreFailureTests.State(count: 0)")
        && $0.mentions("+ TCATestStoreFailureTests.State(count: 1)")
    }
  }

  @Test func unexpectedStateChangeOnReceiveFailure() async {
    let store = makeStore(countingSecond: true)
    await store.send(.first)
    await withKnownIssue {
      await store.receive(.second)
    } matching: {
      $0.mentions("State was not expected to change, but a change occurred.")
        && $0.mentions("− 0") && $0.mentions("+ 1")
    }
  }

  @Test func receivedActionAfterDeinit() async {
    await withKnownIssue {
      let store = makeStore()
      await store.send(.first)
    } matching: {
      $0.mentions("The store received 1 unexpected action.") && $0.mentions(".second")
    }
  }

  @Test func receivedActionBeforeFinish() async {
    let store = makeStore()
    Self.longLivingStores.append(store)

    await store.send(.first)
    await withKnownIssue {
      await store.finish()
    } matching: {
      $0.mentions("The store received 1 unexpected action.") && $0.mentions(".second")
    }
  }

  @Test func effectInFlightAfterDeinit() async {
    await withKnownIssue {
      let store = TestStore(initialState: 0) {
        Reduce<Int, Void> { _, _ in
          .run { _ in try await Task.never() }
        }
      }
      await store.send(())
    } matching: {
      $0.mentions("An effect returned for this action is still running at the end of this test")
    }
  }

  @Test func sendActionBeforeReceivingFailure() async {
    let store = makeStore()
    await store.send(.first)

    await withKnownIssue {
      await store.send(.first)
    } matching: {
      $0.mentions("Must handle 1 received action before sending an action.")
        && $0.mentions("[0]: .second")
    }

    await store.receive(.second)
    await store.receive(.second)
  }

  @Test func receiveNonExistentActionFailure() async {
    enum Action: Equatable { case action }
    let store = TestStore(initialState: 0) {
      Reduce<Int, Action> { _, _ in .none }
    }

    await withKnownIssue {
      await store.receive(.action)
    } matching: {
      $0.mentions("Expected to receive the following action, but didn't:")
        && $0.mentions("Action.action")
    }
  }

  @Test func receiveUnexpectedActionFailure() async {
    let store = makeStore(countingSecond: true)
    await store.send(.first)

    await withKnownIssue {
      await store.receive(.first)
    } matching: {
      $0.mentions("Received unexpected action:")
        && $0.mentions("− TCATestStoreFailureTests.Action.first")
        && $0.mentions("+ TCATestStoreFailureTests.Action.second")
    }
  }

  @Test func modifyClosureThrowsErrorFailure() async {
    let store = TestStore(initialState: 0) {
      Reduce<Int, Void> { _, _ in .none }
    }

    await withKnownIssue {
      await store.send(()) { _ in
        struct SomeError: Error {}
        throw SomeError()
      }
    } matching: {
      $0.mentions("Threw error: SomeError()")
    }
  }

  @Test func expectedStateEqualityMustModify() async {
    let store = TestStore(initialState: 0) {
      Reduce<Int, Bool> { _, action in
        action ? .send(false) : .none
      }
    }

    await store.send(true)
    await store.receive(false)

    await withKnownIssue {
      await store.send(true) {
        $0 = 0
      }
    } matching: {
      $0.mentions("Expected state to change, but no change occurred.")
    }
    await withKnownIssue {
      await store.receive(false) {
        $0 = 0
      }
    } matching: {
      $0.mentions("Expected state to change, but no change occurred.")
    }
  }
}
