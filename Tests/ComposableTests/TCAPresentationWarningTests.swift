import Composable
import ComposableTesting
import Foundation
import Testing

/// Ported from TCA's `PresentationReducerTests`: presentation actions for
/// absent state, and a parent that re-presents a child while it is dismissed.
@MainActor
struct TCAPresentationWarningTests {
  @Test func nilChildReceivingDismissIsReported() async {
    let store = TestStore(initialState: Absent.Parent.State()) { Absent.Parent() }
    await withKnownIssue {
      await store.send(.child(.dismiss))
    } matching: {
      $0.mentions("received a presentation action when destination state was absent")
        && $0.mentions(".child.dismiss")
    }
  }

  @Test func nilChildReceivingChildActionIsReported() async {
    let store = TestStore(initialState: Absent.Parent.State()) { Absent.Parent() }
    await withKnownIssue {
      await store.send(.child(.presented(.tap)))
    } matching: {
      $0.mentions("received a presentation action when destination state was absent")
        && $0.mentions(".child.presented.tap")
    }
  }

  @Test func rehydratingTheSameChildOnDismissStillDismisses() async {
    let store = TestStore(initialState: SameChild.Parent.State(child: SameChild.Child.State())) {
      SameChild.Parent()
    }
    // The parent put back a child of the same identity: it is the dismissed one.
    await store.send(.child(.dismiss)) { $0.child = nil }
  }

  @Test func rehydratingADifferentChildOnDismissKeepsIt() async {
    let store = TestStore(
      initialState: DifferentChild.Parent.State(
        child: DifferentChild.Child.State(id: DifferentChild.deadbeef))
    ) {
      DifferentChild.Parent()
    } withDependencies: {
      $0.uuid = .incrementing
    }
    // A child with another id is a new presentation: it stays.
    await store.send(.child(.dismiss)) { $0.child = DifferentChild.Child.State(id: UUID(0)) }
    await store.send(.child(.dismiss)) { $0.child = nil }
  }
}

extension TCAPresentationWarningTests {
  /// A parent that never presents its child.
  enum Absent {
    struct Child: Reducer {
      struct State: Equatable {}
      @CasePathable
      enum Action: Equatable { case tap }
      var body: some Reducer<State, Action> { EmptyReducer() }
    }

    struct Parent: Reducer {
      struct State: Equatable {
        @PresentationState var child: Child.State?
      }
      @CasePathable
      enum Action: Equatable {
        case child(PresentationAction<Child.Action>)
      }
      var body: some Reducer<State, Action> {
        Reduce { _, _ in .none }
          .ifLet(\.$child, action: \.child) { Child() }
      }
    }
  }

  /// A parent that puts a fresh child back when asked to dismiss.
  enum SameChild {
    struct Child: Reducer {
      struct State: Equatable {}
      @CasePathable
      enum Action: Equatable {}
      var body: some Reducer<State, Action> { EmptyReducer() }
    }

    struct Parent: Reducer {
      struct State: Equatable {
        @PresentationState var child: Child.State?
      }
      @CasePathable
      enum Action: Equatable {
        case child(PresentationAction<Child.Action>)
      }
      var body: some Reducer<State, Action> {
        Reduce { state, action in
          switch action {
          case .child(.dismiss):
            state.child = Child.State()
            return .none
          default:
            return .none
          }
        }
        .ifLet(\.$child, action: \.child) { Child() }
      }
    }
  }

  /// A parent that replaces one particular child with a new one on dismiss.
  enum DifferentChild {
    static let deadbeef = UUID(uuidString: "DEADBEEF-DEAD-BEEF-DEAD-BEEFDEADBEEF")!

    struct Child: Reducer {
      struct State: Equatable, Identifiable {
        let id: UUID
      }
      @CasePathable
      enum Action: Equatable {}
      var body: some Reducer<State, Action> { EmptyReducer() }
    }

    struct Parent: Reducer {
      struct State: Equatable {
        @PresentationState var child: Child.State?
      }
      @CasePathable
      enum Action: Equatable {
        case child(PresentationAction<Child.Action>)
      }
      @Dependency(\.uuid) var uuid
      var body: some Reducer<State, Action> {
        Reduce { state, action in
          switch action {
          case .child(.dismiss):
            if state.child?.id == deadbeef {
              state.child = Child.State(id: self.uuid())
            }
            return .none
          default:
            return .none
          }
        }
        .ifLet(\.$child, action: \.child) { Child() }
      }
    }
  }
}
