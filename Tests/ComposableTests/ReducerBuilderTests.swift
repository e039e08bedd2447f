import Composable
import ComposableTesting
import Testing

struct Trace: Equatable {
  var log: [String] = []
}

@CasePathable
enum TraceAction: Equatable {
  case go
  case note(String)
}

/// Appends `name@<entries seen>` on `.go` and sends `.note(name)` back, so a test
/// sees both the order reducers ran in and the order their effects ran in.
func tracer(_ name: String) -> Reduce<Trace, TraceAction> {
  Reduce { state, action in
    guard action == .go else { return .none }
    state.log.append("\(name)@\(state.log.count)")
    return .send(.note(name))
  }
}

/// A `body` exercising `if`/`else` and an optional block.
struct Pipeline: Reducer {
  let flag: Bool
  let extra: String?

  var body: some Reducer<Trace, TraceAction> {
    tracer("first")
    if flag {
      tracer("yes")
    } else {
      tracer("no")
    }
    if let extra {
      tracer(extra)
    }
  }
}

struct ParentWithChild: Reducer {
  struct State: Equatable {
    var child = Child.State()
    var parentCount = 0
  }
  @CasePathable
  enum Action: Equatable {
    case child(Child.Action)
    case parentOnly
  }
  var body: some Reducer<State, Action> {
    Scope(state: \.child, action: \.child) { Child() }
    Reduce { state, action in
      if case .parentOnly = action { state.parentCount += 1 }
      return .none
    }
  }
}

struct Session: Reducer {
  @CasePathable
  enum State: Equatable {
    case loggedIn(Child.State)
    case loggedOut
  }
  @CasePathable
  enum Action: Equatable {
    case loggedIn(Child.Action)
    case logOut
  }
  var body: some Reducer<State, Action> {
    Scope(state: \.loggedIn, action: \.loggedIn) { Child() }
    Reduce { state, action in
      if case .logOut = action { state = .loggedOut }
      return .none
    }
  }
}

@MainActor
struct ReducerBuilderTests {
  @Test func reducersRunInOrderAndEffectsMergeInOrder() async {
    let store = TestStore(initialState: Trace()) {
      CombineReducers {
        tracer("a")
        tracer("b")
        tracer("c")
      }
    }
    // Each reducer sees the mutations of the ones before it.
    await store.send(.go) { $0.log = ["a@0", "b@1", "c@2"] }
    // All three effects ran, in the order their reducers did.
    await store.receive(.note("a"))
    await store.receive(.note("b"))
    await store.receive(.note("c"))
  }

  @Test(
    arguments: [
      (true, nil, ["first@0", "yes@1"]),
      (false, nil, ["first@0", "no@1"]),
      (true, "extra", ["first@0", "yes@1", "extra@2"]),
      (false, "extra", ["first@0", "no@1", "extra@2"]),
    ] as [(Bool, String?, [String])])
  func ifElseAndOptionalBlocks(flag: Bool, extra: String?, expected: [String]) async {
    let store = TestStore(initialState: Trace()) { Pipeline(flag: flag, extra: extra) }
    store.exhaustivity = .off  // the .note echoes are not the point here
    await store.send(.go) { $0.log = expected }
  }

  @Test func emptyReducerChangesNothingAndStartsNothing() async {
    let store = Store(initialState: Trace(log: ["x"]), reducer: EmptyReducer<Trace, TraceAction>())
    await store.send(.go).finish()
    #expect(store.state == Trace(log: ["x"]))
    #expect(store.runningEffectCount == 0)
  }

  @Test func scopeWithKeyPathRunsChildOnlyForChildActions() async {
    let clock = EffectClock()
    let store = TestStore(initialState: ParentWithChild.State()) {
      ParentWithChild()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.child(.increment)) { $0.child.count = 1 }
    await store.send(.parentOnly) { $0.parentCount = 1 }
    // The child's effect actions come back embedded in the parent's action.
    await store.send(.child(.startTimer))
    await clock.advance(by: .seconds(1))
    await store.receive(.child(.tick)) { $0.child.ticks = 1 }
    await store.send(.child(.stopTimer))
  }

  @Test func scopeWithCasePathRunsChildInItsCase() async {
    let store = TestStore(initialState: Session.State.loggedIn(Child.State())) { Session() }
    await store.send(.loggedIn(.increment)) { $0 = .loggedIn(Child.State(count: 1)) }
    await store.send(.logOut) { $0 = .loggedOut }
  }

  @Test func scopeWithCasePathReportsActionInOtherCase() async {
    let store = TestStore(initialState: Session.State.loggedOut) { Session() }
    await withKnownIssue {
      await store.send(.loggedIn(.increment))
    } matching: {
      $0.mentions("child state was in another case")
    }
    #expect(store.state == .loggedOut)
  }
}
