import InventoryCore
import Testing

/// As in the standups app: a feature that stores nothing has its `body`
/// built once, not again for every action.
struct FeatureBodyTests {
  @Test func everyFeatureKeepsNothing() {
    #expect(MemoryLayout<AppFeature>.size == 0)
    #expect(MemoryLayout<FirstTab>.size == 0)
    #expect(MemoryLayout<Inventory>.size == 0)
    #expect(MemoryLayout<Inventory.Destination>.size == 0)
    #expect(MemoryLayout<ItemDetail>.size == 0)
    #expect(MemoryLayout<ItemForm>.size == 0)
    #expect(MemoryLayout<ThirdTab>.size == 0)
  }
}
