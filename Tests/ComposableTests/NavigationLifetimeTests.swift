import Composable
import ComposableTesting
import ConcurrencyExtras
import Testing

/// How long a presentation's bookkeeping lives: removed by a sibling reducer,
/// replaced while its old child still holds `dismiss`, moved to another store.
@MainActor
struct NavigationLifetimeTests {
  struct Child: Reducer {
    struct State: Equatable, Identifiable { let id: Int }
    @CasePathable
    enum Action: Equatable {
      case closeTapped
      case keepDismiss
      case ticked
      case startTimer
    }
    /// Where a child puts its `dismiss`, so a test can call it later.
    let kept: LockIsolated<DismissEffect?>
    @Dependency(\.continuousClock) var clock
    @Dependency(\.dismiss) var dismiss
    var body: some Reducer<State, Action> {
      Reduce { _, action in
        switch action {
        case .closeTapped:
          return .run { _ in await dismiss() }
        case .keepDismiss:
          kept.setValue(dismiss)
          return .none
        case .ticked:
          return .none
        case .startTimer:
          return .run { send in
            for await _ in clock.timer(interval: .seconds(1)) { await send(.ticked) }
          }
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
      case present(Int)
      case removeFromSibling
      case noop
    }
    let kept: LockIsolated<DismissEffect?>
    var body: some Reducer<State, Action> {
      Reduce { state, action in
        if case .present(let id) = action { state.child = Child.State(id: id) }
        return .none
      }
      .ifLet(\.$child, action: \.child) { Child(kept: kept) }
      // A reducer after the ifLet that removes the child behind its back.
      Reduce { state, action in
        if action == .removeFromSibling { state.child = nil }
        return .none
      }
    }
  }

  let kept = LockIsolated<DismissEffect?>(nil)
  let clock = TestClock()

  func makeStore(_ state: Parent.State = Parent.State()) -> TestStoreOf<Parent> {
    TestStore(initialState: state) {
      Parent(kept: kept)
    } withDependencies: {
      $0.continuousClock = clock
    }
  }

  @Test func aChildRemovedBySiblingStopsAndANewOneDismissesOnce() async {
    let store = makeStore()
    await store.send(.present(1)) { $0.child = Child.State(id: 1) }
    await store.send(.child(.presented(.startTimer)))
    await store.send(.removeFromSibling) { $0.child = nil }
    // The next action through the ifLet ends the timer: nothing ticks.
    await store.send(.noop)
    await clock.advance(by: .seconds(3))
    await store.send(.present(1)) { $0.child = Child.State(id: 1) }
    await store.send(.child(.presented(.closeTapped)))
    // Exactly one dismiss: no watcher of the first presentation is left.
    await store.receive(\.child.dismiss) { $0.child = nil }
  }

  @Test func aDismissFromAReplacedChildLeavesTheNewOne() async {
    let store = makeStore()
    await store.send(.present(1)) { $0.child = Child.State(id: 1) }
    await store.send(.child(.presented(.keepDismiss)))
    await store.send(.present(2)) { $0.child = Child.State(id: 2) }
    await kept.value?()
    // Nothing is received: child 1's dismissal is about child 1, long gone.
    #expect(store.state.child == Child.State(id: 2))
    await store.send(.child(.presented(.closeTapped)))
    await store.receive(\.child.dismiss) { $0.child = nil }
  }

  @Test func aStateMovedToAnotherStoreIsSetUpThere() async {
    let first = makeStore()
    await first.send(.present(1)) { $0.child = Child.State(id: 1) }
    // The same state in a new store (a relaunch): the child can still close.
    let second = makeStore(first.state)
    await second.send(.child(.presented(.closeTapped)))
    await second.receive(\.child.dismiss) { $0.child = nil }
  }
}
