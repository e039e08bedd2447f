import ComposableTesting
import Foundation
import InventoryCore
import Testing

/// Changes another program made to the data file, as `AppFeature` merges them:
/// the list and its highlight, what is on screen, conflicts, and what goes
/// back to the store.
@MainActor
struct InventorySyncTests {
  /// One call of the store's `save`.
  struct Save: Equatable, Sendable, CustomStringConvertible {
    var items: IdentifiedArrayOf<Item>
    var revision: Int
    init(_ items: IdentifiedArrayOf<Item>, revision: Int) {
      self.items = items
      self.revision = revision
    }
    var description: String { "\(items.map(\.name)) @\(revision)" }
  }

  nonisolated static let conflictCopy = "items.conflict-x.json"

  let saves = LockIsolated<[Save]>([])
  let kept = LockIsolated<[IdentifiedArrayOf<Item>]>([])

  func makeStore(
    _ state: AppFeature.State, copy: String? = conflictCopy
  ) -> TestStoreOf<AppFeature> {
    TestStore(initialState: state) {
      AppFeature()
    } withDependencies: { [saves, kept] in
      $0.uuid = .incrementing
      $0.itemsStore = ItemsStore(
        save: { items, revision in
          saves.withValue { $0.append(Save(items, revision: revision)) }
        },
        events: { AsyncStream { $0.finish() } },
        keepConflicts: { conflicts in
          kept.withValue { $0.append(conflicts) }
          return copy
        })
    }
  }

  /// The app on the inventory tab with `items`, `selection` highlighted and
  /// `destination` on screen.
  func appState(
    _ items: IdentifiedArrayOf<Item> = Item.samples, selection: Item? = nil,
    destination: Inventory.Destination.State? = nil
  ) -> AppFeature.State {
    AppFeature.State(
      inventory: Inventory.State(
        destination: destination, items: items, selection: selection?.id),
      selectedTab: .inventory)
  }

  /// Every save since the last call carried `items` at `revision` (and there
  /// was at least one).
  func expectSaved(
    _ items: IdentifiedArrayOf<Item>, revision: Int,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let made = saves.withValue { saves in
      defer { saves.removeAll() }
      return saves
    }
    #expect(!made.isEmpty, "nothing was saved", sourceLocation: sourceLocation)
    #expect(
      made.allSatisfy { $0 == Save(items, revision: revision) },
      "saved: \(made)", sourceLocation: sourceLocation)
  }

  func expectNothingSaved(sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(saves.value.isEmpty, "saved: \(saves.value)", sourceLocation: sourceLocation)
  }

  /// The event of another writer's change.
  func changed(
    stored: IdentifiedArrayOf<Item>, base: IdentifiedArrayOf<Item> = Item.samples, revision: Int
  ) -> AppFeature.Action {
    .persistence(.changedElsewhere(stored: stored, base: base, revision: revision))
  }

  /// `list` (the samples unless given) with `item` changed by `change`.
  func editing(
    _ item: Item, in list: IdentifiedArrayOf<Item> = Item.samples,
    _ change: (inout Item) -> Void
  ) -> IdentifiedArrayOf<Item> {
    var list = list
    change(&list[id: item.id]!)
    return list
  }

  /// `list` (the samples unless given) without `items`.
  func deleting(_ items: Item..., from list: IdentifiedArrayOf<Item> = Item.samples)
    -> IdentifiedArrayOf<Item>
  {
    var list = list
    for item in items { list.remove(id: item.id) }
    return list
  }

  let lamp = Item(id: .init(UUID(200)), name: "Lamp", color: .yellow)

  // MARK: - Added elsewhere; what is saved

  @Test func itemAddedElsewhereAppearsAndTheMergeIsSavedWithTheNewRevision() async {
    let store = makeStore(appState())
    var stored = Item.samples
    stored.append(lamp)

    await store.send(changed(stored: stored, revision: 1)) {
      $0.storeRevision = 1
      $0.inventory.items = stored
    }
    await store.finish()
    expectSaved(stored, revision: 1)
    #expect(kept.value.isEmpty)

    // Later changes here carry the new revision.
    await store.send(\.inventory.selectionMovedToLast) { $0.inventory.selection = lamp.id }
    await store.send(\.inventory.deleteButtonTapped) {
      $0.inventory.destination = .alert(.deleteItem(self.lamp))
    }
    await store.send(.inventory(.destination(.presented(.alert(.confirmDeletion(lamp.id)))))) {
      $0.inventory.destination = nil
      $0.inventory.items = Item.samples
      $0.inventory.selection = Item.headphones.id
    }
    await store.finish()
    expectSaved(Item.samples, revision: 1)
  }

  @Test func aChangeHereAndOneElsewhereAreMergedAndSaved() async {
    let mine = editing(.keyboard) { $0.name = "Keys" }
    let store = makeStore(appState(mine))
    var stored = deleting(.mouse)
    stored.append(lamp)

    await store.send(changed(stored: stored, revision: 3)) {
      $0.storeRevision = 3
      $0.inventory.items = [mine[id: Item.keyboard.id]!, .monitor, .headphones, self.lamp]
    }
    await store.finish()
    expectSaved([mine[id: Item.keyboard.id]!, .monitor, .headphones, lamp], revision: 3)
    #expect(kept.value.isEmpty)
  }

  @Test func aMergeEqualToWhatTheAppHadIsStillSavedWithTheEventsRevision() async {
    // The user renamed Monitor and the other program made the same change.
    let renamed = editing(.monitor) { $0.name = "Screen" }
    var initial = appState(renamed)
    initial.storeRevision = 2
    let store = makeStore(initial)

    await store.send(changed(stored: renamed, revision: 5)) {
      $0.storeRevision = 5
    }
    await store.finish()
    // It tells the store the change was seen: the revision is the event's.
    expectSaved(renamed, revision: 5)
    #expect(kept.value.isEmpty)
  }

  // MARK: - The highlight

  @Test(arguments: [
    (Item.keyboard, Item.monitor), (.monitor, .mouse), (.mouse, .headphones),
    (.headphones, .mouse),
  ])
  func highlightedItemDeletedElsewhereMovesLikeALocalDelete(deleted: Item, next: Item) async {
    // What a local delete does…
    var local = Inventory.State(items: Item.samples, selection: deleted.id)
    local.removeItem(id: deleted.id)
    #expect(local.selection == next.id)

    // …a delete elsewhere does too.
    let store = makeStore(appState(selection: deleted))
    let stored = deleting(deleted)
    await store.send(changed(stored: stored, revision: 1)) {
      $0.storeRevision = 1
      $0.inventory.items = stored
      $0.inventory.selection = next.id
    }
    await store.finish()
    expectSaved(stored, revision: 1)
  }

  @Test func highlightedItemDeletedElsewhereWithOneAboveItMovesToTheOneBelow() async {
    // Keyboard, Monitor, Mouse (highlighted), Headphones, Lamp; Keyboard and
    // Mouse are deleted elsewhere. Deleted here, one after the other in
    // either order, the highlight would end on Headphones, right below Mouse.
    var items = Item.samples
    items.append(lamp)
    var local = Inventory.State(items: items, selection: Item.mouse.id)
    local.removeItem(id: Item.keyboard.id)
    local.removeItem(id: Item.mouse.id)
    #expect(local.selection == Item.headphones.id)

    let store = makeStore(appState(items, selection: .mouse))
    let stored = deleting(.keyboard, .mouse, from: items)
    await store.send(changed(stored: stored, base: items, revision: 1)) {
      $0.storeRevision = 1
      $0.inventory.items = stored
      $0.inventory.selection = Item.headphones.id
    }
    await store.finish()
    expectSaved(stored, revision: 1)
  }

  @Test func otherItemsDeletedElsewhereLeaveTheHighlightWhereItIs() async {
    let store = makeStore(appState(selection: .mouse))
    let stored = deleting(.keyboard, .headphones)
    await store.send(changed(stored: stored, revision: 1)) {
      $0.storeRevision = 1
      $0.inventory.items = stored
    }
    await store.finish()
    #expect(store.state.inventory.selection == Item.mouse.id)
    expectSaved(stored, revision: 1)
  }

  @Test func everythingDeletedElsewhereLeavesNoHighlight() async {
    let store = makeStore(appState(selection: .monitor))
    await store.send(changed(stored: [], revision: 1)) {
      $0.storeRevision = 1
      $0.inventory.items = []
      $0.inventory.selection = nil
    }
    await store.finish()
    expectSaved([], revision: 1)
  }

  @Test func itemsAddedElsewhereToAnEmptyListAreHighlighted() async {
    let store = makeStore(appState([]))
    await store.send(changed(stored: [lamp], base: [], revision: 1)) {
      $0.storeRevision = 1
      $0.inventory.items = [self.lamp]
      $0.inventory.selection = self.lamp.id
    }
    await store.finish()
    expectSaved([lamp], revision: 1)
  }
}
