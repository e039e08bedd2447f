import InventoryCore
import TerminalApp
import Testing

@testable import InventoryTUI

/// What the inventory says of items changed by another program, in the
/// standups app's words: "elsewhere" for what happened there.
struct NoticeWordingTests {
  @Test func itemNoticesSayElsewhere() {
    #expect(
      InventoryView.banner(for: .deletedElsewhere(name: "Mouse"))
        == .notice("“Mouse” was deleted elsewhere"))
    #expect(
      InventoryView.banner(for: .keptDespiteDeletion(name: "Mouse"))
        == .notice("“Mouse” was deleted on one side and changed on the other: it stays"))
  }
}
