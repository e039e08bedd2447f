import Composable
import ComposableTesting
import Foundation
import Testing

/// Ported from TCA's `IfLetReducerTests`: `ifLet` on plain optional state.
@MainActor
struct TCAIfLetTests {
  /// A child's `.cancel(id:)` is its own: two children of one type, each
  /// with a timer under the same id, and one cancelling it, leave the
  /// other's running (TCA gives each child its place in the navigation path).
  @Test func aChildsCancellationReachesNoSibling() async {
    let clock = EffectClock()
    let store = TestStore(initialState: SiblingTimers.Pair.State()) {
      SiblingTimers.Pair()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.left(.start))
    await store.send(.right(.start))
    await store.send(.left(.stop))
    await clock.advance(by: .seconds(1))
    await store.receive(.right(.tick)) { $0.right?.ticks = 1 }
    await store.send(.right(.stop))
  }

  @Test func nilChild() async {
    let store = TestStore(initialState: Int?.none) {
      EmptyReducer<Int?, Void>()
        .ifLet(\.self, action: \.self) {}
    }
    await withKnownIssue {
      await store.send(())
    } matching: {
      $0.mentions("received a child action when child state was nil")
    }
  }

  @Test func effectCancellation() async {
    let clock = EffectClock()
    let store = TestStore(initialState: Toggling.Parent.State()) {
      Toggling.Parent()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.childButtonTapped) {
      $0.child = Ticking.State()
    }
    await store.send(.child(.timerButtonTapped))
    await clock.advance(by: .seconds(2))
    await store.receive(.child(.timerTick)) {
      $0.child?.count = 1
    }
    await store.receive(.child(.timerTick)) {
      $0.child?.count = 2
    }
    // Hiding the child cancels its timer: nothing is left running.
    await store.send(.childButtonTapped) {
      $0.child = nil
    }
  }

  @Test func grandchildEffectCancellation() async {
    let clock = EffectClock()
    let store = TestStore(initialState: Nested.Parent.State()) {
      Nested.Parent()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.startButtonTapped) {
      $0.child = Nested.Child.State(grandChild: Ticking.State())
    }
    await store.send(.child(.grandChild(.timerButtonTapped)))
    await clock.advance(by: .seconds(1))
    await store.receive(.child(.grandChild(.timerTick))) {
      $0.child?.grandChild?.count = 1
    }
    await store.send(.exitButtonTapped) {
      $0.child = nil
    }
  }

  @Test func ephemeralState() async {
    let store = TestStore(initialState: Ephemeral.Parent.State()) { Ephemeral.Parent() }
    await store.send(.tap) {
      $0.alert = AlertState(title: "Hi!")
    }
    // Any alert action closes the alert.
    await store.send(.alert(.ok)) {
      $0.alert = nil
    }
  }

  @Test func identifiableChild() async {
    let clock = EffectClock()
    let store = TestStore(
      initialState: Identified.Feature.State(child: Identified.Child.State(id: 1))
    ) {
      Identified.Feature()
    } withDependencies: {
      $0.continuousClock = clock
    }

    await store.send(.child(.tap))
    // A child with another id is another child: the first one's effect is cancelled.
    await store.send(.newChild) {
      $0.child = Identified.Child.State(id: 2)
    }
    await store.send(.child(.tap))
    await clock.advance(by: .seconds(1), asleep: 1)
    await store.receive(.child(.response(2))) {
      $0.child = Identified.Child.State(id: 2, value: 2)
    }
  }

  @Test func ephemeralDismissal() async {
    let store = TestStore(initialState: EphemeralAgain.Feature.State()) {
      EphemeralAgain.Feature()
    }
    await store.send(.tap) {
      $0.alert = AlertState(title: "Hello")
    }
    // The button shows a new alert (equal to the old one): it stays.
    await store.send(.alert(.again))
    await store.send(.alert(.ok)) {
      $0.alert = nil
    }
  }
}

extension TCAIfLetTests {
  /// A child that counts the ticks of a 1-second timer.
  struct Ticking: Reducer {
    struct State: Equatable { var count = 0 }
    @CasePathable
    enum Action: Equatable {
      case timerButtonTapped
      case timerTick
    }
    @Dependency(\.continuousClock) var clock
    var body: some Reducer<State, Action> {
      Reduce { state, action in
        switch action {
        case .timerButtonTapped:
          return .run { [clock] send in
            for await _ in clock.timer(interval: .seconds(1)) {
              await send(.timerTick)
            }
          }
        case .timerTick:
          state.count += 1
          return .none
        }
      }
    }
  }

  enum Toggling {
    struct Parent: Reducer {
      struct State: Equatable { var child: Ticking.State? }
      @CasePathable
      enum Action: Equatable {
        case child(Ticking.Action)
        case childButtonTapped
      }
      var body: some Reducer<State, Action> {
        Reduce { state, action in
          switch action {
          case .child:
            return .none
          case .childButtonTapped:
            state.child = state.child == nil ? Ticking.State() : nil
            return .none
          }
        }
        .ifLet(\.child, action: \.child) { Ticking() }
      }
    }
  }

  enum Nested {
    struct Child: Reducer {
      struct State: Equatable { var grandChild: Ticking.State? }
      @CasePathable
      enum Action: Equatable { case grandChild(Ticking.Action) }
      var body: some Reducer<State, Action> {
        EmptyReducer()
          .ifLet(\.grandChild, action: \.grandChild) { Ticking() }
      }
    }

    struct Parent: Reducer {
      struct State: Equatable { var child: Child.State? }
      @CasePathable
      enum Action: Equatable {
        case child(Child.Action)
        case exitButtonTapped
        case startButtonTapped
      }
      var body: some Reducer<State, Action> {
        Reduce { state, action in
          switch action {
          case .child:
            return .none
          case .exitButtonTapped:
            state.child = nil
            return .none
          case .startButtonTapped:
            state.child = Child.State(grandChild: Ticking.State())
            return .none
          }
        }
        .ifLet(\.child, action: \.child) { Child() }
      }
    }
  }

  enum Ephemeral {
    struct Parent: Reducer {
      struct State: Equatable { var alert: AlertState<AlertAction>? }
      @CasePathable
      enum Action: Equatable {
        case alert(AlertAction)
        case tap
      }
      enum AlertAction: Equatable { case ok }
      var body: some Reducer<State, Action> {
        Reduce { state, action in
          switch action {
          case .alert:
            return .none
          case .tap:
            state.alert = AlertState(title: "Hi!")
            return .none
          }
        }
        .ifLet(\.alert, action: \.alert) {}
      }
    }
  }

  enum Identified {
    struct Feature: Reducer {
      struct State: Equatable { var child: Child.State? }
      @CasePathable
      enum Action: Equatable {
        case child(Child.Action)
        case newChild
      }
      var body: some Reducer<State, Action> {
        Reduce { state, action in
          switch action {
          case .child:
            return .none
          case .newChild:
            guard let childState = state.child else { return .none }
            state.child = Child.State(id: childState.id + 1)
            return .none
          }
        }
        .ifLet(\.child, action: \.child) { Child() }
      }
    }

    struct Child: Reducer {
      struct State: Equatable, Identifiable {
        let id: Int
        var value = 0
      }
      @CasePathable
      enum Action: Equatable {
        case tap
        case response(Int)
      }
      @Dependency(\.continuousClock) var clock
      var body: some Reducer<State, Action> {
        Reduce { state, action in
          switch action {
          case .tap:
            // TCA sleeps 0s on a test scheduler, which still waits for `advance()`;
            // our clock wakes a 0s sleep at once, so the child waits 1s instead.
            return .run { [id = state.id, clock] send in
              try await clock.sleep(for: .seconds(1))
              await send(.response(id))
            }
          case .response(let value):
            state.value = value
            return .none
          }
        }
      }
    }
  }

  enum EphemeralAgain {
    struct Feature: Reducer {
      struct State: Equatable { var alert: AlertState<AlertAction>? }
      @CasePathable
      enum Action: Equatable {
        case alert(AlertAction)
        case tap
      }
      enum AlertAction: Equatable {
        case again
        case ok
      }
      var body: some Reducer<State, Action> {
        Reduce { state, action in
          switch action {
          case .alert(.ok):
            return .none
          case .alert(.again), .tap:
            state.alert = AlertState(title: "Hello")
            return .none
          }
        }
        .ifLet(\.alert, action: \.alert)
      }
    }
  }
}

/// Two children of one type side by side (see `aChildsCancellationReachesNoSibling`).
enum SiblingTimers {
  struct Timed: Reducer {
    struct State: Equatable { var ticks = 0 }
    enum Action: Equatable { case start, stop, tick }
    enum CancelID { case timer }
    @Dependency(\.continuousClock) var clock
    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .start:
        return .run { send in
          for await _ in clock.timer(interval: .seconds(1)) { await send(.tick) }
        }
        .cancellable(id: CancelID.timer)
      case .stop:
        return .cancel(id: CancelID.timer)
      case .tick:
        state.ticks += 1
        return .none
      }
    }
  }
  struct Pair: Reducer {
    struct State: Equatable {
      var left: Timed.State? = Timed.State()
      var right: Timed.State? = Timed.State()
    }
    @CasePathable
    enum Action: Equatable {
      case left(Timed.Action)
      case right(Timed.Action)
    }
    var body: some Reducer<State, Action> {
      EmptyReducer()
        .ifLet(\.left, action: \.left) { Timed() }
        .ifLet(\.right, action: \.right) { Timed() }
    }
  }
}
