import DecodingMessages
import Foundation
import Persistence

/// The inventory data file's format: versioned JSON, `{ "items": [...],
/// "version": 1 }`, pretty-printed with sorted keys. Bytes in, items out:
/// where the bytes live is the file store's business (`Persistence`).
///
/// An item is `{ "color": "blue", "id": "…", "name": "Keyboard", "quantity":
/// 100, "status": "inStock" }`, or `"status": "outOfStock"` with
/// `"isOnBackOrder"`; an item without a colour has no `"color"`.
public enum InventoryFormat {
  public static let currentVersion = 1

  struct Contents: Codable {
    var version: Int
    var items: IdentifiedArrayOf<Item>
  }

  public static func decode(_ data: Data) throws(FormatError) -> IdentifiedArrayOf<Item> {
    // Invalid UTF-8 costs the broken characters, not the file.
    let repaired = DecodingMessages.repairingUTF8(data)
    let decoder = JSONDecoder()
    do {
      // The version first: a newer file is refused as such, whatever else it holds.
      struct Version: Decodable { var version: Int }
      let version = try decoder.decode(Version.self, from: repaired).version
      guard version <= currentVersion else { throw FormatError.newerVersion(version) }
      if let refusal = DecodingMessages.notAVersion(version) { throw FormatError.corrupt(refusal) }
      return try decoder.decode(Contents.self, from: repaired).items
    } catch let failure as FormatError {
      throw failure
    } catch {
      // Said of the bytes in the file: a broken one as itself, not as U+FFFD.
      throw .corrupt(
        DecodingMessages.describe(error, in: data, wholeNumberKeys: ["version", "quantity"]))
    }
  }

  public static func encode(_ items: IdentifiedArrayOf<Item>) throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    // A text file's last line ends with a newline (POSIX; shells, diffs).
    return try encoder.encode(Contents(version: currentVersion, items: items)) + Data("\n".utf8)
  }
}

extension DocumentFormat where Document == IdentifiedArrayOf<Item> {
  /// The inventory file, for `DocumentFile` and `Saver`.
  public static var inventory: Self {
    DocumentFormat(
      name: "inventory file", program: "inventory", version: InventoryFormat.currentVersion,
      decode: { (data: Data) throws(FormatError) in try InventoryFormat.decode(data) },
      encode: { JSONText.escapingInvisibles(try InventoryFormat.encode($0)) })
  }
}

// The file spells the status out flat, not as Swift's synthesized enum coding.
extension Item: Codable {
  enum CodingKeys: String, CodingKey {
    case id, name, color, status, quantity, isOnBackOrder
  }

  /// Read as leniently as the meaning allows, for files people edit: an
  /// item out of stock need not say it is not back-ordered, an item in stock
  /// with no quantity left is out of stock, and a file that gives a quantity
  /// but no status means in stock.
  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    let status: Status
    // Read only where it counts: an out-of-stock item's quantity is ignored.
    let statusText = try c.decodeIfPresent(String.self, forKey: .status)
    let quantity =
      statusText == nil || statusText == "inStock"
      ? try c.decodeIfPresent(Int.self, forKey: .quantity) : nil
    switch statusText ?? (quantity == nil ? nil : "inStock") {
    case "inStock":
      guard let quantity else {
        throw DecodingError.keyNotFound(
          CodingKeys.quantity,
          .init(codingPath: c.codingPath, debugDescription: "an item in stock needs a quantity"))
      }
      guard quantity >= 0 else {
        throw DecodingError.dataCorruptedError(
          forKey: .quantity, in: c,
          debugDescription: "quantity \(quantity) is not a quantity in stock")
      }
      status =
        quantity < Item.minimumQuantity
        ? .outOfStock(isOnBackOrder: false) : .inStock(quantity: quantity)
    case "outOfStock":
      status = .outOfStock(
        isOnBackOrder: try c.decodeIfPresent(Bool.self, forKey: .isOnBackOrder) ?? false)
    case let other?:
      throw DecodingError.dataCorruptedError(
        forKey: .status, in: c,
        debugDescription: "\"\(other)\" is not a status (inStock or outOfStock)")
    case nil:
      throw DecodingError.keyNotFound(
        CodingKeys.status,
        .init(codingPath: c.codingPath, debugDescription: "an item needs a status or a quantity"))
    }
    self.init(
      id: try c.decode(ID.self, forKey: .id),
      name: try c.decode(String.self, forKey: .name),
      color: try c.decodeIfPresent(Color.self, forKey: .color),
      status: status)
  }

  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(id, forKey: .id)
    try c.encode(name, forKey: .name)
    try c.encodeIfPresent(color, forKey: .color)
    switch status {
    case .inStock(let quantity):
      try c.encode("inStock", forKey: .status)
      try c.encode(quantity, forKey: .quantity)
    case .outOfStock(let isOnBackOrder):
      try c.encode("outOfStock", forKey: .status)
      try c.encode(isOnBackOrder, forKey: .isOnBackOrder)
    }
  }
}

// Which colours there are, said where a file holds another.
extension Item.Color {
  public init(from decoder: any Decoder) throws {
    let value = try decoder.singleValueContainer()
    let name = try value.decode(String.self)
    // "Blue" as well as "blue": the names are English words.
    guard let color = Item.Color(rawValue: name) ?? Item.Color(rawValue: name.lowercased())
    else {
      throw DecodingError.dataCorruptedError(
        in: value,
        debugDescription: "\"\(name)\" is not a colour (one of "
          + Item.Color.allCases.map(\.rawValue).joined(separator: ", ") + ")")
    }
    self = color
  }
}
