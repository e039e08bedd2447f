import ComposableTesting
import Foundation
import InventoryCore
import Testing

/// The inventory tab: adding, editing, duplicating, deleting and the detail,
/// each through the one destination, and the highlight.
@MainActor
struct InventoryTests {
  func makeStore(
    _ state: Inventory.State = Inventory.State(items: Item.samples)
  ) -> TestStore<Inventory.State, Inventory.Action> {
    TestStore(initialState: state) {
      Inventory()
    } withDependencies: {
      $0.uuid = .incrementing
    }
  }

  @Test func addAnItem() async {
    let store = makeStore()
    await store.send(.addButtonTapped) {
      $0.destination = .add(
        ItemForm.State(title: "New item", item: Item(id: .init(UUID(0)), name: "")))
    }
    await store.send(.destination(.presented(.add(.nameChanged("Lamp", cursor: 4))))) {
      $0.destination.modify(\.add) {
        $0.item.name = "Lamp"
        $0.cursor = 4
      }
    }
    await store.send(.destination(.presented(.add(.colorStepped(by: 5))))) {
      $0.$destination[case: \.add]?.item.color = .yellow
    }
    await store.send(.destination(.presented(.add(.quantityStepped(by: 2))))) {
      $0.$destination[case: \.add]?.item.status = .inStock(quantity: 3)
    }
    await store.send(.confirmAddItemButtonTapped) {
      $0.destination = nil
      $0.items.append(
        Item(id: .init(UUID(0)), name: "Lamp", color: .yellow, status: .inStock(quantity: 3)))
      $0.selection = .init(UUID(0))
    }
    // The next item gets the next id.
    await store.send(.addButtonTapped) {
      $0.destination = .add(.newItem(id: .init(UUID(1))))
    }
  }

  @Test func addingTrimsTheName() async {
    let form = ItemForm.State.newItem(id: .init(UUID(50)))
    let store = makeStore(Inventory.State(destination: .add(form)))
    await store.send(.destination(.presented(.add(.nameChanged("  Lamp ", cursor: 7))))) {
      $0.$destination[case: \.add]?.item.name = "  Lamp "
      $0.$destination[case: \.add]?.cursor = 7
    }
    await store.send(.confirmAddItemButtonTapped) {
      $0.destination = nil
      $0.items = [Item(id: .init(UUID(50)), name: "Lamp")]
      $0.selection = .init(UUID(50))
    }
  }

  @Test func addIsRefusedWithABlankNameAndTheFieldFlagged() async {
    var form = ItemForm.State.newItem(id: .init(UUID(50)))
    form.item.name = "   "
    form.focus = .status
    let store = makeStore(Inventory.State(destination: .add(form), items: Item.samples))
    await store.send(.confirmAddItemButtonTapped) {
      $0.destination.modify(\.add) {
        $0.isNameMissing = true
        $0.focus = .name
        $0.cursor = 0
      }
    }
    // Typing a name clears the flag; then the item is added.
    await store.send(.destination(.presented(.add(.nameChanged("Lamp", cursor: 4))))) {
      $0.destination.modify(\.add) {
        $0.item.name = "Lamp"
        $0.cursor = 4
        $0.isNameMissing = false
      }
    }
    await store.send(.confirmAddItemButtonTapped) {
      $0.destination = nil
      $0.items.append(Item(id: .init(UUID(50)), name: "Lamp"))
      $0.selection = .init(UUID(50))
    }
  }

  @Test func cancelAdding() async {
    let store = makeStore()
    await store.send(.addButtonTapped) {
      $0.destination = .add(.newItem(id: .init(UUID(0))))
    }
    await store.send(.destination(.presented(.add(.nameChanged("Lamp", cursor: 4))))) {
      $0.$destination[case: \.add]?.item.name = "Lamp"
      $0.$destination[case: \.add]?.cursor = 4
    }
    await store.send(.cancelAddItemButtonTapped) { $0.destination = nil }
    #expect(store.state.items == Item.samples)
  }

  @Test func cancelAddingLeavesOtherDestinationsAlone() async {
    let store = makeStore(
      Inventory.State(destination: .alert(.deleteItem(.keyboard)), items: Item.samples))
    await store.send(.cancelAddItemButtonTapped)
    await store.send(.cancelEditItemButtonTapped)
    await store.send(.confirmAddItemButtonTapped)
    await store.send(.confirmEditItemButtonTapped)
  }

  @Test func editAndSave() async {
    let store = makeStore()
    await store.send(.selectionMoved(by: 1)) { $0.selection = Item.monitor.id }
    await store.send(.editButtonTapped) {
      $0.destination = .edit(.editItem(.monitor))
    }
    await store.send(.destination(.presented(.edit(.nameChanged("Monitor 4K", cursor: 10))))) {
      $0.$destination[case: \.edit]?.item.name = "Monitor 4K"
      $0.$destination[case: \.edit]?.cursor = 10
    }
    await store.send(.destination(.presented(.edit(.markAsSoldOutButtonTapped)))) {
      $0.$destination[case: \.edit]?.item.status = .outOfStock(isOnBackOrder: false)
      $0.$destination[case: \.edit]?.quantityBeforeSoldOut = 3
    }
    await store.send(.confirmEditItemButtonTapped) {
      $0.destination = nil
      $0.items[id: Item.monitor.id]?.name = "Monitor 4K"
      $0.items[id: Item.monitor.id]?.status = .outOfStock(isOnBackOrder: false)
    }
    #expect(store.state.items.ids == Item.samples.ids)
  }

  @Test func editIsRefusedWithABlankName() async {
    let store = makeStore()
    await store.send(.editButtonTapped) {
      $0.destination = .edit(.editItem(.keyboard))
    }
    await store.send(.destination(.presented(.edit(.nameChanged("", cursor: 0))))) {
      $0.$destination[case: \.edit]?.item.name = ""
      $0.$destination[case: \.edit]?.cursor = 0
    }
    await store.send(.confirmEditItemButtonTapped) {
      $0.$destination[case: \.edit]?.isNameMissing = true
    }
    #expect(store.state.items == Item.samples)
  }

  /// Edit beats delete: saving the edit of an item deleted meanwhile keeps
  /// it, touched or not (the banner asked for a save to keep it).
  @Test func savingAnEditOfAnItemNoLongerThereKeepsIt() async {
    var form = ItemForm.State.editItem(.keyboard)
    form.item.name = "Keys"
    let store = makeStore(Inventory.State(destination: .edit(form), items: [.monitor]))
    await store.send(.confirmEditItemButtonTapped) {
      $0.destination = nil
      $0.items = [.monitor, form.item]
      $0.selection = Item.keyboard.id
    }
    let untouched = makeStore(
      Inventory.State(destination: .edit(.editItem(.keyboard)), items: [.monitor]))
    await untouched.send(.confirmEditItemButtonTapped) {
      $0.destination = nil
      $0.items = [.monitor, .keyboard]
      $0.selection = Item.keyboard.id
    }
  }

  @Test func editAndCancel() async {
    let store = makeStore()
    await store.send(.editButtonTapped) {
      $0.destination = .edit(.editItem(.keyboard))
    }
    await store.send(.destination(.presented(.edit(.colorStepped(by: 1))))) {
      $0.$destination[case: \.edit]?.item.color = .black
    }
    await store.send(.cancelEditItemButtonTapped) { $0.destination = nil }
    #expect(store.state.items == Item.samples)
  }

  @Test func duplicateThroughTheDialog() async {
    let store = makeStore()
    await store.send(.selectionMovedToLast) { $0.selection = Item.headphones.id }
    await store.send(.duplicateButtonTapped) {
      $0.destination = .duplicate(
        ConfirmationDialogState(
          title: "Headphones",
          message: "Make a copy of this item?",
          buttons: [
            .default("Duplicate", action: .confirmDuplication(Item.headphones.id)),
            .cancel("Cancel"),
          ]))
    }
    await store.send(.destination(.presented(.duplicate(.confirmDuplication(Item.headphones.id)))))
    {
      $0.destination = .add(
        ItemForm.State(
          title: "Duplicate item",
          item: Item(
            id: .init(UUID(0)), name: "Headphones copy", color: .red,
            status: .outOfStock(isOnBackOrder: false)),
          duplicateOf: Item.headphones.id))
    }
    await store.send(.confirmAddItemButtonTapped) {
      $0.destination = nil
      $0.items.append(
        Item(
          id: .init(UUID(0)), name: "Headphones copy", color: .red,
          status: .outOfStock(isOnBackOrder: false)))
      $0.selection = .init(UUID(0))
    }
  }

  @Test func cancelTheDuplicateDialog() async {
    let store = makeStore()
    await store.send(.duplicateButtonTapped) {
      $0.destination = .duplicate(.duplicateItem(.keyboard))
    }
    // A button without an action (Cancel) dismisses.
    await store.send(.destination(.dismiss)) { $0.destination = nil }
  }

  @Test func deleteThroughTheAlert() async {
    let store = makeStore()
    await store.send(.selectionMoved(by: 2)) { $0.selection = Item.mouse.id }
    await store.send(.deleteButtonTapped) {
      $0.destination = .alert(
        AlertState(
          title: "Delete Mouse?",
          message: "Are you sure you want to delete this item?",
          buttons: [
            .destructive("Yes, delete", action: .confirmDeletion(Item.mouse.id)),
            .cancel("Cancel"),
          ]))
    }
    // The alert closes itself; the highlight moves to the item in its place.
    await store.send(.destination(.presented(.alert(.confirmDeletion(Item.mouse.id))))) {
      $0.destination = nil
      $0.items.remove(id: Item.mouse.id)
      $0.selection = Item.headphones.id
    }
    // Deleting the last item moves the highlight up.
    await store.send(.deleteButtonTapped) {
      $0.destination = .alert(.deleteItem(.headphones))
    }
    await store.send(.destination(.presented(.alert(.confirmDeletion(Item.headphones.id))))) {
      $0.destination = nil
      $0.items.remove(id: Item.headphones.id)
      $0.selection = Item.monitor.id
    }
  }

  @Test func deletingTheOnlyItemLeavesNoSelection() async {
    let store = makeStore(Inventory.State(items: [.mouse]))
    await store.send(.deleteButtonTapped) {
      $0.destination = .alert(.deleteItem(.mouse))
    }
    await store.send(.destination(.presented(.alert(.confirmDeletion(Item.mouse.id))))) {
      $0.destination = nil
      $0.items = []
      $0.selection = nil
    }
    // Nothing is highlighted: nothing to act on.
    await store.send(.deleteButtonTapped)
    await store.send(.editButtonTapped)
    await store.send(.duplicateButtonTapped)
    await store.send(.detailButtonTapped)
  }

  @Test func cancelTheDeleteAlert() async {
    let store = makeStore()
    await store.send(.deleteButtonTapped) {
      $0.destination = .alert(.deleteItem(.keyboard))
    }
    await store.send(.destination(.dismiss)) { $0.destination = nil }
    #expect(store.state.items == Item.samples)
  }

  @Test func detailDrillDownAndBack() async {
    let store = makeStore()
    await store.send(.itemTapped(Item.mouse.id)) {
      $0.selection = Item.mouse.id
      $0.destination = .detail(ItemDetail.State(item: .mouse))
    }
    // The detail asks to go; the inventory clears it.
    await store.send(.destination(.presented(.detail(.backButtonTapped))))
    await store.receive(\.destination.dismiss) { $0.destination = nil }
    await store.send(.detailButtonTapped) {
      $0.destination = .detail(ItemDetail.State(item: .mouse))
    }
    await store.send(.destination(.dismiss)) { $0.destination = nil }
  }

  /// Edit, duplicate and delete on the detail act on the item it shows,
  /// which the list then highlights, whatever was highlighted before; once
  /// what they opened closes, the detail shows again.
  @Test func editDuplicateAndDeleteFromTheDetail() async {
    let detail = Inventory.Destination.State.detail(ItemDetail.State(item: .mouse))
    let store = makeStore(
      Inventory.State(destination: detail, items: Item.samples, selection: Item.keyboard.id))
    for (action, destination) in [
      (Inventory.Action.editButtonTapped, Inventory.Destination.State.edit(.editItem(.mouse))),
      (.duplicateButtonTapped, .duplicate(.duplicateItem(.mouse))),
      (.deleteButtonTapped, .alert(.deleteItem(.mouse))),
    ] {
      await store.send(action) {
        $0.selection = Item.mouse.id
        $0.destination = destination
        $0.detailToReturnTo = Item.mouse.id
      }
      await store.send(.destination(.dismiss)) {
        $0.destination = detail
        $0.detailToReturnTo = nil
      }
      await store.send(.selectionMovedToFirst) { $0.selection = Item.keyboard.id }
    }
    // Deleted, the item has no detail to show: the list does.
    await store.send(.deleteButtonTapped) {
      $0.selection = Item.mouse.id
      $0.destination = .alert(.deleteItem(.mouse))
      $0.detailToReturnTo = Item.mouse.id
    }
    await store.send(.destination(.presented(.alert(.confirmDeletion(Item.mouse.id))))) {
      $0.items.remove(id: Item.mouse.id)
      $0.selection = Item.headphones.id
      $0.destination = nil
      $0.detailToReturnTo = nil
    }
  }

  /// ↑/↓ on the detail go through the items without the list, which
  /// highlights each; at either end they stay.
  @Test func theDetailMovesToTheNextAndPreviousItems() async {
    let store = makeStore(
      Inventory.State(
        destination: .detail(ItemDetail.State(item: .monitor)), items: Item.samples,
        selection: Item.monitor.id))
    await store.send(.detailMoved(by: 1)) {
      $0.selection = Item.mouse.id
      $0.destination = .detail(ItemDetail.State(item: .mouse))
    }
    await store.send(.detailMoved(by: -5)) {
      $0.selection = Item.keyboard.id
      $0.destination = .detail(ItemDetail.State(item: .keyboard))
    }
    await store.send(.detailMoved(by: -1))
    await store.send(.destination(.dismiss)) { $0.destination = nil }
    // Without a detail, nothing moves.
    await store.send(.detailMoved(by: 1))
  }

  /// A duplicate saved from the detail is in the list; the original's
  /// detail shows again, and the list highlights the original, as it shows.
  @Test func aDuplicateSavedFromTheDetailReturnsToTheOriginal() async {
    let store = makeStore(
      Inventory.State(
        destination: .detail(ItemDetail.State(item: .headphones)), items: Item.samples,
        selection: Item.headphones.id))
    await store.send(.duplicateButtonTapped) {
      $0.destination = .duplicate(.duplicateItem(.headphones))
      $0.detailToReturnTo = Item.headphones.id
    }
    let copy = Item(
      id: .init(UUID(0)), name: "Headphones copy", color: .red,
      status: .outOfStock(isOnBackOrder: false))
    await store.send(.destination(.presented(.duplicate(.confirmDuplication(Item.headphones.id)))))
    {
      $0.destination = .add(
        ItemForm.State(title: "Duplicate item", item: copy, duplicateOf: Item.headphones.id))
    }
    await store.send(.confirmAddItemButtonTapped) {
      $0.items.append(copy)
      $0.selection = Item.headphones.id
      $0.destination = .detail(ItemDetail.State(item: .headphones))
      $0.detailToReturnTo = nil
    }
  }

  /// From the list, closing what they opened leaves the list.
  @Test func editFromTheListReturnsToTheList() async {
    let store = makeStore(Inventory.State(items: Item.samples, selection: Item.mouse.id))
    await store.send(.editButtonTapped) { $0.destination = .edit(.editItem(.mouse)) }
    await store.send(.destination(.dismiss)) { $0.destination = nil }
  }

  @Test(arguments: [
    Inventory.Destination.State.add(.newItem(id: .init(UUID(9)))),
    .add(.duplicate(of: .keyboard, id: .init(UUID(9)))),
    .edit(.editItem(.monitor)),
    .detail(ItemDetail.State(item: .mouse)),
    .alert(.deleteItem(.headphones)),
    .duplicate(.duplicateItem(.keyboard)),
  ])
  func dismissingEachDestination(destination: Inventory.Destination.State) async {
    let store = makeStore(Inventory.State(destination: destination, items: Item.samples))
    await store.send(.destination(.dismiss)) { $0.destination = nil }
    #expect(store.state.items == Item.samples)
  }

  @Test func selectionMovementIsClamped() async {
    let store = makeStore()
    await store.send(.selectionMoved(by: -1))
    await store.send(.selectionMoved(by: 2)) { $0.selection = Item.mouse.id }
    await store.send(.selectionMoved(by: 10)) { $0.selection = Item.headphones.id }
    await store.send(.selectionMoved(by: 1))
    await store.send(.selectionMoved(by: -10)) { $0.selection = Item.keyboard.id }
    await store.send(.selectionMovedToLast) { $0.selection = Item.headphones.id }
    await store.send(.selectionMovedToFirst) { $0.selection = Item.keyboard.id }
  }

  @Test func selectionOnAnEmptyInventoryStaysNil() async {
    let store = makeStore(Inventory.State())
    await store.send(.selectionMoved(by: 1))
    await store.send(.selectionMovedToFirst)
    await store.send(.selectionMovedToLast)
    await store.send(.itemTapped(Item.keyboard.id))
    #expect(store.state.selection == nil)
  }
}
