import Foundation

/// The root screen: every standup as a card, an "add" sheet, and deletion with
/// a confirmation alert.
public struct StandupsList: Reducer {
  public struct State: Equatable, Sendable {
    @PresentationState public var destination: Destination.State?
    public var standups: IdentifiedArrayOf<Standup>
    /// The highlighted card; nil only when the list is empty.
    public var selection: Standup.ID?

    public init(
      destination: Destination.State? = nil,
      standups: IdentifiedArrayOf<Standup> = [],
      selection: Standup.ID? = nil
    ) {
      self.destination = destination
      self.standups = standups
      self.selection = selection ?? standups.first?.id
    }

    public var selectedIndex: Int? { selection.flatMap { standups.index(id: $0) } }

    /// Removes a standup. A highlight on it moves to the card that takes its
    /// place, else the one above; nil once the list is empty. Every deletion
    /// (the list's alert, the detail screen's via `AppFeature`) goes through
    /// here, so the list looks the same afterwards whichever screen deleted.
    public mutating func removeStandup(id: Standup.ID) {
      guard let index = standups.index(id: id) else { return }
      standups.remove(at: index)
      guard selection == id else { return }
      selection = standups.isEmpty ? nil : standups[min(index, standups.count - 1)].id
    }
  }

  @CasePathable
  public enum Action: Equatable, Sendable {
    case addButtonTapped
    case confirmAddButtonTapped
    case deleteButtonTapped(Standup.ID)
    case destination(PresentationAction<Destination.Action>)
    case delegate(Delegate)
    /// Close the add sheet without adding (the user's cancel; `.destination(.dismiss)`
    /// stays for dismissal the child asks for).
    case discardButtonTapped
    /// Fill an empty list with the sample standups.
    case loadSamplesButtonTapped
    /// Move the highlight by `offset` cards (clamped to the list).
    case selectionMoved(by: Int)
    case selectionMovedToFirst
    case selectionMovedToLast
    case standupTapped(Standup.ID)

    @CasePathable
    public enum Delegate: Equatable, Sendable {
      case openStandup(Standup.ID)
    }
  }

  /// What the list presents: the add sheet or an alert.
  public struct Destination: Reducer {
    @CasePathable
    public enum State: Equatable, Sendable {
      case add(StandupForm.State)
      case alert(AlertState<Alert>)
    }

    @CasePathable
    public enum Action: Equatable, Sendable {
      case add(StandupForm.Action)
      case alert(Alert)
    }

    public enum Alert: Equatable, Sendable {
      case confirmDeletion(Standup.ID)
    }

    public init() {}

    public var body: some ReducerOf<Self> {
      Scope(state: \.add, action: \.add) { StandupForm() }
    }
  }

  @Dependency(\.uuid) var uuid

  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .addButtonTapped:
        state.destination = .add(StandupForm.State(standup: Standup(id: .init(uuid()))))
        return .none

      case .confirmAddButtonTapped:
        guard case .add(var form) = state.destination else { return .none }
        guard let standup = form.validate() else {
          state.destination = .add(form)
          return .none
        }
        state.destination = nil
        state.standups.append(standup)
        state.selection = standup.id
        return .none

      case .deleteButtonTapped(let id):
        guard let standup = state.standups[id: id] else { return .none }
        state.destination = .alert(.deleteStandup(standup))
        return .none

      case .destination(.presented(.alert(.confirmDeletion(let id)))):
        state.removeStandup(id: id)
        return .none

      case .destination, .delegate:
        return .none

      case .discardButtonTapped:
        // Only the add sheet: an alert on screen is not a draft to discard.
        guard case .add = state.destination else { return .none }
        state.destination = nil
        return .none

      case .loadSamplesButtonTapped:
        guard state.standups.isEmpty else { return .none }
        state.standups = SampleData.standups
        state.selection = state.standups.first?.id
        return .none

      case .selectionMoved(let offset):
        guard !state.standups.isEmpty else { return .none }
        let current = state.selectedIndex ?? 0
        let next = min(max(current + offset, 0), state.standups.count - 1)
        state.selection = state.standups[next].id
        return .none

      case .selectionMovedToFirst:
        state.selection = state.standups.first?.id
        return .none

      case .selectionMovedToLast:
        state.selection = state.standups.last?.id
        return .none

      case .standupTapped(let id):
        guard state.standups[id: id] != nil else { return .none }
        state.selection = id
        return .send(.delegate(.openStandup(id)))
      }
    }
    .ifLet(\.$destination, action: \.destination) { Destination() }
  }
}

extension AlertState where Action == StandupsList.Destination.Alert {
  static func deleteStandup(_ standup: Standup) -> Self {
    Self(
      title: "Delete?",
      message: "Are you sure you want to delete \"\(standup.title)\"?",
      buttons: [
        .destructive("Yes", action: .confirmDeletion(standup.id)),
        .cancel("Nevermind"),
      ]
    )
  }
}
