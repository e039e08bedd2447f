import AppCommandLine
import ArgumentParser
import Foundation
import Persistence
import StandupsCore

/// What `--open` completes to: routes into the user's data. Read-only: no
/// lock, no copies; a `--data` already on the line is honoured.
enum RouteCompletion {
  static func candidates(words: [String], index: Int? = nil, prefix: String) -> [String] {
    CompletionWords.routeCandidates(
      words: words, index: index, prefix: prefix, command: "standups",
      dataPath: { standupsDataLocation.resolve(flag: $0, environment: $1) },
      routes: { path, words, prefix in
        let standups = (try? DataFile(path: path).load()) ?? nil
        var routes = routes(for: standups ?? [], prefix: prefix)
        // `export` refuses the new standup's sheet: nothing to export there.
        if words.count > 1, words[1] == "export" { routes.removeAll { $0 == "/new" } }
        return routes
      })
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
      guard let offered = CompletionWords.completing(prefix, with: path),
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
        let name = CompletionWords.encoded(token)
        // Every route of this token begins with one of these.
        guard
          CompletionWords.startsAlike(prefix, "/" + name)
            || CompletionWords.startsAlike(prefix, "/?delete=" + name)
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
            if firstOffered, let offered = CompletionWords.completing(prefix, with: path) {
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
}

/// `standups debug-completion-script --shell <shell>`.
typealias CompletionScript = CompletionScriptCommand<Standups>
