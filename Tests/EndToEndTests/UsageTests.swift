import Foundation
import StandupsApp
import Testing
import TmuxTesting

/// Usage errors and help name the subcommand they are about.
@Suite(.timeLimit(.minutes(3)))
struct UsageTests {
  /// The environment of the tests, without a database to fall back on.
  static var environment: [String: String] {
    TerminalSession.environment.filter { $0.key != "STANDUPS_DATABASE_URL" }
  }

  @Test func importWithoutADatabaseShowsImportsUsage() throws {
    let binary = try #require(ToolsEndToEndTests.standups)
    let result = try Harness.run(binary, ["import", "x.json"], environment: Self.environment)
    #expect(result.status == 64)
    #expect(result.stderr.contains("import needs a database"), "\(result.stderr)")
    #expect(result.stderr.contains("Usage: standups import <file>"), "\(result.stderr)")
  }

  /// An option import does not have is said as such, database or not.
  @Test func anUnknownOptionOfImportIsSaidBeforeTheMissingDatabase() throws {
    let binary = try #require(ToolsEndToEndTests.standups)
    for option in ["--bogus", "--data"] {
      let result = try Harness.run(
        binary, ["import", option, "x.json"], environment: Self.environment)
      #expect(result.status == 64)
      #expect(result.stderr.contains("Unknown option '\(option)'"), "\(result.stderr)")
      #expect(!result.stderr.contains("needs a database"), "\(result.stderr)")
    }
  }

  /// A malformed database URL is import's usage error; one from the
  /// environment is named as such, not as a flag nobody gave, in one line
  /// without the usage of a command line that was right.
  @Test func aBadDatabaseURLIsSaidWithImportsUsageOrWhereItCameFrom() throws {
    let binary = try #require(ToolsEndToEndTests.standups)
    let flag = try Harness.run(
      binary, ["import", "x.json", "--database", "mysql://x@h/db"], environment: Self.environment)
    #expect(flag.status == 64)
    #expect(flag.stderr.contains("--database: \"mysql://x@h/db\" is not a PostgreSQL URL"))
    #expect(flag.stderr.contains("Usage: standups import <file>"), "\(flag.stderr)")
    var environment = Self.environment
    environment["STANDUPS_DATABASE_URL"] = "garbage"
    let variable = try Harness.run(binary, ["import", "x.json"], environment: environment)
    #expect(variable.status == 64)
    #expect(
      variable.stderr.contains("STANDUPS_DATABASE_URL: \"garbage\" is not a PostgreSQL URL"),
      "\(variable.stderr)")
    #expect(variable.stderr.hasPrefix("standups: STANDUPS_DATABASE_URL: "), "\(variable.stderr)")
    #expect(variable.stderr.split(separator: "\n").count == 1, "\(variable.stderr)")
    // So with no command given (the default's), not the root help after it.
    let bare = try Harness.run(binary, [], environment: environment)
    #expect(bare.status == 64)
    #expect(bare.stderr == variable.stderr, "\(bare.stderr)")
  }

  /// A bad `--size` says what a size is; a negative one is a bad size, not
  /// a missing value.
  @Test(arguments: [
    ("1001x10", "width and height are each 1 to 1000"),
    ("-5x10", "width and height are each 1 to 1000"),
    ("abc", "give WIDTHxHEIGHT, e.g. 80x24"),
  ])
  func aBadSizeSaysWhatASizeIs(size: String, message: String) throws {
    for binary in [ToolsEndToEndTests.standups, ToolsEndToEndTests.inventory] {
      let binary = try #require(binary)
      let result = try Harness.run(
        binary, ["render", "--data", "/dev/null", "--size", size], environment: Self.environment)
      #expect(result.status == 64)
      #expect(result.stderr.contains(message), "\(result.stderr)")
    }
  }

  /// The parser's own flag prints the finished script too (routes quoted,
  /// root options completing as run's), in every spelling.
  @Test func theParsersCompletionFlagPrintsTheFinishedScript() throws {
    for binary in [ToolsEndToEndTests.standups, ToolsEndToEndTests.inventory] {
      let binary = try #require(binary)
      for shell in ["bash", "zsh", "fish"] {
        let finished = try Harness.run(
          binary, ["debug-completion-script", "--shell", shell], environment: Self.environment)
        #expect(finished.status == 0 && !finished.stdout.isEmpty)
        for arguments in [
          ["--generate-completion-script", shell], ["--generate-completion-script=\(shell)"],
        ] {
          let viaFlag = try Harness.run(binary, arguments, environment: Self.environment)
          #expect(viaFlag.status == 0)
          #expect(viaFlag.stdout == finished.stdout, "\(arguments)")
        }
      }
    }
  }

  /// A debug log that cannot be written is said before the app starts.
  @Test(arguments: [
    ("/nonexistent-dir/x.log", "there is no directory /nonexistent-dir"),
    ("/tmp", "is a directory"), ("", "names no file"),
  ])
  func aDebugLogThatCannotBeWrittenIsAUsageError(path: String, message: String) throws {
    let binary = try #require(ToolsEndToEndTests.standups)
    let data = FileManager.default.temporaryDirectory.appendingPathComponent("s.json").path
    let result = try Harness.run(
      binary, ["--data", data, "--debug-log", path], environment: Self.environment)
    #expect(result.status == 64)
    #expect(result.stderr.contains("--debug-log"), "\(result.stderr)")
    #expect(result.stderr.contains(message), "\(result.stderr)")
  }

  /// A first word that is no command is said as such, with the command it
  /// was likely meant for, not as an argument the default command refuses.
  @Test(arguments: [
    ("standups", "exprot", "'exprot' is not a command; did you mean 'export'?"),
    ("standups", "Render", "'Render' is not a command; did you mean 'render'?"),
    ("standups", "zzz", "'zzz' is not a command (commands: run, render, export, import, help)"),
    ("inventory", "rnder", "'rnder' is not a command; did you mean 'render'?"),
  ])
  func aMistypedCommandIsNamed(app: String, word: String, message: String) throws {
    let binary = try #require(
      app == "standups" ? ToolsEndToEndTests.standups : ToolsEndToEndTests.inventory)
    let result = try Harness.run(binary, [word], environment: Self.environment)
    #expect(result.status == 64, "\(result.stderr)")
    #expect(result.stderr.hasPrefix("Error: \(message)\n"), "\(result.stderr)")
  }

  /// An empty route (a script's unset variable) is a usage error, never the
  /// list: `export --open "$ROUTE"` would export everything.
  @Test(arguments: [
    ("standups", ["export", "--open", ""]), ("standups", ["render", "--open", " "]),
    ("standups", ["--open", ""]), ("inventory", ["render", "--open", ""]),
  ])
  func anEmptyRouteIsAUsageError(app: String, arguments: [String]) throws {
    let binary = try #require(
      app == "standups" ? ToolsEndToEndTests.standups : ToolsEndToEndTests.inventory)
    let data = FileManager.default.temporaryDirectory.appendingPathComponent("s.json").path
    let result = try Harness.run(
      binary, arguments + ["--data", data], environment: Self.environment)
    #expect(result.status == 64, "\(result.stderr)")
    #expect(result.stderr.contains("names no route; leave --open out"), "\(result.stderr)")
    #expect(result.stdout.isEmpty)
  }

  /// `-h <subcommand>` is that subcommand's help, not the default command's.
  @Test(arguments: [("standups", "export"), ("standups", "render"), ("inventory", "render")])
  func helpFlagBeforeASubcommandIsItsHelp(app: String, subcommand: String) throws {
    let binary = try #require(
      app == "standups" ? ToolsEndToEndTests.standups : ToolsEndToEndTests.inventory)
    for flag in ["-h", "--help"] {
      let viaFlag = try Harness.run(binary, [flag, subcommand], environment: Self.environment)
      let viaHelp = try Harness.run(binary, ["help", subcommand], environment: Self.environment)
      #expect(viaFlag.status == 0)
      #expect(viaFlag.stdout.contains("USAGE: \(app) \(subcommand)"), "\(viaFlag.stdout)")
      #expect(viaFlag.stdout == viaHelp.stdout)
    }
    // With more after it the parser has its say, as before.
    let more = try Harness.run(
      binary, ["-h", subcommand, "--bogus"], environment: Self.environment)
    #expect(!more.stdout.contains("USAGE: \(app) \(subcommand)") || more.status != 0)
    // Alone, the flag is still the root's help.
    let root = try Harness.run(binary, ["-h"], environment: Self.environment)
    #expect(root.stdout.contains("SUBCOMMANDS:"), "\(root.stdout)")
  }

  /// Options written before the subcommand (`standups --data x.json export`)
  /// are the subcommand's; one it does not have is said with its usage.
  @Test func optionsBeforeASubcommandAreItsOptions() throws {
    let directory = try Harness.temporaryDirectory("usage-order")
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("s.json").path
    try DataFile(path: path).save(AppSession.sample)
    let standups = try #require(ToolsEndToEndTests.standups)
    let first = try Harness.run(
      standups, ["export", "--data", path], environment: Self.environment)
    let after = try Harness.run(
      standups, ["--data", path, "export"], environment: Self.environment)
    #expect(first.status == 0, "\(first.stderr)")
    #expect(after.status == 0, "\(after.stderr)")
    #expect(after.stdout == first.stdout)
    #expect(after.stdout.contains("# Design"), "\(after.stdout)")

    // A value named like a command is the option's: the command is export,
    // whatever the file "render" holds or lacks.
    let asWritten = try Harness.run(
      standups, ["export", "--data", "render"], environment: Self.environment)
    let valueFirst = try Harness.run(
      standups, ["--data", "render", "export"], environment: Self.environment)
    #expect(valueFirst.status == asWritten.status)
    #expect(valueFirst.stdout == asWritten.stdout)
    #expect(valueFirst.stderr == asWritten.stderr)

    let render = try Harness.run(standups, ["--no-color", "render"], environment: Self.environment)
    #expect(render.status == 64)
    #expect(render.stderr.contains("Unknown option '--no-color'"), "\(render.stderr)")
    #expect(render.stderr.contains("Usage: standups render"), "\(render.stderr)")

    let inventory = try #require(ToolsEndToEndTests.inventory)
    let items = directory.appendingPathComponent("items.json").path
    let screen = try Harness.run(
      inventory, ["--data", items, "render", "--size", "40x12"], environment: Self.environment)
    #expect(screen.status == 0, "\(screen.stderr)")
    #expect(screen.stdout.contains("Inventory"), "\(screen.stdout)")

    // `help` after options is the help of what follows it.
    let help = try Harness.run(standups, ["help", "export"], environment: Self.environment)
    let helpAfter = try Harness.run(
      standups, ["--data", path, "help", "export"], environment: Self.environment)
    #expect(helpAfter.status == 0, "\(helpAfter.stderr)")
    #expect(helpAfter.stdout == help.stdout)
    #expect(helpAfter.stdout.contains("--since"), "\(helpAfter.stdout)")
    let unknown = try Harness.run(standups, ["help", "bogus"], environment: Self.environment)
    let unknownAfter = try Harness.run(
      standups, ["--data", path, "help", "bogus"], environment: Self.environment)
    #expect(unknownAfter.status == 64)
    #expect(unknownAfter.stderr == unknown.stderr)
  }
}
