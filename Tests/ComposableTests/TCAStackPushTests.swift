import Composable
import ComposableTesting
import CustomDump
import Testing

/// Ported from TCA's `StackReducerTests`: `push`/`popFrom` actions, element ids and
/// the failures for ids that do not fit.
@MainActor
struct TCAStackPushTests {
  @Test func customDebugStringConvertible() {
    @Dependency(\.stackElementID) var stackElementID
    #expect(stackElementID.peek().rawValue == 0)
    #expect(String(customDumping: stackElementID.next()) == "#0")
    #expect(stackElementID.peek().rawValue == 1)
    #expect(String(customDumping: stackElementID.next()) == "#1")
    // TCA repeats this under `context = .live`; our live generator is one shared
    // sequence for the whole process, so its ids depend on the other tests.
  }

  @Test func push() async {
    let store = TestStore(initialState: Pushing.Parent.State()) { Pushing.Parent() }

    await store.send(.child(.push(id: 0, state: Pushing.Child.State()))) {
      $0.children[id: 0] = Pushing.Child.State()
    }
    await store.send(.push) {
      $0.children[id: 1] = Pushing.Child.State()
    }
    await store.send(.child(.push(id: 2, state: Pushing.Child.State()))) {
      $0.children[id: 2] = Pushing.Child.State()
    }
    await store.send(.push) {
      $0.children[id: 3] = Pushing.Child.State()
    }
    await store.send(.child(.popFrom(id: 0))) {
      $0.children = StackState()
    }
    await store.send(.child(.push(id: 0, state: Pushing.Child.State()))) {
      $0.children[id: 0] = Pushing.Child.State()
    }
  }

  @Test func pushReusedID() async {
    let store = TestStore(initialState: Pushing.Parent.State()) { Pushing.Parent() }
    await store.send(.child(.push(id: 0, state: Pushing.Child.State()))) {
      $0.children[id: 0] = Pushing.Child.State()
    }
    await withKnownIssue {
      await store.send(.child(.push(id: 0, state: Pushing.Child.State())))
    } matching: {
      $0.mentions("received a \"push\" action for an element it already contains")
        && $0.mentions("[#0]")
    }
  }

  @Test func pushIDGreaterThanNextGeneration() async {
    let store = TestStore(initialState: Pushing.Parent.State()) { Pushing.Parent() }
    await withKnownIssue {
      await store.send(.child(.push(id: 1, state: Pushing.Child.State()))) {
        $0.children[id: 1] = Pushing.Child.State()
      }
    } matching: {
      $0.mentions("received a \"push\" action with an unexpected generational ID")
        && $0.mentions("#1") && $0.mentions("#0")
    }
  }

  @Test func mismatchedIDFailure() async {
    let store = TestStore(initialState: Pushing.Parent.State()) { Pushing.Parent() }
    await withKnownIssue {
      await store.send(.child(.push(id: 0, state: Pushing.Child.State()))) {
        $0.children[id: 1] = Pushing.Child.State()
      }
    } matching: {
      // TCA's diff names the ids: `−  #1: Child.State()`, `+  #0: Child.State()`.
      $0.mentions("A state change does not match expectation") && $0.mentions("#1")
        && $0.mentions("#0")
    }
  }

  @Test func sendCopiesStackElementIDGenerator() async {
    let store = TestStore(initialState: AppendingTwice.Feature.State()) {
      AppendingTwice.Feature()
    }

    // Ids drawn in an assertion come from a copy: the reducer's sequence is unaffected.
    await store.send(.buttonTapped) {
      $0.path[id: 0] = 1
      @Dependency(\.stackElementID) var stackElementID
      _ = stackElementID.next()
      _ = stackElementID.next()
      _ = stackElementID.next()
    }
    await store.receive(.response) {
      $0.path[id: 1] = 2
      @Dependency(\.stackElementID) var stackElementID
      _ = stackElementID.next()
      _ = stackElementID.next()
      _ = stackElementID.next()
    }
    await store.send(.buttonTapped) {
      $0.path[id: 2] = 1
    }
    await store.receive(.response) {
      $0.path[id: 3] = 2
    }
  }

  @Test func popIDThatDoesNotExist() async {
    let store = TestStore(initialState: IntStack.Parent.State(path: StackState<Int>([1]))) {
      IntStack.Parent()
    }
    await withKnownIssue {
      await store.send(.path(.popFrom(id: 999)))
    } matching: {
      $0.mentions("received a \"popFrom\" action for a missing element")
        && $0.mentions("#999") && $0.mentions("[#0]")
    }
  }

  @Test func sendActionWithIDThatDoesNotExist() async {
    let store = TestStore(initialState: IntStack.Parent.State(path: StackState<Int>([1]))) {
      IntStack.Parent()
    }
    await withKnownIssue {
      await store.send(.path(.element(id: 999, action: ())))
    } matching: {
      $0.mentions("received an action for a missing element")
    }
  }
}

extension TCAStackPushTests {
  enum Pushing {
    struct Child: Reducer {
      struct State: Equatable {}
      @CasePathable
      enum Action: Equatable {}
      var body: some Reducer<State, Action> { EmptyReducer() }
    }

    struct Parent: Reducer {
      struct State: Equatable { var children = StackState<Child.State>() }
      @CasePathable
      enum Action: Equatable {
        case child(StackActionOf<Child>)
        case push
      }
      var body: some Reducer<State, Action> {
        Reduce { state, action in
          switch action {
          case .child:
            return .none
          case .push:
            state.children.append(Child.State())
            return .none
          }
        }
        .forEach(\.children, action: \.child) { Child() }
      }
    }
  }

  /// Appends one element, then another from an effect's action.
  enum AppendingTwice {
    struct Feature: Reducer {
      struct State: Equatable { var path = StackState<Int>() }
      @CasePathable
      enum Action: Equatable {
        case buttonTapped
        case path(StackAction<Int, Never>)
        case response
      }
      var body: some Reducer<State, Action> {
        Reduce { state, action in
          switch action {
          case .buttonTapped:
            state.path.append(1)
            return .send(.response)
          case .path:
            return .none
          case .response:
            state.path.append(2)
            return .none
          }
        }
        .forEach(\.path, action: \.path) {}
      }
    }
  }

  enum IntStack {
    struct Parent: Reducer {
      struct State: Equatable { var path = StackState<Int>() }
      @CasePathable
      enum Action { case path(StackAction<Int, Void>) }
      var body: some Reducer<State, Action> {
        EmptyReducer().forEach(\.path, action: \.path) {}
      }
    }
  }
}
