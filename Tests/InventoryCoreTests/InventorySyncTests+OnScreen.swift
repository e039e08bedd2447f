import ComposableTesting
import Foundation
import InventoryCore
import Testing

extension InventorySyncTests {
  // MARK: - What is on screen

  @Test func detailOfAnItemChangedElsewhereIsRefreshed() async {
    let store = makeStore(
      appState(selection: .monitor, destination: .detail(ItemDetail.State(item: .monitor))))
    let stored = editing(.monitor) {
      $0.name = "Display"
      $0.status = .inStock(quantity: 7)
    }
    await store.send(changed(stored: stored, revision: 1)) {
      $0.storeRevision = 1
      $0.inventory.items = stored
      $0.inventory.destination = .detail(ItemDetail.State(item: stored[id: Item.monitor.id]!))
    }
    await store.finish()
    expectSaved(stored, revision: 1)
  }

  @Test func detailOfAnotherItemIsLeftAsItIs() async {
    let store = makeStore(
      appState(selection: .monitor, destination: .detail(ItemDetail.State(item: .monitor))))
    let stored = editing(.mouse) { $0.name = "Trackball" }
    await store.send(changed(stored: stored, revision: 1)) {
      $0.storeRevision = 1
      $0.inventory.items = stored
    }
    await store.finish()
    expectSaved(stored, revision: 1)
  }

  @Test func detailOfAnItemDeletedElsewhereClosesWithTheNotice() async {
    let store = makeStore(
      appState(selection: .monitor, destination: .detail(ItemDetail.State(item: .monitor))))
    let stored = deleting(.monitor)
    await store.send(changed(stored: stored, revision: 1)) {
      $0.storeRevision = 1
      $0.inventory.items = stored
      $0.inventory.selection = Item.mouse.id
      $0.inventory.destination = nil
    }
    await store.receive(.notified(.deletedElsewhere(name: "Monitor")))
    await store.finish()
    expectSaved(stored, revision: 1)
  }

  @Test func deleteAlertOfAnItemDeletedElsewhereClosesWithTheNotice() async {
    let store = makeStore(appState(selection: .monitor))
    await store.send(\.inventory.deleteButtonTapped) {
      $0.inventory.destination = .alert(.deleteItem(.monitor))
    }
    let stored = deleting(.monitor)
    await store.send(changed(stored: stored, revision: 1)) {
      $0.storeRevision = 1
      $0.inventory.items = stored
      $0.inventory.selection = Item.mouse.id
      $0.inventory.destination = nil
    }
    await store.receive(.notified(.deletedElsewhere(name: "Monitor")))
    await store.finish()
    expectSaved(stored, revision: 1)
  }

  @Test func deleteAlertOfAnItemStillThereStaysOpen() async {
    let store = makeStore(
      appState(selection: .monitor, destination: .alert(.deleteItem(.monitor))))
    let stored = deleting(.keyboard)
    await store.send(changed(stored: stored, revision: 1)) {
      $0.storeRevision = 1
      $0.inventory.items = stored
    }
    await store.finish()
    expectSaved(stored, revision: 1)
    // Confirming it still deletes the item.
    await store.send(
      .inventory(.destination(.presented(.alert(.confirmDeletion(Item.monitor.id)))))
    ) {
      $0.inventory.destination = nil
      $0.inventory.items = [.mouse, .headphones]
      $0.inventory.selection = Item.mouse.id
    }
    await store.finish()
    expectSaved([.mouse, .headphones], revision: 1)
  }

  /// Edit beats delete, as in standups: the popover of an item deleted
  /// elsewhere stays with its draft, and saving it keeps the item.
  @Test func editPopoverOfAnItemDeletedElsewhereStaysAndSavingKeepsIt() async {
    let store = makeStore(appState(selection: .headphones))
    await store.send(\.inventory.editButtonTapped) {
      $0.inventory.destination = .edit(.editItem(.headphones))
    }
    await store.send(.inventory(.destination(.presented(.edit(.nameChanged("Cans", cursor: 4)))))) {
      $0.inventory.$destination[case: \.edit]?.item.name = "Cans"
      $0.inventory.$destination[case: \.edit]?.cursor = 4
    }
    // The notice names the item as it was, not the draft.
    let stored = await headphonesDeletedElsewhereUnderItsPopover(store)
    var cans = Item.headphones
    cans.name = "Cans"
    await store.send(\.inventory.confirmEditItemButtonTapped) {
      $0.inventory.destination = nil
      $0.inventory.items = stored + [cans]
      $0.inventory.selection = cans.id
    }
    await store.finish()
    expectSaved(stored + [cans], revision: 1)
  }

  /// The edit popover of Headphones open, then Headphones deleted
  /// elsewhere; returns the items stored now.
  func headphonesDeletedElsewhereUnderItsPopover(
    _ store: TestStoreOf<AppFeature>
  ) async -> IdentifiedArrayOf<Item> {
    await deletedElsewhere(
      [.headphones], underThePopoverOf: .headphones, in: store, highlighting: .mouse,
      restorePlace: .after(Item.mouse.id))
  }

  /// `items` deleted elsewhere, `edited`'s popover open: the highlight
  /// moves to `highlighting`, the popover keeps where its item stood, the
  /// notice names it; returns the items stored now.
  func deletedElsewhere(
    _ items: [Item], underThePopoverOf edited: Item, in store: TestStoreOf<AppFeature>,
    highlighting: Item, restorePlace: ListPlace<Item.ID>
  ) async -> IdentifiedArrayOf<Item> {
    var stored = Item.samples
    for item in items { stored.remove(id: item.id) }
    await store.send(changed(stored: stored, revision: 1)) {
      $0.storeRevision = 1
      $0.inventory.items = stored
      $0.inventory.selection = highlighting.id
      $0.inventory.$destination[case: \.edit]?.restorePlace = restorePlace
    }
    await store.receive(.notified(.deletedWhileEditing(name: edited.name)))
    expectSaved(stored, revision: 1)
    return stored
  }

  /// Saved, an item deleted elsewhere goes back where it stood among the
  /// items still there (here after Monitor: Keyboard went too), not to the
  /// end; a second change meanwhile does not move that place, nor say
  /// again that the item was deleted.
  @Test func anItemDeletedElsewhereAndSavedGoesBackToItsPlace() async {
    let store = makeStore(appState(selection: .mouse, destination: .edit(.editItem(.mouse))))
    let stored = await deletedElsewhere(
      [.mouse, .keyboard], underThePopoverOf: .mouse, in: store, highlighting: .headphones,
      restorePlace: .after(Item.monitor.id))
    let renamed = editing(.headphones, in: stored) { $0.name = "Cans" }
    await store.send(changed(stored: renamed, base: stored, revision: 2)) {
      $0.storeRevision = 2
      $0.inventory.items = renamed
    }
    expectSaved(renamed, revision: 2)
    await store.send(\.inventory.confirmEditItemButtonTapped) {
      $0.inventory.destination = nil
      $0.inventory.items = [.monitor, .mouse, renamed[id: Item.headphones.id]!]
      $0.inventory.selection = Item.mouse.id
    }
    await store.finish()
    expectSaved([.monitor, .mouse, renamed[id: Item.headphones.id]!], revision: 2)
  }

  /// The banner said "saving keeps it": saving keeps it, whether
  /// anything in the popover was changed or not.
  @Test func anUntouchedEditPopoverOfAnItemDeletedElsewhereKeepsItOnSave() async {
    let store = makeStore(
      appState(selection: .headphones, destination: .edit(.editItem(.headphones))))
    let stored = await headphonesDeletedElsewhereUnderItsPopover(store)
    await store.send(\.inventory.confirmEditItemButtonTapped) {
      $0.inventory.destination = nil
      $0.inventory.items = stored + [.headphones]
      $0.inventory.selection = Item.headphones.id
    }
    await store.finish()
    expectSaved(stored + [.headphones], revision: 1)
  }

  /// Esc on it lets the item go.
  @Test func cancellingTheEditOfAnItemDeletedElsewhereLetsItGo() async {
    let store = makeStore(
      appState(selection: .headphones, destination: .edit(.editItem(.headphones))))
    let stored = await headphonesDeletedElsewhereUnderItsPopover(store)
    await store.send(\.inventory.cancelEditItemButtonTapped) {
      $0.inventory.destination = nil
    }
    #expect(store.state.inventory.items == stored)
    await store.finish()
    expectNothingSaved()
  }

  @Test func duplicateDialogOfAnItemDeletedElsewhereClosesWithTheNotice() async {
    let store = makeStore(appState(selection: .keyboard))
    await store.send(\.inventory.duplicateButtonTapped) {
      $0.inventory.destination = .duplicate(.duplicateItem(.keyboard))
    }
    let stored = deleting(.keyboard)
    await store.send(changed(stored: stored, revision: 1)) {
      $0.storeRevision = 1
      $0.inventory.items = stored
      $0.inventory.selection = Item.monitor.id
      $0.inventory.destination = nil
    }
    await store.receive(.notified(.deletedElsewhere(name: "Keyboard")))
    await store.finish()
    expectSaved(stored, revision: 1)
  }

  @Test func editPopoverOfAnItemChangedElsewhereKeepsItsDraft() async {
    var form = ItemForm.State.editItem(.monitor)
    form.item.color = .white
    let store = makeStore(appState(selection: .monitor, destination: .edit(form)))
    let stored = editing(.monitor) { $0.name = "Display" }
    await store.send(changed(stored: stored, revision: 1)) {
      $0.storeRevision = 1
      $0.inventory.items = stored
    }
    // Saying that saving now keeps theirs and sets the user's aside.
    await store.receive(.notified(.changedWhileEditing(name: "Display")))
    await store.finish()
    #expect(store.state.inventory.$destination[case: \.edit]?.original == .monitor)
    expectSaved(stored, revision: 1)
  }
}
