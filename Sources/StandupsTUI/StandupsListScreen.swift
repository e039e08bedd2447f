import StandupsCore
import TerminalApp
import TerminalUI

/// The root screen: standups as cards (title, attendees, length, theme colour).
enum StandupsListScreen {
  static let cardHeight = 3

  static func keymap(_ state: StandupsList.State, pageSize: Int) -> Keymap<StandupsList.Action> {
    let hasSelection = state.selection != nil
    // Moving needs somewhere to move to; the help bar then drops ↑/↓ too.
    let canMove = state.standups.count > 1
    return Keymap([
      Command(Keys.up.enabled(canMove), send: .selectionMoved(by: -1)),
      Command(Keys.down.enabled(canMove), send: .selectionMoved(by: 1)),
      Command(Keys.pageUp.enabled(canMove), send: .selectionMoved(by: -pageSize)),
      Command(Keys.pageDown.enabled(canMove), send: .selectionMoved(by: pageSize)),
      Command(Keys.top.enabled(canMove), send: .selectionMovedToFirst),
      Command(Keys.bottom.enabled(canMove), send: .selectionMovedToLast),
      Command(Keys.open.enabled(hasSelection)) { _ in
        state.selection.map { .standupTapped($0) }
      },
      Command(KeyBinding(keys: [.char("a")], help: ("a", "add")), send: .addButtonTapped),
      Command(
        KeyBinding(keys: [.char("s")], help: ("s", "load samples")).enabled(state.standups.isEmpty),
        send: .loadSamplesButtonTapped),
      Command(
        KeyBinding(keys: [.char("d"), .delete], help: ("d", "delete")).enabled(hasSelection)
      ) { _ in
        state.selection.map { .deleteButtonTapped($0) }
      },
    ])
  }

  /// Cards that fit on a screen of `size`, for paging.
  static func pageSize(for size: Size) -> Int {
    max(1, (size.height - 4) / cardHeight)
  }

  static func draw(
    _ state: StandupsList.State, in canvas: inout Canvas, bindings: [KeyBinding],
    memory: inout ViewMemory
  ) {
    let count = state.standups.count
    let trailing = count == 1 ? "1 standup" : "\(count) standups"
    ScreenChrome.draw(in: &canvas, crumbs: ["Standups"], trailing: trailing, bindings: bindings) {
      content in
      guard count > 0 else {
        drawEmpty(in: &content)
        return
      }
      let list = ListView(
        count: count, selected: state.selectedIndex, rowHeight: cardHeight,
        offset: memory.list.offset, highlight: [])
      memory.list.offset = list.draw(in: &content) { index, isSelected, row in
        drawCard(state.standups[index], isSelected: isSelected, in: &row)
      }
    }
  }

  static func drawCard(_ standup: Standup, isSelected: Bool, in row: inout Canvas) {
    let width = row.bounds.width
    let marker = Styles.marker(isSelected)
    let titleStyle = isSelected ? Styles.selected : Styles.title
    row.put(marker, x: 0, y: 0, style: .bold)
    row.put(marker, x: 0, y: 1, style: .bold)
    // A swatch in the theme's colour stands in for Scrumdinger's coloured card.
    row.put("▌", x: 1, y: 0, style: standup.theme.accent)
    row.put("▌", x: 1, y: 1, style: standup.theme.accent)
    let right = standup.attendeesText
    let rightWidth = TextWidth.of(right)
    row.put(
      " " + standup.displayTitle + " ", x: 2, y: 0,
      width: max(0, min(width - 3 - rightWidth - 1, TextWidth.of(standup.displayTitle) + 2)),
      style: titleStyle)
    row.put(right, x: width - rightWidth - 1, y: 0, style: Styles.hint)
    row.put(
      " \(standup.lengthText) · \(standup.theme.name)", x: 2, y: 1, width: max(0, width - 3),
      style: Styles.hint)
  }

  static func drawEmpty(in canvas: inout Canvas) {
    let lines = ["No standups yet.", "", "Press a to add one,", "or s to load sample standups."]
    let top = max(0, (canvas.bounds.height - lines.count) / 2)
    for (i, line) in lines.enumerated() {
      canvas.put(
        line, x: 0, y: top + i, width: canvas.bounds.width, alignment: .center,
        style: i == 0 ? Styles.title : .plain)
    }
  }
}
