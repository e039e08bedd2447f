import Composable
import ComposableTesting
import Testing

struct Form: Reducer {
  struct State: Equatable {
    var title = ""
    var count = 0
    var log: [String] = []
  }

  @CasePathable
  enum Action: Equatable, BindableAction {
    case binding(BindingAction<State>)

    var binding: BindingAction<State>? {
      if case .binding(let action) = self { action } else { nil }
    }
  }

  var body: some Reducer<State, Action> {
    BindingReducer()
    Reduce { state, action in
      switch action {
      case .binding(\.title):
        // BindingReducer ran first, so the new value is already in place.
        state.log.append("title -> \(state.title)")
        return .none
      case .binding:
        return .none
      }
    }
  }
}

@MainActor
struct BindingTests {
  @Test func bindingReducerSetsFieldsAndCaseMatchesTheField() async {
    let store = TestStore(initialState: Form.State()) { Form() }
    await store.send(.binding(.set(\.title, "Standup"))) {
      $0.title = "Standup"
      $0.log = ["title -> Standup"]
    }
    // Another field: set, but `case .binding(\.title)` does not match it.
    await store.send(.binding(.set(\.count, 3))) { $0.count = 3 }
  }

  @Test func bindingActionsCompareByFieldAndValue() {
    let a = BindingAction<Form.State>.set(\.title, "a")
    #expect(a == .set(\.title, "a"))
    #expect(a != .set(\.title, "b"))
    #expect(a != BindingAction<Form.State>.set(\.count, 1))
    #expect(a.value(for: \.title) == "a")
    #expect(a.value(for: \.count) == nil)
    #expect(\Form.State.title ~= a)
    #expect(!(\Form.State.count ~= a))
  }

  @Test func aWrongBindingIsAWrongReceivedAction() async {
    let store = TestStore(initialState: Form.State()) {
      CombineReducers {
        Form()
        // Echo a title change into the count, to receive a binding action.
        Reduce<Form.State, Form.Action> { state, action in
          guard case .binding(\.title) = action else { return .none }
          return .send(.binding(.set(\.count, state.title.count)))
        }
      }
    }
    await store.send(.binding(.set(\.title, "abc"))) {
      $0.title = "abc"
      $0.log = ["title -> abc"]
    }
    await withKnownIssue {
      await store.receive(.binding(.set(\.count, 4))) { $0.count = 3 }
    } matching: {
      $0.mentions("Received unexpected action")
    }
  }
}
