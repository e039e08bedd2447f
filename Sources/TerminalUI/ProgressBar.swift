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
    guard width > 0 else { return ("", "") }
    let f = fraction.isNaN ? 0 : min(max(fraction, 0), 1)
    switch glyphs {
    case .ascii:
      let full = Int((f * Double(width)).rounded(.down))
      return (String(repeating: "#", count: full), String(repeating: "-", count: width - full))
    case .blocks:
      let eighths = Int((f * Double(width * 8)).rounded(.down))
      let full = eighths / 8
      var filled = String(repeating: "█", count: full)
      let partial = ["▏", "▎", "▍", "▌", "▋", "▊", "▉"]
      if eighths % 8 > 0 { filled += partial[eighths % 8 - 1] }
      return (filled, String(repeating: "░", count: width - TextWidth.of(filled)))
    }
  }

  /// Draws across row 0 of the current region.
  public func draw(in canvas: inout Canvas) {
    let (filled, empty) = ProgressBar.bar(
      fraction: fraction, width: canvas.bounds.width, glyphs: glyphs)
    let x = canvas.put(filled, x: 0, y: 0, style: filledStyle)
    canvas.put(empty, x: x, y: 0, style: emptyStyle)
  }
}
