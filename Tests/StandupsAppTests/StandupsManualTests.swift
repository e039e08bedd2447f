import AppCommandLine
import Foundation
import StandupsCore
import Testing

@testable import StandupsApp

/// The standups manual: keys of every screen from the keymaps, in every state
/// that enables one; every variable the program reads; the committed page is
/// what `make man` makes now.
struct StandupsManualTests {
  /// The manual as `make man` makes it (the sheets' states take ids from
  /// the `uuid` dependency).
  @MainActor static func standupsManual() throws -> Manual {
    try withDependencies {
      $0.uuid = .incrementing
    } operation: {
      try ManualCommand.manual()
    }
  }

  @MainActor static func keys(of screen: String) throws -> [Manual.Item] {
    try #require(try standupsManual().keys.first { $0.screen == screen }).items
  }

  @MainActor @Test func theManualListsEveryScreensKeys() throws {
    let keys = try Self.standupsManual().keys
    let screens = try withDependencies {
      $0.uuid = .incrementing
    } operation: {
      try ManualCommand.screens()
    }
    #expect(keys.map { $0.screen } == screens.map { $0.title } + ["Everywhere"])
    for (screen, items) in keys {
      #expect(!items.isEmpty, "\(screen) has no keys")
      let pairs = items.map { "\($0.term) \($0.text)" }
      #expect(Set(pairs).count == pairs.count, "\(screen) lists a key twice: \(pairs)")
    }
    // The keys every screen shares are listed once, last.
    let everywhere = try #require(keys.last)
    #expect(everywhere.items.contains { $0.term == "ctrl+c" && $0.text == "quit" })
    for (screen, items) in keys.dropLast() {
      #expect(!items.contains { $0.term == "ctrl+c" }, "\(screen)")
    }
  }

  /// Keys only some states enable, or that do something else in another
  /// state: each listed (the audit found these missing when the manual drew
  /// one state per screen).
  @MainActor
  @Test(arguments: [
    ("The list", "a", "add"), ("The list", "q", "quit"), ("The list", "enter", "open"),
    ("The list", "/", "filter"), ("The list", "/", "edit filter"),
    ("The list", "esc", "clear filter"), ("The list", "s", "load samples"),
    ("The list", "d", "delete"), ("The list", "y", "copy"), ("The list", "o", "open your version"),
    ("The filter line (/)", "↑", "up"), ("The filter line (/)", "↓", "down"),
    ("The filter line (/)", "enter", "keep filter"), ("The filter line (/)", "esc", "clear filter"),
    ("The filter line (/)", "f1", "help"),
    ("The new standup sheet (and the edit sheet)", "ctrl+s", "save"),
    ("The new standup sheet (and the edit sheet)", "ctrl+x", "remove attendee"),
    ("The new standup sheet (and the edit sheet)", "enter", "add attendee"),
    ("The new standup sheet (and the edit sheet)", "enter", "next field"),
    ("The new standup sheet (and the edit sheet)", "←/-/h", "shorter"),
    ("The new standup sheet (and the edit sheet)", "→/+/l", "longer"),
    ("The new standup sheet (and the edit sheet)", "←/h", "previous theme"),
    ("The new standup sheet (and the edit sheet)", "→/l", "next theme"),
    ("A standup", "enter", "start"), ("A standup", "enter", "open"),
    ("A standup", "x", "del meeting"), ("A standup", "s", "start meeting"),
    ("A standup", "y", "copy"), ("A standup", "o", "open your version"),
    ("A recording", "ctrl+n", "next speaker"), ("A past meeting", "y", "copy"),
  ])
  func aKeyOnlySomeStatesEnableIsListed(screen: String, key: String, description: String)
    throws
  {
    let items = try Self.keys(of: screen)
    #expect(
      items.contains { $0.term == key && $0.text == description },
      "\(screen): no \(key) \(description) in \(items.map { "\($0.term) \($0.text)" })")
  }

  @MainActor @Test func theFilterLinesKeysAreNotTheLists() throws {
    let line = try Self.keys(of: "The filter line (/)")
    // Letters type there: no letter commands, no q.
    #expect(!line.contains { $0.term == "q" || $0.term == "a" || $0.term == "↑/k" })
  }

  static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// The modules the standups binary is made of.
  static let modules = [
    "StandupsApp", "StandupsCore", "StandupsTUI", "StandupsDatabase", "TerminalApp",
    "TerminalUI", "CursesBackend", "EventLoop", "Persistence", "AppCommandLine", "Composable",
    "Routing", "CTerminalGuard", "CFileSystem", "standups",
  ]

  /// What a call reads without naming a variable: the locale's categories
  /// (setlocale with ""), and ncurses' variables (newterm).
  static let implicitReads: [(call: String, variables: [String])] = [
    ("setlocale(", ["LANG", "LC_ALL", "LC_CTYPE"]),
    ("newterm(", ["TERM", "TERMINFO", "TERMINFO_DIRS", "ESCDELAY", "LINES", "COLUMNS"]),
  ]

  /// The variables the standups binary's modules read: by name (`getenv("X")`,
  /// `environment["X"]`, `variable: "X"`), or through a call that reads them
  /// (TZ is read by the C library's time functions).
  static func variablesReadInSources() throws -> Set<String> {
    let pattern = try NSRegularExpression(
      pattern: #"(?:getenv\(|environment\[|variable: )"([A-Z][A-Z0-9_]*)""#)
    var names: Set<String> = []
    for module in modules {
      let directory = packageRoot.appendingPathComponent("Sources/\(module)")
      let files = try FileManager.default.subpathsOfDirectory(atPath: directory.path)
        .filter { $0.hasSuffix(".swift") || $0.hasSuffix(".c") || $0.hasSuffix(".h") }
      for file in files {
        let text = try String(
          contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
        for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
          names.insert(String(text[Range(match.range(at: 1), in: text)!]))
        }
        for (call, variables) in implicitReads where text.contains(call) {
          names.formUnion(variables)
        }
      }
    }
    return names
  }

  @MainActor @Test func everyEnvironmentVariableTheAppReadsIsListed() throws {
    let manual = try Self.standupsManual()
    let listed = Set(manual.environment.map { $0.term })
    let expected: Set<String> = [
      "STANDUPS_DATA", "XDG_DATA_HOME", "HOME", "TERM", "NO_COLOR", "TZ", "STANDUPS_WATCH",
      "STANDUPS_EXECUTORS", "LANG", "LC_ALL", "LC_CTYPE", "TERMINFO", "ESCDELAY", "LINES",
      "COLUMNS", "PGPASSWORD", "PGPASSFILE", "PGUSER", "USER",
    ]
    #expect(expected.isSubset(of: listed), "missing: \(expected.subtracting(listed).sorted())")
    #expect(listed.count == manual.environment.count, "a variable listed twice")
    for (term, text) in manual.environment {
      #expect(!text.isEmpty, "\(term)")
    }
  }

  /// Grep-like, over every module of the binary (team mode's included).
  @MainActor @Test func everyVariableReadInTheSourcesIsListed() throws {
    let listed = Set(try Self.standupsManual().environment.map { $0.term })
    let read = try Self.variablesReadInSources()
    // The scan itself finds what it is meant to: by name, in team mode, and
    // through setlocale and newterm.
    #expect(
      read.isSuperset(of: [
        "STANDUPS_DATA", "TERM", "NO_COLOR", "STANDUPS_WATCH", "PGPASSFILE", "PGUSER", "LC_ALL",
        "ESCDELAY",
      ]))
    #expect(read.isSubset(of: listed), "read but not listed: \(read.subtracting(listed).sorted())")
  }

  @MainActor @Test func theCommittedPageHasEveryKeyOfTheKeymaps() throws {
    let url = Self.packageRoot.appendingPathComponent("docs/man/standups.1")
    let page = try String(contentsOf: url, encoding: .utf8).split(
      separator: "\n", omittingEmptySubsequences: false
    ).map(String.init)
    let manual = try Self.standupsManual()
    var searchFrom = page.startIndex
    for (screen, items) in manual.keys {
      let heading = try #require(
        page[searchFrom...].firstIndex(of: ".Ss \(screen)"),
        "docs/man/standups.1 lacks the screen \"\(screen)\" (or has it out of order): run make man")
      let end =
        page[(heading + 1)...].firstIndex { $0.hasPrefix(".Ss ") || $0.hasPrefix(".Sh ") }
        ?? page.endIndex
      let section = Array(page[heading..<end])
      for (key, description) in items {
        #expect(!key.contains("\"") && !key.contains("\\"))
        let term = key.contains(" ") ? ".It Cm \"\(key)\"" : ".It Cm \(key)"
        let found = section.indices.contains {
          section[$0] == term && $0 + 1 < section.count && section[$0 + 1] == description
        }
        #expect(
          found, "docs/man/standups.1, \(screen): no \(key) (\(description)): run make man")
      }
      let listed = section.filter { $0.hasPrefix(".It Cm ") }.count
      #expect(
        listed == items.count, "\(screen): \(listed) keys on the page, \(items.count) in the app")
      searchFrom = end
    }
    for (name, _) in manual.environment {
      #expect(page.contains(".It Ev \(name)"), "\(name)")
    }
    for (route, _) in manual.routes {
      #expect(page.contains(".It Li \(route)"), "\(route)")
    }
    #expect(page.contains { $0.contains("(version \(appVersion))") })
    #expect(!page.contains { $0.hasPrefix(".It Em debug-") })
    #expect(page.filter { $0 == ".Sh \"EXIT STATUS\"" }.count == 1)
    #expect(!page.contains(".Ex -std"))
    // export --format names its values, and no paragraph break stands empty.
    #expect(page.contains(".It Fl -format Ar markdown|json"))
    for (index, line) in page.enumerated().dropLast() where line == ".Pp" {
      #expect(!page[index + 1].hasPrefix(".It ") && page[index + 1] != ".El", "line \(index + 1)")
    }
  }

  @Test func theCommittedInventoryPageIsFinishedToo() throws {
    let url = Self.packageRoot.appendingPathComponent("docs/man/inventory.1")
    let page = try String(contentsOf: url, encoding: .utf8).split(separator: "\n").map(String.init)
    #expect(page.contains(".Sh KEYS"))
    #expect(page.contains(".Sh ENVIRONMENT"))
    for (name, _) in Manual.terminalEnvironment {
      #expect(page.contains(".It Ev \(name)"), "\(name)")
    }
    #expect(page.contains { $0.contains("version \(appVersion)") })
    #expect(!page.contains { $0.hasPrefix(".It Em debug-") })
    #expect(page.filter { $0 == ".Sh \"EXIT STATUS\"" }.count == 1)
  }

  @Test func theVersionIsSemantic() {
    #expect(appVersion == "0.3.0")
    #expect(appVersion.split(separator: ".").count == 3)
    #expect(appVersion.split(separator: ".").allSatisfy { Int($0) != nil })
  }
}
