/// What another writer's change did here, for the user.
public enum ItemsNotice: Equatable, Sendable {
  /// What was on screen of an item deleted elsewhere closed.
  case deletedElsewhere(name: String)
  case keptDespiteDeletion(name: String)
  /// Changed on both sides: the stored version stayed; the user's is in `copy`.
  case conflict(names: [String], copy: String?)
}

extension Inventory.State {
  /// The items become `merged`; the highlight moves as after a local delete,
  /// a detail shows the item as it is now, and what was open on an item that
  /// is gone closes (an edit of an item still there keeps its draft: saving
  /// it applies the conflict rule). Returns the name of an item whose screen closed.
  mutating func apply(_ merged: IdentifiedArrayOf<Item>) -> String? {
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
    case .edit(let form): shown = form.item.id
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
    return old[id: shown]?.name
  }
}
