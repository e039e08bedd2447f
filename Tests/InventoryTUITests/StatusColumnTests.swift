import Foundation
import InventoryCore
import TerminalUI
import Testing

@testable import InventoryTUI

/// The status column is as wide as the widest status, within half the row:
/// a quantity of many digits shows whole where there is room.
@MainActor
struct StatusColumnTests {
  @Test func aLargeQuantityShowsWholeWhereThereIsRoom() {
    let huge = Item(
      id: .init(UUID(1)), name: "Huge", color: .blue, status: .inStock(quantity: Int.max))
    var state = AppFeature.State(inventory: Inventory.State(items: [huge, .keyboard]))
    state.selectedTab = .inventory
    let screen = draw(state, size: Size(width: 80, height: 24))
    #expect(screen.shows("\(Int.max) in stock"), "\(screen.lines.joined(separator: "\n"))")
    // Statuses still line up: both start in the same column.
    func start(of text: String) -> Int? {
      screen.lines.lazy.compactMap { line in
        line.range(of: text).map { line.distance(from: line.startIndex, to: $0.lowerBound) }
      }.first
    }
    #expect(start(of: "\(Int.max) in stock") != nil)
    #expect(start(of: "\(Int.max) in stock") == start(of: "100 in stock"))
  }

  /// Where even half the row is too narrow, the quantity shows alone, not
  /// cut inside its digits.
  @Test func aQuantityTooWideForItsColumnDropsInStockFirst() {
    #expect(
      InventoryListScreen.statusText(.inStock(quantity: Int.max), fitting: 20) == "\(Int.max)")
    #expect(InventoryListScreen.statusText(.inStock(quantity: 3), fitting: 20) == "3 in stock")
    #expect(
      InventoryListScreen.statusText(.outOfStock(isOnBackOrder: true), fitting: 5)
        == Item.Status.outOfStock(isOnBackOrder: true).text)
  }

  /// A name too long for a row is read whole on the item's screen, on up
  /// to three rows, the rest cut there with "…"; the rows below follow.
  @Test func aLongNameWrapsOnTheItemsScreen() {
    let words = (1...12).map { "word\($0)" }.joined(separator: " ")
    let item = Item(id: .init(UUID(6)), name: words, color: .red)
    let state = appState(items: [item], destination: .detail(ItemDetail.State(item: item)))
    let screen = draw(state, size: Size(width: 40, height: 24))
    let text = screen.lines.map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
    #expect(text.contains(words), "\(screen.lines)")
    #expect(screen.shows("Colour"))
    #expect(screen.shows("Status"))
    let longer = Item(id: .init(UUID(7)), name: words + " " + words + " " + words)
    let lines = ItemDetailScreen.nameLines(longer.name, width: 36, rows: 20)
    #expect(lines.count == 3)
    #expect(lines.last?.hasSuffix("…") == true, "\(lines)")
  }

  /// A name of spaces (a hand-edited file) shows as a missing one, in the
  /// list and on the item's screen, not as an empty row.
  @Test func aBlankNameShowsAsNoName() {
    let blank = Item(id: .init(UUID(2)), name: "   ", status: .inStock(quantity: 1))
    #expect(blank.displayName == "(no name)")
    var state = AppFeature.State(inventory: Inventory.State(items: [blank]))
    state.selectedTab = .inventory
    #expect(draw(state, size: Size(width: 80, height: 24)).shows("(no name)"))
    // So do the delete alert and the duplicate dialog; the copy is nameless.
    state.inventory.destination = .alert(.deleteItem(blank))
    #expect(draw(state, size: Size(width: 80, height: 24)).shows("Delete (no name)?"))
    state.inventory.destination = .duplicate(.duplicateItem(blank))
    #expect(draw(state, size: Size(width: 80, height: 24)).shows("(no name)"))
    #expect(ItemForm.State.duplicate(of: blank, id: .init(UUID(3))).item.name == "")
    let named = Item(id: .init(UUID(4)), name: " Lamp ")
    #expect(ItemForm.State.duplicate(of: named, id: .init(UUID(5))).item.name == "Lamp copy")
  }

  /// Each arrow of the quantity stepper is dimmed where its key does
  /// nothing: ◀ at the smallest quantity, ▶ at the largest.
  @Test func theStepperDimsTheArrowThatCannotStep() {
    func arrowStyles(quantity: Int) -> (fewer: Style?, more: Style?) {
      let item = Item(id: .init(UUID(1)), name: "Cable", status: .inStock(quantity: quantity))
      var state = AppFeature.State(inventory: Inventory.State(items: [item]))
      state.selectedTab = .inventory
      state.inventory.destination = .add(.editItem(item))
      let screen = draw(state, size: Size(width: 80, height: 24)).screen
      var styles: (fewer: Style?, more: Style?) = (nil, nil)
      for y in 0..<screen.size.height {
        for x in 0..<screen.size.width {
          if screen[x, y].text == "◀" { styles.fewer = screen[x, y].style }
          if screen[x, y].text == "▶" { styles.more = screen[x, y].style }
        }
      }
      return styles
    }
    let smallest = arrowStyles(quantity: Item.minimumQuantity)
    let largest = arrowStyles(quantity: Item.maximumQuantity)
    #expect(smallest.fewer != nil && smallest.more != nil)
    #expect(smallest.fewer != smallest.more)
    #expect(largest.more == smallest.fewer, "▶ at the largest quantity is not dimmed")
    #expect(largest.fewer == smallest.more)
  }

  /// On a wide screen a status stays about where it is at 80 columns,
  /// within reading distance of its name; a long name still widens the rows.
  @Test func aWideScreenKeepsStatusesNearTheirNames() {
    func statusColumn(_ items: IdentifiedArrayOf<Item>, width: Int) -> Int? {
      var state = AppFeature.State(inventory: Inventory.State(items: items))
      state.selectedTab = .inventory
      let screen = draw(state, size: Size(width: width, height: 24))
      return screen.lines.lazy.compactMap { line in
        line.range(of: "100 in stock").map {
          line.distance(from: line.startIndex, to: $0.lowerBound)
        }
      }.first
    }
    let atEighty = statusColumn(Item.samples, width: 80)
    #expect(atEighty != nil)
    let atTwoHundred = statusColumn(Item.samples, width: 200)
    #expect(atTwoHundred.map { $0 < 60 } == true, "\(String(describing: atTwoHundred))")
    var long = Item.samples
    long[id: Item.keyboard.id]?.name = String(repeating: "Keyboard ", count: 12)
    let widened = statusColumn(long, width: 200)
    #expect((widened ?? 0) > (atEighty ?? 0) && (widened ?? 200) < 200 - 12)
  }
}
