import ArgumentParser
import Foundation
import Persistence
import StandupsCore

/// What `--open` completes to: routes into the user's data. Read-only: no
/// lock, no copies; a `--data` already on the line is honoured.
enum RouteCompletion {
  static func candidates(words: [String], prefix: String) -> [String] {
    // Bash gives the words as typed, quotes and backslashes and all.
    let words = words.map(unquoted)
    let prefix = unquoted(prefix)
    var flag: String?
    if let index = words.firstIndex(of: "--data"), index + 1 < words.count {
      // Bash splits `--data=FILE` at the `=` (it is in COMP_WORDBREAKS).
      let value = words[index + 1] == "=" && index + 2 < words.count ? index + 2 : index + 1
      flag = words[value]
    } else if let word = words.first(where: { $0.hasPrefix("--data=") }) {
      flag = String(word.dropFirst("--data=".count))
    }
    let environment = ProcessInfo.processInfo.environment
    // The words are as typed: the shell expands `~` only once the line runs.
    let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
    let path = standupsDataLocation.resolve(
      flag: flag.map { expandingTilde($0, home: home) }, environment: environment)
    let standups = (try? DataFile(path: path).load()) ?? nil
    return routes(for: standups ?? [], prefix: prefix)
  }

  /// `word` as the shell will pass it: backslashes and quotes removed (an
  /// unclosed quote, as while typing, runs to the end).
  static func unquoted(_ word: String) -> String {
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
    return result
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
    let length = min(typed.count, head.count)
    return typed.prefix(length).lowercased() == head.prefix(length).lowercased()
  }

  /// `path` if it starts with `typed` ignoring case, spelt from there on as
  /// typed (the shells keep only candidates that start with the word typed).
  static func completing(_ typed: String, with path: String) -> String? {
    if path.hasPrefix(typed) { return path }
    guard path.count >= typed.count,
      String(path.prefix(typed.count)).lowercased() == typed.lowercased()
    else { return nil }
    return typed + path.dropFirst(typed.count)
  }

  /// A route's reference as typed on a command line: percent-encoded only
  /// where the route parser needs it (`%`, `/`, a leading `?`, controls,
  /// spaces at either end, which it would trim), so that `/Café` and
  /// `/Daily standup` complete as typed.
  static func encoded(_ token: String) -> String {
    let scalars = Array(token.unicodeScalars)
    var result = ""
    for (index, scalar) in scalars.enumerated() {
      let atAnEnd = index == 0 || index == scalars.count - 1
      let needsEncoding =
        scalar == "%" || scalar == "/" || (index == 0 && scalar == "?")
        || scalar.properties.generalCategory == .control
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

/// The parser's completion scripts, finished: at the root, an option is the
/// default command's (`standups --open <TAB>` completes like `standups run
/// --open <TAB>`), which the parser does not do for a default subcommand.
/// Hidden from help; `make install` writes them.
struct CompletionScript: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "debug-completion-script", shouldDisplay: false)

  @Option(name: .long, help: "bash, zsh or fish.")
  var shell: String

  func run() throws {
    guard let kind = CompletionShell(rawValue: shell) else {
      throw ValidationError("unknown shell '\(shell)' (bash, zsh or fish)")
    }
    print(Self.script(for: kind))
  }

  static func script(for shell: CompletionShell) -> String {
    let script = Standups.completionScript(for: shell)
    switch shell {
    case .bash: return bashRoutesAsData(bashAtRoot(script))
    case .fish: return fishAtRoot(script)
    case .zsh: return zshAtRoot(script)
    default: return script
    }
  }

  /// At the root, a first word that is an option belongs to the default
  /// command: complete the whole line as `run`'s.
  static func bashAtRoot(_ script: String) -> String {
    let marker =
      "    __standups_offer_flags_options 0\n\n    # Offer subcommand / subcommand argument completions"
    guard let range = script.range(of: marker) else { return script }
    let delegation = """
          # An option at the root is the default command's (run).
          if [[ "${unparsed_words[0]}" == -* && "${unparsed_words[0]}" != @(-h|--help|--version) ]]; then
              _standups_run
              return
          fi

      """
    return script.replacingCharacters(in: range, with: delegation + marker)
  }

  /// Bash: the parser's script gives a custom completion's lines to
  /// `compgen -W`, which expands them: a standup titled `$(…)` ran as a
  /// command at the first TAB, and quotes in titles were dropped. Routes
  /// come from the user's data, so they go to `COMPREPLY` as they are,
  /// quoted for the line by `printf %q` (not as file names: bash would show
  /// only their last part).
  static func bashRoutesAsData(_ script: String) -> String {
    let call = #"__standups_add_completions -W "$(__standups_custom_complete "#
    let definition = """
      __standups_add_route_completions() {
          compopt +o filenames 2>/dev/null
          local completion
          while IFS='' read -r completion; do
              [[ -n "${completion}" ]] && COMPREPLY+=("$(printf '%q' "${completion}")")
          done < <(__standups_custom_complete "${@}")
      }


      """
    var lines = script.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    var changed = false
    for index in lines.indices {
      guard let range = lines[index].range(of: call), lines[index].hasSuffix(#")""#) else {
        continue
      }
      let arguments = lines[index][range.upperBound...].dropLast(2)
      lines[index].replaceSubrange(
        range.lowerBound..<lines[index].endIndex,
        with: "__standups_add_route_completions " + arguments)
      changed = true
    }
    guard changed, let entry = lines.firstIndex(of: "_standups() {") else { return script }
    lines.insert(
      contentsOf: definition.split(separator: "\n", omittingEmptySubsequences: false).map(
        String.init
      ).dropLast(), at: entry)
    return lines.joined(separator: "\n")
  }

  /// Fish: the root parses `run`'s options, and offers them (the completions
  /// written for `standups run`, again for `standups`).
  static func fishAtRoot(_ script: String) -> String {
    var lines = script.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let parse = "__standups_parse_subcommand 0 "
    guard let runCase = lines.firstIndex(where: { $0.hasSuffix("case 'run'") }),
      runCase + 1 < lines.count, lines[runCase + 1].contains(parse),
      let root = lines.firstIndex(where: { $0.hasSuffix(parse + "'version' 'h/help'") })
    else { return script }
    let indent = String(lines[root].prefix { $0 == " " })
    lines[root] = indent + lines[runCase + 1].trimmingCharacters(in: .whitespaces)
    let runLines = lines.filter {
      $0.hasPrefix(
        "complete -c 'standups' -n '__standups_should_offer_completions_for_flags_or_options \"standups run\""
      )
    }
    lines += runLines.map {
      $0.replacingOccurrences(
        of: "for_flags_or_options \"standups run\"", with: "for_flags_or_options \"standups\"")
    }
    return lines.joined(separator: "\n")
  }

  /// Zsh: a first word that is an option makes the line `run`'s.
  static func zshAtRoot(_ script: String) -> String {
    let marker =
      "    local -i ret=1\n    local -ar arg_specs=(\n        '--version[Show the version.]'"
    guard let range = script.range(of: marker) else { return script }
    let delegation = """
          # An option at the root is the default command's (run).
          if [[ "${words[2]}" == -* && "${words[2]}" != (-h|--help|--version) ]]; then
              _standups_run
              return
          fi

      """
    return script.replacingCharacters(in: range, with: delegation + marker)
  }
}
