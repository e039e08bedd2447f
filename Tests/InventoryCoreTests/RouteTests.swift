import Foundation
import InventoryCore
import Testing

/// Routes: every kind parses and prints back the same, resolves against the
/// items as the user would reach it by keys, and says what did not match.
@MainActor
struct RouteTests {
  let items = Item.samples

  @Test(arguments: [
    ("/one", Route.one),
    ("/inventory", .inventory),
    ("/three", .three),
    ("/inventory/new", .newItem),
    ("/inventory/mouse", .item("mouse", .detail)),
    ("/inventory/2/edit", .item("2", .edit)),
    ("/inventory/Mouse/duplicate", .item("Mouse", .duplicate)),
    ("/inventory/c2d3e4f5/delete", .item("c2d3e4f5", .delete)),
    ("/inventory/newton", .item("newton", .detail)),
    ("/inventory/Desk%20lamp%2FLED", .item("Desk lamp/LED", .detail)),
  ])
  func parsesAndPrintsEveryKind(text: String, route: Route) throws {
    #expect(try Route(parsing: text) == route)
    #expect(route.path == text)
  }

  @Test func acceptsSchemeMissingSlashTrailingSlashAndTheRoot() throws {
    #expect(try Route(parsing: "inventory:///inventory/1/edit") == .item("1", .edit))
    #expect(try Route(parsing: "INVENTORY://three") == .three)
    #expect(try Route(parsing: "inventory/mouse/") == .item("mouse", .detail))
    #expect(try Route(parsing: "/") == .one)
    #expect(try Route(parsing: "") == .one)
  }

  @Test(arguments: [
    "/two", "/one/extra", "/inventory/new/edit", "/inventory/NEW", "/inventory/mouse/bogus",
    "/inventory//edit", "/inventory/mouse/edit/again", "/inventoryx",
  ])
  func rejectsMalformedRoutes(text: String) {
    #expect(throws: (any Error).self) { try Route(parsing: text) }
  }

  @Test func theTabs() throws {
    #expect(try resolve(.one) == AppFeature.State(inventory: Inventory.State(items: items)))
    #expect(
      try resolve(.inventory)
        == AppFeature.State(inventory: Inventory.State(items: items), selectedTab: .inventory))
    #expect(
      try resolve(.three)
        == AppFeature.State(inventory: Inventory.State(items: items), selectedTab: .three))
  }

  @Test func theNewItemSheet() throws {
    #expect(
      try resolve(.newItem)
        == AppFeature.State(
          inventory: Inventory.State(destination: .add(.newItem(id: .init(UUID(7)))), items: items),
          selectedTab: .inventory))
  }

  @Test(arguments: [
    (ItemRoute.detail, Inventory.Destination.State.detail(ItemDetail.State(item: .mouse))),
    (.edit, .edit(.editItem(.mouse))),
    (.duplicate, .duplicate(.duplicateItem(.mouse))),
    (.delete, .alert(.deleteItem(.mouse))),
  ])
  func eachItemRoute(subroute: ItemRoute, destination: Inventory.Destination.State) throws {
    let state = try resolve(.item("3", subroute))
    #expect(
      state
        == AppFeature.State(
          inventory: Inventory.State(
            destination: destination, items: items, selection: Item.mouse.id),
          selectedTab: .inventory))
    // And back: the state prints as a route that opens it again.
    let route = Route(state: state)
    #expect(route == .item("c2d3e4f5", subroute))
    #expect(try resolve(try Route(parsing: route.path)) == state)
  }

  @Test func resolvesAnItemByIDPrefixPositionAndName() throws {
    #expect(try selected(.item(Item.monitor.id.uuidString, .detail)) == Item.monitor.id)
    #expect(
      try selected(.item(Item.monitor.id.uuidString.lowercased(), .detail)) == Item.monitor.id)
    #expect(try selected(.item("4", .detail)) == Item.headphones.id)
    #expect(try selected(.item("KEYBOARD", .detail)) == Item.keyboard.id)
    #expect(try selected(.item("e5f6", .detail)) == Item.headphones.id)
  }

  @Test func anItemCalledNewIsReachedByIDOrPosition() throws {
    var items = items
    let new = Item(id: .init(UUID(42)), name: "new")
    items.append(new)
    #expect(throws: (any Error).self) { try Route(parsing: "/inventory/new/edit") }
    let byPosition = try Route(parsing: "/inventory/5/edit").state(for: items) { UUID(0) }
    #expect(byPosition.inventory.destination == .edit(.editItem(new)))
    let route = Route(state: byPosition)
    #expect(route == .item("00000000-0000", .edit))
    #expect(try Route(parsing: route.path).state(for: items) { UUID(0) } == byPosition)
  }

  @Test func ambiguousAndUnknownItemsNameTheCandidates() {
    var twins = items
    twins.append(Item(id: .init(UUID(30)), name: "mouse"))
    #expect {
      try Route.item("Mouse", .edit).state(for: twins) { UUID(0) }
    } throws: {
      "\($0)".contains("ambiguous") && "\($0)".contains("2 items")
        && "\($0)".contains("c2d3e4f5-a6b7-4c8d-9e0f-3c4d5e6f7a03")
        && "\($0)".contains("00000000-0000-0000-0000-00000000001e")
    }
    var similar = items
    similar.append(Item(id: .init(UUID(uuidString: "C2D3E4F5-0000-4000-8000-000000000000")!)))
    #expect {
      try Route.item("c2d3", .detail).state(for: similar) { UUID(0) }
    } throws: { "\($0)".contains("ambiguous") && "\($0)".contains("starts the ids") }
    #expect {
      try resolve(.item("lamp", .detail))
    } throws: {
      "\($0)".contains("no item matches \"lamp\"") && "\($0)".contains("Keyboard")
        && "\($0)".contains("Headphones")
    }
    #expect {
      try resolve(.item("9", .delete))
    } throws: { "\($0)".contains("no item at position 9: there are 4") }
    #expect {
      try Route.item("lamp", .detail).state(for: []) { UUID(0) }
    } throws: { "\($0)".contains("the inventory is empty") }
  }

  @Test func printsWhatTheStateShows() {
    var state = AppFeature.State(inventory: Inventory.State(items: items))
    #expect(Route(state: state) == .one)
    state.selectedTab = .three
    #expect(Route(state: state) == .three)
    state.selectedTab = .inventory
    #expect(Route(state: state) == .inventory)
    state.inventory.destination = .add(.newItem(id: .init(UUID(1))))
    #expect(Route(state: state) == .newItem)
    // A duplicate's sheet: the dialog that opens it, on its item.
    state.inventory.destination = .duplicate(.duplicateItem(.keyboard))
    let dialog = Route(state: state)
    if case .item(_, .duplicate) = dialog {} else { Issue.record("the dialog printed \(dialog)") }
    state.inventory.destination = .add(.duplicate(of: .keyboard, id: .init(UUID(1))))
    #expect(Route(state: state) == dialog)
    // Something presented about an item no longer there is just the tab.
    state.inventory.destination = .alert(.deleteItem(Item(id: .init(UUID(3)), name: "Gone")))
    #expect(Route(state: state) == .inventory)
  }

  @Test func referencesAvoidNamesThatLookLikeThem() {
    var items = items
    items.append(Item(id: .init(UUID(1)), name: "3f1c2a4b"))
    let state = AppFeature.State(
      inventory: Inventory.State(destination: .edit(.editItem(.keyboard)), items: items),
      selectedTab: .inventory)
    #expect(Route(state: state) == .item("3f1c2a4b-7d2e", .edit))
  }

  private func resolve(_ route: Route) throws -> AppFeature.State {
    try route.state(for: items) { UUID(7) }
  }

  private func selected(_ route: Route) throws -> Item.ID? {
    try resolve(route).inventory.selection
  }
}
