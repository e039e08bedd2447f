import InventoryCore
import TerminalApp
import TerminalUI

/// The "Inventory" tab: one row per item — name, colour, stock status.
enum InventoryListScreen {
  /// Where the list's first row sits on the screen (below the tab bar and its rule).
  static let listTop = 2

  static func keymap(_ state: Inventory.State, pageSize: Int) -> Keymap<Inventory.Action> {
    let hasSelection = state.selection != nil
    // Moving needs somewhere to move to; the help bar then drops ↑/↓ too.
    let canMove = state.items.count > 1
    return Keymap([
      Command(Keys.up.enabled(canMove), send: .selectionMoved(by: -1)),
      Command(Keys.down.enabled(canMove), send: .selectionMoved(by: 1)),
      Command(Keys.pageUp.enabled(canMove), send: .selectionMoved(by: -pageSize)),
      Command(Keys.pageDown.enabled(canMove), send: .selectionMoved(by: pageSize)),
      Command(Keys.top.enabled(canMove), send: .selectionMovedToFirst),
      Command(Keys.bottom.enabled(canMove), send: .selectionMovedToLast),
      Command(
        KeyBinding(keys: [.enter], help: ("enter", "details")).enabled(hasSelection),
        send: .detailButtonTapped),
      Command(KeyBinding(keys: [.char("a")], help: ("a", "add")), send: .addButtonTapped),
      Command(Keys.edit.enabled(hasSelection), send: .editButtonTapped),
      Command(Keys.duplicate.enabled(hasSelection), send: .duplicateButtonTapped),
      Command(Keys.delete.enabled(hasSelection), send: .deleteButtonTapped),
    ])
  }

  /// Rows that fit on a screen of `size`, for paging.
  static func pageSize(for size: Size) -> Int { max(1, size.height - 4) }

  /// The trailing text of the tab bar: how many items there are.
  static func countText(_ state: Inventory.State) -> String {
    state.items.count == 1 ? "1 item" : "\(state.items.count) items"
  }

  static func draw(
    _ state: Inventory.State, in content: inout Canvas, environment: RenderEnvironment,
    memory: inout ViewMemory
  ) {
    let items = state.items
    guard !items.isEmpty else {
      drawEmpty(in: &content)
      return
    }
    let selected = state.selection.flatMap { items.index(id: $0) }
    let list = ListView(
      count: items.count, selected: selected, offset: memory.list.offset, highlight: [])
    // The rows on screen: a list of any length costs what a screenful costs.
    let height = content.bounds.height
    let first = ListView.scrollOffset(
      selected: selected, count: items.count, visible: height, previousOffset: memory.list.offset)
    let onScreen = items[first..<min(items.count, first + height)]
    let statusWidth = statusColumnWidth(onScreen)
    let rowWidth = rowWidth(onScreen, statusColumnWidth: statusWidth, environment: environment)
    memory.list.offset = list.draw(in: &content) { index, isSelected, row in
      drawRow(
        items[index], isSelected: isSelected, in: &row, width: rowWidth,
        statusColumnWidth: statusWidth, environment: environment)
    }
  }

  /// How wide a row is drawn: the whole row up to 80 columns; on a wider
  /// screen only as wide as the longest name on screen needs, so that a
  /// status stays within reading distance of its name.
  static func rowWidth(
    _ items: some Collection<Item>, statusColumnWidth: Int, environment: RenderEnvironment
  ) -> Int {
    let longestName = items.reduce(0) { max($0, TextWidth.of($1.displayName)) }
    // Marker, the name between spaces, two columns, the swatch, two
    // columns, the status and the last column.
    let needed =
      1 + longestName + 2 + 2 + Styles.swatchWidth(environment) + 2
      + statusColumnWidth + 1
    return max(readableRowWidth, needed)
  }

  /// The row width at which names and statuses stop spreading apart.
  static let readableRowWidth = 80

  /// The widest status text among `items` (those on screen): the status
  /// column is this wide, so swatches and statuses line up from row to row;
  /// a quantity of many digits widens it.
  static func statusColumnWidth(_ items: some Collection<Item>) -> Int {
    let largest = items.reduce(0) { largest, item in
      if case .inStock(let quantity) = item.status { max(largest, quantity) } else { largest }
    }
    return max(
      TextWidth.of(Item.Status.outOfStock(isOnBackOrder: true).text),
      TextWidth.of(Item.Status.inStock(quantity: largest).text))
  }

  /// "› Keyboard ······ ██  100 in stock": the status in a column of at most
  /// half the row, the colour just before it, the name in what is left.
  static func drawRow(
    _ item: Item, isSelected: Bool, in row: inout Canvas, width rowWidth: Int,
    statusColumnWidth: Int, environment: RenderEnvironment
  ) {
    let width = min(row.bounds.width, rowWidth)
    let statusWidth = min(statusColumnWidth, max(0, (width - 2) / 2))
    let statusX = width - 1 - statusWidth
    let swatchX = statusX - 2 - Styles.swatchWidth(environment)
    row.put(Styles.marker(isSelected), x: 0, y: 0, style: .bold)
    row.put(
      " " + item.displayName + " ", x: 1, y: 0,
      width: max(0, min(swatchX - 2, TextWidth.of(item.displayName) + 2)),
      style: isSelected ? Styles.selected : Styles.title)
    Styles.drawSwatch(item.color, in: &row, x: swatchX, y: 0, environment: environment)
    row.put(
      statusText(item.status, fitting: statusWidth), x: statusX, y: 0, width: statusWidth,
      style: statusStyle(item.status))
  }

  /// The status as it fits: a quantity too long with " in stock" shows
  /// alone rather than cut inside its digits.
  static func statusText(_ status: Item.Status, fitting width: Int) -> String {
    let text = status.text
    guard TextWidth.of(text) > width, case .inStock(let quantity) = status,
      String(quantity).count <= width
    else { return text }
    return String(quantity)
  }

  static func statusStyle(_ status: Item.Status) -> Style {
    status.isInStock ? .plain : Styles.hint
  }

  static func drawEmpty(in canvas: inout Canvas) {
    let lines = ["No items yet.", "", "Press a to add one."]
    let top = max(0, (canvas.bounds.height - lines.count) / 2)
    for (i, line) in lines.enumerated() {
      canvas.put(
        line, x: 0, y: top + i, width: canvas.bounds.width, alignment: .center,
        style: i == 0 ? Styles.title : .plain)
    }
  }

  /// The screen row of the highlighted item as last drawn, if it is on screen.
  static func selectedRow(_ state: Inventory.State, size: Size, memory: ViewMemory) -> Int? {
    guard let index = state.selection.flatMap({ state.items.index(id: $0) }) else { return nil }
    let row = index - memory.list.offset
    guard row >= 0, row < size.height - 4 else { return nil }
    return listTop + row
  }
}
