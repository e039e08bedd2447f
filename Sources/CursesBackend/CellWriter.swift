import CNCurses
import TerminalUI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes cells into ncurses windows: picks the attributes and colour pair,
/// and never lets a cell's text reach the terminal as a control sequence.
///
/// A row is collected as ncurses complex characters and written with one
/// `wadd_wchnstr`, which stores them as they are (no cursor movement, no
/// wrapping, no control processing: the text is already checked here).
@MainActor
struct CellWriter {
  let palette: ColorPalette
  // Runs of cells usually share a style; remember the last lookup.
  private var lastStyleBits: UInt64 = 0
  private var lastShaded = false
  private var hasTemplate = false
  private var lastTemplate = cchar_t()
  /// The characters collected for one `wadd_wchnstr`.
  private var run: [cchar_t] = []
  private var window: UnsafeMutablePointer<WINDOW>?
  private var row: Int32 = 0
  /// The window column of `run`'s first character.
  private var runStart = 0
  /// The column after the run's last character, where the next one goes.
  private var nextColumn = 0

  init(palette: ColorPalette) { self.palette = palette }

  /// Writes `cells[span]` (all of them by default), of one row of a region
  /// spanning `columns`, at row `y` of `window`, cell `i` at column
  /// `columns.lowerBound + i`; cells whose index is in one of `shaded` are
  /// drawn shaded.
  mutating func writeRow(
    _ cells: UnsafeBufferPointer<Cell>, span: Range<Int>? = nil, y: Int,
    in window: UnsafeMutablePointer<WINDOW>, columns: Range<Int>, shaded: [Range<Int>]
  ) {
    let span = span ?? cells.indices
    self.window = window
    row = Int32(y)
    runStart = columns.lowerBound + span.lowerBound
    nextColumn = runStart
    for i in span {
      let isShaded = !shaded.isEmpty && shaded.contains { $0.contains(i) }
      put(cells[i], x: columns.lowerBound + i, columns: columns, shaded: isShaded)
    }
    endRow()
  }

  /// Adds `cell` at column `x`, in a region spanning `columns`. Continuation
  /// cells are skipped (the wide character fills them) unless the wide
  /// character itself was cut off at the region's left edge.
  private mutating func put(_ cell: Cell, x: Int, columns: Range<Int>, shaded: Bool) {
    if cell.isContinuation && x < nextColumn { return }
    if x != nextColumn {
      endRow()
      runStart = x
      nextColumn = x
    }
    let template = self.template(cell, shaded: shaded)
    if let byte = cell.glyph.ascii, byte >= 0x20, byte < 0x7F, cell.width == 1 {
      // Most cells: one printable ASCII character.
      append(template, wchar_t(byte))
      return
    }
    if cell.glyph == Self.horizontalLine, cell.width == 1 {
      var line = template
      line.attr |= cn_a_altcharset()
      append(line, cn_acs_hline_char())
      return
    }
    if cell.isContinuation {
      append(template, " ")  // its wide character is cut off to the left
      return
    }
    guard var scalars = Self.scalars(of: cell.text) else {
      append(template, "\u{FFFD}")
      return
    }
    if cell.width >= 2 && x + 1 >= columns.upperBound {
      // Half a wide character does not fit at the right edge; leave it blank.
      append(template, " ")
      return
    }
    let terminalWidth = Self.columns(scalars[0])
    var width = 1
    if terminalWidth < 0 {
      scalars = ["?"]  // the locale cannot show it (e.g. a non-UTF-8 locale)
    } else if terminalWidth == 0 {
      scalars = [" "] + scalars.prefix(4)  // a lone mark needs a base to sit on
    } else if terminalWidth > 1 && cell.width < 2 {
      scalars = ["\u{FFFD}"]  // would spill into the next cell
    } else {
      width = terminalWidth
    }
    append(template, scalars, width: width)
    if cell.width >= 2 && terminalWidth == 1 {
      // ncurses thinks it is narrow: fill the column the canvas reserved.
      append(template, " ")
    }
  }

  /// Writes what was collected since the row began (or since a gap in it).
  private mutating func endRow() {
    guard !run.isEmpty, let window else { return }
    wmove(window, row, Int32(runStart))
    _ = run.withUnsafeBufferPointer { wadd_wchnstr(window, $0.baseAddress, Int32($0.count)) }
    run.removeAll(keepingCapacity: true)
  }

  private static let horizontalLine = Glyph("\u{2500}")

  private mutating func template(_ cell: Cell, shaded: Bool) -> cchar_t {
    if !hasTemplate || cell.styleBits != lastStyleBits || shaded != lastShaded {
      hasTemplate = true
      let (attributes, pair) = palette.resolve(shaded ? cell.style.shaded : cell.style)
      lastTemplate = cn_styled_blank(attributes, pair)
      lastStyleBits = cell.styleBits
      lastShaded = shaded
    }
    return lastTemplate
  }

  private mutating func append(_ template: cchar_t, _ character: wchar_t) {
    var cell = template
    cell.chars.0 = character
    run.append(cell)
    nextColumn += 1
  }

  private mutating func append(_ template: cchar_t, _ scalar: Unicode.Scalar) {
    append(template, wchar_t(scalar.value))
  }

  private mutating func append(_ template: cchar_t, _ scalars: [Unicode.Scalar], width: Int) {
    func at(_ i: Int) -> wchar_t { i < scalars.count ? wchar_t(scalars[i].value) : 0 }
    var cell = template
    cell.chars = (at(0), at(1), at(2), at(3), at(4))
    run.append(cell)
    nextColumn += width
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
