import Foundation

/// Why a route does not name a place in the data.
public struct RouteError: Error, Equatable, CustomStringConvertible, Sendable {
  public var description: String
  public init(_ description: String) { self.description = description }
}

extension Route {
  /// The app state this route opens, built as the user would reach it by keys:
  /// the tab, the highlighted item and what is presented over the inventory.
  public func state(
    for items: IdentifiedArrayOf<Item>, newItemID: () -> UUID
  ) throws(RouteError) -> AppFeature.State {
    var inventory = Inventory.State(items: items)
    switch self {
    case .one:
      return AppFeature.State(inventory: inventory, selectedTab: .one)

    case .inventory:
      return AppFeature.State(inventory: inventory, selectedTab: .inventory)

    case .three:
      return AppFeature.State(inventory: inventory, selectedTab: .three)

    case .newItem:
      inventory.destination = .add(.newItem(id: .init(newItemID())))
      return AppFeature.State(inventory: inventory, selectedTab: .inventory)

    case .item(let reference, let subroute):
      let item = try Self.item(matching: reference, in: items)
      inventory.selection = item.id
      switch subroute {
      case .detail: inventory.destination = .detail(ItemDetail.State(item: item))
      case .edit: inventory.destination = .edit(.editItem(item))
      case .duplicate: inventory.destination = .duplicate(.duplicateItem(item))
      case .delete: inventory.destination = .alert(.deleteItem(item))
      }
      return AppFeature.State(inventory: inventory, selectedTab: .inventory)
    }
  }

  /// An item by UUID, 1-based position, name (case-insensitive) or a unique
  /// UUID prefix — in that order of precedence.
  static func item(
    matching reference: String, in items: IdentifiedArrayOf<Item>
  ) throws(RouteError) -> Item {
    if let id = UUID(uuidString: reference), let item = items[id: .init(id)] {
      return item
    }
    if let position = Int(reference), reference.allSatisfy(\.isASCII) {
      guard position >= 1, position <= items.count else {
        throw RouteError(
          "no item at position \(position): there \(items.count == 1 ? "is" : "are") \(items.count)"
        )
      }
      return items[position - 1]
    }
    let byName = items.filter { $0.name.caseInsensitiveCompare(reference) == .orderedSame }
    if byName.count == 1 { return byName[0] }
    if byName.count > 1 {
      throw RouteError(
        "\"\(reference)\" is ambiguous: \(byName.count) items have that name (\(candidates(byName))); use an id"
      )
    }
    let byPrefix = items.filter {
      $0.id.uuidString.lowercased().hasPrefix(reference.lowercased())
    }
    if byPrefix.count == 1 { return byPrefix[0] }
    if byPrefix.count > 1 {
      throw RouteError(
        "\"\(reference)\" is ambiguous: it starts the ids of \(candidates(byPrefix))")
    }
    throw RouteError(
      items.isEmpty
        ? "no item matches \"\(reference)\": the inventory is empty"
        : "no item matches \"\(reference)\" (not an id, a position 1–\(items.count), a name or an id prefix); the items are \(candidates(items))"
    )
  }

  /// Each item as "<name> (<id>)", the first few of them.
  private static func candidates(_ items: some Collection<Item>) -> String {
    items.prefix(5).map { "\($0.name) (\($0.id.uuidString.lowercased()))" }
      .joined(separator: ", ") + (items.count > 5 ? ", …" : "")
  }
}

extension Route {
  /// The route of what `state` shows, for `--print-route`. A duplicate's add
  /// sheet prints as the new item sheet: the copy is not in the data yet.
  public init(state: AppFeature.State) {
    switch state.selectedTab {
    case .one:
      self = .one
      return
    case .three:
      self = .three
      return
    case .inventory:
      break
    }
    let inventory = state.inventory
    if case .add = inventory.destination {
      self = .newItem
    } else if let (id, subroute) = Self.itemShown(by: inventory.destination),
      inventory.items[id: id] != nil
    {
      self = .item(Self.reference(for: id, in: inventory.items), subroute)
    } else {
      self = .inventory
    }
  }

  /// The item a destination is about, and its route below the item.
  private static func itemShown(
    by destination: Inventory.Destination.State?
  ) -> (Item.ID, ItemRoute)? {
    switch destination {
    case .alert(let alert):
      for case .confirmDeletion(let id)? in alert.buttons.map(\.action) { return (id, .delete) }
      return nil
    case .detail(let detail):
      return (detail.item.id, .detail)
    case .duplicate(let dialog):
      for case .confirmDuplication(let id)? in dialog.buttons.map(\.action) {
        return (id, .duplicate)
      }
      return nil
    case .edit(let form):
      return (form.item.id, .edit)
    case .add, nil:
      return nil
    }
  }

  /// The shortest id prefix (at least 8 characters) that resolves back to
  /// `id`: no other id shares it, and it reads as neither a position nor a name.
  static func reference(for id: Item.ID, in items: IdentifiedArrayOf<Item>) -> String {
    let text = id.uuidString.lowercased()
    let others = items.ids.filter { $0 != id }.map { $0.uuidString.lowercased() }
    for length in [8, 13, 18, 23] {
      let prefix = String(text.prefix(length))
      guard Int(prefix) == nil,
        !items.contains(where: { $0.name.caseInsensitiveCompare(prefix) == .orderedSame })
      else { continue }
      if !others.contains(where: { $0.hasPrefix(prefix) }) { return prefix }
    }
    return text
  }
}
