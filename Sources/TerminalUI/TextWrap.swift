extension TextWidth {
  /// Word-wraps `text` to `width` columns, as drawn (a control shows as a
  /// one-column picture). A word wider than a line (a URL, a sentence in a
  /// script written without spaces) goes on from where the line is and is
  /// broken at the edge, over as many lines as it needs. Spaces between
  /// words are kept as typed, except where a line breaks.
  public static func wrap(_ text: String, width: Int) -> [String] {
    guard width > 0 else { return [] }
    var lines: [String] = []
    // Any line break: "\r\n" is one Character, which a split on "\n" misses.
    for paragraph in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
      let paragraph = Sanitizer.inert(String(paragraph))
      var line = ""
      var used = 0
      // A run of spaces splits into empty words, each one space wide.
      for word in paragraph.split(separator: " ", omittingEmptySubsequences: false) {
        let wordWidth = of(word)
        let gap = line.isEmpty ? 0 : 1
        if used + gap + wordWidth <= width {
          line += (gap == 0 ? "" : " ") + word
          used += gap + wordWidth
          continue
        }
        guard wordWidth > width else {
          if !line.isEmpty { lines.append(trimmingTrailingSpaces(line)) }
          (line, used) = (String(word), wordWidth)
          continue
        }
        var rest = word
        if used + gap < width {
          let head = keepingPunctuation(prefix(rest, fitting: width - used - gap), of: rest)
          if !head.text.isEmpty {
            line += (gap == 0 ? "" : " ") + head.text
            rest = rest[head.text.endIndex...]
          }
        }
        if !line.isEmpty { lines.append(trimmingTrailingSpaces(line)) }
        // Whole lines of the word, then its end begins the next line.
        while true {
          var piece = keepingPunctuation(prefix(rest, fitting: width), of: rest)
          if piece.text.isEmpty {
            // One character wider than the line: it has the line, cut.
            piece = (rest[...rest.startIndex], width)
          }
          rest = rest[piece.text.endIndex...]
          guard !rest.isEmpty else {
            (line, used) = (String(piece.text), piece.width)
            break
          }
          lines.append(String(piece.text))
        }
      }
      lines.append(line)
    }
    return lines
  }

  /// A line broken after spaces ends at its last word.
  private static func trimmingTrailingSpaces(_ line: String) -> String {
    var line = line
    while line.last == " " { line.removeLast() }
    return line
  }

  /// Characters a line of Japanese or Chinese must not begin with (closing
  /// brackets and quotes, commas and stops, small kana, the long-vowel mark).
  static let notAtLineStart = Set(
    "、。，．：；？！）］｝〕〉》」』】〙〗’”ー…‥々ゝゞぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ・")

  /// `head`, a piece of `word` cut at the edge, shortened while the next
  /// character would begin a line it must not begin: the characters before
  /// it go on to the next line with it (a stop never stands alone), as long
  /// as one is left.
  static func keepingPunctuation(_ head: (text: Substring, width: Int), of word: Substring)
    -> (text: Substring, width: Int)
  {
    var head = head
    while let next = word[head.text.endIndex...].first, notAtLineStart.contains(next),
      head.text.count > 1, let last = head.text.last
    {
      head = (head.text.dropLast(), head.width - of(last))
    }
    return head
  }
}
