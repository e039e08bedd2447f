import StandupsCore
import TerminalApp
import TerminalUI

/// The root screen: standups as cards (title, attendees, length, theme colour).
enum StandupsListScreen {
  static let cardHeight = 3
  /// The blank row under each card.
  static let cardGap = 1
  /// Rows the filter line takes above the cards: the line and a gap.
  static let filterHeight = 2

  static func keymap(_ state: StandupsList.State, pageSize: Int) -> Keymap<StandupsList.Action> {
    if state.filter.isEditing { return filterKeymap(state, pageSize: pageSize) }
    let hasSelection = state.selection != nil
    // Moving needs somewhere to move to; the help bar then drops ↑/↓ too.
    let canMove = state.visibleCount > 1
    let isFiltered = state.filter.isFiltering
    return Keymap([
      Command(Keys.up.enabled(canMove), send: .selectionMoved(by: -1)),
      Command(Keys.down.enabled(canMove), send: .selectionMoved(by: 1)),
      Command(Keys.pageUp.enabled(canMove), send: .selectionMoved(by: -pageSize)),
      Command(Keys.pageDown.enabled(canMove), send: .selectionMoved(by: pageSize)),
      Command(Keys.top.enabled(canMove), send: .selectionMovedToFirst),
      Command(Keys.bottom.enabled(canMove), send: .selectionMovedToLast),
      Command(Keys.open.enabled(hasSelection), send: state.selection.map { .standupTapped($0) }),
      Command(
        (isFiltered ? Keys.editFilter : Keys.filter).enabled(isFiltered || !state.standups.isEmpty),
        send: .filterButtonTapped),
      Command(Keys.clearFilter.enabled(isFiltered), send: .filterCleared),
      Command(KeyBinding(keys: [.char("a")], help: ("a", "add")), send: .addButtonTapped),
      Command(
        KeyBinding(keys: [.char("s")], help: ("s", "load samples")).enabled(state.standups.isEmpty),
        send: .loadSamplesButtonTapped),
      Command(
        KeyBinding(keys: [.char("d"), .delete], help: ("d", "delete")).enabled(hasSelection),
        send: state.selection.map { .deleteButtonTapped($0) }),
    ])
  }

  /// While the filter line is open: printable keys type, ←/→/backspace edit,
  /// ↑/↓ move the highlight among the matches.
  static func filterKeymap(_ state: StandupsList.State, pageSize: Int)
    -> Keymap<StandupsList.Action>
  {
    let canMove = state.visibleCount > 1
    let filter = state.filter
    var keymap = Keymap<StandupsList.Action>(
      [
        Command(Keys.filterUp.enabled(canMove), send: .selectionMoved(by: -1)),
        Command(Keys.filterDown.enabled(canMove), send: .selectionMoved(by: 1)),
        Command(Keys.pageUp.enabled(canMove), send: .selectionMoved(by: -pageSize)),
        Command(Keys.pageDown.enabled(canMove), send: .selectionMoved(by: pageSize)),
        // An empty line has no filter to keep or clear: both keys close it.
        Command(
          filter.isFiltering ? Keys.keepFilter : Keys.closeEmptyFilterToo, send: .filterSubmitted),
        Command(
          filter.isFiltering ? Keys.clearFilter : Keys.closeEmptyFilter, send: .filterCleared),
      ], typesText: true
    ) { key in
      TextFieldState.edit(key, text: filter.text, cursor: filter.cursor).map {
        .filterChanged($0.text, cursor: $0.cursor)
      }
    }
    keymap.paste = { pasted in
      let (text, cursor) = TextFieldState.insert(pasted, text: filter.text, cursor: filter.cursor)
      return .filterChanged(text, cursor: cursor)
    }
    return keymap
  }

  /// Whether the filter line shows: open, or a filter kept.
  static func showsFilter(_ state: StandupsList.State) -> Bool {
    state.filter.isEditing || state.filter.isFiltering
  }

  /// Cards that fit on a screen of `size` without the filter line.
  static func pageSize(for size: Size) -> Int { pageSize(for: size, StandupsList.State()) }

  /// Cards that fit on a screen of `size` below the filter line, if it shows.
  static func pageSize(for size: Size, _ state: StandupsList.State) -> Int {
    let filterRows = showsFilter(state) ? filterHeight : 0
    return max(
      1,
      ListView.visibleItems(
        height: size.height - 4 - filterRows, rowHeight: cardHeight, gap: cardGap))
  }

  static func draw(
    _ state: StandupsList.State, in canvas: inout Canvas, bindings: [KeyBinding],
    memory: inout ViewMemory
  ) {
    let total = state.standups.count
    let shown = state.visibleCount
    let trailing =
      state.filter.isFiltering
      ? "\(shown) of \(total)" : total == 1 ? "1 standup" : "\(total) standups"
    ScreenChrome.draw(in: &canvas, crumbs: ["Standups"], trailing: trailing, bindings: bindings) {
      content in
      let size = content.bounds
      var listArea = Rect(x: 0, y: 0, width: size.width, height: size.height)
      if showsFilter(state) {
        drawFilter(state.filter, in: &content)
        listArea = Rect(
          x: 0, y: filterHeight, width: size.width, height: max(0, size.height - filterHeight))
      }
      content.within(listArea) { content in
        guard total > 0 else {
          drawEmpty(in: &content)
          return
        }
        guard shown > 0 else {
          drawNoMatch(state.filter.text, in: &content)
          return
        }
        let list = ListView(
          count: shown, selected: state.selectedVisibleIndex, rowHeight: cardHeight,
          gap: cardGap, offset: memory.list.offset, highlight: [], reportsScroll: true)
        // Taken out while drawn: a copy left behind would share its arrays,
        // and the first change would copy every card.
        var cards = CardMemo()
        swap(&cards, &memory.cards)
        memory.list.offset = list.draw(in: &content) { index, isSelected, row in
          cards.draw(
            state.standups[state.visiblePosition(at: index)], isSelected: isSelected, in: &row
          ) {
            drawCard($0, isSelected: $1, in: &$2)
          }
        }
        cards.finishFrame()
        memory.cards = cards
      }
    }
  }

  /// The filter line: a field with the cursor while open, the kept text otherwise.
  static func drawFilter(_ filter: StandupsFilter, in canvas: inout Canvas) {
    let width = canvas.bounds.width
    let label = "Filter: "
    let x = canvas.put(label, x: 3, y: 0, style: filter.isEditing ? Styles.title : Styles.hint)
    let fieldWidth = max(1, width - x - 1)
    if filter.isEditing {
      canvas.within(Rect(x: x, y: 0, width: fieldWidth, height: 1)) {
        TextField(
          TextFieldState(text: filter.text, cursor: filter.cursor),
          placeholder: "title, attendee or note words"
        ).draw(in: &$0)
      }
    } else {
      canvas.put(Sanitizer.inert(filter.text), x: x, y: 0, width: fieldWidth, style: .bold)
    }
  }

  static func drawNoMatch(_ text: String, in canvas: inout Canvas) {
    let width = canvas.bounds.width
    let inert = Sanitizer.inert(text)
    var quoted = TextWidth.truncate(inert, to: max(1, width - 24))
    // Cut, it is padded to the width (a wide character did not fit): the
    // quote closes after the ellipsis.
    if quoted != inert { quoted = String(quoted.reversed().drop { $0 == " " }.reversed()) }
    let lines = ["No standups match “\(quoted)”", "", "esc clears the filter"]
    let top = max(0, (canvas.bounds.height - lines.count) / 2)
    for (i, line) in lines.enumerated() {
      canvas.put(
        line, x: 0, y: top + i, width: width, alignment: .center,
        style: i == 0 ? Styles.title : Styles.hint)
    }
  }

  /// `inPieces: false` draws the title and details as whole strings cut to
  /// their room, as a card too narrow for them always is (what tests compare
  /// the pieces with).
  static func drawCard(
    _ standup: Standup, isSelected: Bool, in row: inout Canvas, inPieces: Bool = true
  ) {
    let width = row.bounds.width
    let titleStyle = isSelected ? Styles.selected : Styles.title
    // Laid out for the bytes a move of the selection costs: the marker sits
    // between the swatch and the title, so what changes is one run of cells;
    // the swatch is bold like the title beside it (a block looks the same),
    // so only its colour changes between them; blanks take the style of the
    // text beside them, or stay plain where nothing is drawn (a row scrolled
    // into view is already blank).
    // A swatch in the theme's colour stands in for Scrumdinger's coloured card.
    var swatch = standup.theme.accent
    swatch.attributes = .bold
    row.put("▌", x: 0, y: 0, style: swatch)
    row.put("▌", x: 0, y: 1, style: standup.theme.accent)
    row.put(Styles.marker(isSelected), x: 1, y: 0, style: .bold)
    row.put(" ", x: 1, y: 1, style: Styles.hint)
    let right = standup.attendeesText
    let rightWidth = TextWidth.of(right)
    // Drawn in pieces where they fit (every card, every frame: no strings
    // built), as one cut string where they don't.
    let title = standup.displayTitle
    let titleWidth = TextWidth.of(title)
    let titleField = max(0, min(width - 3 - rightWidth - 1, titleWidth + 2))
    if inPieces, titleField == titleWidth + 2 {
      row.put(" ", x: 2, y: 0, style: titleStyle)
      row.put(title, x: 3, y: 0, style: titleStyle)
      row.put(" ", x: 3 + titleWidth, y: 0, style: titleStyle)
    } else {
      row.put(" " + title + " ", x: 2, y: 0, width: titleField, style: titleStyle)
    }
    row.put(right, x: width - rightWidth - 1, y: 0, style: Styles.hint)
    row.put(" ", x: width - 1, y: 0, style: Styles.hint)
    let length = standup.lengthText
    let theme = standup.theme.name
    let lengthWidth = TextWidth.of(length)
    if inPieces, 1 + lengthWidth + 3 + TextWidth.of(theme) <= width - 3 {
      row.put(" ", x: 2, y: 1, style: Styles.hint)
      row.put(length, x: 3, y: 1, style: Styles.hint)
      row.put(" · ", x: 3 + lengthWidth, y: 1, style: Styles.hint)
      row.put(theme, x: 6 + lengthWidth, y: 1, style: Styles.hint)
    } else {
      let details = TextWidth.truncate(" \(length) · \(theme)", to: max(0, width - 3))
      row.put(details, x: 2, y: 1, style: Styles.hint)
    }
    if width > 3 { row.put(" ", x: width - 1, y: 1, style: Styles.hint) }
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
