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
