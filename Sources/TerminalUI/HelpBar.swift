/// One line of short help: "↑/k up • enter open • a add • ? help". Bindings
/// that don't fit are replaced by a trailing "…".
public enum HelpBar {
  public static let separator = " • "

  /// The bindings that fit in `width` columns, in order, and whether any
  /// shown-in-help binding was left out.
  public static func layout(_ bindings: [KeyBinding], width: Int) -> (
    shown: [KeyBinding], elided: Bool
  ) {
    let candidates = bindings.filter(\.isShownInShortHelp)
    let sep = TextWidth.of(separator)
    var shown: [KeyBinding] = []
    var used = 0
    for binding in candidates {
      let w = (shown.isEmpty ? 0 : sep) + Self.width(of: binding)
      if used + w > width { break }
      shown.append(binding)
      used += w
    }
    guard shown.count < candidates.count else { return (shown, false) }
    // Make room for the ellipsis, giving up whole bindings rather than cutting one.
    let ellipsis = TextWidth.of(TextWidth.ellipsis)
    while !shown.isEmpty, used + sep + ellipsis > width {
      let last = shown.removeLast()
      used -= Self.width(of: last) + (shown.isEmpty ? 0 : sep)
    }
    return (shown, true)
  }

  /// The columns "key description" takes, measured in parts: this runs for
  /// every binding on every frame, and joining the strings would allocate.
  static func width(of binding: KeyBinding) -> Int {
    let key = columns(binding.help.key)
    let description = binding.help.description
    return description.isEmpty ? key : key + 1 + columns(description)
  }

  /// Columns `text` takes as drawn: printable ASCII (most help) one a byte.
  private static func columns(_ text: String) -> Int {
    Sanitizer.isPrintableASCII(text) ? text.utf8.count : TextWidth.of(Sanitizer.inert(text))
  }

  /// The help line as plain text, at most `width` columns.
  public static func line(_ bindings: [KeyBinding], width: Int) -> String {
    let (shown, elided) = layout(bindings, width: width)
    var parts = shown.map(\.helpText)
    if elided { parts.append(TextWidth.ellipsis) }
    return TextWidth.truncate(parts.joined(separator: separator), to: width)
  }

  /// What a help line is drawn from.
  private struct Source: Equatable, Sendable {
    var bindings: [KeyBinding]
    var width: Int
    var keyStyle: Style
    var descriptionStyle: Style
  }

  private static let drawn = RowMemo<Source>()

  /// Draws the help line on row 0 of the current region: keys in `keyStyle`,
  /// descriptions and separators in `descriptionStyle`.
  public static func draw(
    _ bindings: [KeyBinding], in canvas: inout Canvas, keyStyle: Style = .plain,
    descriptionStyle: Style = .dim
  ) {
    let source = Source(
      bindings: bindings, width: canvas.bounds.width, keyStyle: keyStyle,
      descriptionStyle: descriptionStyle)
    if drawn.put(source, in: &canvas) { return }
    let end = drawLine(
      bindings, in: &canvas, keyStyle: keyStyle, descriptionStyle: descriptionStyle)
    // The line's cells up to `end` are all written by the drawing.
    drawn.keep(source, width: end, of: canvas)
  }

  /// Draws the line; returns the column after the last cell it wrote.
  private static func drawLine(
    _ bindings: [KeyBinding], in canvas: inout Canvas, keyStyle: Style, descriptionStyle: Style
  ) -> Int {
    let width = canvas.bounds.width
    let (shown, elided) = layout(bindings, width: width)
    var x = 0
    for (i, binding) in shown.enumerated() {
      if i > 0 { x = canvas.put(separator, x: x, y: 0, style: descriptionStyle) }
      x = canvas.put(binding.help.key, x: x, y: 0, style: keyStyle)
      if !binding.help.description.isEmpty {
        x = canvas.put(" ", x: x, y: 0, style: descriptionStyle)
        x = canvas.put(binding.help.description, x: x, y: 0, style: descriptionStyle)
      }
    }
    if elided {
      let tail = (shown.isEmpty ? "" : separator) + TextWidth.ellipsis
      if x + TextWidth.of(tail) <= width {
        x = canvas.put(tail, x: x, y: 0, style: descriptionStyle)
      }
    }
    return x
  }
}
