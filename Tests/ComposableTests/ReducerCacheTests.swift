import Composable
import ComposableTesting
import ConcurrencyExtras
import Testing

/// What the core keeps between actions so that an action costs little — a
/// stateless reducer's body, each presentation's path and dismiss, what it
/// knows of a state type — must never outlive what it describes.
@MainActor
struct ReducerCacheTests {
  let clock = EffectClock()

  @Test func aStatelessReducersBodyIsBuiltOnce() {
    let store = Store(initialState: StatelessCounter.State(), reducer: StatelessCounter())
    for _ in 0..<3 { store.send(.tapped) }
    let again = Store(initialState: StatelessCounter.State(), reducer: StatelessCounter())
    again.send(.tapped)
    #expect(store.count == 3)
    #expect(again.count == 1)
    #expect(BodyCount.stateless.value == 1)
  }

  @Test func aReducerWithPropertiesBuildsItsBodyForEachAction() {
    let before = BodyCount.stateful.value
    let store = Store(initialState: StatefulCounter.State(), reducer: StatefulCounter(step: 2))
    for _ in 0..<3 { store.send(.tapped) }
    #expect(store.count == 6)
    #expect(BodyCount.stateful.value - before == 3)
  }

  @Test func aSheetDismissedAndPresentedAgainClosesItselfAgain() async {
    let store = TestStore(initialState: SheetParent.State()) {
      SheetParent()
    } withDependencies: { [clock] in
      $0.continuousClock = clock
    }
    await store.send(.present(id: 1)) { $0.child = Child.State(id: 1) }
    await store.send(.child(.presented(.closeTapped)))
    await store.receive(\.child.dismiss) {
      $0.child = nil
      $0.log = ["dismiss count=0"]
    }
    // The same identity again: a new presentation, with a dismiss of its own.
    await store.send(.present(id: 1)) { $0.child = Child.State(id: 1) }
    await store.send(.child(.presented(.startTimer)))
    await clock.advance(by: .seconds(1))
    await store.receive(\.child.presented.tick) { $0.child?.ticks = 1 }
    await store.send(.child(.presented(.closeTapped)))
    await store.receive(\.child.dismiss) {
      $0.child = nil
      $0.log.append("dismiss count=0")
    }
    // Its timer went with it.
    await clock.advance(by: .seconds(3), asleep: 0)
  }

  @Test func anotherCaseOrIDInANestedDestinationIsAnotherPresentation() async {
    let store = TestStore(initialState: NestedParent.State()) {
      NestedParent()
    } withDependencies: { [clock] in
      $0.continuousClock = clock
    }
    await store.send(.show(.sheet(.counter(Child.State(id: 1))))) {
      $0.destination = .sheet(.counter(Child.State(id: 1)))
    }
    await store.send(.destination(.presented(.sheet(.counter(.startTimer)))))
    // Another id two enums down: the first child's timer stops.
    await store.send(.show(.sheet(.counter(Child.State(id: 2))))) {
      $0.destination = .sheet(.counter(Child.State(id: 2)))
    }
    await clock.advance(by: .seconds(2), asleep: 0)
    // The same id with other contents: the same presentation, its timer runs on.
    await store.send(.destination(.presented(.sheet(.counter(.startTimer)))))
    await store.send(.show(.sheet(.counter(Child.State(id: 2, count: 3))))) {
      $0.destination = .sheet(.counter(Child.State(id: 2, count: 3)))
    }
    await clock.advance(by: .seconds(1))
    await store.receive(\.destination.presented.sheet.counter.tick) {
      $0.destination = .sheet(.counter(Child.State(id: 2, count: 3, ticks: 1)))
    }
    // Another case: the timer stops again.
    await store.send(.show(.plain(7))) { $0.destination = .plain(7) }
    await clock.advance(by: .seconds(2), asleep: 0)
    await store.send(.show(.sheet(.counter(Child.State(id: 2))))) {
      $0.destination = .sheet(.counter(Child.State(id: 2)))
    }
    await store.send(.destination(.presented(.sheet(.counter(.closeTapped)))))
    await store.receive(\.destination.dismiss) { $0.destination = nil }
  }

  @Test func threeLevelsDeepFromADeepLinkAndAgainInAnotherStore() async {
    let deep = Nest.State(inner: Nest.State(inner: Nest.State(inner: Nest.State())))
    let store = TestStore(initialState: deep) { Nest() }
    let leaf = Nest.Action.inner(.presented(.inner(.presented(.inner(.presented(.tapped))))))
    await store.send(leaf) { $0.inner?.inner?.inner?.taps = 1 }
    await store.send(.inner(.presented(.inner(.presented(.inner(.presented(.close)))))))
    await store.receive(\.inner.presented.inner.presented.inner.dismiss) {
      $0.inner?.inner?.inner = nil
    }
    // Presented again, it closes again.
    await store.send(.inner(.presented(.inner(.presented(.open))))) {
      $0.inner?.inner?.inner = Nest.State()
    }
    await store.send(.inner(.presented(.inner(.presented(.inner(.presented(.close)))))))
    await store.receive(\.inner.presented.inner.presented.inner.dismiss) {
      $0.inner?.inner?.inner = nil
    }
    // The same state in a new store: what the first store set up is not used,
    // and the middle level closes there.
    let second = TestStore(initialState: store.state) { Nest() }
    await second.send(.inner(.presented(.inner(.presented(.close)))))
    await second.receive(\.inner.presented.inner.dismiss) { $0.inner?.inner = nil }
  }

  @Test func aStackElementPushedAfterAPopClosesItself() async {
    let store = TestStore(initialState: StackParent.State()) {
      StackParent()
    } withDependencies: { [clock] in
      $0.continuousClock = clock
    }
    await store.send(.pushTapped) { $0.path.append(Child.State(id: 0)) }
    await store.send(.pushTapped) { $0.path.append(Child.State(id: 1)) }
    await store.send(.path(.element(id: 1, action: .startTimer)))
    await store.send(.popLast) { $0.path.removeLast() }
    await clock.advance(by: .seconds(2), asleep: 0)
    await store.send(.pushTapped) { $0.path.append(Child.State(id: 1)) }
    await store.send(.path(.element(id: 2, action: .closeTapped)))
    await store.receive(\.path.popFrom) {
      $0.path.removeLast()
      $0.log = ["popFrom 2 depth=2"]
    }
    await store.send(.path(.element(id: 0, action: .closeTapped)))
    await store.receive(\.path.popFrom) {
      $0.path.removeLast()
      $0.log.append("popFrom 0 depth=1")
    }
  }
}

/// How many times each reducer below built its body (one type per test, as
/// tests run in parallel).
enum BodyCount {
  static let stateless = LockIsolated(0)
  static let stateful = LockIsolated(0)
}

struct StatelessCounter: Reducer {
  struct State: Equatable { var count = 0 }
  enum Action: Equatable { case tapped }
  var body: some Reducer<State, Action> {
    let _ = BodyCount.stateless.withValue { $0 += 1 }
    Reduce { state, _ in
      state.count += 1
      return .none
    }
  }
}

struct StatefulCounter: Reducer {
  struct State: Equatable { var count = 0 }
  enum Action: Equatable { case tapped }
  let step: Int
  var body: some Reducer<State, Action> {
    let _ = BodyCount.stateful.withValue { $0 += 1 }
    Reduce { state, _ in
      state.count += step
      return .none
    }
  }
}

/// A destination two enums deep: `.sheet(.counter(Child.State))`, and a case
/// with a plain payload.
struct NestedParent: Reducer {
  struct Destination: Reducer {
    @CasePathable
    enum State: Equatable {
      case sheet(Sheet)
      case plain(Int)
    }
    @CasePathable
    enum Sheet: Equatable { case counter(Child.State) }
    @CasePathable
    enum Action: Equatable { case sheet(SheetAction) }
    @CasePathable
    enum SheetAction: Equatable { case counter(Child.Action) }

    var body: some Reducer<State, Action> {
      Scope(state: \.sheet, action: \.sheet) {
        Scope(state: \.counter, action: \.counter) { Child() }
      }
    }
  }

  struct State: Equatable {
    @PresentationState var destination: Destination.State?
  }
  @CasePathable
  enum Action: Equatable {
    case destination(PresentationAction<Destination.Action>)
    case show(Destination.State)
  }

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      if case .show(let destination) = action { state.destination = destination }
      return .none
    }
    .ifLet(\.$destination, action: \.destination) { Destination() }
  }
}

/// A feature that presents itself, any number of levels deep. No stored
/// properties, so its body is built once and serves every level.
struct Nest: Reducer {
  struct State: Equatable {
    var taps = 0
    @PresentationState var inner: State?
  }
  @CasePathable
  indirect enum Action: Equatable, Sendable {
    case inner(PresentationAction<Action>)
    case tapped
    case open
    case close
  }
  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .tapped: state.taps += 1
      case .open: state.inner = State()
      case .close:
        // Read as the action runs: each level has a dismiss of its own.
        @Dependency(\.dismiss) var dismiss
        return .run { [dismiss] _ in await dismiss() }
      case .inner: break
      }
      return .none
    }
    .ifLet(\.$inner, action: \.inner) { Nest() }
  }
}
