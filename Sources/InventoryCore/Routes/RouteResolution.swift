import Foundation
import Routing

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
    switch Reference.resolve(reference, in: items, id: \.id.rawValue, name: \.name) {
    case .found(let item):
      return item
    case .noPosition(let position, let count):
      throw RouteError(
        "no item at position \(position): "
          + (count == 0 ? "the inventory is empty" : "there \(count == 1 ? "is" : "are") \(count)"))
    case .ambiguousName(let matches):
      throw RouteError(
        "\"\(reference)\" is ambiguous: \(matches.count) items have that name (\(candidates(matches))); use an id"
      )
    case .ambiguousPrefix(let matches):
      throw RouteError(
        "\"\(reference)\" is ambiguous: it starts the ids of \(candidates(matches))")
    case .noMatch:
      throw RouteError(
        items.isEmpty
          ? "no item matches \"\(Reference.echoed(reference))\": the inventory is empty"
          : "no item matches \"\(Reference.echoed(reference))\" (not an id, \(items.count == 1 ? "position 1" : "a position 1–\(items.count)"), a name or an id prefix); the items are \(candidates(items))"
      )
    }
  }

  /// Each item as "<name> (<id>)", the first few of them.
  private static func candidates(_ items: some Collection<Item>) -> String {
    items.prefix(5).map { "\($0.name) (\($0.id.uuidString.lowercased()))" }
      .joined(separator: ", ") + (items.count > 5 ? ", …" : "")
  }
}

extension Route {
  /// The route of what `state` shows, for `--print-route`. A duplicate's
  /// sheet prints as its item's duplicate route (the dialog before it): the
  /// copy is not in the data yet.
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
    if case .add(let form) = inventory.destination {
      if let source = form.duplicateOf, inventory.items[id: source] != nil {
        self = .item(Self.reference(for: source, in: inventory.items), .duplicate)
      } else {
        self = .newItem
      }
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

  /// The shortest id prefix that resolves back to `id` (see `Reference.shortest`).
  static func reference(for id: Item.ID, in items: IdentifiedArrayOf<Item>) -> String {
    Reference.shortest(for: id.rawValue, among: items.ids.map(\.rawValue), names: items.map(\.name))
  }

}
