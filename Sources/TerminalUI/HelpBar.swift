/// One line of short help: "↑/k up • enter open • a add • ? help". Bindings
/// that don't fit are replaced by "…", before the help key; when any is,
/// the moving keys are.
public enum HelpBar {
  public static let separator = " • "

  /// What a help line shows in `width` columns: the bindings that fit, in
  /// order, and where "…" stands for those left out (nil when none is).
  public struct Layout: Equatable, Sendable {
    public var shown: [KeyBinding]
    /// The index in `shown` before which "…" is drawn.
    public var ellipsisIndex: Int?
    public var elided: Bool { ellipsisIndex != nil }
  }

  /// The bindings that fit in `width` columns. When not all do, those that
  /// stay in short help (the help key) keep their place at the end, after
  /// the "…", the moving keys give way and then the last of the others:
  /// how to see every key stays in view, and so do the screen's actions.
  public static func layout(_ bindings: [KeyBinding], width: Int) -> Layout {
    let candidates = bindings.filter(\.isShownInShortHelp)
    let sep = TextWidth.of(separator)
    if total(candidates) <= width { return Layout(shown: candidates, ellipsisIndex: nil) }
    let ellipsis = TextWidth.of(TextWidth.ellipsis)
    var pinned = candidates.filter(\.staysInShortHelp)
    while !pinned.isEmpty, ellipsis + sep + total(pinned) > width { pinned.removeFirst() }
    let budget = width - (pinned.isEmpty ? ellipsis : ellipsis + sep + total(pinned))
    // Not even "…" fits.
    if budget < 0 { return Layout(shown: [], ellipsisIndex: nil) }
    // The moving keys give way, all of them: arrows are what a newcomer
    // tries anyway, and full help lists them. (Were they all to fit beside
    // every other key, so would the whole line, without the "…".) The
    // other keys keep their order, and the last of them go.
    let others = candidates.filter { !$0.staysInShortHelp }
    let actions = others.filter { $0.group != .moving }
    var leading: [KeyBinding] = []
    var used = 0
    for binding in actions.isEmpty ? others : actions {
      let w = (leading.isEmpty ? 0 : sep) + Self.width(of: binding)
      // Room is kept for the separator before the "…".
      if used + w + sep > budget { break }
      leading.append(binding)
      used += w
    }
    return Layout(shown: leading + pinned, ellipsisIndex: leading.count)
  }

  /// The columns `bindings` take side by side.
  private static func total(_ bindings: [KeyBinding]) -> Int {
    bindings.reduce(0) { $0 + Self.width(of: $1) } + max(0, bindings.count - 1)
      * TextWidth.of(separator)
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
    let layout = layout(bindings, width: width)
    var parts = layout.shown.map(\.helpText)
    if let index = layout.ellipsisIndex { parts.insert(TextWidth.ellipsis, at: index) }
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
    let layout = layout(bindings, width: canvas.bounds.width)
    var x = 0
    for (i, binding) in layout.shown.enumerated() {
      if i == layout.ellipsisIndex {
        if i > 0 { x = canvas.put(separator, x: x, y: 0, style: descriptionStyle) }
        x = canvas.put(TextWidth.ellipsis, x: x, y: 0, style: descriptionStyle)
      }
      if i > 0 || i == layout.ellipsisIndex {
        x = canvas.put(separator, x: x, y: 0, style: descriptionStyle)
      }
      x = canvas.put(binding.help.key, x: x, y: 0, style: keyStyle)
      if !binding.help.description.isEmpty {
        x = canvas.put(" ", x: x, y: 0, style: descriptionStyle)
        x = canvas.put(binding.help.description, x: x, y: 0, style: descriptionStyle)
      }
    }
    if layout.ellipsisIndex == layout.shown.count, canvas.bounds.width > 0 {
      let tail = (layout.shown.isEmpty ? "" : separator) + TextWidth.ellipsis
      x = canvas.put(tail, x: x, y: 0, style: descriptionStyle)
    }
    return x
  }
}
