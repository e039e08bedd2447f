import CNCurses
import TerminalUI

/// Turns a `Style` into the attribute bits and colour pair ncurses draws with.
@MainActor
final class ColorPalette {
  /// False when colours are off (`NO_COLOR`, a monochrome terminal, or asked for).
  let colorsEnabled: Bool
  /// How many colours the terminal reports (0 when colours are off).
  let colorCount: Int
  private var pairs: PairTable
  /// Whether -1 ("the terminal's own colour") may be used in pairs.
  private let defaultColorsUsable: Bool
  private let bold = cn_a_bold()
  private let dim = cn_a_dim()
  private let reverse = cn_a_reverse()
  private let underline = cn_a_underline()

  /// Starts ncurses' colour support when `wanted` and the terminal has colours.
  /// Must run after `newterm`.
  init(wanted: Bool) {
    if wanted && has_colors() && start_color() == cn_ok() {
      colorsEnabled = true
      colorCount = Int(cn_colors())
      defaultColorsUsable = use_default_colors() == cn_ok()
      pairs = PairTable(capacity: Int(cn_color_pairs()))
    } else {
      colorsEnabled = false
      colorCount = 0
      defaultColorsUsable = false
      pairs = PairTable(capacity: 0)
    }
  }

  /// The attributes and pair for one cell.
  func resolve(_ style: Style) -> (attributes: attr_t, pair: Int32) {
    var attributes = cn_a_normal()
    if style.attributes.contains(.bold) { attributes |= bold }
    if style.attributes.contains(.dim) { attributes |= dim }
    if style.attributes.contains(.reverse) { attributes |= reverse }
    if style.attributes.contains(.underline) { attributes |= underline }
    guard colorsEnabled else { return (attributes, 0) }

    var fg = ColorMapping.index(for: style.foreground, colors: colorCount)
    var bg = ColorMapping.index(for: style.background, colors: colorCount)
    if !defaultColorsUsable {
      // Without default-colour support pair 0 is white on black; say so explicitly.
      if fg == ColorMapping.terminalDefault { fg = 7 }
      if bg == ColorMapping.terminalDefault { bg = 0 }
      if fg == 7 && bg == 0 { return (attributes, 0) }
    }
    let pair = pairs.pair(foreground: fg, background: bg) { pair, fg, bg in
      init_extended_pair(Int32(pair), Int32(fg), Int32(bg)) == cn_ok()
    }
    return (attributes, Int32(pair))
  }
}
