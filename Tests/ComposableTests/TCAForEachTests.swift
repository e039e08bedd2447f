import Composable
import ComposableTesting
import Foundation
import Testing

/// Ported from TCA's `ForEachReducerTests`: `forEach` on an identified array.
/// TCA's `send(\.rows[id: 1], value)` becomes `send(.rows(.element(id: 1, action: value)))`.
@MainActor
struct TCAForEachTests {
  @Test func elementAction() async {
    let store = TestStore(
      initialState: Elements.State(
        rows: [
          .init(id: 1, value: "Blob"),
          .init(id: 2, value: "Blob Jr."),
          .init(id: 3, value: "Blob Sr."),
        ]
      )
    ) {
      Elements()
    }

    await store.send(.rows(.element(id: 1, action: "Blob Esq."))) {
      $0.rows[id: 1]?.value = "Blob Esq."
    }
    await store.send(.rows(.element(id: 2, action: ""))) {
      $0.rows[id: 2]?.value = ""
    }
    await store.receive(.rows(.element(id: 2, action: "Empty"))) {
      $0.rows[id: 2]?.value = "Empty"
    }
  }

  @Test func nonElementAction() async {
    let store = TestStore(initialState: Elements.State()) { Elements() }
    await store.send(.buttonTapped)
  }

  @Test func missingElement() async {
    let store = TestStore(initialState: Elements.State()) {
      EmptyReducer<Elements.State, Elements.Action>()
        .forEach(\.rows, action: \.rows) {}
    }
    await withKnownIssue {
      await store.send(.rows(.element(id: 1, action: "Blob Esq.")))
    } matching: {
      $0.mentions("received an action for a missing element")
    }
  }

  @Test func automaticEffectCancellation() async {
    let clock = EffectClock()
    let store = TestStore(initialState: Timers.State()) {
      Timers()
    } withDependencies: {
      $0.uuid = .incrementing
      $0.continuousClock = clock
    }
    await store.send(.addTimerButtonTapped) {
      $0.timers = [Timers.Timer.State(id: UUID(0))]
    }
    await store.send(.timers(.element(id: UUID(0), action: .startButtonTapped)))
    await clock.advance(by: .seconds(2))
    await store.receive(.timers(.element(id: UUID(0), action: .tick))) {
      $0.timers[0].elapsed = 1
    }
    await store.receive(.timers(.element(id: UUID(0), action: .tick))) {
      $0.timers[0].elapsed = 2
    }
    await store.send(.addTimerButtonTapped) {
      $0.timers = [
        Timers.Timer.State(id: UUID(0), elapsed: 2),
        Timers.Timer.State(id: UUID(1)),
      ]
    }
    await clock.advance(by: .seconds(1))
    await store.receive(.timers(.element(id: UUID(0), action: .tick))) {
      $0.timers[0].elapsed = 3
    }
    // Not in TCA: lets the first timer go back to sleep before the second starts, so
    // it is the first to wake when both are due (the order the ticks are received in).
    await clock.advance(by: .zero, asleep: 1)
    await store.send(.timers(.element(id: UUID(1), action: .startButtonTapped)))
    await clock.advance(by: .seconds(1), asleep: 2)
    await store.receive(.timers(.element(id: UUID(0), action: .tick))) {
      $0.timers[0].elapsed = 4
    }
    await store.receive(.timers(.element(id: UUID(1), action: .tick))) {
      $0.timers[1].elapsed = 1
    }
    // Removing a timer cancels its effect: only the first one is still asleep.
    await store.send(.removeLastTimerButtonTapped) {
      $0.timers = [Timers.Timer.State(id: UUID(0), elapsed: 4)]
    }
    await clock.advance(by: .seconds(1), asleep: 1)
    await store.receive(.timers(.element(id: UUID(0), action: .tick))) {
      $0.timers[0].elapsed = 5
    }
    await store.send(.removeLastTimerButtonTapped) {
      $0.timers = []
    }
  }
}

extension TCAForEachTests {
  /// Rows whose reducer sets the value sent; an empty value comes back as "Empty".
  struct Elements: Reducer {
    struct State: Equatable {
      struct Row: Equatable, Identifiable {
        var id: Int
        var value: String
      }
      var rows: IdentifiedArrayOf<Row> = []
    }
    @CasePathable
    enum Action: Equatable {
      case buttonTapped
      case rows(IdentifiedAction<Int, String>)
    }
    var body: some Reducer<State, Action> {
      Reduce { _, _ in .none }
        .forEach(\.rows, action: \.rows) {
          Reduce { state, action in
            state.value = action
            return action.isEmpty ? .run { send in await send("Empty") } : .none
          }
        }
    }
  }

  struct Timers: Reducer {
    struct Timer: Reducer {
      struct State: Equatable, Identifiable {
        let id: UUID
        var elapsed = 0
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
            return .run { [clock] send in
              for await _ in clock.timer(interval: .seconds(1)) {
                await send(.tick)
              }
            }
          case .tick:
            state.elapsed += 1
            return .none
          }
        }
      }
    }

    struct State: Equatable {
      var timers: IdentifiedArrayOf<Timer.State> = []
    }
    /// TCA's `timers(id:action:)` case with a `/Action.timers` case path: our
    /// `forEach` takes an `IdentifiedAction` case.
    @CasePathable
    enum Action: Equatable {
      case addTimerButtonTapped
      case removeLastTimerButtonTapped
      case timers(IdentifiedAction<UUID, Timer.Action>)
    }
    @Dependency(\.uuid) var uuid
    var body: some Reducer<State, Action> {
      Reduce { state, action in
        switch action {
        case .addTimerButtonTapped:
          state.timers.append(Timer.State(id: uuid()))
          return .none
        case .removeLastTimerButtonTapped:
          state.timers.removeLast()
          return .none
        case .timers:
          return .none
        }
      }
      .forEach(\.timers, action: \.timers) { Timer() }
    }
  }
}
