/// Makes untrusted text (titles, names, notes, pastes) harmless to a terminal.
///
/// `inert(_:)` is for drawing. Every scalar that could change terminal state
/// becomes one visible, one-column character:
///
/// | input | drawn as | why |
/// |---|---|---|
/// | tab, LF, VT, FF, CR (CR LF counts once), U+2028/2029 | space | keeps words apart on one row |
/// | ESC | `␛` (U+241B) | what follows it is then plain, visible text: `␛[2J` |
/// | other C0 controls | their Control Picture (U+2400 + code, e.g. `␇`) | shows which byte it was |
/// | DEL | `␡` (U+2421) | |
/// | C1 controls U+0080–U+009F (U+009B is an 8-bit CSI) | `�` | |
/// | bidi embeddings, overrides, isolates and marks | `�` | they reorder the rest of the row |
///
/// `stripped(_:)` is for input (typed or pasted text going into the model):
/// escape sequences and controls are removed instead of shown.
public enum Sanitizer {
  public static let replacementCharacter: Unicode.Scalar = "\u{FFFD}"

  /// A name quoted in a message (“…”), inert and at most `columns` wide
  /// (cut with "…"): a long title must not push out what the message says
  /// to do.
  public static func quoted(_ name: String, columns: Int = 32) -> String {
    let text = inert(name)
    guard TextWidth.of(text) > columns else { return "“\(text)”" }
    let kept = TextWidth.prefix(text[...], fitting: max(0, columns - 1)).text
    return "“\(kept)\(TextWidth.ellipsis)”"
  }

  /// `s` with every state-changing scalar replaced by a visible one (see the table).
  /// Returns `s` itself, without allocating, when nothing needs replacing.
  public static func inert(_ s: String) -> String {
    if isPrintableASCII(s) { return s }
    guard s.unicodeScalars.contains(where: { replacement(for: $0) != nil }) else { return s }
    var out = String.UnicodeScalarView()
    var previousWasCR = false
    for scalar in s.unicodeScalars {
      if scalar == "\n", previousWasCR {
        previousWasCR = false
        continue
      }
      previousWasCR = scalar == "\r"
      out.append(replacement(for: scalar) ?? scalar)
    }
    return String(out)
  }

  /// `glyph` with its text made inert; itself when it is printable ASCII.
  public static func inert(_ glyph: Glyph) -> Glyph {
    if let a = glyph.ascii, a >= 0x20, a < 0x7F { return glyph }
    if glyph.isEmpty { return glyph }
    return Glyph(inert(glyph.string))
  }

  /// Whether a grapheme can be drawn as is.
  public static func isInert(_ ch: Character) -> Bool {
    if let a = ch.asciiValue { return a >= 0x20 && a < 0x7F }
    return !ch.unicodeScalars.contains { replacement(for: $0) != nil }
  }

  /// What `inert(_:)` draws instead of `scalar`, or nil when it is safe.
  public static func replacement(for scalar: Unicode.Scalar) -> Unicode.Scalar? {
    let v = scalar.value
    switch v {
    case 0x20..<0x7F: return nil
    case 0x09...0x0D, 0x2028, 0x2029: return " "
    case 0x00..<0x20: return Unicode.Scalar(0x2400 + v)
    case 0x7F: return "\u{2421}"
    case 0x80...0x9F: return replacementCharacter
    case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return replacementCharacter
    default: return nil
    }
  }

  /// `s` made fit for a single-line text model: escape sequences (CSI, OSC,
  /// DCS…, 7- and 8-bit) and other controls removed, line breaks and tabs turned
  /// into one space each.
  public static func stripped(_ s: String) -> String {
    if isPrintableASCII(s) { return s }
    let scalars = Array(s.unicodeScalars)
    var out = String.UnicodeScalarView()
    var i = 0
    while i < scalars.count {
      let v = scalars[i].value
      i += 1
      switch v {
      case 0x1B: i = endOfEscape(scalars, from: i)
      case 0x9B: i = endOfControlSequence(scalars, from: i)
      case 0x90, 0x98, 0x9D, 0x9E, 0x9F: i = endOfString(scalars, from: i)
      case 0x0D where i < scalars.count && scalars[i] == "\n":
        out.append(" ")
        i += 1
      default:
        if let r = replacement(for: scalars[i - 1]) {
          if r == " " { out.append(r) }
        } else {
          out.append(scalars[i - 1])
        }
      }
    }
    return String(out)
  }

  static func isPrintableASCII(_ s: String) -> Bool {
    var bytes = s
    return bytes.withUTF8 { utf8 in utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F } }
  }

  /// Index just past an escape sequence whose ESC was at `start - 1`.
  private static func endOfEscape(_ s: [Unicode.Scalar], from start: Int) -> Int {
    guard start < s.count else { return start }
    switch s[start] {
    case "[": return endOfControlSequence(s, from: start + 1)
    case "]", "P", "X", "^", "_": return endOfString(s, from: start + 1)
    default:
      // nF sequences: intermediates (0x20–0x2F), then one final byte.
      var i = start
      while i < s.count, (0x20...0x2F).contains(s[i].value) { i += 1 }
      return min(i + 1, s.count)
    }
  }

  /// Index just past a CSI's parameters, intermediates and final byte.
  private static func endOfControlSequence(_ s: [Unicode.Scalar], from start: Int) -> Int {
    var i = start
    while i < s.count, (0x20...0x3F).contains(s[i].value) { i += 1 }
    if i < s.count, (0x40...0x7E).contains(s[i].value) { i += 1 }
    return i
  }

  /// Index just past a string sequence (OSC, DCS, …) ended by BEL or ST.
  private static func endOfString(_ s: [Unicode.Scalar], from start: Int) -> Int {
    var i = start
    while i < s.count {
      switch s[i].value {
      case 0x07, 0x9C: return i + 1
      case 0x1B where i + 1 < s.count && s[i + 1] == "\\": return i + 2
      default: i += 1
      }
    }
    return i
  }
}
