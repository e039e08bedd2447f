/// Every binding, in columns, for the `?` overlay:
///
///     ↑/k    up         a   add
///     ↓/j    down       ?   help
///     enter  open
///
/// Each group is its own column (wrapping into more when taller than the
/// region); keys are padded to a common width within a column.
public enum FullHelp {
  public static let columnGap = 4

  /// The columns for `groups` at most `height` rows tall, leaving out bindings
  /// help doesn't show and groups that end up empty.
  public static func columns(_ groups: [[KeyBinding]], height: Int) -> [[KeyBinding]] {
    guard height > 0 else { return [] }
    var columns: [[KeyBinding]] = []
    for group in groups {
      let shown = group.filter(\.isShownInHelp)
      var start = 0
      while start < shown.count {
        columns.append(Array(shown[start..<min(start + height, shown.count)]))
        start += height
      }
    }
    return columns
  }

  /// The size the help needs to show everything in columns `height` rows tall
  /// (useful to size the overlay before drawing).
  public static func size(_ groups: [[KeyBinding]], height: Int) -> Size {
    let columns = columns(groups, height: height)
    let widths = columns.map { columnWidths($0) }.map { $0.key + 1 + $0.description }
    let width = widths.reduce(0, +) + max(0, columns.count - 1) * columnGap
    return Size(width: width, height: columns.map(\.count).max() ?? 0)
  }

  /// Draws the columns into the current region; columns past its right edge are cut.
  public static func draw(
    _ groups: [[KeyBinding]], in canvas: inout Canvas, keyStyle: Style = .bold,
    descriptionStyle: Style = .plain
  ) {
    var x = 0
    for column in columns(groups, height: canvas.bounds.height) {
      let widths = columnWidths(column)
      for (y, binding) in column.enumerated() {
        canvas.put(binding.help.key, x: x, y: y, width: widths.key, style: keyStyle)
        canvas.put(binding.help.description, x: x + widths.key + 1, y: y, style: descriptionStyle)
      }
      x += widths.key + 1 + widths.description + columnGap
      if x >= canvas.bounds.width { break }
    }
  }

  /// Convenience for a single group.
  public static func draw(_ bindings: [KeyBinding], in canvas: inout Canvas) {
    draw([bindings], in: &canvas)
  }

  private static func columnWidths(_ column: [KeyBinding]) -> (key: Int, description: Int) {
    (
      column.map { TextWidth.of(Sanitizer.inert($0.help.key)) }.max() ?? 0,
      column.map { TextWidth.of(Sanitizer.inert($0.help.description)) }.max() ?? 0
    )
  }
}
