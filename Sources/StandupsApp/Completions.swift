import ArgumentParser
import Foundation
import Persistence
import StandupsCore

/// What `--open` completes to: routes into the user's data. Read-only: no
/// lock, no copies; a `--data` already on the line is honoured.
enum RouteCompletion {
  static func candidates(words: [String], prefix: String) -> [String] {
    var flag: String?
    if let index = words.firstIndex(of: "--data"), index + 1 < words.count {
      // Bash splits `--data=FILE` at the `=` (it is in COMP_WORDBREAKS).
      let value = words[index + 1] == "=" && index + 2 < words.count ? index + 2 : index + 1
      flag = words[value]
    } else if let word = words.first(where: { $0.hasPrefix("--data=") }) {
      flag = String(word.dropFirst("--data=".count))
    }
    let path = standupsDataLocation.resolve(
      flag: flag, environment: ProcessInfo.processInfo.environment)
    let standups = (try? DataFile(path: path).load()) ?? nil
    return routes(for: standups ?? [], prefix: prefix)
  }

  /// Every route into `standups` that starts with `prefix`: positions and
  /// titles, and below a standup its edit sheet, alerts, recording and
  /// meetings (by position). Titles that two standups share are left out
  /// (they would be ambiguous).
  static func routes(for standups: IdentifiedArrayOf<Standup>, prefix: String) -> [String] {
    var titleCounts: [String: Int] = [:]
    // Folded as the resolver compares titles (caseless: "Straße" is "STRASSE").
    func key(_ title: String) -> String { title.uppercased().lowercased() }
    for standup in standups { titleCounts[key(standup.title), default: 0] += 1 }
    var routes = ["/", "/new"]
    for (index, standup) in standups.enumerated() {
      var tokens = [String(index + 1)]
      if !standup.title.isEmpty, titleCounts[key(standup.title)] == 1,
        Int(standup.title) == nil
      {
        tokens.append(standup.title)
      }
      for token in tokens {
        routes.append(Route.standup(token, .detail).path)
        routes.append(Route.deleteFromList(token).path)
        for child in [StandupRoute.edit, .delete, .record] {
          routes.append(Route.standup(token, child).path)
        }
        routes += standup.meetings.indices.map {
          Route.standup(token, .meeting(String($0 + 1))).path
        }
      }
    }
    return routes.filter { $0.hasPrefix(prefix) }
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
    case .bash: return bashAtRoot(script)
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
