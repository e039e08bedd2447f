import Composable
import ComposableTesting
import Foundation
import Testing

/// Ported from TCA's `PresentationReducerTests` (`testNavigation_cancelID_*`):
/// cancel ids are scoped to the presentation that used them, so a parent's
/// cancel reaches its children but a child's does not reach a sibling.
@MainActor
struct TCAPresentationCancelIDTests {
  @Test func childCancellation() async {
    let store = TestStore(initialState: StartStop.Parent.State()) { StartStop.Parent() }
    let presentationTask = await store.send(.presentChild) { $0.child = StartStop.Child.State() }
    await store.send(.child(.presented(.startButtonTapped)))
    // Nothing is left running: the child cancelled its own effect.
    await store.send(.child(.presented(.stopButtonTapped)))
    presentationTask.cancel()
  }

  @Test func parentCancellation() async {
    let store = TestStore(initialState: ThreeLevels.Parent.State()) { ThreeLevels.Parent() }
    await store.send(.presentChild) { $0.child = ThreeLevels.Child.State() }
    await store.send(.child(.presented(.presentGrandchild))) {
      $0.child?.grandchild = ThreeLevels.Grandchild.State()
    }
    await store.send(.child(.presented(.startButtonTapped)))
    await store.send(.child(.presented(.grandchild(.presented(.startButtonTapped)))))
    // The parent's cancels reach both descendants' effects.
    await store.send(.stopButtonTapped)
  }

  @Test func parentCancelsTwoChildren() async {
    let clock = EffectClock()
    let store = TestStore(initialState: TwoChildren.Parent.State()) {
      TwoChildren.Parent()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.presentChildren) {
      $0.child1 = TwoChildren.Child.State()
      $0.child2 = TwoChildren.Child.State()
    }
    await store.send(.child1(.presented(.startButtonTapped)))
    await clock.advance(by: .seconds(1))
    await store.receive(.child1(.presented(.response(42)))) { $0.child1?.count = 42 }
    // TCA starts child2 a whole second in, so both timers fire at once. Half a
    // second later, each advance below wakes one timer: a certain order.
    await clock.advance(by: .milliseconds(500))
    await store.send(.child2(.presented(.startButtonTapped)))
    await clock.advance(by: .milliseconds(500), asleep: 2)
    await store.receive(.child1(.presented(.response(42))))
    await clock.advance(by: .milliseconds(500), asleep: 2)
    await store.receive(.child2(.presented(.response(42)))) { $0.child2?.count = 42 }
    await store.send(.stopButtonTapped)
    // TCA's `clock.run()`: nothing is left to wake.
    await clock.advance(by: .seconds(10), asleep: 0)
    await store.send(.child1(.dismiss)) { $0.child1 = nil }
    await store.send(.child2(.dismiss)) { $0.child2 = nil }
  }

  @Test func childCannotCancelSibling() async {
    let clock = EffectClock()
    let store = TestStore(initialState: TwoChildren.Parent.State()) {
      TwoChildren.Parent()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.presentChildren) {
      $0.child1 = TwoChildren.Child.State()
      $0.child2 = TwoChildren.Child.State()
    }
    await store.send(.child1(.presented(.startButtonTapped)))
    await clock.advance(by: .seconds(1))
    await store.receive(.child1(.presented(.response(42)))) { $0.child1?.count = 42 }
    // Half a second off TCA's timing, as in `parentCancelsTwoChildren`.
    await clock.advance(by: .milliseconds(500))
    await store.send(.child2(.presented(.startButtonTapped)))
    await clock.advance(by: .milliseconds(500), asleep: 2)
    await store.receive(.child1(.presented(.response(42))))
    await clock.advance(by: .milliseconds(500), asleep: 2)
    await store.receive(.child2(.presented(.response(42)))) { $0.child2?.count = 42 }

    await store.send(.child1(.presented(.stopButtonTapped)))
    await clock.advance(by: .seconds(1))
    await store.receive(.child2(.presented(.response(42))))

    await store.send(.child2(.presented(.stopButtonTapped)))
    await clock.advance(by: .seconds(1), asleep: 0)

    await clock.advance(by: .seconds(10), asleep: 0)
    await store.send(.child1(.dismiss)) { $0.child1 = nil }
    await store.send(.child2(.dismiss)) { $0.child2 = nil }
  }

  @Test func childCannotCancelIdentifiableSibling() async {
    let clock = EffectClock()
    let store = TestStore(initialState: TwoIdentifiedChildren.Parent.State()) {
      TwoIdentifiedChildren.Parent()
    } withDependencies: {
      $0.continuousClock = clock
      $0.uuid = .incrementing
    }
    await store.send(.presentChildren) {
      $0.child1 = TwoIdentifiedChildren.Child.State(id: UUID(0))
      $0.child2 = TwoIdentifiedChildren.Child.State(id: UUID(1))
    }
    await store.send(.child1(.presented(.startButtonTapped)))
    await clock.advance(by: .seconds(1))
    await store.receive(.child1(.presented(.response(42)))) { $0.child1?.count = 42 }
    // Half a second off TCA's timing, as in `parentCancelsTwoChildren`.
    await clock.advance(by: .milliseconds(500))
    await store.send(.child2(.presented(.startButtonTapped)))
    await clock.advance(by: .milliseconds(500), asleep: 2)
    await store.receive(.child1(.presented(.response(42))))
    await clock.advance(by: .milliseconds(500), asleep: 2)
    await store.receive(.child2(.presented(.response(42)))) { $0.child2?.count = 42 }

    await store.send(.child1(.presented(.stopButtonTapped)))
    await clock.advance(by: .seconds(1))
    await store.receive(.child2(.presented(.response(42))))

    await store.send(.child2(.presented(.stopButtonTapped)))
    await clock.advance(by: .seconds(1), asleep: 0)

    await clock.advance(by: .seconds(10), asleep: 0)
    await store.send(.child1(.dismiss)) { $0.child1 = nil }
    await store.send(.child2(.dismiss)) { $0.child2 = nil }
  }
}

extension TCAPresentationCancelIDTests {
  /// A child that starts and stops a never-ending effect under a literal id.
  enum StartStop {
    struct Child: Reducer {
      struct State: Equatable {}
      @CasePathable
      enum Action: Equatable {
        case startButtonTapped
        case stopButtonTapped
      }
      var body: some Reducer<State, Action> {
        Reduce { _, action in
          switch action {
          case .startButtonTapped:
            return .run { _ in try await Task.never() }.cancellable(id: 42)
          case .stopButtonTapped:
            return .cancel(id: 42)
          }
        }
      }
    }

    struct Parent: Reducer {
      struct State: Equatable {
        @PresentationState var child: Child.State?
      }
      @CasePathable
      enum Action: Equatable {
        case child(PresentationAction<Child.Action>)
        case presentChild
      }
      var body: some Reducer<State, Action> {
        Reduce { state, action in
          switch action {
          case .child:
            return .none
          case .presentChild:
            state.child = Child.State()
            return .none
          }
        }
        .ifLet(\.$child, action: \.child) { Child() }
      }
    }
  }

  /// Parent, child and grandchild; the parent cancels by its descendants' ids.
  enum ThreeLevels {
    struct Grandchild: Reducer {
      struct State: Equatable {}
      @CasePathable
      enum Action: Equatable {
        case startButtonTapped
      }
      enum CancelID { case effect }
      var body: some Reducer<State, Action> {
        Reduce { _, action in
          switch action {
          case .startButtonTapped:
            return .run { _ in try await Task.never() }.cancellable(id: CancelID.effect)
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
        case startButtonTapped
      }
      enum CancelID { case effect }
      var body: some Reducer<State, Action> {
        Reduce { state, action in
          switch action {
          case .grandchild:
            return .none
          case .presentGrandchild:
            state.grandchild = Grandchild.State()
            return .none
          case .startButtonTapped:
            return .run { _ in try await Task.never() }.cancellable(id: CancelID.effect)
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
        case stopButtonTapped
        case presentChild
      }
      var body: some Reducer<State, Action> {
        Reduce { state, action in
          switch action {
          case .child:
            return .none
          case .stopButtonTapped:
            return .merge(
              .cancel(id: Child.CancelID.effect),
              .cancel(id: Grandchild.CancelID.effect)
            )
          case .presentChild:
            state.child = Child.State()
            return .none
          }
        }
        .ifLet(\.$child, action: \.child) { Child() }
      }
    }
  }

  /// Two presentations of the same timer child, which can stop its own timer.
  enum TwoChildren {
    struct Child: Reducer {
      struct State: Equatable {
        var count = 0
      }
      @CasePathable
      enum Action: Equatable {
        case response(Int)
        case startButtonTapped
        case stopButtonTapped
      }
      enum CancelID { case effect }
      @Dependency(\.continuousClock) var clock
      var body: some Reducer<State, Action> {
        Reduce { state, action in
          switch action {
          case .response(let value):
            state.count = value
            return .none
          case .startButtonTapped:
            return .run { send in
              for await _ in self.clock.timer(interval: .seconds(1)) {
                await send(.response(42))
              }
            }
            .cancellable(id: CancelID.effect)
          case .stopButtonTapped:
            return .cancel(id: CancelID.effect)
          }
        }
      }
    }

    struct Parent: Reducer {
      struct State: Equatable {
        @PresentationState var child1: Child.State?
        @PresentationState var child2: Child.State?
      }
      @CasePathable
      enum Action: Equatable {
        case child1(PresentationAction<Child.Action>)
        case child2(PresentationAction<Child.Action>)
        case stopButtonTapped
        case presentChildren
      }
      var body: some Reducer<State, Action> {
        Reduce { state, action in
          switch action {
          case .child1, .child2:
            return .none
          case .stopButtonTapped:
            return .cancel(id: Child.CancelID.effect)
          case .presentChildren:
            state.child1 = Child.State()
            state.child2 = Child.State()
            return .none
          }
        }
        .ifLet(\.$child1, action: \.child1) { Child() }
        .ifLet(\.$child2, action: \.child2) { Child() }
      }
    }
  }

  /// `TwoChildren` with children identified by UUIDs.
  enum TwoIdentifiedChildren {
    struct Child: Reducer {
      struct State: Equatable, Identifiable {
        let id: UUID
        var count = 0
      }
      @CasePathable
      enum Action: Equatable {
        case response(Int)
        case startButtonTapped
        case stopButtonTapped
      }
      enum CancelID { case effect }
      @Dependency(\.continuousClock) var clock
      var body: some Reducer<State, Action> {
        Reduce { state, action in
          switch action {
          case .response(let value):
            state.count = value
            return .none
          case .startButtonTapped:
            return .run { send in
              for await _ in self.clock.timer(interval: .seconds(1)) {
                await send(.response(42))
              }
            }
            .cancellable(id: CancelID.effect)
          case .stopButtonTapped:
            return .cancel(id: CancelID.effect)
          }
        }
      }
    }

    struct Parent: Reducer {
      struct State: Equatable {
        @PresentationState var child1: Child.State?
        @PresentationState var child2: Child.State?
      }
      @CasePathable
      enum Action: Equatable {
        case child1(PresentationAction<Child.Action>)
        case child2(PresentationAction<Child.Action>)
        case presentChildren
      }
      @Dependency(\.uuid) var uuid
      var body: some Reducer<State, Action> {
        Reduce { state, action in
          switch action {
          case .child1, .child2:
            return .none
          case .presentChildren:
            state.child1 = Child.State(id: self.uuid())
            state.child2 = Child.State(id: self.uuid())
            return .none
          }
        }
        .ifLet(\.$child1, action: \.child1) { Child() }
        .ifLet(\.$child2, action: \.child2) { Child() }
      }
    }
  }
}
