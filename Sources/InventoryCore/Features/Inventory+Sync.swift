/// What another writer's change did here, for the user.
public enum ItemsNotice: Equatable, Sendable {
  /// What was on screen of an item deleted elsewhere closed.
  case deletedElsewhere(name: String)
  /// The item in the open edit popover was deleted elsewhere: the popover
  /// stays, and saving the edit keeps the item (edit beats delete).
  case deletedWhileEditing(name: String)
  /// The item in the open edit popover was changed elsewhere: saving a
  /// changed edit now keeps that version and the user's aside (a conflict).
  case changedWhileEditing(name: String)
  case keptDespiteDeletion(name: String)
  /// Changed on both sides: the stored version stayed; the user's is in `copy`.
  case conflict(names: [String], copy: String?)
}

extension Inventory.State {
  /// The items become `merged`; the highlight moves as after a local delete,
  /// a detail shows the item as it is now, and what was open on an item that
  /// is gone closes, but for an edit, which keeps its draft (saving it keeps
  /// the item; of an item still there, saving applies the conflict rule).
  /// Returns what to tell the user.
  mutating func apply(_ merged: IdentifiedArrayOf<Item>) -> ItemsNotice? {
    let old = items
    items = merged
    if let selection, merged[id: selection] == nil {
      self.selection = old.survivor(of: selection, in: merged)
    } else if selection == nil {
      selection = merged.first?.id
    }
    let shown: Item.ID?
    switch destination {
    case .detail(var detail):
      if let item = merged[id: detail.item.id], item != detail.item {
        detail.item = item
        destination = .detail(detail)
      }
      shown = detail.item.id
    case .edit(var form):
      if let item = merged[id: form.item.id] {
        // Changed back to what the popover started from: nothing to say.
        guard let before = old[id: item.id], before != item, item != form.original else {
          return nil
        }
        return .changedWhileEditing(name: item.shownName)
      }
      // Said once, when it goes; a later change elsewhere says nothing again.
      guard let gone = old[id: form.item.id] else { return nil }
      form.restorePlace = old.place(of: gone.id, in: merged)
      destination = .edit(form)
      return .deletedWhileEditing(name: gone.shownName)
    case .alert(let alert):
      shown =
        alert.buttons.compactMap { button -> Item.ID? in
          if case .confirmDeletion(let id) = button.action { id } else { nil }
        }.first
    case .duplicate(let dialog):
      shown =
        dialog.buttons.compactMap { button -> Item.ID? in
          if case .confirmDuplication(let id) = button.action { id } else { nil }
        }.first
    case .add, nil: shown = nil
    }
    guard let shown, merged[id: shown] == nil else { return nil }
    destination = nil
    return old[id: shown].map { .deletedElsewhere(name: $0.shownName) }
  }
}
