/// Draws a `TextFieldState` on one row, scrolled horizontally so the cursor is
/// always visible. Drawing is a pure function of the state and the width: the
/// text starts at its beginning when the cursor fits, and otherwise the cursor
/// sits in the last column, with "…" in the first for the text before it
/// (and in the last for text after it, the cursor elsewhere).
public struct TextField: Hashable, Sendable {
  public var state: TextFieldState
  /// Shown, dimmed, while the text is empty.
  public var placeholder: String
  /// A focused field shows the terminal cursor.
  public var isFocused: Bool
  /// The text's style, and the blank columns after it. Plain by default: a
  /// typed character in the terminal's own attributes is one byte on the
  /// wire, where any attribute costs a switch to it and back (≈ 15 bytes a
  /// key), and blank plain columns are erased, not written.
  public var style: Style
  public var placeholderStyle: Style

  public init(
    _ state: TextFieldState, placeholder: String = "", isFocused: Bool = true,
    style: Style = .plain, placeholderStyle: Style = .dim
  ) {
    self.state = state
    self.placeholder = placeholder
    self.isFocused = isFocused
    self.style = style
    self.placeholderStyle = placeholderStyle
  }

  /// The first grapheme drawn and the cursor's column, for a field `width`
  /// columns wide. Widths are measured as drawn (controls show as one column).
  public static func window(for state: TextFieldState, width: Int) -> (
    firstGrapheme: Int, cursorColumn: Int
  ) {
    guard width > 0 else { return (0, 0) }
    // Printable ASCII: a grapheme a byte, a column each, and the field is
    // drawn on every key, so not measured grapheme by grapheme.
    if Sanitizer.isPrintableASCII(state.text) {
      let first = max(0, state.cursor + 1 - width)
      return (first, state.cursor - first)
    }
    let widths = state.text.prefix(state.cursor).map(drawnWidth)
    var column = widths.reduce(0, +)
    // The cell under the cursor must show whole: a wide grapheme needs two.
    let under = widthUnderCursor(state)
    var first = 0
    // Drop graphemes from the left until the cursor cell fits.
    while column + under > width, first < widths.count {
      column -= widths[first]
      first += 1
    }
    return (first, column)
  }

  /// Draws the field on row 0 of the current region, filling its width, and
  /// returns the cursor column. A focused field also sets the canvas cursor.
  @discardableResult
  public func draw(in canvas: inout Canvas) -> Int {
    let width = canvas.bounds.width
    guard width > 0, canvas.bounds.height > 0 else { return 0 }
    canvas.fill(Rect(x: 0, y: 0, width: width, height: 1), with: .blank(style))
    let (first, cursorColumn) = TextField.window(for: state, width: width)
    if state.text.isEmpty {
      canvas.put(TextWidth.truncate(placeholder, to: width), x: 0, y: 0, style: placeholderStyle)
    } else if !isFocused, first == 0, !Self.fits(state.text, in: width) {
      // Not being typed in: a text longer than the field says so with "…".
      canvas.put(
        TextWidth.truncate(Sanitizer.inert(state.text), to: width), x: 0, y: 0, style: style)
    } else {
      let start = state.text.index(state.text.startIndex, offsetBy: first)
      canvas.within(Rect(x: 0, y: 0, width: width, height: 1)) {
        $0.put(String(state.text[start...]), x: 0, y: 0, style: style)
        // Scrolled sideways: the first column says there is more before it,
        // the last that there is more after it (never over the cursor).
        if first > 0, cursorColumn > 0 {
          $0.put(TextWidth.ellipsis, x: 0, y: 0, style: placeholderStyle)
        }
        // Never over the cursor's cell: two columns for a wide grapheme,
        // which matters only just before the last column.
        let cursorEnd =
          cursorColumn + (cursorColumn == width - 2 ? Self.widthUnderCursor(state) : 1)
        if cursorEnd < width, Self.overflows(state.text, from: first, width: width) {
          $0.put(TextWidth.ellipsis, x: width - 1, y: 0, style: placeholderStyle)
        }
      }
    }
    if isFocused { canvas.setCursor(x: cursorColumn, y: 0) }
    return cursorColumn
  }

  /// Whether `text` fits `width` columns as drawn; printable ASCII, a
  /// form's usual text drawn on every key, by its length alone.
  private static func fits(_ text: String, in width: Int) -> Bool {
    if Sanitizer.isPrintableASCII(text) { return text.utf8.count <= width }
    return TextWidth.of(Sanitizer.inert(text)) <= width
  }

  /// Whether `text` from grapheme `first` on is wider than `width`; a
  /// focused field asks on every key, so printable ASCII is judged by its
  /// length, without a copy.
  private static func overflows(_ text: String, from first: Int, width: Int) -> Bool {
    if Sanitizer.isPrintableASCII(text) { return text.utf8.count - first > width }
    return !fits(String(text.dropFirst(first)), in: width)
  }

  /// The columns of the cell under the cursor: two for a wide grapheme.
  private static func widthUnderCursor(_ state: TextFieldState) -> Int {
    if Sanitizer.isPrintableASCII(state.text) { return 1 }
    return state.text.dropFirst(state.cursor).first.map(drawnWidth) ?? 1
  }

  private static func drawnWidth(_ ch: Character) -> Int {
    Sanitizer.isInert(ch) ? TextWidth.of(ch) : TextWidth.of(Sanitizer.inert(String(ch)))
  }
}
