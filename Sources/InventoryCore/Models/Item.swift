import Foundation

/// One thing in the inventory: a name, an optional colour and whether it is in stock.
public struct Item: Equatable, Hashable, Identifiable, Sendable {
  public typealias ID = Tagged<Item, UUID>
  public let id: ID
  public var name: String
  /// Nil is "None": the item has no colour worth naming.
  public var color: Color?
  public var status: Status

  /// The name where it names the item (a title, a list): "(no name)" for a
  /// name of nothing but spaces (a hand-edited file may hold one).
  public var shownName: String {
    name.allSatisfy(\.isWhitespace) ? "(no name)" : name
  }

  public init(
    id: ID, name: String = "", color: Color? = nil, status: Status = .inStock(quantity: 1)
  ) {
    self.id = id
    self.name = name
    self.color = color
    self.status = status
  }

  public enum Color: String, CaseIterable, Hashable, Codable, Sendable {
    case red, green, blue, black, yellow, white

    public var name: String { rawValue.capitalized }

    /// Every choice the form cycles through, "None" (nil) first.
    public static let choices: [Color?] = [nil] + allCases.map(Optional.some)
  }

  public enum Status: Hashable, Sendable {
    case inStock(quantity: Int)
    case outOfStock(isOnBackOrder: Bool)

    public var isInStock: Bool {
      if case .inStock = self { true } else { false }
    }

    /// What the list shows in the item's row.
    public var text: String {
      switch self {
      case .inStock(let quantity): "\(quantity) in stock"
      case .outOfStock(isOnBackOrder: false): "Out of stock"
      case .outOfStock(isOnBackOrder: true): "Out of stock · back-ordered"
      }
    }
  }

  /// The colour's name, "None" for none.
  public var colorName: String { color?.name ?? "None" }

  /// The smallest quantity an in-stock item has: zero is out of stock.
  public static let minimumQuantity = 1
  /// The largest: the stepper stops there rather than wrap around.
  public static let maximumQuantity = Int.max
}

extension Item {
  /// The reference app's sample inventory, with fixed ids (routes and tests name them).
  public static let samples: IdentifiedArrayOf<Item> = [
    Item(
      id: .init(UUID(uuidString: "3F1C2A4B-7D2E-4C1A-9B8E-1A2B3C4D5E01")!),
      name: "Keyboard", color: .blue, status: .inStock(quantity: 100)),
    Item(
      id: .init(UUID(uuidString: "8A7B6C5D-4E3F-4A2B-8C1D-2B3C4D5E6F02")!),
      name: "Monitor", color: .black, status: .inStock(quantity: 3)),
    Item(
      id: .init(UUID(uuidString: "C2D3E4F5-A6B7-4C8D-9E0F-3C4D5E6F7A03")!),
      name: "Mouse", color: nil, status: .outOfStock(isOnBackOrder: true)),
    Item(
      id: .init(UUID(uuidString: "E5F6A7B8-C9D0-4E1F-A2B3-4D5E6F7A8B04")!),
      name: "Headphones", color: .red, status: .outOfStock(isOnBackOrder: false)),
  ]
}
