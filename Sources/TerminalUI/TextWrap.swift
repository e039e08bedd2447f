extension TextWidth {
  /// Word-wraps `text` to `width` columns, as drawn (a control shows as a
  /// one-column picture). A word wider than a line (a URL, a sentence in a
  /// script written without spaces) goes on from where the line is and is
  /// broken at the edge, over as many lines as it needs.
  public static func wrap(_ text: String, width: Int) -> [String] {
    guard width > 0 else { return [] }
    var lines: [String] = []
    // Any line break: "\r\n" is one Character, which a split on "\n" misses.
    for paragraph in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
      let paragraph = Sanitizer.inert(String(paragraph))
      var line = ""
      var used = 0
      for word in paragraph.split(separator: " ") {
        let wordWidth = of(word)
        let gap = line.isEmpty ? 0 : 1
        if used + gap + wordWidth <= width {
          line += (gap == 0 ? "" : " ") + word
          used += gap + wordWidth
          continue
        }
        guard wordWidth > width else {
          if !line.isEmpty { lines.append(line) }
          (line, used) = (String(word), wordWidth)
          continue
        }
        var rest = word
        if used + gap < width {
          let head = prefix(rest, fitting: width - used - gap)
          if !head.text.isEmpty {
            line += (gap == 0 ? "" : " ") + head.text
            rest = rest[head.text.endIndex...]
          }
        }
        if !line.isEmpty { lines.append(line) }
        // Whole lines of the word, then its end begins the next line.
        while true {
          var piece = prefix(rest, fitting: width)
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
}
