extension Color: CustomStringConvertible {
  public var description: String {
    switch self {
    case .default: return "default"
    case .ansi(let n): return "ansi(\(n))"
    case .rgb(let r, let g, let b):
      return "#" + [r, g, b].map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }
  }
}

extension Style: CustomStringConvertible {
  /// e.g. "bold+reverse fg=ansi(1)"; "plain" when nothing is set.
  public var description: String {
    var parts: [String] = []
    let names: [(Attributes, String)] = [
      (.bold, "bold"), (.dim, "dim"), (.reverse, "reverse"), (.underline, "underline"),
    ]
    let attrs = names.filter { attributes.contains($0.0) }.map(\.1)
    if !attrs.isEmpty { parts.append(attrs.joined(separator: "+")) }
    if foreground != .default { parts.append("fg=\(foreground)") }
    if background != .default { parts.append("bg=\(background)") }
    return parts.isEmpty ? "plain" : parts.joined(separator: " ")
  }
}

extension Canvas {
  /// The styles of the grid as text, for snapshot tests: one character per
  /// column ("." for plain, a letter per distinct style in order of first use),
  /// then a legend line per letter, e.g. "A = bold+reverse".
  public var styleDescription: String {
    let symbols = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
    var letters: [Style: Character] = [:]
    var legend: [String] = []
    var rows: [String] = []
    for y in 0..<size.height {
      var row = ""
      for x in 0..<size.width {
        let style = self[x, y].style
        if style == .plain {
          row.append(".")
          continue
        }
        if let letter = letters[style] {
          row.append(letter)
          continue
        }
        // Past 62 distinct styles the rest share "?" (a snapshot that busy is unreadable anyway).
        let letter = letters.count < symbols.count ? symbols[letters.count] : "?"
        letters[style] = letter
        legend.append("\(letter) = \(style)")
        row.append(letter)
      }
      rows.append(row)
    }
    return (rows + legend).joined(separator: "\n")
  }
}
