import InventoryCore
import TerminalApp
import TerminalUI

/// One item, read-only, full screen: the inventory's drill-down.
enum ItemDetailScreen {
  static func keymap(_ state: ItemDetail.State) -> Keymap<ItemDetail.Action> {
    Keymap([Command(Keys.back, send: .backButtonTapped)])
  }

  static func draw(
    _ state: ItemDetail.State, in canvas: inout Canvas, bindings: [KeyBinding],
    environment: RenderEnvironment
  ) {
    let item = state.item
    let size = canvas.bounds
    canvas.within(Rect(x: 0, y: 0, width: size.width, height: 1)) {
      Header(["Inventory", item.displayName], style: Styles.header).draw(in: &$0)
    }
    canvas.within(Rect(x: 1, y: size.height - 1, width: size.width - 2, height: 1)) {
      HelpBar.draw(bindings, in: &$0, keyStyle: .bold, descriptionStyle: Styles.hint)
    }
    canvas.within(Rect(x: 2, y: 2, width: max(0, size.width - 4), height: max(0, size.height - 4)))
    { content in
      let width = content.bounds.width
      content.put(item.displayName, x: 0, y: 0, width: width, style: Styles.title)
      let labelWidth = 8
      content.put("Colour", x: 0, y: 2, style: Styles.hint)
      var x = Styles.drawSwatch(
        item.color, in: &content, x: labelWidth, y: 2, environment: environment)
      // With colour, the swatch is followed by the name; without, the name is the swatch.
      if environment.usesColor || item.color == nil {
        if item.color != nil { x += 1 }
        content.put(item.colorName, x: x, y: 2)
      }
      content.put("Status", x: 0, y: 3, style: Styles.hint)
      content.put(
        item.status.text, x: labelWidth, y: 3, width: max(0, width - labelWidth),
        style: InventoryListScreen.statusStyle(item.status))
    }
  }
}
