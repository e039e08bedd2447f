import ComposableTesting
import Foundation
import InventoryCore
import Testing

extension InventorySyncTests {
  // MARK: - Conflicts through the merge

  @Test(arguments: [InventorySyncTests.conflictCopy, nil])
  func conflictThroughTheMergeKeepsTheUsersVersionAside(copy: String?) async {
    // Renamed here; renamed and restocked elsewhere.
    let mine = editing(.monitor) { $0.name = "Screen" }
    let stored = editing(.monitor) {
      $0.name = "Display"
      $0.status = .inStock(quantity: 7)
    }
    let store = makeStore(appState(mine, selection: .monitor), copy: copy)

    await store.send(changed(stored: stored, revision: 2)) {
      $0.storeRevision = 2
      $0.inventory.items = stored
      $0.conflicts = [mine[id: Item.monitor.id]!]
    }
    // Named as it is stored now.
    await store.receive(.notified(.conflict(names: ["Display"], copy: copy)))
    await store.finish()
    #expect(kept.value == [[mine[id: Item.monitor.id]!]])
    expectSaved(stored, revision: 2)
  }

  @Test func editedElsewhereAfterADeleteHereIsKeptWithTheNotice() async {
    let mine = deleting(.monitor)
    let stored = editing(.monitor) { $0.status = .inStock(quantity: 9) }
    let store = makeStore(appState(mine, selection: .mouse))

    await store.send(changed(stored: stored, revision: 1)) {
      $0.storeRevision = 1
      $0.inventory.items = stored
    }
    await store.receive(.notified(.keptDespiteDeletion(name: "Monitor")))
    await store.finish()
    #expect(kept.value.isEmpty)
    expectSaved(stored, revision: 1)
  }

  // MARK: - Edit conflicts

  /// Opens the edit popover on Monitor, then the other program renames it
  /// "Display"; returns the store and what it holds now.
  func editWhileRenamedElsewhere() async -> (TestStoreOf<AppFeature>, IdentifiedArrayOf<Item>) {
    let store = makeStore(appState(selection: .monitor))
    await store.send(\.inventory.editButtonTapped) {
      $0.inventory.destination = .edit(.editItem(.monitor))
    }
    let stored = editing(.monitor) { $0.name = "Display" }
    await store.send(changed(stored: stored, revision: 1)) {
      $0.storeRevision = 1
      $0.inventory.items = stored
    }
    await store.receive(.notified(.changedWhileEditing(name: "Display")))
    await store.finish()
    expectSaved(stored, revision: 1)
    return (store, stored)
  }

  @Test func editOfAnItemChangedElsewhereKeepsTheStoredVersion() async {
    let (store, stored) = await editWhileRenamedElsewhere()
    await store.send(.inventory(.destination(.presented(.edit(.quantityStepped(by: 1)))))) {
      $0.inventory.$destination[case: \.edit]?.item.status = .inStock(quantity: 4)
    }
    var mine = Item.monitor
    mine.status = .inStock(quantity: 4)
    await store.send(\.inventory.confirmEditItemButtonTapped) {
      $0.inventory.destination = nil
    }
    await store.receive(.inventory(.delegate(.editConflicted(mine)))) { $0.conflicts = [mine] }
    await store.receive(.notified(.conflict(names: ["Display"], copy: Self.conflictCopy)))
    await store.finish()
    #expect(store.state.inventory.items == stored)
    #expect(kept.value == [[mine]])
    expectNothingSaved()
  }

  @Test func renameOfAnItemRenamedElsewhereKeepsTheStoredName() async {
    let (store, stored) = await editWhileRenamedElsewhere()
    await store.send(
      .inventory(.destination(.presented(.edit(.nameChanged("Screen", cursor: 6)))))
    ) {
      $0.inventory.$destination[case: \.edit]?.item.name = "Screen"
      $0.inventory.$destination[case: \.edit]?.cursor = 6
    }
    var mine = Item.monitor
    mine.name = "Screen"
    await store.send(\.inventory.confirmEditItemButtonTapped) {
      $0.inventory.destination = nil
    }
    await store.receive(.inventory(.delegate(.editConflicted(mine)))) { $0.conflicts = [mine] }
    await store.receive(.notified(.conflict(names: ["Display"], copy: Self.conflictCopy)))
    await store.finish()
    #expect(store.state.inventory.items == stored)
    #expect(kept.value == [[mine]])
    expectNothingSaved()

    // `o` reopens the user's version over the one kept; saved, it wins.
    await store.send(.reviewConflictTapped) {
      $0.conflicts = []
      var form = ItemForm.State.editItem(stored[id: Item.monitor.id]!)
      form.item = mine
      form.cursor = 6
      $0.inventory.destination = .edit(form)
      $0.inventory.selection = Item.monitor.id
    }
    await store.send(\.inventory.confirmEditItemButtonTapped) {
      $0.inventory.destination = nil
      $0.inventory.items[id: Item.monitor.id] = mine
    }
    await store.finish()
    // Nothing more to reopen.
    await store.send(.reviewConflictTapped)
  }

  /// A version kept for an item deleted since is reopened as such: saving
  /// it brings the item back.
  @Test func aKeptVersionOfAnItemDeletedSinceIsReopenedAsDeleted() async {
    var mine = Item.monitor
    mine.name = "Screen"
    var state = appState(selection: .mouse)
    state.conflicts = [mine]
    state.inventory.items.remove(id: Item.monitor.id)
    state.selectedTab = .one
    let store = makeStore(state)
    await store.send(.reviewConflictTapped) {
      $0.conflicts = []
      $0.selectedTab = .inventory
      var form = ItemForm.State.editItem(mine)
      form.cursor = 6
      $0.inventory.destination = .edit(form)
    }
    await store.receive(.notified(.deletedWhileEditing(name: "Screen")))
  }

  @Test func noConflictWhenTheEditEqualsTheStoredChange() async {
    let (store, stored) = await editWhileRenamedElsewhere()
    await store.send(
      .inventory(.destination(.presented(.edit(.nameChanged("Display", cursor: 7)))))
    ) {
      $0.inventory.$destination[case: \.edit]?.item.name = "Display"
      $0.inventory.$destination[case: \.edit]?.cursor = 7
    }
    await store.send(\.inventory.confirmEditItemButtonTapped) {
      $0.inventory.destination = nil
    }
    await store.finish()
    #expect(store.state.inventory.items == stored)
    #expect(kept.value.isEmpty)
    expectNothingSaved()
  }

  @Test func anUntouchedEditConfirmedAfterAChangeElsewhereKeepsThatChange() async {
    // The user changed nothing: as in the merge, an unchanged side takes the other's.
    let (store, stored) = await editWhileRenamedElsewhere()
    await store.send(\.inventory.confirmEditItemButtonTapped) {
      $0.inventory.destination = nil
    }
    await store.finish()
    #expect(store.state.inventory.items == stored)
    #expect(store.state.inventory.items[id: Item.monitor.id]?.name == "Display")
    #expect(kept.value.isEmpty)
    expectNothingSaved()
  }

  @Test func noConflictWhenNothingChangedElsewhere() async {
    var initial = appState(selection: .monitor)
    initial.storeRevision = 4
    let store = makeStore(initial)
    await store.send(\.inventory.editButtonTapped) {
      $0.inventory.destination = .edit(.editItem(.monitor))
    }
    await store.send(.inventory(.destination(.presented(.edit(.quantityStepped(by: 1)))))) {
      $0.inventory.$destination[case: \.edit]?.item.status = .inStock(quantity: 4)
    }
    await store.send(\.inventory.confirmEditItemButtonTapped) {
      $0.inventory.destination = nil
      $0.inventory.items[id: Item.monitor.id]?.status = .inStock(quantity: 4)
    }
    await store.finish()
    #expect(kept.value.isEmpty)
    expectSaved(editing(.monitor) { $0.status = .inStock(quantity: 4) }, revision: 4)
  }

  @Test func noConflictWhenOnlyAnotherItemChangedElsewhere() async {
    let store = makeStore(appState(selection: .monitor))
    await store.send(\.inventory.editButtonTapped) {
      $0.inventory.destination = .edit(.editItem(.monitor))
    }
    let stored = editing(.mouse) { $0.name = "Trackball" }
    await store.send(changed(stored: stored, revision: 1)) {
      $0.storeRevision = 1
      $0.inventory.items = stored
    }
    await store.finish()
    expectSaved(stored, revision: 1)
    await store.send(.inventory(.destination(.presented(.edit(.colorStepped(by: 1)))))) {
      $0.inventory.$destination[case: \.edit]?.item.color = .yellow
    }
    await store.send(\.inventory.confirmEditItemButtonTapped) {
      $0.inventory.destination = nil
      $0.inventory.items[id: Item.monitor.id]?.color = .yellow
    }
    await store.finish()
    #expect(kept.value.isEmpty)
    expectSaved(editing(.monitor, in: stored) { $0.color = .yellow }, revision: 1)
  }
}
