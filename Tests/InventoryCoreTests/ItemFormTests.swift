import ComposableTesting
import Foundation
import InventoryCore
import Testing

/// The item form on its own: every status change, the colours, the focus and the name.
@MainActor
struct ItemFormTests {
  func makeStore(_ item: Item, focus: ItemForm.Field = .name) -> TestStore<
    ItemForm.State, ItemForm.Action
  > {
    TestStore(initialState: ItemForm.State(title: "Edit item", item: item, focus: focus)) {
      ItemForm()
    }
  }

  @Test func theQuantityStepperStopsAtOne() async {
    let store = makeStore(Item(id: .init(UUID(1)), name: "Lamp", status: .inStock(quantity: 1)))
    await store.send(.quantityStepped(by: -1))
    await store.send(.quantityStepped(by: 3)) { $0.item.status = .inStock(quantity: 4) }
    await store.send(.quantityStepped(by: -10)) { $0.item.status = .inStock(quantity: 1) }
  }

  @Test func theQuantityStepperSaturatesAtTheLargestQuantity() async {
    // A data file may hold any quantity: stepping past Int.max must not crash.
    let store = makeStore(
      Item(id: .init(UUID(1)), name: "Lamp", status: .inStock(quantity: .max - 1)))
    await store.send(.quantityStepped(by: 1)) { $0.item.status = .inStock(quantity: .max) }
    await store.send(.quantityStepped(by: 1))
    await store.send(.quantityStepped(by: -1)) { $0.item.status = .inStock(quantity: .max - 1) }
  }

  /// Digits set the quantity: the first replaces it, the next go on after
  /// it; Backspace takes the last one off. Moving on starts a new number.
  @Test func aQuantityIsTypedInDigits() async {
    let store = makeStore(
      Item(id: .init(UUID(1)), name: "Lamp", status: .inStock(quantity: 100)), focus: .status)
    await store.send(.quantityDigitTyped(5)) {
      $0.item.status = .inStock(quantity: 5)
      $0.quantityEntry = 5
    }
    await store.send(.quantityDigitTyped(0)) {
      $0.item.status = .inStock(quantity: 50)
      $0.quantityEntry = 50
    }
    await store.send(.quantityDigitErased) {
      $0.item.status = .inStock(quantity: 5)
      $0.quantityEntry = 5
    }
    // All of it erased: the least there can be, and the next digit starts over.
    await store.send(.quantityDigitErased) {
      $0.item.status = .inStock(quantity: 1)
      $0.quantityEntry = 0
    }
    await store.send(.quantityDigitTyped(7)) {
      $0.item.status = .inStock(quantity: 7)
      $0.quantityEntry = 7
    }
    // The stepper goes on from the number; a digit after it starts a new one.
    await store.send(.quantityStepped(by: 1)) {
      $0.item.status = .inStock(quantity: 8)
      $0.quantityEntry = nil
    }
    await store.send(.quantityDigitTyped(3)) {
      $0.item.status = .inStock(quantity: 3)
      $0.quantityEntry = 3
    }
    await store.send(.focusMoved(by: 1)) {
      $0.focus = .name
      $0.quantityEntry = nil
    }
    // Backspace before any digit takes the quantity's own last digit.
    await store.send(.quantityDigitErased) {
      $0.item.status = .inStock(quantity: 1)
      $0.quantityEntry = 0
    }
  }

  /// No more digits than a quantity can hold; none on an item out of stock.
  @Test func typingStopsAtTheLargestQuantity() async {
    let store = makeStore(
      Item(id: .init(UUID(1)), name: "Lamp", status: .inStock(quantity: 1)), focus: .status)
    store.exhaustivity = .off
    let digits = String(Int.max).compactMap(\.wholeNumberValue)
    for digit in digits { await store.send(.quantityDigitTyped(digit)) }
    #expect(store.state.item.status == .inStock(quantity: .max))
    await store.send(.quantityDigitTyped(9))
    #expect(store.state.item.status == .inStock(quantity: .max))
    let soldOut = makeStore(
      Item(id: .init(UUID(1)), name: "Lamp", status: .outOfStock(isOnBackOrder: false)),
      focus: .status)
    // Nothing to erase out of stock.
    await soldOut.send(.quantityDigitErased)
  }

  /// Out of stock, a number typed means that many back in stock; "Mark as
  /// sold out" then brings the back order back.
  @Test func aNumberTypedOutOfStockIsBackInStock() async {
    let store = makeStore(
      Item(id: .init(UUID(1)), name: "Lamp", status: .outOfStock(isOnBackOrder: true)),
      focus: .status)
    await store.send(.quantityDigitTyped(4)) {
      $0.item.status = .inStock(quantity: 4)
      $0.wasOnBackOrderBeforeRestock = true
      $0.quantityEntry = 4
    }
    await store.send(.quantityDigitTyped(2)) {
      $0.item.status = .inStock(quantity: 42)
      $0.quantityEntry = 42
    }
    await store.send(.markAsSoldOutButtonTapped) {
      $0.item.status = .outOfStock(isOnBackOrder: true)
      $0.quantityBeforeSoldOut = 42
      $0.quantityEntry = nil
    }
    await store.send(.quantityDigitsTyped([0])) {
      $0.item.status = .inStock(quantity: 1)
      $0.quantityEntry = 0
    }
  }

  @Test func soldOutBackOrderAndBackInStock() async {
    let store = makeStore(Item(id: .init(UUID(1)), name: "Lamp", status: .inStock(quantity: 7)))
    // Only an out-of-stock item has a back order, only an in-stock one a quantity.
    await store.send(.isOnBackOrderToggled)
    await store.send(.backInStockButtonTapped)
    await store.send(.markAsSoldOutButtonTapped) {
      $0.item.status = .outOfStock(isOnBackOrder: false)
      $0.quantityBeforeSoldOut = 7
    }
    await store.send(.markAsSoldOutButtonTapped)
    await store.send(.quantityStepped(by: 1))
    await store.send(.isOnBackOrderToggled) { $0.item.status = .outOfStock(isOnBackOrder: true) }
    await store.send(.isOnBackOrderToggled) { $0.item.status = .outOfStock(isOnBackOrder: false) }
    await store.send(.isOnBackOrderToggled) { $0.item.status = .outOfStock(isOnBackOrder: true) }
    // The quantity sold out replaced comes back: the two buttons undo each other.
    await store.send(.backInStockButtonTapped) {
      $0.item.status = .inStock(quantity: 7)
      $0.wasOnBackOrderBeforeRestock = true
    }
    #expect(!store.state.hasChanges)
  }

  /// The other way round: the back order "Is back in stock!" cleared comes
  /// back with "Mark as sold out".
  @Test func backInStockThenSoldOutKeepsTheBackOrder() async {
    let store = makeStore(
      Item(id: .init(UUID(1)), name: "Lamp", status: .outOfStock(isOnBackOrder: true)))
    await store.send(.backInStockButtonTapped) {
      $0.item.status = .inStock(quantity: 1)
      $0.wasOnBackOrderBeforeRestock = true
    }
    await store.send(.markAsSoldOutButtonTapped) {
      $0.item.status = .outOfStock(isOnBackOrder: true)
      $0.quantityBeforeSoldOut = 1
    }
    #expect(!store.state.hasChanges)
  }

  /// An item out of stock when the form opened has no quantity to go back to.
  @Test func backInStockWithoutAnEarlierQuantityIsOne() async {
    let store = makeStore(
      Item(id: .init(UUID(1)), name: "Lamp", status: .outOfStock(isOnBackOrder: true)))
    await store.send(.backInStockButtonTapped) {
      $0.item.status = .inStock(quantity: 1)
      $0.wasOnBackOrderBeforeRestock = true
    }
    await store.send(.quantityStepped(by: 4)) { $0.item.status = .inStock(quantity: 5) }
    await store.send(.markAsSoldOutButtonTapped) {
      $0.item.status = .outOfStock(isOnBackOrder: true)
      $0.quantityBeforeSoldOut = 5
    }
    await store.send(.isOnBackOrderToggled) { $0.item.status = .outOfStock(isOnBackOrder: false) }
    await store.send(.backInStockButtonTapped) {
      $0.item.status = .inStock(quantity: 5)
      $0.wasOnBackOrderBeforeRestock = false
    }
  }

  @Test func coloursCycleThroughNoneAndWrap() async {
    let store = makeStore(Item(id: .init(UUID(1)), name: "Lamp"))
    await store.send(.colorStepped(by: 1)) { $0.item.color = .red }
    await store.send(.colorStepped(by: 1)) { $0.item.color = .green }
    await store.send(.colorStepped(by: -2)) { $0.item.color = nil }
    await store.send(.colorStepped(by: -1)) { $0.item.color = .white }
    await store.send(.colorStepped(by: 1)) { $0.item.color = nil }
    #expect(
      Item.Color.choices.map { $0?.name ?? "None" } == [
        "None", "Red", "Green", "Blue", "Black", "Yellow", "White",
      ])
  }

  @Test func focusMovesBetweenFieldsAndWraps() async {
    let store = makeStore(.keyboard)
    await store.send(.nameChanged("Key", cursor: 1)) {
      $0.item.name = "Key"
      $0.cursor = 1
    }
    await store.send(.focusMoved(by: 1)) {
      $0.focus = .color
      $0.cursor = 3
    }
    await store.send(.focusMoved(by: 1)) { $0.focus = .status }
    await store.send(.focusMoved(by: 1)) { $0.focus = .name }
    await store.send(.focusMoved(by: -1)) { $0.focus = .status }
  }

  @Test func theCursorStaysWithinTheName() async {
    let store = makeStore(Item(id: .init(UUID(1))))
    await store.send(.nameChanged("Lamp", cursor: 9)) {
      $0.item.name = "Lamp"
      $0.cursor = 4
    }
    await store.send(.nameChanged("Lam", cursor: -2)) {
      $0.item.name = "Lam"
      $0.cursor = 0
    }
  }

  @Test func validationTrimsOrFlagsTheName() {
    var form = ItemForm.State(title: "New item", item: Item(id: .init(UUID(1))))
    form.item.name = " Lamp\n"
    #expect(form.validate() == Item(id: .init(UUID(1)), name: "Lamp"))
    #expect(!form.isNameMissing)

    form = ItemForm.State(
      title: "New item", item: Item(id: .init(UUID(1)), name: " \t"), focus: .color)
    #expect(form.validate() == nil)
    #expect(form.isNameMissing)
    #expect(form.focus == .name)
    #expect(form.cursor == 0)
  }

  @Test func aBlankNameKeepsTheFlag() async {
    var state = ItemForm.State(title: "New item", item: Item(id: .init(UUID(1))))
    state.isNameMissing = true
    let store = TestStore(initialState: state) { ItemForm() }
    await store.send(.nameChanged("  ", cursor: 2)) {
      $0.item.name = "  "
      $0.cursor = 2
    }
    await store.send(.nameChanged("  L", cursor: 3)) {
      $0.item.name = "  L"
      $0.cursor = 3
      $0.isNameMissing = false
    }
  }
}

/// What the rows show.
struct ItemTests {
  @Test func statusText() {
    #expect(Item.Status.inStock(quantity: 3).text == "3 in stock")
    #expect(Item.Status.outOfStock(isOnBackOrder: false).text == "Out of stock")
    #expect(Item.Status.outOfStock(isOnBackOrder: true).text == "Out of stock · back-ordered")
  }

  @Test func samples() {
    #expect(Item.samples.map(\.name) == ["Keyboard", "Monitor", "Mouse", "Headphones"])
    #expect(Item.samples.map(\.colorName) == ["Blue", "Black", "None", "Red"])
    #expect(Set(Item.samples.map(\.status.isInStock)) == [true, false])
  }

  /// What the quit key warns about: a change a save would make, in the
  /// add sheet or the edit popover.
  @Test func changesAreWhatASaveWouldChange() {
    let lamp = Item(id: .init(UUID(1)), name: "Lamp", color: .blue, status: .inStock(quantity: 7))
    var form = ItemForm.State(title: "Edit item", item: lamp)
    #expect(!form.hasChanges)
    form.item.name = " Lamp  "
    #expect(!form.hasChanges)
    for change in [
      { (item: inout Item) in item.name = "Desk lamp" },
      { $0.color = nil },
      { $0.status = .outOfStock(isOnBackOrder: false) },
    ] {
      var changed = ItemForm.State(title: "Edit item", item: lamp)
      change(&changed.item)
      #expect(changed.hasChanges)
    }

    var state = AppFeature.State(inventory: Inventory.State(items: [lamp]))
    #expect(state.unsavedForm == nil)
    state.inventory.destination = .edit(ItemForm.State(title: "Edit item", item: lamp))
    #expect(state.unsavedForm == nil)
    var edited = ItemForm.State(title: "Edit item", item: lamp)
    edited.item.color = .red
    state.inventory.destination = .edit(edited)
    #expect(state.unsavedForm == .edit(lamp, canSave: true))
    edited.item.name = ""
    state.inventory.destination = .edit(edited)
    #expect(state.unsavedForm == .edit(lamp, canSave: false))
    var new = ItemForm.State(title: "New item", item: Item(id: .init(UUID(2))))
    state.inventory.destination = .add(new)
    #expect(state.unsavedForm == nil)
    new.item.color = .red
    state.inventory.destination = .add(new)
    #expect(state.unsavedForm == .newItem(isDuplicate: false, canSave: false), "no name yet")
    new.item.name = "Chair"
    state.inventory.destination = .add(new)
    #expect(state.unsavedForm == .newItem(isDuplicate: false, canSave: true))
    var duplicate = ItemForm.State.duplicate(of: lamp, id: .init(UUID(3)))
    state.inventory.destination = .add(duplicate)
    #expect(state.unsavedForm == nil, "untouched")
    duplicate.item.color = .green
    state.inventory.destination = .add(duplicate)
    #expect(state.unsavedForm == .newItem(isDuplicate: true, canSave: true))
  }

  /// A name with spaces around it, as a file may hold: untouched, the form
  /// has no changes and saving keeps it; edited, the save trims it.
  @Test func aNameWithSpacesAroundItIsNoChangeUntilEdited() {
    let padded = Item(id: .init(UUID(4)), name: " Pad ", color: .blue)
    var form = ItemForm.State.editItem(padded)
    #expect(!form.hasChanges)
    #expect(form.validate()?.name == " Pad ")
    form.item.name = " Pad 2 "
    #expect(form.hasChanges)
    #expect(form.validate()?.name == "Pad 2")
    // A duplicate is a new item: its name is trimmed.
    var duplicate = ItemForm.State.duplicate(of: padded, id: .init(UUID(5)))
    #expect(duplicate.validate()?.name == "Pad copy")
  }
}
