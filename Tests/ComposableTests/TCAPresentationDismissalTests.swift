import Composable
import ComposableTesting
import Foundation
import Testing

/// Ported from TCA's `PresentationReducerTests`: the parent or the child ending
/// a presentation, with and without running effects.
@MainActor
struct TCAPresentationDismissalTests {
  @Test func parentDismissal() async {
    let store = TestStore(initialState: Counting.Parent.State()) { Counting.Parent() }
    await store.send(.presentChild) { $0.child = Counting.Child.State() }
    await store.send(.child(.presented(.incrementButtonTapped))) { $0.child?.count = 1 }
    await store.send(.child(.dismiss)) { $0.child = nil }
  }

  @Test func parentDismissalByNilingOut() async {
    let store = TestStore(initialState: Counting.Parent.State()) { Counting.Parent() }
    await store.send(.presentChild) { $0.child = Counting.Child.State() }
    await store.send(.child(.presented(.incrementButtonTapped))) { $0.child?.count = 1 }
    await store.send(.dismissChild) { $0.child = nil }
  }

  @Test func childDismissal() async {
    let store = TestStore(initialState: Closing.Parent.State()) { Closing.Parent() }
    await store.send(.presentChild) { $0.child = Closing.Child.State() }
    await store.send(.child(.presented(.decrementButtonTapped))) { $0.child?.count = -1 }
    await store.send(.child(.presented(.closeButtonTapped)))
    // The parent sees the dismiss while the child's state is still there.
    await store.receive(.child(.dismiss)) {
      $0.child = nil
      $0.lastCount = -1
    }
  }

  @Test func parentDismissalCancelsEffects() async {
    let clock = EffectClock()
    let store = TestStore(initialState: Ticking.Parent.State()) {
      Ticking.Parent()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.presentChild) { $0.child = Ticking.Child.State() }
    await store.send(.child(.presented(.startButtonTapped)))
    await clock.advance(by: .seconds(2))
    await store.receive(.child(.presented(.tick))) { $0.child?.count = 1 }
    await store.receive(.child(.presented(.tick))) { $0.child?.count = 2 }
    // Nothing left running afterwards: the dismissal cancelled the timer.
    await store.send(.child(.dismiss)) { $0.child = nil }
  }

  @Test func childDismissalCancelsEffects() async {
    let clock = EffectClock()
    let store = TestStore(initialState: Ticking.Parent.State()) {
      Ticking.Parent()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.presentChild) { $0.child = Ticking.Child.State() }
    await store.send(.child(.presented(.startButtonTapped)))
    await clock.advance(by: .seconds(2))
    await store.receive(.child(.presented(.tick))) { $0.child?.count = 1 }
    await store.receive(.child(.presented(.tick))) { $0.child?.count = 2 }
    await store.send(.child(.presented(.closeButtonTapped)))
    await store.receive(.child(.dismiss)) { $0.child = nil }
  }

  @Test func identifiableDismissalCancelsEffects() async {
    let clock = EffectClock()
    let store = TestStore(initialState: IdentifiedTicking.Parent.State()) {
      IdentifiedTicking.Parent()
    } withDependencies: {
      $0.continuousClock = clock
      $0.uuid = .incrementing
    }
    await store.send(.presentChild) { $0.child = IdentifiedTicking.Child.State(id: UUID(0)) }
    await store.send(.child(.presented(.startButtonTapped)))
    await clock.advance(by: .seconds(2))
    await store.receive(.child(.presented(.tick))) { $0.child?.count = 1 }
    await store.receive(.child(.presented(.tick))) { $0.child?.count = 2 }
    // A child with a new id is a new presentation: the old one's timer stops.
    await store.send(.presentChild) { $0.child = IdentifiedTicking.Child.State(id: UUID(1)) }
    await clock.advance(by: .seconds(2), asleep: 0)
    await store.send(.child(.dismiss)) { $0.child = nil }
  }
}

extension TCAPresentationDismissalTests {
  /// A counter the parent presents, and can dismiss or nil out.
  enum Counting {
    struct Child: Reducer {
      struct State: Equatable {
        var count = 0
      }
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
      struct State: Equatable {
        @PresentationState var child: Child.State?
      }
      @CasePathable
      enum Action: Equatable {
        case child(PresentationAction<Child.Action>)
        case dismissChild
        case presentChild
      }
      var body: some Reducer<State, Action> {
        Reduce { state, action in
          switch action {
          case .child:
            return .none
          case .dismissChild:
            state.child = nil
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

  /// A counter that closes itself; the parent records its count on the way out.
  enum Closing {
    struct Child: Reducer {
      struct State: Equatable {
        var count = 0
      }
      @CasePathable
      enum Action: Equatable {
        case closeButtonTapped
        case decrementButtonTapped
        case incrementButtonTapped
      }
      @Dependency(\.dismiss) var dismiss
      var body: some Reducer<State, Action> {
        Reduce { state, action in
          switch action {
          case .closeButtonTapped:
            return .run { _ in await self.dismiss() }
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
      struct State: Equatable {
        var lastCount: Int?
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
          case .child(.dismiss):
            state.lastCount = state.child?.count
            return .none
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

  /// A child with a one-second timer and a close button.
  enum Ticking {
    struct Child: Reducer {
      struct State: Equatable {
        var count = 0
      }
      @CasePathable
      enum Action: Equatable {
        case closeButtonTapped
        case startButtonTapped
        case tick
      }
      @Dependency(\.continuousClock) var clock
      @Dependency(\.dismiss) var dismiss
      var body: some Reducer<State, Action> {
        Reduce { state, action in
          switch action {
          case .closeButtonTapped:
            return .run { _ in await self.dismiss() }
          case .startButtonTapped:
            return .run { send in
              for await _ in self.clock.timer(interval: .seconds(1)) {
                await send(.tick)
              }
            }
          case .tick:
            state.count += 1
            return .none
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

  /// A timer child identified by a UUID from the parent.
  enum IdentifiedTicking {
    struct Child: Reducer {
      struct State: Equatable, Identifiable {
        let id: UUID
        var count = 0
      }
      @CasePathable
      enum Action: Equatable {
        case startButtonTapped
        case tick
      }
      @Dependency(\.continuousClock) var clock
      var body: some Reducer<State, Action> {
        Reduce { state, action in
          switch action {
          case .startButtonTapped:
            return .run { send in
              for await _ in self.clock.timer(interval: .seconds(1)) {
                await send(.tick)
              }
            }
          case .tick:
            state.count += 1
            return .none
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
      @Dependency(\.uuid) var uuid
      var body: some Reducer<State, Action> {
        Reduce { state, action in
          switch action {
          case .child:
            return .none
          case .presentChild:
            state.child = Child.State(id: self.uuid())
            return .none
          }
        }
        .ifLet(\.$child, action: \.child) { Child() }
      }
    }
  }
}
