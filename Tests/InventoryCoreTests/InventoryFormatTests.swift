import Foundation
import InventoryCore
import Persistence
import Testing

/// The data file: versioned JSON that round-trips exactly and refuses what it cannot read.
struct InventoryFormatTests {
  @Test func roundTripsExactly() throws {
    let data = try InventoryFormat.encode(Item.samples)
    let decoded = try InventoryFormat.decode(data)
    #expect(decoded == Item.samples)
    #expect(try InventoryFormat.encode(decoded) == data)
  }

  @Test func theFileReadsAsDocumented() throws {
    let text = String(decoding: try InventoryFormat.encode([.keyboard, .mouse]), as: UTF8.self)
    #expect(
      text == """
        {
          "items" : [
            {
              "color" : "blue",
              "id" : "3F1C2A4B-7D2E-4C1A-9B8E-1A2B3C4D5E01",
              "name" : "Keyboard",
              "quantity" : 100,
              "status" : "inStock"
            },
            {
              "id" : "C2D3E4F5-A6B7-4C8D-9E0F-3C4D5E6F7A03",
              "isOnBackOrder" : true,
              "name" : "Mouse",
              "status" : "outOfStock"
            }
          ],
          "version" : 1
        }

        """)
  }

  @Test func anEmptyInventoryRoundTrips() throws {
    let data = try InventoryFormat.encode([])
    #expect(try InventoryFormat.decode(data) == [])
  }

  @Test func aNewerVersionIsRefused() {
    let data = Data(#"{ "version": 2, "items": [], "shelves": {} }"#.utf8)
    #expect(throws: FormatError.newerVersion(2)) { try InventoryFormat.decode(data) }
  }

  @Test(arguments: [
    ("not json", "not valid JSON"),
    (#"{ "items": [] }"#, "version"),
    (#"{ "version": 1 }"#, "the top level: \"items\" is missing"),
    (
      #"{ "version": 1, "items": [{ "id": "x", "name": "A", "status": "inStock", "quantity": 1 }] }"#,
      "items[0].id: not an id (a UUID)"
    ),
    (
      #"{ "version": 1, "items": [{ "id": "3F1C2A4B-7D2E-4C1A-9B8E-1A2B3C4D5E01", "name": "A", "status": "lost" }] }"#,
      "\"lost\" is not a status"
    ),
    (
      #"{ "version": 1, "items": [{ "id": "3F1C2A4B-7D2E-4C1A-9B8E-1A2B3C4D5E01", "name": "A", "status": "inStock", "quantity": -2 }] }"#,
      "quantity -2"
    ),
    (
      #"{ "version": 1, "items": [{ "id": "3F1C2A4B-7D2E-4C1A-9B8E-1A2B3C4D5E01", "name": "A", "status": "inStock" }] }"#,
      "items[0]: \"quantity\" is missing"
    ),
    (
      #"{ "version": 1, "items": [{ "id": "3F1C2A4B-7D2E-4C1A-9B8E-1A2B3C4D5E01", "name": "A" }] }"#,
      "items[0]: \"status\" is missing"
    ),
    (
      #"{ "version": 1, "items": [{ "id": "3F1C2A4B-7D2E-4C1A-9B8E-1A2B3C4D5E01", "name": "A", "color": "mauve", "status": "outOfStock", "isOnBackOrder": false }] }"#,
      "items[0].color: \"mauve\" is not a colour (one of "
    ),
    (#"{ "version": 0, "items": [] }"#, "version: 0 is not a format version (they count from 1)"),
    (#"{ "version": -1, "items": [] }"#, "version: -1 is not a format version"),
  ])
  func corruptInputSaysWhy(json: String, reason: String) {
    #expect {
      try InventoryFormat.decode(Data(json.utf8))
    } throws: { error in
      guard case FormatError.corrupt(let message) = error else { return false }
      return message.contains(reason)
    }
  }

  /// What a person writing the file by hand means is read as meant, and
  /// written back in full.
  @Test(arguments: [
    (#""status": "outOfStock""#, Item.Status.outOfStock(isOnBackOrder: false), "blue"),
    (#""status": "outOfStock", "quantity": "3""#, .outOfStock(isOnBackOrder: false), "blue"),
    (#""status": "inStock", "quantity": 0"#, .outOfStock(isOnBackOrder: false), "Blue"),
    (#""quantity": 7"#, .inStock(quantity: 7), "BLUE"),
  ])
  func whatAHandWrittenItemMeansIsRead(fields: String, status: Item.Status, color: String) throws {
    let id = "3F1C2A4B-7D2E-4C1A-9B8E-1A2B3C4D5E01"
    let json =
      #"{ "version": 1, "items": [{ "id": "\#(id)", "name": "A", "color": "\#(color)", \#(fields) }] }"#
    let items = try InventoryFormat.decode(Data(json.utf8))
    let expected = Item(id: Item.ID(UUID(uuidString: id)!), name: "A", color: .blue, status: status)
    #expect(items == [expected])
    #expect(try InventoryFormat.decode(InventoryFormat.encode(items)) == [expected])
  }

  /// A Latin-1 byte (a file saved by another editor) costs that character,
  /// not every item; what the decoder refuses without a place is said
  /// with its place.
  @Test func invalidUTF8IsRepairedAndRefusedValuesAreSaidWhere() throws {
    let id = "3F1C2A4B-7D2E-4C1A-9B8E-1A2B3C4D5E01"
    var bytes = Array(#"{ "version": 1, "items": [{ "id": "\#(id)", "name": "Clavier caf"#.utf8)
    bytes += [0xE9]
    bytes += Array(#"", "quantity": 2 }] }"#.utf8)
    #expect(try InventoryFormat.decode(Data(bytes)).first?.name == "Clavier caf\u{FFFD}")
    let fraction = #"{ "version": 1, "items": [{ "id": "\#(id)", "name": "A", "quantity": 2.5 }] }"#
    #expect(throws: FormatError.corrupt("items[0].quantity: 2.5 is not a whole number")) {
      try InventoryFormat.decode(Data(fraction.utf8))
    }
  }

  @Test func theDocumentFormatIsTheInventoryFormat() throws {
    let format = DocumentFormat.inventory
    #expect(format.name == "inventory file")
    let data = try format.encode(Item.samples)
    #expect(try format.decode(data) == Item.samples)
    #expect(throws: FormatError.newerVersion(3)) {
      try format.decode(Data(#"{ "version": 3 }"#.utf8))
    }
  }
}

/// The inventory file, like the standups file, holds no character a
/// terminal acts on raw (see `JSONText`).
struct InventoryFileTextTests {
  @Test func aNameWithAControlIsSavedAsAnEscapeAndReadBack() throws {
    var item = Item.keyboard
    item.name = "Key\u{9B}board \u{202E}"
    let data = try DocumentFormat.inventory.encode([item])
    let text = String(decoding: data, as: UTF8.self)
    #expect(text.contains("\"name\" : \"Key\\u009bboard \\u202e\""))
    #expect(!text.contains("\u{9B}") && !text.contains("\u{202E}"))
    #expect(try DocumentFormat.inventory.decode(data) == [item])
  }
}
