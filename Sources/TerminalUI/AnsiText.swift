/// Turns a composited canvas into text with ANSI SGR colour codes, for
/// printing a screen outside the app (`standups render --ansi`). Cell text is
/// already inert, so the only escape sequences in the output are these.
public enum AnsiText {
  /// Without `colors` (`NO_COLOR`), only the attributes are sent.
  public static func render(_ canvas: Canvas, colors: Bool = true) -> String {
    var out = ""
    for y in 0..<canvas.size.height {
      var current = Style.plain
      for x in 0..<canvas.size.width {
        let cell = canvas[x, y]
        if cell.isContinuation { continue }
        let style = colors ? cell.style : Style(attributes: cell.style.attributes)
        if style != current {
          out += sgr(style)
          current = style
        }
        out += cell.text
      }
      if current != .plain { out += "\u{1B}[0m" }
      if y < canvas.size.height - 1 { out += "\n" }
    }
    return out
  }

  /// The SGR sequence that sets exactly `style` (starting from a reset).
  static func sgr(_ style: Style) -> String {
    var codes = ["0"]
    if style.attributes.contains(.bold) { codes.append("1") }
    if style.attributes.contains(.dim) { codes.append("2") }
    if style.attributes.contains(.underline) { codes.append("4") }
    if style.attributes.contains(.reverse) { codes.append("7") }
    codes += color(style.foreground, base: 30)
    codes += color(style.background, base: 40)
    return "\u{1B}[" + codes.joined(separator: ";") + "m"
  }

  private static func color(_ color: Color, base: Int) -> [String] {
    switch color {
    case .default: return []
    case .ansi(let n) where n < 8: return ["\(base + Int(n))"]
    case .ansi(let n): return ["\(base + 60 + Int(n) - 8)"]
    case .rgb(let r, let g, let b): return ["\(base + 8)", "2", "\(r)", "\(g)", "\(b)"]
    }
  }
}
