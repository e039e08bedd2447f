import Composable
import ComposableTesting
import Foundation
import Testing

/// Ported from TCA's `PresentationReducerTests`: a destination enum, whose case
/// and child identity decide when one presentation ends and another begins.
@MainActor
struct TCAPresentationEnumTests {
  @Test func enumPresentation() async {
    let clock = EffectClock()
    let store = TestStore(initialState: AlertOrTimer.Parent.State()) {
      AlertOrTimer.Parent()
    } withDependencies: {
      $0.continuousClock = clock
      $0.uuid = .incrementing
    }

    await store.send(.presentChild()) {
      $0.destination = .child(AlertOrTimer.Child.State(id: UUID(0)))
    }
    await store.send(.destination(.presented(.child(.startButtonTapped))))
    await clock.advance(by: .seconds(2))
    await store.receive(.destination(.presented(.child(.tick)))) {
      $0.destination.modify(\.child) { $0.count = 1 }
    }
    await store.receive(.destination(.presented(.child(.tick)))) {
      $0.destination.modify(\.child) { $0.count = 2 }
    }
    await store.send(.destination(.presented(.child(.closeButtonTapped))))
    await store.receive(.destination(.dismiss)) { $0.destination = nil }

    await store.send(.presentChild()) {
      $0.destination = .child(AlertOrTimer.Child.State(id: UUID(1)))
    }
    // The first child's timer went with it.
    await clock.advance(by: .seconds(2), asleep: 0)
    await store.send(.destination(.presented(.child(.startButtonTapped))))
    await clock.advance(by: .seconds(2))
    await store.receive(.destination(.presented(.child(.tick)))) {
      $0.destination.modify(\.child) { $0.count = 1 }
    }
    await store.receive(.destination(.presented(.child(.tick)))) {
      $0.destination.modify(\.child) { $0.count = 2 }
    }
    // Same id: the same presentation with new state, so the timer keeps going.
    await store.send(.presentChild(id: UUID(1))) {
      $0.destination.modify(\.child) { $0.count = 0 }
    }
    await clock.advance(by: .seconds(2))
    await store.receive(.destination(.presented(.child(.tick)))) {
      $0.destination.modify(\.child) { $0.count = 1 }
    }
    await store.receive(.destination(.presented(.child(.tick)))) {
      $0.destination.modify(\.child) { $0.count = 2 }
    }
    // Another case: the child and its timer go, the alert comes.
    await store.send(.presentAlert) { $0.destination = .alert(AlertOrTimer.alert) }
    await store.send(.destination(.presented(.alert(.deleteButtonTapped)))) {
      $0.destination = nil
      $0.isDeleted = true
    }
  }

  @Test func destinationEnumIdentityChange() async {
    let clock = EffectClock()
    let store = TestStore(initialState: Resetting.Parent.State()) {
      Resetting.Parent()
    } withDependencies: {
      $0.uuid = .incrementing
      $0.continuousClock = clock
    }

    await store.send(.presentChild1) {
      $0.destination = .child1(Resetting.Child.State(id: UUID(0)))
    }
    await store.send(.destination(.presented(.child1(.tap)))) {
      $0.destination.modify(\.child1) { $0.count = 1 }
    }
    await store.send(.destination(.presented(.child1(.resetIdentity)))) {
      $0.destination.modify(\.child1) {
        $0.id = UUID(1)
        $0.count = 0
      }
    }
    // A new id in the same case is a new presentation: the tap's pending
    // response was cancelled (TCA runs its test scheduler to show it).
    await clock.advance(by: .seconds(1), asleep: 0)
    await store.send(.destination(.dismiss)) { $0.destination = nil }
  }
}

extension TCAPresentationEnumTests {
  /// A destination that is an alert or a timer child with a close button.
  enum AlertOrTimer {
    static let alert = AlertState<Parent.Destination.Action.Alert>(
      title: "Uh oh!", buttons: [.destructive("Delete", action: .deleteButtonTapped)])

    struct Child: Reducer {
      struct State: Equatable, Identifiable {
        let id: UUID
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
        @PresentationState var destination: Destination.State?
        var isDeleted = false
      }
      @CasePathable
      enum Action: Equatable {
        case destination(PresentationAction<Destination.Action>)
        case presentAlert
        case presentChild(id: UUID? = nil)
      }
      @Dependency(\.uuid) var uuid
      var body: some Reducer<State, Action> {
        Reduce { state, action in
          switch action {
          case .destination(.presented(.alert(.deleteButtonTapped))):
            state.isDeleted = true
            return .none
          case .destination:
            return .none
          case .presentAlert:
            state.destination = .alert(AlertOrTimer.alert)
            return .none
          case .presentChild(let id):
            state.destination = .child(Child.State(id: id ?? self.uuid()))
            return .none
          }
        }
        .ifLet(\.$destination, action: \.destination) { Destination() }
      }

      struct Destination: Reducer {
        @CasePathable
        enum State: Equatable {
          case alert(AlertState<Action.Alert>)
          case child(Child.State)
        }
        @CasePathable
        enum Action: Equatable {
          case alert(Alert)
          case child(Child.Action)

          enum Alert: Equatable {
            case deleteButtonTapped
          }
        }
        var body: some Reducer<State, Action> {
          Scope(state: \.alert, action: \.alert) {}
          Scope(state: \.child, action: \.child) { Child() }
        }
      }
    }
  }

  /// Two destination cases holding the same child, which can change its own id.
  enum Resetting {
    struct Child: Reducer {
      struct State: Equatable, Identifiable {
        var id = DependencyValues._current.uuid()
        var count = 0
      }
      @CasePathable
      enum Action: Equatable {
        case resetIdentity
        case response
        case tap
      }
      // TCA sleeps on a `DispatchQueue.test` main queue; we have no schedulers.
      @Dependency(\.continuousClock) var clock
      @Dependency(\.uuid) var uuid
      var body: some Reducer<State, Action> {
        Reduce { state, action in
          switch action {
          case .resetIdentity:
            state.count = 0
            state.id = self.uuid()
            return .none
          case .response:
            state.count = 999
            return .none
          case .tap:
            state.count += 1
            return .run { send in
              try await self.clock.sleep(for: .seconds(1))
              await send(.response)
            }
          }
        }
      }
    }

    struct Parent: Reducer {
      struct State: Equatable {
        @PresentationState var destination: Destination.State?
      }
      @CasePathable
      enum Action: Equatable {
        case destination(PresentationAction<Destination.Action>)
        case presentChild1
      }
      var body: some Reducer<State, Action> {
        Reduce { state, action in
          switch action {
          case .destination:
            return .none
          case .presentChild1:
            state.destination = .child1(Child.State())
            return .none
          }
        }
        .ifLet(\.$destination, action: \.destination) { Destination() }
      }

      struct Destination: Reducer {
        @CasePathable
        enum State: Equatable {
          case child1(Child.State)
          case child2(Child.State)
        }
        @CasePathable
        enum Action: Equatable {
          case child1(Child.Action)
          case child2(Child.Action)
        }
        var body: some Reducer<State, Action> {
          Scope(state: \.child1, action: \.child1) { Child() }
          Scope(state: \.child2, action: \.child2) { Child() }
        }
      }
    }
  }
}
