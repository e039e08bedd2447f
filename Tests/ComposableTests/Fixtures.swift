import Composable
import Testing

/// A small presentable feature used by the navigation tests: a counter that
/// closes itself at 5, a 1-second timer, and a close button.
struct Child: Reducer {
  struct State: Equatable, Identifiable {
    var id = 0
    var count = 0
    var ticks = 0
  }

  @CasePathable
  enum Action: Equatable {
    case increment
    case startTimer
    case stopTimer
    case tick
    case closeTapped
  }

  enum CancelID { case timer }

  @Dependency(\.continuousClock) var clock
  @Dependency(\.dismiss) var dismiss

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .increment:
      state.count += 1
      // Read now: the presenting ifLet/forEach provides this feature's dismiss.
      return state.count >= 5 ? .run { [dismiss] _ in await dismiss() } : .none
    case .startTimer:
      return .run { [clock] send in
        while true {
          try await clock.sleep(for: .seconds(1))
          await send(.tick)
        }
      }
      .cancellable(id: CancelID.timer, cancelInFlight: true)
    case .stopTimer:
      return .cancel(id: CancelID.timer)
    case .tick:
      state.ticks += 1
      return .none
    case .closeTapped:
      return .run { [dismiss] _ in await dismiss() }
    }
  }
}

/// A parent presenting `Child` in a sheet, plus an alert.
struct SheetParent: Reducer {
  struct State: Equatable {
    @PresentationState var child: Child.State? = nil
    @PresentationState var alert: AlertState<Action.Alert>? = nil
    /// What the parent saw, in order, to check that it runs before state is cleared.
    var log: [String] = []
  }

  @CasePathable
  enum Action: Equatable {
    case child(PresentationAction<Child.Action>)
    case alert(PresentationAction<Alert>)
    case present(id: Int, count: Int = 0)
    case closeDirectly
    case deleteTapped

    @CasePathable
    enum Alert: Equatable {
      case confirmDelete
      case cancelled
      case again
    }
  }

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .present(let id, let count):
        state.child = Child.State(id: id, count: count)
        return .none
      case .closeDirectly:
        state.child = nil
        return .none
      case .deleteTapped:
        state.alert = AlertState(
          title: "Delete?",
          buttons: [
            .destructive("Delete", action: .confirmDelete), .cancel("Cancel", action: .cancelled),
          ])
        return .none
      case .alert(.presented(let choice)):
        state.log.append("alert \(choice) shown=\(state.alert != nil)")
        // A new alert from a button is a new presentation: it must stay.
        if choice == .again { state.alert = AlertState(title: "Again") }
        return .none
      case .child(.dismiss):
        state.log.append("dismiss count=\(state.child?.count ?? -1)")
        return .none
      case .alert, .child:
        return .none
      }
    }
    .ifLet(\.$child, action: \.child) { Child() }
    .ifLet(\.$alert, action: \.alert)
  }
}

/// A parent with a navigation stack of `Child` screens.
struct StackParent: Reducer {
  struct State: Equatable {
    var path = StackState<Child.State>()
    var log: [String] = []
  }

  @CasePathable
  enum Action: Equatable {
    case path(StackAction<Child.State, Child.Action>)
    case pushTapped
    case pushTwice
    case popLast
  }

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .pushTapped:
        state.path.append(Child.State(id: state.path.count))
        return .none
      case .pushTwice:
        return .merge(.send(.pushTapped), .send(.pushTapped))
      case .popLast:
        state.path.removeLast()
        return .none
      case .path(.popFrom(let id)):
        state.log.append("popFrom \(id.rawValue) depth=\(state.path.count)")
        return .none
      case .path:
        return .none
      }
    }
    .forEach(\.path, action: \.path) { Child() }
  }
}

extension Issue {
  /// Whether the issue's message contains `text`, so a known-issue block proves
  /// the specific failure and not just any failure.
  func mentions(_ text: String) -> Bool {
    comments.contains { $0.rawValue.contains(text) } || String(describing: self).contains(text)
  }
}

/// A `TestClock` that knows which sleeps are pending. Effects run on other
/// threads, so an effect may not have reached its `sleep` when a test advances
/// time; it would then sleep from the advanced time and miss its tick. Tests
/// therefore advance only once the expected number of effects are asleep.
final class EffectClock: Clock {
  typealias Duration = Swift.Duration
  typealias Instant = TestClock<Duration>.Instant

  private let base = TestClock()
  private let sleeps = LockIsolated((next: 0, deadlines: [Int: Instant]()))

  var now: Instant { base.now }
  var minimumResolution: Duration { base.minimumResolution }

  func sleep(until deadline: Instant, tolerance: Duration?) async throws {
    let token = sleeps.withValue { s in
      s.next += 1
      s.deadlines[s.next] = deadline
      return s.next
    }
    defer { sleeps.withValue { _ = $0.deadlines.removeValue(forKey: token) } }
    try await base.sleep(until: deadline, tolerance: tolerance)
  }

  /// Waits (yielding) until exactly `asleep` effects sleep past now, then
  /// advances. `asleep: 0` also proves that cancelled timers stopped sleeping.
  func advance(
    by duration: Duration, asleep expected: Int = 1,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async {
    let start = ContinuousClock.now
    while sleeping != expected {
      if ContinuousClock.now - start > .seconds(2) {
        Issue.record(
          "Expected \(expected) effect(s) asleep on the clock, found \(sleeping).",
          sourceLocation: sourceLocation)
        break
      }
      await Task.yield()
    }
    await base.advance(by: duration)
  }

  private var sleeping: Int {
    let now = base.now
    return sleeps.value.deadlines.values.filter { $0 > now }.count
  }
}
