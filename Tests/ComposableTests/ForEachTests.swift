import Composable
import ComposableTesting
import Testing

struct Rows: Reducer {
  struct State: Equatable {
    var rows: IdentifiedArrayOf<Child.State> = []
    var log: [String] = []
  }

  @CasePathable
  enum Action: Equatable {
    case rows(IdentifiedAction<Int, Child.Action>)
    case remove(id: Int)
  }

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .remove(let id):
        state.rows.remove(id: id)
        return .none
      case .rows(.element(id: let id, action: .increment)):
        // The parent runs after the element, so it sees the new count.
        state.log.append("row \(id) count=\(state.rows[id: id]?.count ?? -1)")
        return .none
      case .rows:
        return .none
      }
    }
    .forEach(\.rows, action: \.rows) { Child() }
  }
}

@MainActor
struct ForEachTests {
  let clock = EffectClock()

  func makeStore() -> TestStore<Rows.State, Rows.Action> {
    TestStore(initialState: Rows.State(rows: [Child.State(id: 1), Child.State(id: 2)])) {
      Rows()
    } withDependencies: { [clock] in
      $0.continuousClock = clock
    }
  }

  @Test func elementActionsReachTheElementThenTheParent() async {
    let store = makeStore()
    await store.send(.rows(.element(id: 2, action: .increment))) {
      $0.rows[id: 2]?.count = 1
      $0.log = ["row 2 count=1"]
    }
    #expect(store.state.rows[id: 1]?.count == 0)
  }

  @Test func elementEffectsComeBackToTheirElement() async {
    let store = makeStore()
    await store.send(.rows(.element(id: 1, action: .startTimer)))
    await clock.advance(by: .seconds(1))
    await store.receive(.rows(.element(id: 1, action: .tick))) { $0.rows[id: 1]?.ticks = 1 }
    await store.send(.rows(.element(id: 1, action: .stopTimer)))
  }

  @Test func removedElementsHaveTheirEffectsCancelled() async {
    let store = makeStore()
    await store.send(.rows(.element(id: 1, action: .startTimer)))
    await clock.advance(by: .milliseconds(500))
    await store.send(.rows(.element(id: 2, action: .startTimer)))
    await store.send(.remove(id: 1)) { $0.rows.remove(id: 1) }
    await clock.advance(by: .seconds(1))
    // Row 1 would have ticked first; only row 2 does.
    await store.receive(.rows(.element(id: 2, action: .tick))) { $0.rows[id: 2]?.ticks = 1 }
    await store.send(.remove(id: 2)) { $0.rows.removeAll() }
    await clock.advance(by: .seconds(5), asleep: 0)
  }

  @Test func actionForAMissingElementIsReported() async {
    let store = makeStore()
    await withKnownIssue {
      await store.send(.rows(.element(id: 9, action: .increment))) {
        $0.log = ["row 9 count=-1"]
      }
    } matching: {
      $0.mentions("missing element")
    }
  }
}
