import Foundation

/// The "Inventory" tab: the items with a highlighted one, and everything done
/// to it through one destination (add/duplicate sheet, edit popover, detail,
/// delete alert, duplicate dialog) — so at most one is on screen.
public struct Inventory: Reducer {
  public struct State: Equatable, Sendable {
    @PresentationState public var destination: Destination.State?
    public var items: IdentifiedArrayOf<Item>
    /// The highlighted item; nil only when there are none.
    public var selection: Item.ID?
    /// The item whose detail edit, duplicate or delete was asked from: its
    /// detail shows again once what they opened has closed, unless the
    /// item is gone.
    public var detailToReturnTo: Item.ID?

    public init(
      destination: Destination.State? = nil,
      items: IdentifiedArrayOf<Item> = [],
      selection: Item.ID? = nil
    ) {
      self.destination = destination
      self.items = items
      self.selection = selection ?? items.first?.id
    }

    public var selectedItem: Item? { selection.flatMap { items[id: $0] } }

    /// What edit, duplicate and delete act on: the item the detail shows,
    /// else the highlighted one.
    public var itemActedOn: Item? {
      if case .detail(let detail) = destination { return items[id: detail.item.id] }
      return selectedItem
    }

    /// Edit, duplicate or delete is about to replace the destination with
    /// `destination`: from the detail, it is remembered to come back to.
    mutating func act(on item: Item, with destination: Destination.State) {
      if case .detail = self.destination { detailToReturnTo = item.id }
      selection = item.id
      self.destination = destination
    }

    /// Removes an item. A highlight on it moves to the item that takes its
    /// place, else the one above; nil once there are none.
    public mutating func removeItem(id: Item.ID) {
      guard let index = items.index(id: id) else { return }
      items.remove(at: index)
      guard selection == id else { return }
      selection = items.isEmpty ? nil : items[min(index, items.count - 1)].id
    }
  }

  @CasePathable
  public enum Action: Equatable, Sendable {
    case addButtonTapped
    /// Close the add sheet without adding (Esc: the user's cancel;
    /// `.destination(.dismiss)` stays for dismissal the child asks for).
    case cancelAddItemButtonTapped
    /// Close the edit popover, discarding the draft.
    case cancelEditItemButtonTapped
    /// Add the sheet's item (Ctrl-S), unless its name is blank.
    case confirmAddItemButtonTapped
    /// Save the popover's changes, unless the name is blank.
    case confirmEditItemButtonTapped
    case delegate(Delegate)
    case deleteButtonTapped
    case destination(PresentationAction<Destination.Action>)
    case detailButtonTapped
    /// The detail shows the item `offset` items away in the list (clamped),
    /// which the list highlights.
    case detailMoved(by: Int)
    case duplicateButtonTapped
    case editButtonTapped
    case itemTapped(Item.ID)
    /// Move the highlight by `offset` items (clamped to the list).
    case selectionMoved(by: Int)
    case selectionMovedToFirst
    case selectionMovedToLast
  }

  @CasePathable
  public enum Delegate: Equatable, Sendable {
    /// The edit saved here and a change made elsewhere disagree: the stored
    /// version stayed; this is the user's, to keep aside.
    case editConflicted(Item)
  }

  /// What the inventory presents; one case at a time.
  public struct Destination: Reducer {
    @CasePathable
    public enum State: Equatable, Sendable {
      /// The "New item" / "Duplicate item" sheet.
      case add(ItemForm.State)
      case alert(AlertState<Alert>)
      /// The read-only drill-down.
      case detail(ItemDetail.State)
      case duplicate(ConfirmationDialogState<Dialog>)
      /// The edit popover.
      case edit(ItemForm.State)
    }

    @CasePathable
    public enum Action: Equatable, Sendable {
      case add(ItemForm.Action)
      case alert(Alert)
      case detail(ItemDetail.Action)
      case duplicate(Dialog)
      case edit(ItemForm.Action)
    }

    public enum Alert: Equatable, Sendable {
      case confirmDeletion(Item.ID)
    }

    public enum Dialog: Equatable, Sendable {
      case confirmDuplication(Item.ID)
    }

    public init() {}

    public var body: some ReducerOf<Self> {
      Scope(state: \.add, action: \.add) { ItemForm() }
      Scope(state: \.detail, action: \.detail) { ItemDetail() }
      Scope(state: \.edit, action: \.edit) { ItemForm() }
    }
  }

  // Read when an action runs, not stored: the body is then built once (see `Reducer`).
  var uuid: UUIDGenerator { Dependency(\.uuid).wrappedValue }

  public init() {}

  static func presentsNothing(_ state: State) -> Bool { state.destination == nil }

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .addButtonTapped:
        state.destination = .add(.newItem(id: .init(uuid())))
        return .none

      case .cancelAddItemButtonTapped:
        // Only the sheet: an alert on screen is not a draft to discard.
        guard case .add = state.destination else { return .none }
        state.destination = nil
        return .none

      case .cancelEditItemButtonTapped:
        guard case .edit = state.destination else { return .none }
        state.destination = nil
        return .none

      case .confirmAddItemButtonTapped:
        guard case .add(var form) = state.destination else { return .none }
        guard let item = form.validate() else {
          state.destination = .add(form)
          return .none
        }
        state.destination = nil
        // A duplicate goes beside its original.
        let index = form.duplicateOf.flatMap { state.items.index(id: $0) }.map { $0 + 1 }
        state.items.insert(item, at: index ?? state.items.endIndex)
        state.selection = item.id
        return .none

      case .confirmEditItemButtonTapped:
        guard case .edit(var form) = state.destination else { return .none }
        guard let item = form.validate() else {
          state.destination = .edit(form)
          return .none
        }
        state.destination = nil
        // Deleted elsewhere while the popover was open: saving keeps it (edit
        // beats delete), changed or not, as the banner said.
        guard let stored = state.items[id: item.id] else {
          state.items.insert(item, at: state.items.insertionIndex(for: form.restorePlace))
          state.selection = item.id
          return .none
        }
        // Untouched: confirming it must not undo a change made elsewhere
        // meanwhile.
        guard item != form.original else { return .none }
        if stored != form.original, item != stored {
          // Changed elsewhere meanwhile, differently: the stored version stays.
          return .send(.delegate(.editConflicted(item)))
        }
        state.items[id: item.id] = item
        return .none

      case .delegate:
        return .none

      case .deleteButtonTapped:
        guard let item = state.itemActedOn else { return .none }
        state.act(on: item, with: .alert(.deleteItem(item)))
        return .none

      case .destination(.presented(.alert(.confirmDeletion(let id)))):
        state.removeItem(id: id)
        return .none

      case .destination(.presented(.duplicate(.confirmDuplication(let id)))):
        guard let item = state.items[id: id] else { return .none }
        state.destination = .add(.duplicate(of: item, id: .init(uuid())))
        return .none

      case .destination:
        return .none

      case .detailButtonTapped:
        guard let item = state.selectedItem else { return .none }
        state.destination = .detail(ItemDetail.State(item: item))
        return .none

      case .detailMoved(let offset):
        guard case .detail(let detail) = state.destination,
          let index = state.items.index(id: detail.item.id)
        else { return .none }
        let item = state.items[min(max(index + offset, 0), state.items.count - 1)]
        guard item.id != detail.item.id else { return .none }
        state.selection = item.id
        state.destination = .detail(ItemDetail.State(item: item))
        return .none

      case .duplicateButtonTapped:
        guard let item = state.itemActedOn else { return .none }
        state.act(on: item, with: .duplicate(.duplicateItem(item)))
        return .none

      case .editButtonTapped:
        guard let item = state.itemActedOn else { return .none }
        state.act(on: item, with: .edit(.editItem(item)))
        return .none

      case .itemTapped(let id):
        guard let item = state.items[id: id] else { return .none }
        state.selection = id
        state.destination = .detail(ItemDetail.State(item: item))
        return .none

      case .selectionMoved(let offset):
        guard !state.items.isEmpty else { return .none }
        let current = state.selection.flatMap { state.items.index(id: $0) } ?? 0
        state.selection = state.items[min(max(current + offset, 0), state.items.count - 1)].id
        return .none

      case .selectionMovedToFirst:
        state.selection = state.items.first?.id
        return .none

      case .selectionMovedToLast:
        state.selection = state.items.last?.id
        return .none
      }
    }
    .ifLet(\.$destination, action: \.destination) { Destination() }
    .onChange(of: Self.presentsNothing) { _, presentsNothing in
      Reduce { state, _ in
        guard presentsNothing, let id = state.detailToReturnTo else { return .none }
        state.detailToReturnTo = nil
        if let item = state.items[id: id] {
          // Highlighted too (a duplicate saved meanwhile took the highlight).
          state.selection = id
          state.destination = .detail(ItemDetail.State(item: item))
        }
        return .none
      }
    }
  }
}

extension ItemForm.State {
  /// The "New item" sheet: a blank item, one in stock.
  public static func newItem(id: Item.ID) -> Self {
    Self(title: "New item", item: Item(id: id))
  }

  /// The "Duplicate item" sheet: a copy of `item` under a new id, named
  /// "<name> copy"; a copy of a nameless item is nameless too, for the user
  /// to name before it can be saved.
  public static func duplicate(of item: Item, id: Item.ID) -> Self {
    let name = item.name.trimmingCharacters(in: .whitespacesAndNewlines)
    return Self(
      title: "Duplicate item",
      item: Item(
        id: id, name: name.isEmpty ? "" : name + " copy", color: item.color,
        status: item.status),
      duplicateOf: item.id)
  }

  /// The "Edit item" popover.
  public static func editItem(_ item: Item) -> Self {
    var form = Self(title: "Edit item", item: item)
    form.editsStoredItem = true
    return form
  }
}

extension AlertState where Action == Inventory.Destination.Alert {
  /// Its confirming button does not start with the d that opens it: a
  /// second d (a double press, a held key) must not delete.
  public static func deleteItem(_ item: Item) -> Self {
    Self(
      title: "Delete \(item.shownName)?",
      message: "Are you sure you want to delete this item?",
      buttons: [
        .destructive("Yes, delete", action: .confirmDeletion(item.id)),
        .cancel("Cancel"),
      ]
    )
  }
}

extension ConfirmationDialogState where Action == Inventory.Destination.Dialog {
  public static func duplicateItem(_ item: Item) -> Self {
    Self(
      title: item.shownName,
      message: "Make a copy of this item?",
      buttons: [
        .default("Duplicate", action: .confirmDuplication(item.id)),
        .cancel("Cancel"),
      ]
    )
  }
}
