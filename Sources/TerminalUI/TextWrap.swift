extension TextWidth {
  /// Word-wraps `text` to `width` columns, as drawn (a control shows as a
  /// one-column picture); a word longer than a line is cut.
  public static func wrap(_ text: String, width: Int) -> [String] {
    guard width > 0 else { return [] }
    var lines: [String] = []
    for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
      let paragraph = Sanitizer.inert(String(paragraph))
      var line = ""
      for word in paragraph.split(separator: " ") {
        let candidate = line.isEmpty ? String(word) : line + " " + word
        if of(candidate) <= width {
          line = candidate
        } else {
          if !line.isEmpty { lines.append(line) }
          line = truncate(String(word), to: width)
        }
      }
      lines.append(line)
    }
    return lines
  }
}
