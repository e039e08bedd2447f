import Composable
import ComposableTesting
import Foundation
import Testing

// Ported from TCA's TestStoreNonExhaustiveTests: the examples from Krzysztof
// Zabłocki's blog post (https://www.merowing.info/exhaustive-testing-in-tca/)
// and an assertion that draws from a dependency.

@MainActor
struct TCATestStoreNonExhaustiveExampleTests {
  struct KrzysztofExample: Reducer {
    struct State: Equatable {
      var name = "Krzysztof"
      var surname = "Zabłocki"
      var age = 33
      var mood = 0
    }
    enum Action: Equatable {
      case changeIdentity(name: String, surname: String)
      case changeAge(Int)
      case changeMood(Int)
      case advanceAgeAndMoodAfterDelay
    }

    @Dependency(\.continuousClock) var clock

    var body: some Reducer<State, Action> {
      Reduce { state, action in
        switch action {
        case .changeIdentity(let name, let surname):
          state.name = name
          state.surname = surname
          return .none
        case .advanceAgeAndMoodAfterDelay:
          return .run { [state, clock] send in
            try await clock.sleep(for: .seconds(1))
            async let changeAge: () = send(.changeAge(state.age + 1))
            async let changeMood: () = send(.changeMood(state.mood + 1))
            _ = await (changeAge, changeMood)
          }
        case .changeAge(let age):
          state.age = age
          return .none
        case .changeMood(let mood):
          state.mood = mood
          return .none
        }
      }
    }
  }

  @Test func krzysztofExample1() async {
    let store = TestStore(initialState: KrzysztofExample.State()) { KrzysztofExample() }
    store.exhaustivity = .off

    await store.send(.changeIdentity(name: "Marek", surname: "Ignored")) {
      $0.name = "Marek"
    }
  }

  @Test func krzysztofExample2() async {
    let store = TestStore(initialState: KrzysztofExample.State()) { KrzysztofExample() }
    store.exhaustivity = .off

    await store.send(.changeIdentity(name: "Adam", surname: "Stern"))
    await store.send(.changeIdentity(name: "Piotr", surname: "Galiszewski"))
    await store.send(.changeIdentity(name: "Merowing", surname: "Info")) {
      $0.name = "Merowing"
      $0.surname = "Info"
    }
  }

  @Test func krzysztofExample3() async {
    let clock = EffectClock()
    let store = TestStore(initialState: KrzysztofExample.State()) {
      KrzysztofExample()
    } withDependencies: {
      $0.continuousClock = clock
    }
    store.exhaustivity = .off

    await store.send(.advanceAgeAndMoodAfterDelay)
    await clock.advance(by: .seconds(1), asleep: 1)
    await store.receive(.changeAge(34)) {
      $0.age = 34
    }
    #expect(store.state.age == 34)
  }

  @Test func effectfulAssertionNonExhaustiveTestStoreShowSkippedAssertions() async {
    struct Model: Equatable {
      let id: UUID
      init() {
        @Dependency(\.uuid) var uuid
        self.id = uuid()
      }
    }
    struct State: Equatable {
      var values: [Model] = []
    }
    enum Action { case addButtonTapped }

    // TCA marks this test XCTTODO: it fails until dependencies are "copyable"
    // (the expectation's `Model()` draws the next UUID, not the reducer's).
    await withKnownIssue("Should pass once dependencies are copyable") {
      let store = TestStore(initialState: State()) {
        Reduce<State, Action> { state, action in
          switch action {
          case .addButtonTapped:
            state.values.append(Model())
            return .none
          }
        }
      } withDependencies: {
        $0.uuid = .incrementing
      }
      store.exhaustivity = .off(showSkippedAssertions: true)

      await store.send(.addButtonTapped) {
        $0.values.insert(Model(), at: 0)
      }
      await store.send(.addButtonTapped) {
        $0.values.insert(Model(), at: 1)
      }
    }
  }
}
