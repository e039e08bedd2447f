import Composable
import ComposableTesting
import Testing

/// Ported from TCA's `PresentationReducerTests`: cancellation between a parent
/// and the features it presents, and when a presentation's effects end.
@MainActor
struct TCAPresentationCancellationTests {
  @Test func childCannotCancelParent() async {
    let clock = EffectClock()
    let store = TestStore(initialState: ParentTimer.Parent.State()) {
      ParentTimer.Parent()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.presentChild) { $0.child = ParentTimer.Child.State() }
    await store.send(.startButtonTapped)
    // The child's cancel of the parent's id cancels nothing of the parent's.
    await store.send(.child(.presented(.stopButtonTapped)))
    await clock.advance(by: .seconds(1))
    await store.receive(.response(42)) { $0.count = 42 }
    await store.send(.stopButtonTapped)
    await store.send(.child(.dismiss)) { $0.child = nil }
  }

  @Test func parentDismissesGrandchild() async {
    let clock = EffectClock()
    let store = TestStore(initialState: Grandparent.Parent.State()) {
      Grandparent.Parent()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.presentChild) { $0.child = Grandparent.Child.State() }
    await store.send(.child(.presented(.presentGrandchild))) {
      $0.child?.grandchild = Grandparent.Grandchild.State()
    }
    await store.send(.child(.presented(.grandchild(.presented(.startButtonTapped)))))
    await clock.advance(by: .seconds(1))
    await store.receive(.child(.presented(.grandchild(.presented(.response(42))))))

    await store.send(.child(.presented(.grandchild(.presented(.startButtonTapped)))))
    // Dismissing the grandchild cancels its pending response.
    await store.send(.dismissGrandchild)
    await store.receive(.child(.presented(.grandchild(.dismiss)))) {
      $0.child?.grandchild = nil
    }
    await store.send(.child(.dismiss)) { $0.child = nil }
  }

  @Test func cancelInFlightEffects() async {
    let clock = EffectClock()
    let store = TestStore(initialState: SharedID.Parent.State()) {
      SharedID.Parent()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.presentChild) { $0.child = SharedID.Child.State() }
    await store.send(.child(.presented(.tap)))
    await clock.advance(by: .milliseconds(500), asleep: 2)
    // Restarts the child's effect, and not the parent's under the same id.
    await store.send(.child(.presented(.tap)))
    await clock.advance(by: .milliseconds(1_000), asleep: 2)
    await store.receive(.child(.presented(.response(42)))) { $0.child?.count = 42 }
    await clock.advance(by: .milliseconds(500))
    await store.receive(.response(42)) { $0.count = 42 }
    await store.send(.child(.dismiss)) { $0.child = nil }
  }

  @Test func outerCancellation() async {
    let store = TestStore(initialState: Outer.Parent.State()) { Outer.Parent() }

    await store.send(.tapChild) { $0.child = Outer.Child.State() }
    await store.send(.child(.presented(.onAppear)))
    // Nilled out before the ifLet runs: it sees that and cancels at once.
    await store.send(.tapBefore) { $0.child = nil }

    await store.send(.tapChild) { $0.child = Outer.Child.State() }
    await store.send(.child(.presented(.onAppear)))
    await store.send(.tapAfter) { $0.child = nil }
    // Nilled out after the ifLet ran: it cancels on the next action it sees.
    await store.send(.tapAfter)
  }
}

extension TCAPresentationCancellationTests {
  /// A parent with a cancellable one-shot timer that its child tries to cancel.
  enum ParentTimer {
    struct Child: Reducer {
      struct State: Equatable {}
      @CasePathable
      enum Action: Equatable {
        case stopButtonTapped
      }
      var body: some Reducer<State, Action> {
        Reduce { _, action in
          switch action {
          case .stopButtonTapped:
            return .cancel(id: Parent.CancelID.effect)
          }
        }
      }
    }

    struct Parent: Reducer {
      struct State: Equatable {
        @PresentationState var child: Child.State?
        var count = 0
      }
      @CasePathable
      enum Action: Equatable {
        case child(PresentationAction<Child.Action>)
        case presentChild
        case response(Int)
        case startButtonTapped
        case stopButtonTapped
      }
      enum CancelID { case effect }
      @Dependency(\.continuousClock) var clock
      var body: some Reducer<State, Action> {
        Reduce { state, action in
          switch action {
          case .child:
            return .none
          case .presentChild:
            state.child = Child.State()
            return .none
          case .response(let value):
            state.count = value
            return .none
          case .startButtonTapped:
            return .run { send in
              try await self.clock.sleep(for: .seconds(1))
              await send(.response(42))
            }
            .cancellable(id: CancelID.effect)
          case .stopButtonTapped:
            return .cancel(id: CancelID.effect)
          }
        }
        .ifLet(\.$child, action: \.child) { Child() }
      }
    }
  }

  /// A parent that dismisses its child's child by sending it the dismiss action.
  enum Grandparent {
    struct Grandchild: Reducer {
      struct State: Equatable {}
      @CasePathable
      enum Action: Equatable {
        case response(Int)
        case startButtonTapped
      }
      enum CancelID { case effect }
      @Dependency(\.continuousClock) var clock
      var body: some Reducer<State, Action> {
        Reduce { _, action in
          switch action {
          case .response:
            return .none
          case .startButtonTapped:
            // TCA sleeps 0 s: its TestClock suspends even then, until advanced;
            // our EffectClock returns at once from a sleep that is already due.
            return .run { send in
              try await self.clock.sleep(for: .seconds(1))
              await send(.response(42))
            }
            .cancellable(id: CancelID.effect)
          }
        }
      }
    }

    struct Child: Reducer {
      struct State: Equatable {
        @PresentationState var grandchild: Grandchild.State?
      }
      @CasePathable
      enum Action: Equatable {
        case grandchild(PresentationAction<Grandchild.Action>)
        case presentGrandchild
      }
      var body: some Reducer<State, Action> {
        Reduce { state, action in
          switch action {
          case .grandchild:
            return .none
          case .presentGrandchild:
            state.grandchild = Grandchild.State()
            return .none
          }
        }
        .ifLet(\.$grandchild, action: \.grandchild) { Grandchild() }
      }
    }

    struct Parent: Reducer {
      struct State: Equatable {
        @PresentationState var child: Child.State?
      }
      @CasePathable
      enum Action: Equatable {
        case child(PresentationAction<Child.Action>)
        case dismissGrandchild
        case presentChild
      }
      var body: some Reducer<State, Action> {
        Reduce { state, action in
          switch action {
          case .child:
            return .none
          case .dismissGrandchild:
            return .send(.child(.presented(.grandchild(.dismiss))))
          case .presentChild:
            state.child = Child.State()
            return .none
          }
        }
        .ifLet(\.$child, action: \.child) { Child() }
      }
    }
  }

  /// A parent and its child using the same cancel id, the child restarting its
  /// effect. TCA sleeps on a `DispatchQueue.test` main queue; we use a clock.
  enum SharedID {
    struct Child: Reducer {
      struct State: Equatable {
        var count = 0
      }
      @CasePathable
      enum Action: Equatable {
        case response(Int)
        case tap
      }
      struct CancelID: Hashable {}
      @Dependency(\.continuousClock) var clock
      var body: some Reducer<State, Action> {
        Reduce { state, action in
          switch action {
          case .response(let value):
            state.count = value
            return .none
          case .tap:
            return .run { send in
              try await self.clock.sleep(for: .seconds(1))
              await send(.response(42))
            }
            .cancellable(id: CancelID(), cancelInFlight: true)
          }
        }
      }
    }

    struct Parent: Reducer {
      struct State: Equatable {
        @PresentationState var child: Child.State?
        var count = 0
      }
      @CasePathable
      enum Action: Equatable {
        case child(PresentationAction<Child.Action>)
        case presentChild
        case response(Int)
      }
      @Dependency(\.continuousClock) var clock
      var body: some Reducer<State, Action> {
        Reduce { state, action in
          switch action {
          case .child:
            return .none
          case .presentChild:
            state.child = Child.State()
            return .run { send in
              try await self.clock.sleep(for: .seconds(2))
              await send(.response(42))
            }
            .cancellable(id: Child.CancelID())
          case .response(let value):
            state.count = value
            return .none
          }
        }
        .ifLet(\.$child, action: \.child) { Child() }
      }
    }
  }

  /// A child presented by one reducer and nilled out by others, before and
  /// after the ifLet.
  enum Outer {
    struct Child: Reducer {
      struct State: Equatable {}
      @CasePathable
      enum Action: Equatable { case onAppear }
      var body: some Reducer<State, Action> {
        Reduce { _, _ in .run { _ in try await Task.never() } }
      }
    }

    struct Parent: Reducer {
      struct State: Equatable {
        @PresentationState var child: Child.State?
      }
      @CasePathable
      enum Action: Equatable {
        case child(PresentationAction<Child.Action>)
        case tapAfter
        case tapBefore
        case tapChild
      }
      var body: some Reducer<State, Action> {
        Reduce { state, action in
          if case .tapBefore = action { state.child = nil }
          return .none
        }
        Reduce { state, action in
          if case .tapChild = action { state.child = Child.State() }
          return .none
        }
        .ifLet(\.$child, action: \.child) { Child() }
        Reduce { state, action in
          if case .tapAfter = action { state.child = nil }
          return .none
        }
      }
    }
  }
}
