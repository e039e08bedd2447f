/// A horizontal bar showing a fraction 0…1, one row high.
public struct ProgressBar: Hashable, Sendable {
  public enum Glyphs: Hashable, Sendable {
    /// "█" filled, eighth blocks ("▏"…"▉") for the partial cell, "░" empty.
    case blocks
    /// "#" filled and "-" empty, for terminals without block elements.
    case ascii
  }

  public var fraction: Double
  public var glyphs: Glyphs
  public var filledStyle: Style
  public var emptyStyle: Style

  public init(
    fraction: Double, glyphs: Glyphs = .blocks, filledStyle: Style = .plain,
    emptyStyle: Style = .dim
  ) {
    self.fraction = fraction
    self.glyphs = glyphs
    self.filledStyle = filledStyle
    self.emptyStyle = emptyStyle
  }

  /// The bar as text for `width` columns: full cells, at most one partial
  /// cell, then empty cells. Out-of-range and NaN fractions are clamped.
  public static func bar(fraction: Double, width: Int, glyphs: Glyphs = .blocks) -> (
    filled: String, empty: String
  ) {
    let parts = Parts(fraction: fraction, width: width, glyphs: glyphs)
    return (
      String(repeating: parts.full, count: parts.fullCount) + (parts.partial ?? ""),
      String(repeating: parts.empty, count: parts.emptyCount)
    )
  }

  /// Draws across row 0 of the current region: the runs of full and empty
  /// cells as fills, not as text to measure (the recording screen draws it
  /// every second and on every key).
  public func draw(in canvas: inout Canvas) {
    let parts = Parts(fraction: fraction, width: canvas.bounds.width, glyphs: glyphs)
    canvas.fill(
      Rect(x: 0, y: 0, width: parts.fullCount, height: 1),
      with: Cell(text: parts.full, style: filledStyle))
    var x = parts.fullCount
    if let partial = parts.partial { x = canvas.put(partial, x: x, y: 0, style: filledStyle) }
    canvas.fill(
      Rect(x: x, y: 0, width: parts.emptyCount, height: 1),
      with: Cell(text: parts.empty, style: emptyStyle))
  }

  /// How many cells of each: every glyph is one column.
  struct Parts {
    var full: String
    var fullCount: Int
    var partial: String?
    var empty: String
    var emptyCount: Int

    init(fraction: Double, width: Int, glyphs: Glyphs) {
      let width = max(0, width)
      let f = fraction.isNaN ? 0 : min(max(fraction, 0), 1)
      switch glyphs {
      case .ascii:
        (full, partial, empty) = ("#", nil, "-")
        fullCount = Int((f * Double(width)).rounded(.down))
      case .blocks:
        (full, empty) = ("█", "░")
        let eighths = Int((f * Double(width * 8)).rounded(.down))
        fullCount = eighths / 8
        let partials = ["▏", "▎", "▍", "▌", "▋", "▊", "▉"]
        partial = eighths % 8 > 0 ? partials[eighths % 8 - 1] : nil
      }
      emptyCount = width - fullCount - (partial == nil ? 0 : 1)
    }
  }
}
