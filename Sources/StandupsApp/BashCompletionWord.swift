/// What bash inserts for a completion. Readline replaces only the end of
/// the word being completed (its `text`): what follows a quote still open,
/// else what follows the last `=` or `:` (they break words), else the whole
/// word. So each candidate goes in as its rest after what the word says
/// before `text`, quoted as the word is at that point: inside `'…'`,
/// inside `"…"`, or with backslashes.
enum BashCompletionWord {
  /// Where the completion script passes readline's `text` ($2).
  static let textVariable = "STANDUPS_COMPLETION_TEXT"

  /// `candidates` (as the shell will pass them: unquoted) for the word
  /// `typed` (as on the line) whose end `text` readline replaces.
  static func replacements(for candidates: [String], typed: String, text: String) -> [String] {
    let typedBytes = Array(typed.utf8)
    let textBytes = Array(text.utf8)
    guard typedBytes.count >= textBytes.count, typedBytes.suffix(textBytes.count) == textBytes[...]
    else { return candidates.map { quoted($0, inside: nil) } }
    let head = String(decoding: typedBytes.dropLast(textBytes.count), as: UTF8.self)
    let (said, quote) = RouteCompletion.reading(head)
    return candidates.compactMap { candidate in
      guard candidate.unicodeScalars.starts(with: said.unicodeScalars) else { return nil }
      let rest = String(
        String.UnicodeScalarView(candidate.unicodeScalars.dropFirst(said.unicodeScalars.count)))
      return quoted(rest, inside: quote)
    }
  }

  /// `text` as it must be typed inside `quote` (none: as `printf %q` would,
  /// but for letters beyond ASCII, which stay as they are).
  static func quoted(_ text: String, inside quote: Character?) -> String {
    switch quote {
    case "'":
      let quoted = text.replacing("'", with: #"'\''"#)
      // Readline drops a match's first character when it is the quote still
      // open before it (seen: `/o'` TAB lost one of `'\''`): one more goes
      // first, an empty pair once inserted.
      return quoted.hasPrefix("'") ? "'" + quoted : quoted
    case "\"":
      var result = ""
      for character in text {
        if "\\$`\"".contains(character) { result.append("\\") }
        result.append(character)
      }
      return result
    default:
      var result = ""
      for scalar in text.unicodeScalars {
        let plain =
          !scalar.isASCII
          || (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar))
          || "/._-,:@%+=^".unicodeScalars.contains(scalar)
        if !plain { result.append("\\") }
        result.unicodeScalars.append(scalar)
      }
      return result
    }
  }
}
