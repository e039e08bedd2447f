import Foundation

/// The words of a command line being completed, as the shells hand them to
/// a custom completion, and routes into the user's data offered back in the
/// form each shell takes; the apps share it, each with its own routes.
public enum CompletionWords {
  /// What a route option completes to, for the word being completed:
  /// `routes` (given the data file's path, the line's words and the typed
  /// prefix, all as the shell will pass them) in the form the shell takes.
  /// A `--data` already on the line is honoured; `dataPath` resolves it as
  /// the app does (nil: none given).
  public static func routeCandidates(
    words: [String], index: Int?, prefix: String, command: String,
    dataPath: (_ flag: String?, _ environment: [String: String]) -> String,
    routes: (_ path: String, _ words: [String], _ prefix: String) -> [String]
  ) -> [String] {
    let environment = ProcessInfo.processInfo.environment
    // The parser takes the prefix from the line's last word; in bash, with
    // words after the one completed, it is the word at `index` (its end:
    // where TAB is pressed).
    var typed = prefix
    if environment["SAP_SHELL"] == "bash", let index, words.indices.contains(index),
      index < words.count - 1
    {
      typed = words[index]
    }
    // Bash gives the words as typed, quotes and backslashes and all.
    let words = words.map(unquoted)
    let prefix = unquoted(typed)
    var flag: String?
    if let index = words.firstIndex(of: "--data"), index + 1 < words.count {
      // Bash splits `--data=FILE` at the `=` (it is in COMP_WORDBREAKS).
      let value = words[index + 1] == "=" && index + 2 < words.count ? index + 2 : index + 1
      flag = words[value]
    } else if let word = words.first(where: { $0.hasPrefix("--data=") }) {
      flag = String(word.dropFirst("--data=".count))
    }
    // The words are as typed: the shell expands `~` only once the line runs.
    let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
    let path = dataPath(flag.map { expandingTilde($0, home: home) }, environment)
    let offered = routes(path, words, prefix)
    switch environment["SAP_SHELL"] {
    // Zsh's script gives them to `_describe`, which reads `value:description`.
    case "zsh": return offered.map(escapedForDescribe)
    // Bash inserts them as they are: what replaces readline's part of the word.
    case "bash":
      return BashCompletionWord.replacements(
        for: offered, typed: typed,
        text: environment[BashCompletionWord.textVariable(command: command)] ?? typed)
    default: return offered
    }
  }

  /// `route` as zsh's `_describe` takes a value: a colon (which would start
  /// a description) and a backslash escaped.
  public static func escapedForDescribe(_ route: String) -> String {
    route.replacingOccurrences(of: "\\", with: "\\\\")
      .replacingOccurrences(of: ":", with: "\\:")
  }

  /// `word` as the shell will pass it: backslashes and quotes removed (an
  /// unclosed quote, as while typing, runs to the end).
  public static func unquoted(_ word: String) -> String { reading(word).text }

  /// `word` as the shell will pass it (`unquoted`), and the quote still open
  /// at its end, if any.
  public static func reading(_ word: String) -> (text: String, openQuote: Character?) {
    var result = ""
    var quote: Character?
    var escaped = false
    for character in word {
      if escaped {
        // In double quotes a backslash escapes only these; else it stays.
        if quote == "\"", !"$`\"\\".contains(character) { result.append("\\") }
        result.append(character)
        escaped = false
      } else if character == "\\", quote != "'" {
        escaped = true
      } else if let open = quote {
        if character == open { quote = nil } else { result.append(character) }
      } else if character == "'" || character == "\"" {
        quote = character
      } else {
        result.append(character)
      }
    }
    return (result, quote)
  }

  /// `~` and `~/…` as the shell would expand them (`~user/…` too).
  public static func expandingTilde(_ path: String, home: String) -> String {
    if path == "~" { return home }
    if path.hasPrefix("~/") { return home + path.dropFirst() }
    if path.hasPrefix("~") { return (path as NSString).expandingTildeInPath }
    return path
  }

  /// Whether one of the two starts with the other, ignoring case: `typed`
  /// can still complete to a route that starts with `head`.
  public static func startsAlike(_ typed: String, _ head: String) -> Bool {
    // By scalars: a word typed up to part of an emoji sequence still counts.
    let length = min(typed.unicodeScalars.count, head.unicodeScalars.count)
    return scalarPrefix(typed, length).lowercased() == scalarPrefix(head, length).lowercased()
  }

  static func scalarPrefix(_ text: String, _ count: Int) -> String {
    String(String.UnicodeScalarView(text.unicodeScalars.prefix(count)))
  }

  /// `path` if it starts with `typed` ignoring case, spelt from there on as
  /// typed (the shells keep only candidates that start with the word typed).
  public static func completing(_ typed: String, with path: String) -> String? {
    let count = typed.unicodeScalars.count
    if path.unicodeScalars.starts(with: typed.unicodeScalars) { return path }
    guard path.unicodeScalars.count >= count,
      scalarPrefix(path, count).lowercased() == typed.lowercased()
    else { return nil }
    return typed + String(String.UnicodeScalarView(path.unicodeScalars.dropFirst(count)))
  }

  /// A route's reference as typed on a command line: percent-encoded only
  /// where the route parser needs it (`%`, `/`, a leading `?`, controls,
  /// spaces at either end, which it would trim) or the terminal would act on
  /// it (bidi controls reorder the command line, line separators break it),
  /// so that `/Café` and `/Daily standup` complete as typed.
  public static func encoded(_ token: String) -> String {
    let scalars = Array(token.unicodeScalars)
    var result = ""
    for (index, scalar) in scalars.enumerated() {
      let atAnEnd = index == 0 || index == scalars.count - 1
      let needsEncoding =
        scalar == "%" || scalar == "/" || (index == 0 && scalar == "?")
        || scalar.properties.generalCategory == .control || scalar.properties.isBidiControl
        || [.lineSeparator, .paragraphSeparator].contains(scalar.properties.generalCategory)
        || (atAnEnd && scalar.properties.isWhitespace)
      if needsEncoding {
        result += String(scalar).utf8.map { String(format: "%%%02X", $0) }.joined()
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }
}
