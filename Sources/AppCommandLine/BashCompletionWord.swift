/// What bash inserts for a completion. Readline replaces only the end of
/// the word being completed (its `text`): what follows a quote still open,
/// else what follows the last `=` or `:` (they break words), else the whole
/// word. So each candidate goes in as its rest after what the word says
/// before `text`, quoted as the word is at that point: inside `'…'`,
/// inside `"…"`, or with backslashes.
public enum BashCompletionWord {
  /// Where `command`'s completion script passes readline's `text` ($2).
  public static func textVariable(command: String) -> String {
    "\(command.uppercased())_COMPLETION_TEXT"
  }

  /// `candidates` (as the shell will pass them: unquoted) for the word
  /// `typed` (as on the line) whose end `text` readline replaces. None when
  /// `typed` does not end with `text` (the cursor inside the word): where
  /// they would go is not known.
  public static func replacements(for candidates: [String], typed: String, text: String) -> [String]
  {
    let typedBytes = Array(typed.utf8)
    let textBytes = Array(text.utf8)
    guard typedBytes.count >= textBytes.count, typedBytes.suffix(textBytes.count) == textBytes[...]
    else { return [] }
    let head = String(decoding: typedBytes.dropLast(textBytes.count), as: UTF8.self)
    let (said, quote) = CompletionWords.reading(head)
    let rests = candidates.compactMap { candidate -> String? in
      guard candidate.unicodeScalars.starts(with: said.unicodeScalars) else { return nil }
      return String(
        String.UnicodeScalarView(candidate.unicodeScalars.dropFirst(said.unicodeScalars.count)))
    }
    var replacements = rests.map { quoted($0, inside: quote) }
    // With several, readline inserts what they have in common, which may end
    // inside an escape (`Team\` of `Team\ sync` and `Team\'s`: a line
    // continuation). Then what the rests have in common, quoted, goes with
    // them: their common start is that.
    if replacements.count > 1 {
      let common = commonStart(replacements)
      let safe = quoted(commonStart(rests), inside: quote)
      if common != safe, !safe.isEmpty, common.unicodeScalars.starts(with: safe.unicodeScalars) {
        replacements.append(safe)
      }
    }
    return replacements
  }

  /// The longest start all of `texts` share, by Unicode scalars.
  static func commonStart(_ texts: [String]) -> String {
    guard var common = texts.first?.unicodeScalars.map({ $0 }) else { return "" }
    for text in texts.dropFirst() {
      let scalars = Array(text.unicodeScalars)
      let shared = zip(common, scalars).prefix { $0 == $1 }.count
      common.removeLast(common.count - shared)
    }
    var result = ""
    result.unicodeScalars.append(contentsOf: common)
    return result
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
        // Inside "…" a backslash does not stop history expansion: `!` goes
        // in single quotes, between a close and a reopen.
        if character == "!" {
          result += #""'!'""#
          continue
        }
        if "\\$`\"".contains(character) { result.append("\\") }
        result.append(character)
      }
      // As for `'` above: a first `"` would be dropped.
      return result.hasPrefix("\"") ? "\"" + result : result
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
