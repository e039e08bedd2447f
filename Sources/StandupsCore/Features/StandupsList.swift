import Foundation

/// The root screen: every standup as a card, an "add" sheet, deletion with a
/// confirmation alert, and a filter line (`StandupsFilter`) that narrows the
/// cards to those matching every word typed.
public struct StandupsList: Reducer {
  public struct State: Equatable, Sendable {
    @PresentationState public var destination: Destination.State?
    public var standups: IdentifiedArrayOf<Standup> {
      didSet { search.update(standups, old: oldValue, words: filter.words) }
    }
    /// The highlighted card: always one the filter shows; nil only when none
    /// shows (an empty list, or a filter nothing matches).
    public var selection: Standup.ID?
    /// The filter line (`/`).
    public var filter: StandupsFilter {
      didSet {
        guard filter.text != oldValue.text else { return }
        search.refilter(standups, words: filter.words)
      }
    }
    /// Derived from `standups` and `filter` (kept in step by their `didSet`);
    /// equal in every two states, see `StandupsSearch`.
    public private(set) var search = StandupsSearch()

    public init(
      destination: Destination.State? = nil,
      standups: IdentifiedArrayOf<Standup> = [],
      selection: Standup.ID? = nil,
      filter: StandupsFilter = StandupsFilter()
    ) {
      self.destination = destination
      self.standups = standups
      self.filter = filter
      search.refilter(standups, words: filter.words)
      self.selection = selection ?? firstVisibleID
    }

    public var selectedIndex: Int? { selection.flatMap { standups.index(id: $0) } }

    // MARK: What the filter shows

    /// How many standups the filter shows (all of them without a filter).
    public var visibleCount: Int { search.matches?.count ?? standups.count }

    /// The `index`th standup the filter shows.
    public func visibleStandup(at index: Int) -> Standup {
      standups[visiblePosition(at: index)]
    }

    /// Where the `index`th standup the filter shows is in `standups` (read
    /// there in place, it is not copied).
    public func visiblePosition(at index: Int) -> Int {
      search.matches?[index] ?? index
    }

    /// The ids the filter shows, in list order.
    public var visibleIDs: [Standup.ID] {
      guard let matches = search.matches else { return standups.ids.elements }
      return matches.map { standups[$0].id }
    }

    /// Where `id` is among the standups the filter shows; nil when hidden or gone.
    public func visibleIndex(of id: Standup.ID) -> Int? {
      guard let position = standups.index(id: id) else { return nil }
      guard let matches = search.matches else { return position }
      // Ascending positions: a binary search.
      var low = 0
      var high = matches.count
      while low < high {
        let middle = (low + high) / 2
        if matches[middle] < position { low = middle + 1 } else { high = middle }
      }
      return low < matches.count && matches[low] == position ? low : nil
    }

    /// The highlight's place among the standups the filter shows.
    public var selectedVisibleIndex: Int? { selection.flatMap(visibleIndex(of:)) }

    public func isVisible(_ id: Standup.ID?) -> Bool {
      id.flatMap(visibleIndex(of:)) != nil
    }

    var firstVisibleID: Standup.ID? { visibleCount > 0 ? visibleStandup(at: 0).id : nil }
    var lastVisibleID: Standup.ID? {
      visibleCount > 0 ? visibleStandup(at: visibleCount - 1).id : nil
    }

    /// Puts the highlight back on a standup the filter shows, if it is not on
    /// one: a hidden standup's nearest shown one below it, else above it; the
    /// first shown one when there was none; nil when none shows. For any
    /// change to the standups or the filter, whoever made it.
    public mutating func keepSelectionVisible() {
      guard !isVisible(selection) else { return }
      guard let selection, let position = standups.index(id: selection),
        let matches = search.matches
      else {
        self.selection = firstVisibleID
        return
      }
      let below = matches.first { $0 > position }
      let above = matches.last { $0 < position }
      self.selection = (below ?? above).map { standups[$0].id }
    }

    /// The filter's index, made elsewhere (see `StandupsIndex`).
    public mutating func adoptIndex(_ index: StandupsIndex) {
      search.adopt(index, standups: standups, words: filter.words)
    }

    /// Removes a standup. A highlight on it moves to the card that takes its
    /// place, else the one above; nil once the list is empty. Every deletion
    /// (the list's alert, the detail screen's via `AppFeature`) goes through
    /// here, so the list looks the same afterwards whichever screen deleted.
    /// With a filter, the cards are the ones it shows.
    public mutating func removeStandup(id: Standup.ID) {
      guard let index = standups.index(id: id) else { return }
      standups.remove(at: index)
      if selection == id {
        selection = standups.isEmpty ? nil : standups[min(index, standups.count - 1)].id
      }
      keepSelectionVisible()
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
    /// `/`: open the filter line (again, with the kept text).
    case filterButtonTapped
    /// The filter line's text and cursor after an edit.
    case filterChanged(String, cursor: Int)
    /// Enter on the filter line: keep the filter, back to the list.
    case filterSubmitted
    /// Esc: no filter, the line closed.
    case filterCleared
    /// Fill an empty list with the sample standups.
    case loadSamplesButtonTapped
    /// The filter's index, made off the reducer (asked for when the filter opens).
    case searchIndexBuilt(StandupsIndex)
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

  // Read when an action runs, not stored: the body is then built once (see `Reducer`).
  var uuid: UUIDGenerator { Dependency(\.uuid).wrappedValue }
  var indexer: StandupsIndexer { Dependency(\.standupsIndexer).wrappedValue }

  private enum CancelID { case index }

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
        // The new card shows, highlighted, even when the kept filter would hide it.
        if !state.isVisible(standup.id) { state.filter = StandupsFilter() }
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

      case .filterButtonTapped:
        state.filter.isEditing = true
        state.filter.cursor = state.filter.text.count
        guard !state.search.isIndexed else { return .none }
        // Made while the user reaches for the first key, off the reducer; a
        // session that never filters keeps no index. `/` again before it
        // arrives asks once more for the standups as they are then.
        return .run { [indexer, standups = state.standups] send in
          await send(.searchIndexBuilt(await indexer.build(standups)))
        }
        .cancellable(id: CancelID.index, cancelInFlight: true)

      case .filterChanged(let text, let cursor):
        state.filter.text = text
        state.filter.cursor = cursor
        // The highlight stays while its card still shows; else the first match.
        if !state.isVisible(state.selection) { state.selection = state.firstVisibleID }
        return .none

      case .filterSubmitted:
        // Only spaces filter nothing: nothing to keep.
        state.filter =
          state.filter.isFiltering
          ? StandupsFilter(text: state.filter.text, isEditing: false) : StandupsFilter()
        return .none

      case .filterCleared:
        state.filter = StandupsFilter()
        state.keepSelectionVisible()
        return .none

      case .loadSamplesButtonTapped:
        guard state.standups.isEmpty else { return .none }
        // The samples show whatever filter was kept over the empty list.
        state.filter = StandupsFilter()
        state.standups = SampleData.standups
        state.selection = state.standups.first?.id
        return .none

      case .searchIndexBuilt(let index):
        state.adoptIndex(index)
        return .none

      case .selectionMoved(let offset):
        let count = state.visibleCount
        guard count > 0 else { return .none }
        let current = state.selectedVisibleIndex ?? 0
        let next = min(max(current + offset, 0), count - 1)
        state.selection = state.visibleStandup(at: next).id
        return .none

      case .selectionMovedToFirst:
        state.selection = state.firstVisibleID
        return .none

      case .selectionMovedToLast:
        state.selection = state.lastVisibleID
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

extension Standup {
  /// " and its 3 meetings", for a delete alert: they go with it.
  var andItsMeetings: String {
    switch meetingCount {
    case 0: ""
    case 1: " and its meeting"
    case let count: " and its \(count) meetings"
    }
  }
}

extension AlertState where Action == StandupsList.Destination.Alert {
  static func deleteStandup(_ standup: Standup) -> Self {
    Self(
      title: "Delete?",
      message: "Are you sure you want to delete “\(standup.title)”\(standup.andItsMeetings)?",
      buttons: [
        .destructive("Yes", action: .confirmDeletion(standup.id)),
        .cancel("Nevermind"),
      ]
    )
  }
}
