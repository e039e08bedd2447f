import InventoryCore
import TerminalApp
import TerminalUI

/// The "Edit item" popover: the item form in a box anchored to the item's
/// row — below it when there is room, else above it; when the terminal has
/// room for neither, the centred sheet. The runtime's overlays are centred,
/// so the popover places its own layer.
enum ItemEditPopover {
  /// Where the popover goes for a row at screen row `anchor` (nil: the row is
  /// not on screen): a rect below or above it, or nil for the centred sheet.
  /// Above a row it stays under the tab bar and its rule (`top`).
  static func rect(anchor: Int?, on screen: Size, top: Int = InventoryListScreen.listTop)
    -> Rect?
  {
    guard let anchor else { return nil }
    let size = ItemFormSheet.preferredSize
    // Lined up with the item's name, moved left as far as the screen needs.
    let width = min(size.width, max(0, screen.width - 2))
    let x = max(0, min(2, screen.width - width))
    // The screen's last row stays clear: the help bar under a popover would
    // peek out beside it.
    if anchor + 1 + size.height <= screen.height - 1 {
      return Rect(x: x, y: anchor + 1, width: width, height: size.height)
    }
    if anchor - size.height >= top {
      return Rect(x: x, y: anchor - size.height, width: width, height: size.height)
    }
    return nil
  }

  static func overlay<Action: Sendable>(
    _ form: ItemForm.State, inventory: Inventory.State, save: Action, cancel: Action,
    environment: RenderEnvironment, send embed: @escaping (ItemForm.Action) -> Action
  ) -> SceneOverlay<Action, ViewMemory> {
    let keymap = ItemFormSheet.keymap(form, save: save, cancel: cancel, send: embed)
    return .sheet(keymap: keymap) { size, bar, memory in
      // The screen is drawn first, so the memory has this frame's scroll
      // offset. The highlighted row is another item's when this one was
      // deleted elsewhere: then the sheet, not a box pointing at it.
      let anchor =
        inventory.selection == form.original.id
        ? InventoryListScreen.selectedRow(inventory, size: size, memory: memory) : nil
      guard let rect = rect(anchor: anchor, on: size) else {
        return ItemFormSheet.layer(form, bindings: bar, on: size, environment: environment)
      }
      var canvas = Canvas(size: rect.size)
      Box(title: form.title, border: .rounded).draw(in: &canvas)
      canvas.within(Overlay.contentRect(in: rect.size)) {
        ItemFormSheet.drawContent(form, bindings: bar, in: &$0, environment: environment)
      }
      // Modal like a sheet: it casts the same shadow.
      return Layer(
        name: "popover", rect: rect, canvas: canvas, isModal: true, cursor: canvas.cursor)
    }
  }
}
