import CNCurses
import TerminalUI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes cells into ncurses windows: picks the attributes and colour pair,
/// and never lets a cell's text reach the terminal as a control sequence.
@MainActor
struct CellWriter {
  let palette: ColorPalette
  // Runs of cells usually share a style; remember the last lookup.
  private var lastStyle: Style?
  private var lastResolved: (attributes: attr_t, pair: Int32) = (0, 0)

  init(palette: ColorPalette) { self.palette = palette }

  /// Writes `cell` at (x, y) of `window`, in a region spanning `columns`.
  /// Continuation cells are skipped (the wide character fills them) unless the
  /// wide character itself was cut off at the region's left edge.
  mutating func put(
    _ cell: Cell, x: Int, y: Int, in window: UnsafeMutablePointer<WINDOW>, columns: Range<Int>,
    shaded: Bool
  ) {
    let (attributes, pair) = resolve(shaded ? cell.style.shaded : cell.style)
    if let byte = cell.glyph.ascii, byte >= 0x20, byte < 0x7F, cell.width == 1 {
      // Most cells: one printable ASCII character.
      _ = cn_put_cell(window, Int32(y), Int32(x), attributes, pair, wchar_t(byte), 0, 0, 0, 0)
      return
    }
    if cell.glyph == Self.horizontalLine, cell.width == 1 {
      _ = cn_put_hline(window, Int32(y), Int32(x), attributes, pair)
      return
    }
    if cell.isContinuation {
      if x == columns.lowerBound { write(" ", x: x, y: y, window, attributes, pair) }
      return
    }
    guard var scalars = Self.scalars(of: cell.text) else {
      write("\u{FFFD}", x: x, y: y, window, attributes, pair)
      return
    }
    if cell.width >= 2 && x + 1 >= columns.upperBound {
      // Half a wide character does not fit at the right edge; leave it blank.
      write(" ", x: x, y: y, window, attributes, pair)
      return
    }
    let terminalWidth = Self.columns(scalars[0])
    if terminalWidth < 0 {
      scalars = ["?"]  // the locale cannot show it (e.g. a non-UTF-8 locale)
    } else if terminalWidth == 0 {
      scalars = [" "] + scalars.prefix(4)  // a lone mark needs a base to sit on
    } else if terminalWidth > 1 && cell.width < 2 {
      scalars = ["\u{FFFD}"]  // would spill into the next cell
    }
    write(scalars, x: x, y: y, window, attributes, pair)
    if cell.width >= 2 && terminalWidth == 1 {
      // ncurses thinks it is narrow: fill the column the canvas reserved.
      write(" ", x: x + 1, y: y, window, attributes, pair)
    }
  }

  private static let horizontalLine = Glyph("\u{2500}")

  private mutating func resolve(_ style: Style) -> (attr_t, Int32) {
    if style != lastStyle {
      lastResolved = palette.resolve(style)
      lastStyle = style
    }
    return lastResolved
  }

  private func write(
    _ text: Unicode.Scalar, x: Int, y: Int, _ window: UnsafeMutablePointer<WINDOW>,
    _ attributes: attr_t, _ pair: Int32
  ) {
    write([text], x: x, y: y, window, attributes, pair)
  }

  private func write(
    _ scalars: [Unicode.Scalar], x: Int, y: Int, _ window: UnsafeMutablePointer<WINDOW>,
    _ attributes: attr_t, _ pair: Int32
  ) {
    func at(_ i: Int) -> wchar_t { i < scalars.count ? wchar_t(scalars[i].value) : 0 }
    // Writing the bottom-right cell "fails" (the cursor cannot advance) but the
    // cell is written, so the status is ignored.
    _ = cn_put_cell(
      window, Int32(y), Int32(x), attributes, pair, at(0), at(1), at(2), at(3), at(4))
  }

  /// The scalars ncurses can hold for one cell: a printable base character and
  /// up to four combining marks (longer clusters, like emoji sequences, keep
  /// their first scalars). Nil when the base is a control character.
  nonisolated static func scalars(of text: String) -> [Unicode.Scalar]? {
    var result: [Unicode.Scalar] = []
    for scalar in text.unicodeScalars {
      guard InputDecoder.isPrintable(scalar) else {
        if result.isEmpty { return nil }
        continue  // a control character riding along is dropped
      }
      result.append(scalar)
      if result.count == Int(cn_ccharw_max()) { break }
    }
    return result.isEmpty ? [" "] : result
  }

  /// How many columns the terminal's locale gives a character; -1 if unprintable.
  nonisolated static func columns(_ scalar: Unicode.Scalar) -> Int {
    if scalar.value < 0x7F { return 1 }
    return Int(cn_wcwidth(wchar_t(scalar.value)))
  }
}
