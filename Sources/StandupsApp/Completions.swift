import AppCommandLine
import ArgumentParser
import Foundation
import Persistence
import StandupsCore

/// What `--open` completes to: routes into the user's data. Read-only: no
/// lock, no copies; a `--data` already on the line is honoured.
enum RouteCompletion {
  static func candidates(words: [String], index: Int? = nil, prefix: String) -> [String] {
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
    let path = standupsDataLocation.resolve(
      flag: flag.map { expandingTilde($0, home: home) }, environment: environment)
    let standups = (try? DataFile(path: path).load()) ?? nil
    var routes = routes(for: standups ?? [], prefix: prefix)
    // `export` refuses the new standup's sheet: nothing to export there.
    if words.count > 1, words[1] == "export" { routes.removeAll { $0 == "/new" } }
    switch environment["SAP_SHELL"] {
    // Zsh's script gives them to `_describe`, which reads `value:description`.
    case "zsh": return routes.map(escapedForDescribe)
    // Bash inserts them as they are: what replaces readline's part of the word.
    case "bash":
      return BashCompletionWord.replacements(
        for: routes, typed: typed, text: environment[BashCompletionWord.textVariable] ?? typed)
    default: return routes
    }
  }

  /// `route` as zsh's `_describe` takes a value: a colon (which would start
  /// a description) and a backslash escaped.
  static func escapedForDescribe(_ route: String) -> String {
    route.replacingOccurrences(of: "\\", with: "\\\\")
      .replacingOccurrences(of: ":", with: "\\:")
  }

  /// `word` as the shell will pass it: backslashes and quotes removed (an
  /// unclosed quote, as while typing, runs to the end).
  static func unquoted(_ word: String) -> String { reading(word).text }

  /// `word` as the shell will pass it (`unquoted`), and the quote still open
  /// at its end, if any.
  static func reading(_ word: String) -> (text: String, openQuote: Character?) {
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
  static func expandingTilde(_ path: String, home: String) -> String {
    if path == "~" { return home }
    if path.hasPrefix("~/") { return home + path.dropFirst() }
    if path.hasPrefix("~") { return (path as NSString).expandingTildeInPath }
    return path
  }

  /// Every route into `standups` that starts with `prefix`, ignoring case
  /// (offered in the case typed, which the resolver ignores in titles):
  /// the list, its filter, positions and titles, and below a standup its
  /// edit sheet, alerts, recording and meetings (by position). Titles that
  /// two standups share are left out (they would be ambiguous), and so is a
  /// route that would not open what it names (a standup titled "new").
  static func routes(for standups: IdentifiedArrayOf<Standup>, prefix: String) -> [String] {
    var titleCounts: [String: Int] = [:]
    // Folded as the resolver compares titles (caseless: "Straße" is "STRASSE").
    func key(_ title: String) -> String { title.uppercased().lowercased() }
    for standup in standups { titleCounts[key(standup.title), default: 0] += 1 }
    var routes: [String] = []
    // Parsing is what a candidate costs (thousands of them in a large file):
    // only the candidates the typed prefix keeps are parsed.
    @discardableResult
    func offer(_ path: String, _ route: Route) -> Bool {
      guard let offered = completing(prefix, with: path),
        (try? Route(parsing: path)) == route,
        offered == path || (try? Route(parsing: offered))?.pattern == route.pattern
      else { return false }
      routes.append(offered)
      return true
    }
    offer("/", .list)
    offer("/?filter=", .filteredList(""))
    offer("/new", .new)
    for (index, standup) in standups.enumerated() {
      var tokens = [String(index + 1)]
      if !standup.title.isEmpty, titleCounts[key(standup.title)] == 1,
        Int(standup.title) == nil
      {
        tokens.append(standup.title)
      }
      for token in tokens {
        let name = encoded(token)
        // Every route of this token begins with one of these.
        guard startsAlike(prefix, "/" + name) || startsAlike(prefix, "/?delete=" + name)
        else { continue }
        offer("/" + name, .standup(token, .detail))
        offer("/?delete=" + name, .deleteFromList(token))
        offer("/\(name)/edit", .standup(token, .edit))
        offer("/\(name)/delete", .standup(token, .delete))
        offer("/\(name)/record", .standup(token, .record))
        // Positions differ only after the stem: while the prefix ends within
        // it, the first meeting's answer is every meeting's.
        let stem = "/\(name)/meetings/"
        var firstOffered: Bool?
        for position in standup.meetings.indices.map({ String($0 + 1) }) {
          let path = stem + position
          if prefix.count <= stem.count, let firstOffered {
            if firstOffered, let offered = completing(prefix, with: path) {
              routes.append(offered)
            }
            continue
          }
          firstOffered = offer(path, .standup(token, .meeting(position)))
        }
      }
    }
    return routes
  }

  /// Whether one of the two starts with the other, ignoring case: `typed`
  /// can still complete to a route that starts with `head`.
  static func startsAlike(_ typed: String, _ head: String) -> Bool {
    // By scalars: a word typed up to part of an emoji sequence still counts.
    let length = min(typed.unicodeScalars.count, head.unicodeScalars.count)
    return scalarPrefix(typed, length).lowercased() == scalarPrefix(head, length).lowercased()
  }

  static func scalarPrefix(_ text: String, _ count: Int) -> String {
    String(String.UnicodeScalarView(text.unicodeScalars.prefix(count)))
  }

  /// `path` if it starts with `typed` ignoring case, spelt from there on as
  /// typed (the shells keep only candidates that start with the word typed).
  static func completing(_ typed: String, with path: String) -> String? {
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
  static func encoded(_ token: String) -> String {
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

/// `standups debug-completion-script --shell <shell>`.
typealias CompletionScript = CompletionScriptCommand<Standups>
