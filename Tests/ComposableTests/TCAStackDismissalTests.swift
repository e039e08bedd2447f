import Composable
import ComposableTesting
import Testing

/// Ported from TCA's `StackReducerTests`: pushing, and popping from the parent or the child.
@MainActor
struct TCAStackDismissalTests {
  @Test func present() async {
    let store = TestStore(initialState: Counting.Parent.State()) { Counting.Parent() }
    await store.send(.pushChild) {
      $0.children.append(Counting.Child.State())
    }
  }

  @Test func dismissFromParent() async {
    let store = TestStore(initialState: Closing.Parent.State()) { Closing.Parent() }
    await store.send(.pushChild) {
      $0.children.append(Closing.Child.State())
    }
    await store.send(.children(.element(id: 0, action: .onAppear)))
    // Popping cancels the never-ending effect: nothing is left running.
    await store.send(.popChild) {
      $0.children.removeLast()
    }
  }

  @Test func dismissFromChild() async {
    let store = TestStore(initialState: Closing.Parent.State()) { Closing.Parent() }
    await store.send(.pushChild) {
      $0.children.append(Closing.Child.State())
    }
    await store.send(.children(.element(id: 0, action: .onAppear)))
    await store.send(.children(.element(id: 0, action: .closeButtonTapped)))
    await store.receive(.children(.popFrom(id: 0))) {
      $0.children.removeLast()
    }
  }

  @Test func dismissReceiveWrongAction() async {
    let store = TestStore(
      initialState: AlwaysDismissing.Parent.State(
        children: StackState([AlwaysDismissing.Child.State()]))
    ) {
      AlwaysDismissing.Parent()
    }
    await store.send(.children(.element(id: 0, action: .tap)))
    await withKnownIssue {
      await store.receive(.children(.popFrom(id: 1))) {
        $0.children = StackState()
      }
    } matching: {
      // TCA's message shows the ids as in `.popFrom(id: #0)`.
      $0.mentions("Received unexpected action") && $0.mentions("#0")
    }
  }

  @Test func dismissFromIntermediateChild() async {
    let clock = EffectClock()
    let store = TestStore(initialState: DelayedDismissing.Parent.State()) {
      DelayedDismissing.Parent()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.child(.push(id: 0, state: DelayedDismissing.Child.State(count: 2)))) {
      $0.children[id: 0] = DelayedDismissing.Child.State(count: 2)
    }
    await store.send(.child(.element(id: 0, action: .onAppear)))

    await store.send(.child(.push(id: 1, state: DelayedDismissing.Child.State(count: 1)))) {
      $0.children[id: 1] = DelayedDismissing.Child.State(count: 1)
    }
    await store.send(.child(.element(id: 1, action: .onAppear)))

    await store.send(.child(.push(id: 2, state: DelayedDismissing.Child.State(count: 2)))) {
      $0.children[id: 2] = DelayedDismissing.Child.State(count: 2)
    }
    await store.send(.child(.element(id: 2, action: .onAppear)))

    await clock.advance(by: .seconds(1), asleep: 3)
    await store.receive(.child(.popFrom(id: 1))) {
      // TCA: `removeLast(2)`, which StackState does not offer.
      $0.children.pop(from: 1)
    }
    await store.send(.child(.popFrom(id: 0))) {
      $0.children = StackState()
    }
  }

  @Test func dismissFromDeepLinkedChild() async {
    let store = TestStore(
      initialState: Closing.Parent.State(children: StackState([Closing.Child.State()]))
    ) {
      Closing.Parent()
    }
    await store.send(.children(.element(id: 0, action: .closeButtonTapped)))
    await store.receive(.children(.popFrom(id: 0))) {
      $0.children.removeAll()
    }
  }

  @Test func enumChild() async {
    let store = TestStore(initialState: EnumPath.Parent.State()) { EnumPath.Parent() }
    await store.send(.pushChild1) {
      $0.path.append(.child1(Closing.Child.State()))
    }
    await store.send(.path(.element(id: 0, action: .child1(.onAppear))))
    await store.send(.pushChild2) {
      $0.path.append(.child2(Closing.Child.State()))
    }
    await store.send(.path(.element(id: 1, action: .child2(.onAppear))))
    // Popping the root element cancels both never-ending effects.
    await store.send(.path(.popFrom(id: 0))) {
      $0.path.removeAll()
    }
  }

  @Test func parentDismiss() async {
    let store = TestStore(initialState: PoppingToRoot.Parent.State()) { PoppingToRoot.Parent() }
    await store.send(.pushChild) {
      $0.path.append(PoppingToRoot.Child.State())
    }
    await store.send(.path(.element(id: 0, action: .tap)))
    await store.send(.pushChild) {
      $0.path.append(PoppingToRoot.Child.State())
    }
    await store.send(.path(.element(id: 1, action: .tap)))
    await store.send(.popToRoot) {
      $0.path.removeAll()
    }
  }
}

extension TCAStackDismissalTests {
  enum Counting {
    struct Child: Reducer {
      struct State: Equatable { var count = 0 }
      @CasePathable
      enum Action: Equatable {
        case decrementButtonTapped
        case incrementButtonTapped
      }
      var body: some Reducer<State, Action> {
        Reduce { state, action in
          switch action {
          case .decrementButtonTapped:
            state.count -= 1
            return .none
          case .incrementButtonTapped:
            state.count += 1
            return .none
          }
        }
      }
    }

    struct Parent: Reducer {
      struct State: Equatable { var children = StackState<Child.State>() }
      @CasePathable
      enum Action: Equatable {
        case children(StackActionOf<Child>)
        case pushChild
      }
      var body: some Reducer<State, Action> {
        Reduce { state, action in
          switch action {
          case .children:
            return .none
          case .pushChild:
            state.children.append(Child.State())
            return .none
          }
        }
        .forEach(\.children, action: \.children) { Child() }
      }
    }
  }

  /// A child with a never-ending effect and a close button (TCA's `testDismissFromChild` child).
  enum Closing {
    struct Child: Reducer {
      struct State: Equatable {}
      @CasePathable
      enum Action: Equatable {
        case closeButtonTapped
        case onAppear
      }
      @Dependency(\.dismiss) var dismiss
      var body: some Reducer<State, Action> {
        Reduce { state, action in
          switch action {
          case .closeButtonTapped:
            return .run { [dismiss] _ in await dismiss() }
          case .onAppear:
            return .run { _ in try await Task.never() }
          }
        }
      }
    }

    struct Parent: Reducer {
      struct State: Equatable { var children = StackState<Child.State>() }
      @CasePathable
      enum Action: Equatable {
        case children(StackActionOf<Child>)
        case popChild
        case pushChild
      }
      var body: some Reducer<State, Action> {
        Reduce { state, action in
          switch action {
          case .children:
            return .none
          case .popChild:
            state.children.removeLast()
            return .none
          case .pushChild:
            state.children.append(Child.State())
            return .none
          }
        }
        .forEach(\.children, action: \.children) { Child() }
      }
    }
  }

  enum AlwaysDismissing {
    struct Child: Reducer {
      struct State: Equatable {}
      @CasePathable
      enum Action: Equatable { case tap }
      @Dependency(\.dismiss) var dismiss
      var body: some Reducer<State, Action> {
        Reduce { _, _ in .run { [dismiss] _ in await dismiss() } }
      }
    }

    struct Parent: Reducer {
      struct State: Equatable { var children = StackState<Child.State>() }
      @CasePathable
      enum Action: Equatable { case children(StackActionOf<Child>) }
      var body: some Reducer<State, Action> {
        Reduce { _, _ in .none }.forEach(\.children, action: \.children) { Child() }
      }
    }
  }

  /// Each child dismisses itself after `count` seconds.
  enum DelayedDismissing {
    struct Child: Reducer {
      struct State: Equatable { var count = 0 }
      @CasePathable
      enum Action: Equatable { case onAppear }
      @Dependency(\.dismiss) var dismiss
      @Dependency(\.continuousClock) var clock
      var body: some Reducer<State, Action> {
        Reduce { state, action in
          switch action {
          case .onAppear:
            return .run { [count = state.count, clock, dismiss] _ in
              try await clock.sleep(for: .seconds(count))
              await dismiss()
            }
          }
        }
      }
    }

    struct Parent: Reducer {
      struct State: Equatable { var children = StackState<Child.State>() }
      @CasePathable
      enum Action: Equatable { case child(StackActionOf<Child>) }
      var body: some Reducer<State, Action> {
        Reduce { _, _ in .none }
          .forEach(\.children, action: \.child) { Child() }
      }
    }
  }

  enum EnumPath {
    struct Path: Reducer {
      @CasePathable
      enum State: Equatable {
        case child1(Closing.Child.State)
        case child2(Closing.Child.State)
      }
      @CasePathable
      enum Action: Equatable {
        case child1(Closing.Child.Action)
        case child2(Closing.Child.Action)
      }
      var body: some Reducer<State, Action> {
        Scope(state: \.child1, action: \.child1) { Closing.Child() }
        Scope(state: \.child2, action: \.child2) { Closing.Child() }
      }
    }

    struct Parent: Reducer {
      struct State: Equatable { var path = StackState<Path.State>() }
      @CasePathable
      enum Action: Equatable {
        case path(StackActionOf<Path>)
        case pushChild1
        case pushChild2
      }
      var body: some Reducer<State, Action> {
        Reduce { state, action in
          switch action {
          case .path:
            return .none
          case .pushChild1:
            state.path.append(.child1(Closing.Child.State()))
            return .none
          case .pushChild2:
            state.path.append(.child2(Closing.Child.State()))
            return .none
          }
        }
        .forEach(\.path, action: \.path) { Path() }
      }
    }
  }

  enum PoppingToRoot {
    struct Child: Reducer {
      struct State: Equatable {}
      @CasePathable
      enum Action { case tap }
      var body: some Reducer<State, Action> {
        Reduce { _, _ in .run { _ in try await Task.never() } }
      }
    }

    struct Parent: Reducer {
      struct State: Equatable { var path = StackState<Child.State>() }
      @CasePathable
      enum Action {
        case path(StackActionOf<Child>)
        case popToRoot
        case pushChild
      }
      var body: some Reducer<State, Action> {
        Reduce { state, action in
          switch action {
          case .path:
            return .none
          case .popToRoot:
            state.path.removeAll()
            return .none
          case .pushChild:
            state.path.append(Child.State())
            return .none
          }
        }
        .forEach(\.path, action: \.path) { Child() }
      }
    }
  }
}
