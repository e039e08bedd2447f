import ComposableTesting
import Foundation
import InventoryCore
import Testing

/// The tabs: each its own feature, switched by the app or by a tab's delegate.
@MainActor
struct AppFeatureTests {
  func makeStore(_ state: AppFeature.State) -> TestStore<AppFeature.State, AppFeature.Action> {
    TestStore(initialState: state) {
      AppFeature()
    } withDependencies: {
      $0.uuid = .incrementing
    }
  }

  @Test func goToInventorySwitchesTabsThroughTheDelegate() async {
    let store = makeStore(AppFeature.State(inventory: Inventory.State(items: Item.samples)))
    await store.send(\.firstTab.goToInventoryButtonTapped)
    await store.receive(\.firstTab.delegate.switchToInventoryTab) {
      $0.selectedTab = .inventory
    }
  }

  @Test(arguments: AppFeature.Tab.allCases)
  func theAppStartsOnAnyTabAndSwitchesToAnyOther(start: AppFeature.Tab) async {
    let store = makeStore(AppFeature.State(selectedTab: start))
    for tab in AppFeature.Tab.allCases where tab != start {
      await store.send(.selectedTabChanged(tab)) { $0.selectedTab = tab }
      await store.send(.selectedTabChanged(start)) { $0.selectedTab = start }
    }
  }

  @Test func tabTitles() {
    #expect(AppFeature.Tab.allCases.map(\.title) == ["One", "Inventory", "Three"])
  }

  @Test func theInventoryRunsInsideTheApp() async {
    let store = makeStore(
      AppFeature.State(inventory: Inventory.State(items: Item.samples), selectedTab: .inventory))
    await store.send(\.inventory.addButtonTapped) {
      $0.inventory.destination = .add(.newItem(id: .init(UUID(0))))
    }
    await store.send(.inventory(.destination(.presented(.add(.nameChanged("Lamp", cursor: 4)))))) {
      $0.inventory.$destination[case: \.add]?.item.name = "Lamp"
      $0.inventory.$destination[case: \.add]?.cursor = 4
    }
    await store.send(\.inventory.confirmAddItemButtonTapped) {
      $0.inventory.destination = nil
      $0.inventory.items.append(Item(id: .init(UUID(0)), name: "Lamp"))
      $0.inventory.selection = .init(UUID(0))
    }
    // Switching tabs keeps the inventory as it was.
    await store.send(.selectedTabChanged(.three)) { $0.selectedTab = .three }
  }

  @Test func everyChangeToTheItemsIsHandedToTheStore() async {
    let saved = LockIsolated<[IdentifiedArrayOf<Item>]>([])
    let store = TestStore(
      initialState: AppFeature.State(
        inventory: Inventory.State(items: Item.samples), selectedTab: .inventory)
    ) {
      AppFeature()
    } withDependencies: {
      $0.itemsStore = .inMemory(saved)
    }
    let first = Item.samples[0]
    await store.send(\.inventory.deleteButtonTapped) {
      $0.inventory.destination = .alert(.deleteItem(first))
    }
    await store.send(.inventory(.destination(.presented(.alert(.confirmDeletion(first.id)))))) {
      $0.inventory.destination = nil
      $0.inventory.items.remove(id: first.id)
      $0.inventory.selection = Item.samples[1].id
    }
    await store.finish()
    #expect(saved.value == [IdentifiedArrayOf(uniqueElements: Item.samples.dropFirst())])
    // Moving the selection changes no item: nothing more is saved.
    await store.send(.inventory(.selectionMoved(by: 1))) {
      $0.inventory.selection = Item.samples[2].id
    }
    await store.finish()
    #expect(saved.value.count == 1)
  }

  @Test func whatTheStoreReportsReachesTheApp() async {
    let (events, continuation) = AsyncStream.makeStream(of: ItemsEvent.self)
    let store = TestStore(initialState: AppFeature.State()) {
      AppFeature()
    } withDependencies: {
      $0.itemsStore = ItemsStore(save: { _, _ in }, events: { events })
    }
    await store.send(.onLaunch)
    continuation.yield(.failed("disk full"))
    await store.receive(.persistence(.failed("disk full")))
    continuation.yield(.saved)
    await store.receive(.persistence(.saved))
    continuation.finish()
    await store.finish()
  }
}
