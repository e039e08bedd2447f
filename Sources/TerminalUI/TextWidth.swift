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
  public static func of(_ s: String) -> Int { prefix(s[...], fitting: .max).width }

  public static func of(_ s: Substring) -> Int { prefix(s, fitting: .max).width }

  /// The scalar at `start` and where it ends, when a look at the bytes tells
  /// it is a grapheme of its own: one non-ASCII scalar followed by ASCII,
  /// by a scalar that starts a grapheme whatever comes before it
  /// (`startsOwnGrapheme`), or by nothing, and not one that prepends itself
  /// to what follows. Box drawing, arrows, "·" and "…" between words, and
  /// runs of them (a progress bar's "░░░"), take this way instead of grapheme
  /// breaking. Nil for anything else.
  static func loneScalar(_ utf8: UnsafeBufferPointer<UInt8>, at start: Int) -> (
    scalar: Unicode.Scalar, end: Int
  )? {
    let lead = UInt32(utf8[start])
    let length: Int
    var value: UInt32
    switch lead {
    case 0xC0..<0xE0: (length, value) = (2, lead & 0x1F)
    case 0xE0..<0xF0: (length, value) = (3, lead & 0x0F)
    case 0xF0..<0xF8: (length, value) = (4, lead & 0x07)
    default: return nil
    }
    let end = start + length
    guard end <= utf8.count,
      end == utf8.count || utf8[end] < 0x80 || startsOwnGrapheme(utf8, at: end)
    else { return nil }
    for i in (start + 1)..<end { value = value << 6 | UInt32(utf8[i] & 0x3F) }
    // Prepend characters (Arabic number signs and the like, and marks of
    // scripts past U+11000) join the next character, even an ASCII one.
    switch value {
    case 0x0600...0x0605, 0x06DD, 0x070F, 0x0890...0x0891, 0x08E2, 0x0D4E, 0x11000...:
      return nil
    default:
      guard let scalar = Unicode.Scalar(value) else { return nil }
      return (scalar, end)
    }
  }

  /// Where the run of one-column ASCII graphemes starting at `start` ends:
  /// printable ASCII followed by ASCII (or nothing) is a grapheme of its own,
  /// one column wide and inert, so plain text (the common case) is measured
  /// and drawn by the byte. Only the rest ("·", "…", wide text, a letter
  /// with a combining mark) is broken into graphemes. `start` itself when
  /// no such grapheme starts there.
  static func asciiRunEnd(_ utf8: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
    var i = start
    while i < utf8.count {
      let byte = utf8[i]
      guard byte >= 0x20, byte < 0x7F else { return i }
      if i + 1 < utf8.count, utf8[i + 1] >= 0x80, !startsOwnGrapheme(utf8, at: i + 1) {
        return i
      }
      i += 1
    }
    return i
  }

  /// Whether the scalar at `start` never joins the character before it: from
  /// ranges without combining marks, joiners or format controls (Latin-1 and
  /// Latin letters up to U+02FF; dashes, quotes, bullets and "…" of general
  /// punctuation; arrows, symbols, box drawing and shapes from U+2180 to
  /// U+2BFF). So the space in " · " or " • " ends an ASCII run.
  static func startsOwnGrapheme(_ utf8: UnsafeBufferPointer<UInt8>, at start: Int) -> Bool {
    let lead = utf8[start]
    if lead >= 0xC2 && lead <= 0xCB { return true }  // U+0080–U+02FF
    guard lead == 0xE2, start + 2 < utf8.count else { return false }
    let second = utf8[start + 1]
    let third = utf8[start + 2]
    switch second {
    case 0x80: return (0x90...0xA7).contains(third) || third >= 0xB0  // U+2010–2027, 2030–203F
    case 0x81: return third <= 0x9E  // U+2040–205E
    case 0x86...0xAF: return true  // U+2180–2BFF
    default: return false
    }
  }

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

  /// Read byte by byte: every start-up parses it, and splitting the text
  /// into `Character`s would take milliseconds.
  init(_ text: String) {
    var number: UInt32 = 0
    var first: UInt32?
    var widthFollows = false
    for byte in text.utf8 {
      if widthFollows {
        firsts.append(first ?? number)
        lasts.append(number)
        widths.append(byte == UInt8(ascii: "x") ? -1 : Int8(byte &- UInt8(ascii: "0")))
        (number, first, widthFollows) = (0, nil, false)
        continue
      }
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): number = number << 4 | UInt32(byte &- 48)
      case UInt8(ascii: "A")...UInt8(ascii: "F"): number = number << 4 | UInt32(byte &- 55)
      case UInt8(ascii: "-"): (first, number) = (number, 0)
      case UInt8(ascii: ":"): widthFollows = true
      default: break  // the spaces and line breaks between entries
      }
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
