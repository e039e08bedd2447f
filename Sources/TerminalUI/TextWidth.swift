/// Measures text in terminal columns, the unit the screen is laid out in.
///
/// A grapheme (`Character`) is one glyph cluster, and modern terminals draw it
/// in one or two cells. So its width is that of its widest scalar: combining
/// marks, joiners and variation selectors add nothing, a wide base (CJK,
/// Hangul, fullwidth forms, emoji presentation) makes it 2, and VS16 (U+FE0F)
/// asks for emoji presentation, which is 2 as well. Controls are 0; `Canvas`
/// never draws them raw anyway (see `Sanitizer`).
public enum TextWidth {
  /// Columns one grapheme occupies: 0, 1 or 2.
  public static func of(_ ch: Character) -> Int {
    if let a = ch.asciiValue { return a >= 0x20 && a < 0x7F ? 1 : 0 }
    var width = 0
    for scalar in ch.unicodeScalars {
      if scalar.value == 0xFE0F {
        // VS16 only widens something visible; on its own it is a no-op.
        if width > 0 { width = 2 }
        continue
      }
      width = max(width, of(scalar))
    }
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

  /// Columns one scalar occupies on its own (0, 1 or 2).
  public static func of(_ scalar: Unicode.Scalar) -> Int {
    let v = scalar.value
    if v < 0x7F { return v >= 0x20 ? 1 : 0 }
    if v < 0xA0 { return 0 }  // DEL and C1 controls
    if v < 0x300 { return 1 }  // Latin-1 … IPA: nothing combining or wide here
    if v &- symbolsStart < UInt32(symbolWidths.count) {
      return Int(symbolWidths[Int(v &- symbolsStart)])
    }
    return measure(scalar)
  }

  /// Punctuation, arrows, box drawing, blocks and shapes — what the screens
  /// are drawn with — looked up instead of asking the Unicode properties on
  /// every frame. Made once, by `measure` itself, so it can't disagree with it.
  private static let symbolsStart: UInt32 = 0x2000
  private static let symbolWidths: [UInt8] = (0x2000..<0x2600).map {
    UInt8(measure(Unicode.Scalar(UInt32($0))!))
  }

  /// The width of a scalar from U+0300 up, from its Unicode properties.
  private static func measure(_ scalar: Unicode.Scalar) -> Int {
    let v = scalar.value
    if isZeroWidth(scalar) { return 0 }
    if isWide(v) || scalar.properties.isEmojiPresentation { return 2 }
    return 1
  }

  static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
    let v = scalar.value
    // Hangul medial vowels and final consonants join the preceding syllable.
    if (0x1160...0x11FF).contains(v) || (0xD7B0...0xD7FF).contains(v) { return true }
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format, .control, .lineSeparator,
      .paragraphSeparator:
      return true
    default:
      return false
    }
  }

  /// Whether `v` is East Asian Wide or Fullwidth (emoji are checked separately,
  /// through their Emoji_Presentation property).
  static func isWide(_ v: UInt32) -> Bool {
    guard v >= 0x1100 else { return false }
    var low = 0
    var high = wideRanges.count - 1
    while low <= high {
      let mid = (low + high) / 2
      let range = wideRanges[mid]
      if v < range.first {
        high = mid - 1
      } else if v > range.last {
        low = mid + 1
      } else {
        return true
      }
    }
    return false
  }

  /// East Asian Width W/F ranges (Unicode 15, emoji left to the property check),
  /// sorted so they can be binary searched.
  static let wideRanges: [(first: UInt32, last: UInt32)] = [
    (0x1100, 0x115F),  // Hangul Jamo initial consonants
    (0x2329, 0x232A),  // angle brackets
    (0x2E80, 0x303E),  // CJK radicals, Kangxi, ideographic description, CJK symbols
    (0x3041, 0x3247),  // kana, Bopomofo, Hangul compatibility jamo, Kanbun, strokes
    (0x3250, 0x4DBF),  // enclosed CJK, compatibility, CJK extension A
    (0x4E00, 0xA4CF),  // CJK unified ideographs, Yi
    (0xA960, 0xA97F),  // Hangul Jamo extended A
    (0xAC00, 0xD7A3),  // Hangul syllables
    (0xF900, 0xFAFF),  // CJK compatibility ideographs
    (0xFE10, 0xFE19),  // vertical forms
    (0xFE30, 0xFE6F),  // CJK compatibility forms, small form variants
    (0xFF00, 0xFF60),  // fullwidth forms
    (0xFFE0, 0xFFE6),  // fullwidth signs
    (0x16FE0, 0x16FE4),  // ideographic symbols
    (0x16FF0, 0x16FF1),
    (0x17000, 0x18CFF),  // Tangut, Khitan
    (0x18D00, 0x18D08),
    (0x1AFF0, 0x1B2FF),  // Kana supplement and extensions, Nushu
    (0x1F200, 0x1F2FF),  // enclosed ideographic supplement
    (0x20000, 0x3FFFD),  // CJK extensions B… (planes 2 and 3)
  ]
}
