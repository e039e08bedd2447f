/// Measures text in terminal columns, the unit the screen is laid out in.
///
/// Widths are the terminal's, not a font's: ncurses and terminals (tmux among
/// them) place text one code point at a time by `wcwidth(3)`, so that is the
/// measure here too (`TerminalWidthTable.swift`, generated from it). A grapheme
/// is drawn as one cell per spacing code point, each with its combining marks
/// (`cells(of:)`), so an emoji ZWJ sequence takes the columns of its parts.
/// Joiners and variation selectors are left out of what is drawn: sent to the
/// terminal, they would glue a cell to the next one and break the layout.
/// Controls are 0; `Canvas` never draws them raw anyway (see `Sanitizer`).
public enum TextWidth {
  /// Columns one grapheme occupies as drawn: the sum of its cells' widths.
  public static func of(_ ch: Character) -> Int {
    if let a = ch.asciiValue { return a >= 0x20 && a < 0x7F ? 1 : 0 }
    var width = 0
    for scalar in ch.unicodeScalars { width += of(scalar) }
    return width
  }

  /// Columns a string occupies when drawn on one row.
  public static func of(_ s: String) -> Int {
    // Plain ASCII is by far the common case and needs no grapheme breaking:
    // printable ASCII followed by ASCII (or nothing) is a one-column grapheme
    // of its own. Only the rest ("·", "…", wide text) is broken into graphemes.
    var count = 0
    let utf8 = s.utf8
    var i = utf8.startIndex
    while i != utf8.endIndex {
      let byte = utf8[i]
      let next = utf8.index(after: i)
      if byte >= 0x20, byte < 0x7F, next == utf8.endIndex || utf8[next] < 0x80 {
        count += 1
        i = next
      } else {
        count += of(s[i])  // `i` is on a grapheme boundary
        i = s.index(after: i)
      }
    }
    return count
  }

  public static func of(_ s: Substring) -> Int { s.reduce(0) { $0 + of($1) } }

  /// Columns one scalar takes as drawn (0, 1 or 2): wcwidth's answer, with
  /// controls 0 and other unprintable scalars 1 (drawn as U+FFFD).
  public static func of(_ scalar: Unicode.Scalar) -> Int {
    let v = scalar.value
    if v < 0x7F { return v >= 0x20 ? 1 : 0 }
    if v < 0xA0 { return 0 }  // DEL and C1 controls
    if v < 0x300 { return 1 }  // Latin-1 … IPA: nothing combining or wide here
    let w = terminalWidth(scalar)
    return w < 0 ? 1 : w
  }

  /// `wcwidth` of a scalar from U+00A0 up: -1 (unprintable), 0, 1 or 2.
  static func terminalWidth(_ scalar: Unicode.Scalar) -> Int {
    let v = scalar.value
    if v &- symbolsStart < UInt32(symbolWidths.count) {
      return Int(symbolWidths[Int(v &- symbolsStart)])
    }
    return table.width(of: v)
  }

  /// One cell of a drawn grapheme: a spacing scalar (or U+FFFD for one the
  /// terminal cannot show) and its combining marks, at most `maxScalarsPerCell`.
  public struct DrawnCell: Hashable, Sendable {
    public var text: String
    public var width: Int
  }

  /// ncurses keeps a base character and four combining marks per cell.
  public static let maxScalarsPerCell = 5

  /// The cells a grapheme is drawn as, left to right. Zero-width scalars ride
  /// on the cell before them; joiners and variation selectors are dropped, as
  /// are combining marks with nothing to sit on.
  public static func cells(of ch: Character) -> [DrawnCell] {
    var cells: [DrawnCell] = []
    var scalars = String.UnicodeScalarView()
    var count = 0
    var width = 0
    for scalar in ch.unicodeScalars {
      let v = scalar.value
      let w = v < 0xA0 ? (v >= 0x20 && v < 0x7F ? 1 : 0) : terminalWidth(scalar)
      if w == 0 {
        guard width > 0, count < maxScalarsPerCell, !isDropped(scalar) else { continue }
        scalars.append(scalar)
        count += 1
        continue
      }
      if width > 0 { cells.append(DrawnCell(text: String(scalars), width: width)) }
      scalars = String.UnicodeScalarView()
      scalars.append(w < 0 ? "\u{FFFD}" : scalar)
      count = 1
      width = w < 0 ? 1 : w
    }
    if width > 0 { cells.append(DrawnCell(text: String(scalars), width: width)) }
    return cells
  }

  /// Zero-width scalars that only steer how neighbours combine (joiners,
  /// variation selectors, tags, other format characters): the terminal would
  /// apply them to whatever cell comes next.
  static func isDropped(_ scalar: Unicode.Scalar) -> Bool {
    let v = scalar.value
    if (0xFE00...0xFE0F).contains(v) || (0xE0100...0xE01EF).contains(v) { return true }
    return scalar.properties.generalCategory == .format
  }

  /// Punctuation, arrows, box drawing, blocks and shapes — what the screens
  /// are drawn with — looked up directly instead of searching the table.
  private static let symbolsStart: UInt32 = 0x2000
  private static let symbolWidths: [Int8] = (0x2000..<0x2600).map {
    Int8(table.width(of: UInt32($0)))
  }

  private static let table = WidthTable(exceptionalWidths)
}

/// `TextWidth.exceptionalWidths`, parsed once into ranges to binary search.
struct WidthTable: Sendable {
  private var firsts: [UInt32] = []
  private var lasts: [UInt32] = []
  private var widths: [Int8] = []

  init(_ text: String) {
    for entry in text.split(whereSeparator: { $0 == " " || $0 == "\n" }) {
      let parts = entry.split(separator: ":")
      let bounds = parts[0].split(separator: "-").map { UInt32($0, radix: 16)! }
      firsts.append(bounds[0])
      lasts.append(bounds.last!)
      widths.append(parts[1] == "x" ? -1 : Int8(parts[1])!)
    }
  }

  /// The width of code point `v` (from U+00A0 up): -1, 0, 1 or 2.
  func width(of v: UInt32) -> Int {
    var low = 0
    var high = firsts.count - 1
    while low <= high {
      let mid = (low + high) / 2
      if v < firsts[mid] {
        high = mid - 1
      } else if v > lasts[mid] {
        low = mid + 1
      } else {
        return Int(widths[mid])
      }
    }
    return 1
  }

  /// The ranges, for tests: (first, last, width).
  var ranges: [(first: UInt32, last: UInt32, width: Int)] {
    firsts.indices.map { (firsts[$0], lasts[$0], Int(widths[$0])) }
  }
}
