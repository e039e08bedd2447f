/// Where text sits in a field wider than itself.
public enum TextAlignment: Hashable, Sendable {
  case leading, center, trailing
}

/// Fitting text into a number of columns. These work on text as it will be
/// drawn (sanitized first), so the widths they promise are the widths on screen.
extension TextWidth {
  public static let ellipsis = "…"

  /// The longest prefix of `s` that fits in `width` columns, and its width.
  /// A wide character that would straddle the limit is left out, never split.
  public static func prefix(_ s: Substring, fitting width: Int) -> (text: Substring, width: Int) {
    var used = 0
    var end = s.startIndex
    var bytes = s  // shares `s`'s storage; read through `withUTF8`
    bytes.withUTF8 { utf8 in
      var offset = 0
      while offset < utf8.count {
        let runEnd = asciiRunEnd(utf8, from: offset)
        if runEnd > offset {
          let taken = min(runEnd - offset, width - used)
          used += taken
          offset += taken
          end = s.utf8.index(s.startIndex, offsetBy: offset)
          if offset < runEnd { return }  // full
          continue
        }
        if let (scalar, scalarEnd) = loneScalar(utf8, at: offset) {
          let w = of(scalar)
          if used + w > width { return }
          used += w
          offset = scalarEnd
          end = s.utf8.index(s.startIndex, offsetBy: offset)
          continue
        }
        // One grapheme (`end` is on its boundary).
        let w = of(s[end])
        if used + w > width { return }
        used += w
        end = s.index(after: end)
        offset = s.utf8.distance(from: s.startIndex, to: end)
      }
    }
    return (s[s.startIndex..<end], used)
  }

  /// The longest suffix of `s` that fits in `width` columns, and its width.
  public static func suffix(_ s: Substring, fitting width: Int) -> (text: Substring, width: Int) {
    var used = 0
    var start = s.endIndex
    while start > s.startIndex {
      let i = s.index(before: start)
      let w = of(s[i])
      if used + w > width { break }
      used += w
      start = i
    }
    return (s[start..<s.endIndex], used)
  }

  /// `s` cut to at most `width` columns, ending in "…" when something was cut.
  /// Spaces where it was cut, or a wide character that cannot fit, leave
  /// the room after the "…": the result pads to exactly `width`.
  public static func truncate(_ s: String, to width: Int, ellipsis: String = ellipsis) -> String {
    guard width > 0 else { return "" }
    let s = Sanitizer.inert(s)
    let whole = prefix(s[...], fitting: width)
    if whole.text.endIndex == s.endIndex { return s }
    let e = of(ellipsis)
    guard e <= width else { return String(whole.text) + spaces(width - whole.width) }
    let kept = prefix(s[...], fitting: width - e)
    // "Headphones…", not "Headphones …": a cut at a word's end drops the space.
    var text = kept.text
    var keptWidth = kept.width
    while text.last == " " {
      text = text.dropLast()
      keptWidth -= 1
    }
    return String(text) + ellipsis + spaces(width - e - keptWidth)
  }

  /// `s` cut from the left to at most `width` columns, starting with "…" when
  /// something was cut (for paths and breadcrumbs, whose end matters most).
  /// When a wide character cannot fit, a space pads the result to exactly
  /// `width` at its end, so it starts where uncut text would.
  public static func truncateLeading(_ s: String, to width: Int, ellipsis: String = ellipsis)
    -> String
  {
    guard width > 0 else { return "" }
    let s = Sanitizer.inert(s)
    let whole = suffix(s[...], fitting: width)
    if whole.text.startIndex == s.startIndex { return s }
    let e = of(ellipsis)
    guard e <= width else { return String(whole.text) + spaces(width - whole.width) }
    let kept = suffix(s[...], fitting: width - e)
    return ellipsis + String(kept.text) + spaces(width - e - kept.width)
  }

  /// `s` padded with spaces to at least `width` columns (never cut).
  public static func pad(_ s: String, to width: Int, alignment: TextAlignment = .leading)
    -> String
  {
    let s = Sanitizer.inert(s)
    let gap = width - of(s)
    guard gap > 0 else { return s }
    switch alignment {
    case .leading: return s + spaces(gap)
    case .trailing: return spaces(gap) + s
    case .center: return spaces(gap / 2) + s + spaces(gap - gap / 2)
    }
  }

  /// `s` truncated and padded to exactly `width` columns.
  public static func fit(_ s: String, to width: Int, alignment: TextAlignment = .leading)
    -> String
  {
    pad(truncate(s, to: width), to: width, alignment: alignment)
  }

  static func spaces(_ n: Int) -> String { n > 0 ? String(repeating: " ", count: n) : "" }
}
