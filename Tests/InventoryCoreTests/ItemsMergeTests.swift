import Foundation
import InventoryCore
import Testing

/// The three-way merge of the items: per id, each item one unit.
struct ItemsMergeTests {
  // MARK: Fixtures

  /// Keyboard, Monitor, Mouse and Headphones.
  private let base = Item.samples

  private let lamp = Item(id: .init(UUID(200)), name: "Lamp", color: .yellow)
  private let desk = Item(
    id: .init(UUID(201)), name: "Desk", status: .outOfStock(isOnBackOrder: true))
  private let chair = Item(id: .init(UUID(202)), name: "Chair", color: .green)

  /// `list` with the item `id` changed by `change`.
  private func editing(
    _ list: IdentifiedArrayOf<Item>, _ item: Item, _ change: (inout Item) -> Void
  ) -> IdentifiedArrayOf<Item> {
    var list = list
    change(&list[id: item.id]!)
    return list
  }

  /// `list` without `items`.
  private func deleting(_ list: IdentifiedArrayOf<Item>, _ items: Item...) -> IdentifiedArrayOf<
    Item
  > {
    var list = list
    for item in items { list.remove(id: item.id) }
    return list
  }

  /// `list` with `items` appended.
  private func adding(_ list: IdentifiedArrayOf<Item>, _ items: Item...) -> IdentifiedArrayOf<Item>
  {
    var list = list
    for item in items { list.append(item) }
    return list
  }

  /// The base with an unrelated change to Headphones (to leave the fast paths).
  private var headphonesBackOrdered: IdentifiedArrayOf<Item> {
    editing(base, .headphones) { $0.status = .outOfStock(isOnBackOrder: true) }
  }

  // MARK: Fast paths

  @Test func nothingChangedAnywhereIsTheBase() {
    let merge = ItemsMerge(base: base, mine: base, theirs: base)
    #expect(merge.items == base)
    #expect(merge.conflicts.isEmpty)
    #expect(merge.keptDespiteDeletion.isEmpty)
  }

  @Test func mineUnchangedTakesTheirsAsItIsOrderIncluded() {
    // Theirs reordered, deleted, edited and added: all of it taken, in theirs' order.
    var theirs: IdentifiedArrayOf<Item> = [.mouse, .keyboard, lamp]
    theirs[id: Item.keyboard.id]!.name = "Keys"
    let merge = ItemsMerge(base: base, mine: base, theirs: theirs)
    #expect(merge.items == theirs)
    #expect(merge.items.ids.elements == [Item.mouse.id, Item.keyboard.id, lamp.id])
    #expect(merge.conflicts.isEmpty)
    #expect(merge.keptDespiteDeletion.isEmpty)
  }

  @Test func mineEqualToTheirsTakesTheirsInTheirOrder() {
    // Both made the very same changes, moving Monitor first.
    let same: IdentifiedArrayOf<Item> = editing(
      [.monitor, .keyboard, .mouse, .headphones, lamp], .monitor
    ) { $0.name = "Screen" }
    let merge = ItemsMerge(base: base, mine: same, theirs: same)
    #expect(merge.items == same)
    #expect(merge.items.ids.first == Item.monitor.id)
    #expect(merge.conflicts.isEmpty)
    #expect(merge.keptDespiteDeletion.isEmpty)
  }

  @Test func theirsUnchangedTakesMineAsItIsOrderIncluded() {
    var mine: IdentifiedArrayOf<Item> = [chair, .headphones, .keyboard]
    mine[id: Item.keyboard.id]!.color = .white
    let merge = ItemsMerge(base: base, mine: mine, theirs: base)
    #expect(merge.items == mine)
    #expect(merge.items.ids.elements == [chair.id, Item.headphones.id, Item.keyboard.id])
    #expect(merge.conflicts.isEmpty)
    #expect(merge.keptDespiteDeletion.isEmpty)
  }

  @Test func mineAllDeletedWhileTheirsUnchangedIsEmpty() {
    let merge = ItemsMerge(base: base, mine: [], theirs: base)
    #expect(merge.items.isEmpty)
    #expect(merge.keptDespiteDeletion.isEmpty)
  }

  // MARK: One side's change is taken

  @Test func changesToDifferentItemsAreBothTaken() {
    let mine = editing(base, .keyboard) { $0.name = "Keys" }
    let theirs = editing(base, .mouse) { $0.status = .inStock(quantity: 9) }
    let merge = ItemsMerge(base: base, mine: mine, theirs: theirs)
    var expected = base
    expected[id: Item.keyboard.id]!.name = "Keys"
    expected[id: Item.mouse.id]!.status = .inStock(quantity: 9)
    #expect(merge.items == expected)
    #expect(merge.conflicts.isEmpty)
    #expect(merge.keptDespiteDeletion.isEmpty)
  }

  @Test func theSameChangeOnBothSidesIsNoConflict() {
    let mine = editing(headphonesBackOrdered, .monitor) { $0.color = .white }
    let theirs = editing(base, .monitor) { $0.color = .white }
    let merge = ItemsMerge(base: base, mine: mine, theirs: theirs)
    #expect(merge.items == mine)
    #expect(merge.items[id: Item.monitor.id]?.color == .white)
    #expect(merge.conflicts.isEmpty)
    #expect(merge.keptDespiteDeletion.isEmpty)
  }

  @Test func deletionsOnEitherSideOfUnchangedItemsAreTaken() {
    let mine = deleting(base, .keyboard)
    let theirs = deleting(base, .mouse)
    let merge = ItemsMerge(base: base, mine: mine, theirs: theirs)
    #expect(merge.items == [.monitor, .headphones])
    #expect(merge.conflicts.isEmpty)
    #expect(merge.keptDespiteDeletion.isEmpty)
  }

  @Test func anItemDeletedOnBothSidesIsGone() {
    let mine = deleting(headphonesBackOrdered, .monitor)
    let theirs = deleting(base, .monitor, .keyboard)
    let merge = ItemsMerge(base: base, mine: mine, theirs: theirs)
    #expect(merge.items.ids.elements == [Item.mouse.id, Item.headphones.id])
    #expect(merge.items[id: Item.headphones.id]?.status == .outOfStock(isOnBackOrder: true))
    #expect(merge.conflicts.isEmpty)
    #expect(merge.keptDespiteDeletion.isEmpty)
  }

  // MARK: Conflicts

  @Test func differentChangesToOneItemKeepTheirsAndListMine() {
    let mine = editing(headphonesBackOrdered, .monitor) { $0.name = "Screen" }
    let theirs = editing(base, .monitor) { $0.status = .inStock(quantity: 7) }
    let merge = ItemsMerge(base: base, mine: mine, theirs: theirs)
    // The whole item is theirs: mine's name is not carried over (items are units).
    var expected = theirs
    expected[id: Item.headphones.id]!.status = .outOfStock(isOnBackOrder: true)
    #expect(merge.items == expected)
    #expect(merge.items[id: Item.monitor.id]?.name == "Monitor")
    #expect(merge.conflicts == [mine[id: Item.monitor.id]!])
    #expect(merge.keptDespiteDeletion.isEmpty)
  }

  @Test func conflictsAreListedInTheBasesOrder() {
    let mine = editing(editing(base, .headphones) { $0.name = "Mine H" }, .keyboard) {
      $0.name = "Mine K"
    }
    let theirs = editing(editing(base, .keyboard) { $0.name = "Their K" }, .headphones) {
      $0.name = "Their H"
    }
    let merge = ItemsMerge(base: base, mine: mine, theirs: theirs)
    #expect(merge.items.map(\.name) == ["Their K", "Monitor", "Mouse", "Their H"])
    #expect(merge.conflicts.map(\.name) == ["Mine K", "Mine H"])
    #expect(merge.keptDespiteDeletion.isEmpty)
  }

  @Test func theSameNewItemAddedOnBothSidesIsOneItem() {
    let mine = adding(headphonesBackOrdered, lamp)
    let theirs = adding(base, lamp)
    let merge = ItemsMerge(base: base, mine: mine, theirs: theirs)
    #expect(merge.items == mine)
    #expect(merge.items.count == 5)
    #expect(merge.conflicts.isEmpty)
  }

  @Test func aNewItemAddedDifferentlyOnBothSidesKeepsTheirsAndListsMine() {
    var myLamp = lamp
    myLamp.color = .red
    let mine = adding(headphonesBackOrdered, myLamp)
    let theirs = adding(base, lamp)
    let merge = ItemsMerge(base: base, mine: mine, theirs: theirs)
    #expect(merge.items[id: lamp.id] == lamp)
    #expect(merge.items.count == 5)
    #expect(merge.conflicts == [myLamp])
    #expect(merge.keptDespiteDeletion.isEmpty)
  }

  // MARK: Edit beats delete

  @Test func editedHereDeletedElsewhereIsKept() {
    let mine = editing(base, .mouse) { $0.status = .inStock(quantity: 2) }
    let theirs = deleting(base, .mouse)
    let merge = ItemsMerge(base: base, mine: mine, theirs: theirs)
    #expect(merge.items == mine)
    #expect(merge.keptDespiteDeletion == [mine[id: Item.mouse.id]!])
    #expect(merge.conflicts.isEmpty)
  }

  @Test func editedElsewhereDeletedHereIsKept() {
    let mine = deleting(base, .keyboard)
    let theirs = editing(base, .keyboard) { $0.color = nil }
    let merge = ItemsMerge(base: base, mine: mine, theirs: theirs)
    #expect(merge.items == theirs)
    #expect(merge.items.ids.first == Item.keyboard.id)
    #expect(merge.keptDespiteDeletion == [theirs[id: Item.keyboard.id]!])
    #expect(merge.conflicts.isEmpty)
  }

  @Test func keptDespiteDeletionListsEveryOneInTheBasesOrder() {
    let mine = deleting(editing(base, .headphones) { $0.name = "Cans" }, .monitor)
    let theirs = deleting(editing(base, .monitor) { $0.name = "Screen" }, .headphones)
    let merge = ItemsMerge(base: base, mine: mine, theirs: theirs)
    #expect(merge.items.map(\.name) == ["Keyboard", "Screen", "Mouse", "Cans"])
    #expect(merge.keptDespiteDeletion.map(\.name) == ["Screen", "Cans"])
    #expect(merge.conflicts.isEmpty)
  }

  // MARK: Order

  @Test func orderIsTheBasesThenTheirsNewThenMine() {
    // Each side moved items about and added some: the base's order wins,
    // then theirs' new items in their order, then mine's in mine.
    let mine: IdentifiedArrayOf<Item> = [chair, .headphones, .mouse, .monitor, .keyboard, desk]
    let theirs: IdentifiedArrayOf<Item> = [.mouse, lamp, .keyboard, .monitor, .headphones]
    let merge = ItemsMerge(base: base, mine: mine, theirs: theirs)
    #expect(
      merge.items.ids.elements == [
        Item.keyboard.id, Item.monitor.id, Item.mouse.id, Item.headphones.id,
        lamp.id, chair.id, desk.id,
      ])
    #expect(merge.conflicts.isEmpty)
    #expect(merge.keptDespiteDeletion.isEmpty)
  }

  @Test func fromAnEmptyBaseTheirsComeBeforeMine() {
    let merge = ItemsMerge(base: [], mine: [chair, desk], theirs: [lamp])
    #expect(merge.items == [lamp, chair, desk])
    #expect(merge.conflicts.isEmpty)
  }

  @Test func everyRuleAtOnce() {
    // Mine: renamed Keyboard (conflict), deleted Monitor (edited elsewhere),
    // back-ordered Headphones, added Chair.
    var mine = base
    mine[id: Item.keyboard.id]!.name = "My keyboard"
    mine.remove(id: Item.monitor.id)
    mine[id: Item.headphones.id]!.status = .outOfStock(isOnBackOrder: true)
    mine.append(chair)
    // Theirs: recoloured Keyboard, 8 Monitors, deleted Mouse, added Lamp.
    var theirs = base
    theirs[id: Item.keyboard.id]!.color = .white
    theirs[id: Item.monitor.id]!.status = .inStock(quantity: 8)
    theirs.remove(id: Item.mouse.id)
    theirs.append(lamp)

    let merge = ItemsMerge(base: base, mine: mine, theirs: theirs)
    #expect(
      merge.items == [
        theirs[id: Item.keyboard.id]!, theirs[id: Item.monitor.id]!,
        mine[id: Item.headphones.id]!, lamp, chair,
      ])
    #expect(merge.conflicts == [mine[id: Item.keyboard.id]!])
    #expect(merge.keptDespiteDeletion == [theirs[id: Item.monitor.id]!])
  }
}
