import InventoryCore
import TerminalApp
import TerminalUI

/// One item, full screen: the inventory's drill-down.
enum ItemDetailScreen {
  static func keymap(_ state: ItemDetail.State) -> Keymap<ItemDetail.Action> {
    Keymap([
      Command(Keys.back, send: .backButtonTapped),
      Command(Keys.moreWaysBack, send: .backButtonTapped),
    ])
  }

  /// What the list does to its highlighted item, done here to the item on
  /// screen: the detail gives way to the popover, dialog or alert, over
  /// the list with the item highlighted.
  static func itemCommands(itemCount: Int) -> [Command<Inventory.Action>] {
    [
      // The next and previous items, without going back to the list.
      Command(Keys.previousItem.enabled(itemCount > 1), send: .detailMoved(by: -1)),
      Command(Keys.nextItem.enabled(itemCount > 1), send: .detailMoved(by: 1)),
      Command(Keys.edit, send: .editButtonTapped),
      Command(Keys.duplicate, send: .duplicateButtonTapped),
      Command(Keys.delete, send: .deleteButtonTapped),
    ]
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
      let name = nameLines(item.displayName, width: width, rows: content.bounds.height - 3)
      for (row, line) in name.enumerated() {
        content.put(line, x: 0, y: row, width: width, style: Styles.title)
      }
      let top = name.count + 1
      let labelWidth = 8
      content.put("Colour", x: 0, y: top, style: Styles.hint)
      var x = Styles.drawSwatch(
        item.color, in: &content, x: labelWidth, y: top, environment: environment)
      // With colour, the swatch is followed by the name; without, the name is the swatch.
      if environment.usesColor || item.color == nil {
        if item.color != nil { x += 1 }
        content.put(item.colorName, x: x, y: top)
      }
      content.put("Status", x: 0, y: top + 1, style: Styles.hint)
      content.put(
        item.status.text, x: labelWidth, y: top + 1, width: max(0, width - labelWidth),
        style: InventoryListScreen.statusStyle(item.status))
    }
  }

  /// The name on as many rows as it needs, up to three (and no more than
  /// `rows`): the rest on the last one, cut with "…". The screen is where a
  /// name too long for the list is read whole.
  static func nameLines(_ name: String, width: Int, rows: Int) -> [String] {
    let rows = max(1, min(3, rows))
    let lines = TextWidth.wrap(name, width: max(1, width))
    guard lines.count > rows else { return lines.isEmpty ? [""] : lines }
    let rest = lines[(rows - 1)...].joined(separator: " ")
    return lines.prefix(rows - 1) + [TextWidth.truncate(rest, to: width)]
  }
}
