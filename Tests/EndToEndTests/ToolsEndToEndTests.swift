import AppCommandLine
import Foundation
import StandupsApp
import StandupsCore
import Testing
import TmuxTesting

/// The everyday tools from the outside: one version in both apps, and bash
/// completion as bash runs it (the script the app prints, the built binary
/// answering `--open`).
@Suite(.timeLimit(.minutes(3)))
struct ToolsEndToEndTests {
  static let standups = Harness.builtProduct("standups")
  static let inventory = Harness.builtProduct("inventory")

  // MARK: - Version

  @Test func bothAppsPrintTheSameVersion() throws {
    #expect(appVersion == "0.3.0")
    for binary in [Self.standups, Self.inventory] {
      let binary = try #require(binary, "not built next to the tests")
      let result = try Harness.run(binary, ["--version"], environment: TerminalSession.environment)
      #expect(result.status == 0, "\(binary): \(result.stderr)")
      #expect(result.stdout == appVersion + "\n", "\(binary)")
      #expect(result.stderr.isEmpty)
    }
  }

  @Test func helpShowsTheVersion() throws {
    for binary in [Self.standups, Self.inventory] {
      let binary = try #require(binary)
      let result = try Harness.run(binary, ["--help"], environment: TerminalSession.environment)
      #expect(result.status == 0)
      // Help wraps its lines: compare with the whitespace folded.
      let words = result.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
      #expect(words.contains("version \(appVersion)"), "\(binary): \(result.stdout)")
      // Wrapped lines end at a word, not with the space before the next.
      let padded = result.stdout.split(separator: "\n").filter { $0.hasSuffix(" ") }
      #expect(padded.isEmpty, "\(binary): \(padded)")
    }
  }

  /// `help <command>` for a command there is not is a usage error naming
  /// the commands, not the root help and success.
  @Test func helpForACommandThatIsNotThereIsAUsageError() throws {
    for (binary, commands) in [
      (Self.standups, "run, render, export, import, help"), (Self.inventory, "run, render, help"),
    ] {
      let binary = try #require(binary)
      for asked in [["help", "bogus"], ["--help", "bogus"], ["-h", "bogus"]] {
        let bogus = try Harness.run(binary, asked, environment: TerminalSession.environment)
        #expect(bogus.status == 64, "\(binary) \(asked)")
        #expect(bogus.stdout.isEmpty, "\(asked)")
        #expect(bogus.stderr.contains("no command is called 'bogus' (commands: \(commands))"))
      }
      for known in [["help", "run"], ["help"], ["help", "--help"], ["help", "help"]] {
        let result = try Harness.run(binary, known, environment: TerminalSession.environment)
        #expect(result.status == 0, "\(binary) \(known): \(result.stderr)")
        #expect(result.stdout.contains("USAGE:"), "\(binary) \(known)")
      }
      // A word after a command is not ignored: the commands have none.
      for asked in [["help", "render", "extra"], ["-h", "render", "extra"]] {
        let extra = try Harness.run(binary, asked, environment: TerminalSession.environment)
        #expect(extra.status == 64, "\(binary) \(asked)")
        #expect(extra.stderr.contains("render has no commands of its own: 'extra' is not one"))
      }
      // Help with --version, in either order, is the root's help.
      let root = try Harness.run(binary, ["--help"], environment: TerminalSession.environment)
      for asked in [["--help", "--version"], ["--version", "--help"], ["-h", "--version"]] {
        let result = try Harness.run(binary, asked, environment: TerminalSession.environment)
        #expect(result.status == 0, "\(binary) \(asked)")
        #expect(result.stdout == root.stdout, "\(binary) \(asked)")
      }
    }
  }

  /// A data file of the sample standups, the first given `title`, in a
  /// directory of its own (the caller removes it).
  static func sampleFile(firstTitled title: String) throws -> (directory: URL, path: String) {
    let directory = try Harness.temporaryDirectory("standups-titles")
    let path = directory.appendingPathComponent("s.json").path
    var standups = AppSession.sample
    standups[0].title = title
    try DataFile(path: path).save(standups)
    return (directory, path)
  }

  /// What error messages quote (an argument, a title from the data file)
  /// may hold escape codes: the terminal is shown them, not sent them.
  @Test func errorMessagesShowEscapeCodesInsteadOfSendingThem() throws {
    let (directory, data) = try Self.sampleFile(firstTitled: "Bad\u{1B}[2J\u{1B}]0;owned\u{07}")
    defer { try? FileManager.default.removeItem(at: directory) }
    let escape = "\u{1B}[31m"
    let runs: [(String?, [String], String)] = [
      (Self.standups, ["render", "--data", data, "--open", "/1/meetings/9"], "has 1 meeting;"),
      (Self.standups, ["render", "--size", "8\(escape)0x20"], "is invalid for '--size"),
      (Self.standups, ["help", "b\(escape)"], "no command is called"),
      (Self.standups, ["--data", data, "--open", "/x\(escape)"], "no standup matches"),
      (Self.inventory, ["--open", "/x\(escape)"], "is not a route"),
    ]
    for (binary, arguments, message) in runs {
      let binary = try #require(binary)
      let result = try Harness.run(binary, arguments, environment: TerminalSession.environment)
      #expect(result.status != 0, "\(arguments)")
      #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
      #expect(!result.stderr.contains("\u{1B}") && !result.stderr.contains("\u{07}"))
      #expect(result.stderr.contains("\u{241B}"), "\(arguments): the escape is shown")
    }
  }

  /// A route that finds nothing in a data file that could not be read names
  /// the file as the reason, in both apps.
  /// `import` reads a pipe to its end (here up to the server it cannot
  /// reach), says what a pipe holds that is no data file, and names a
  /// directory or an endless device instead of waiting or importing nothing.
  @Test func importReadsAPipeAndRefusesWhatIsNoFile() throws {
    let standups = try #require(Self.standups)
    let (directory, path) = try Self.sampleFile(firstTitled: "Piped")
    defer { try? FileManager.default.removeItem(at: directory) }
    let database = "--database postgres://nobody@127.0.0.1:1/none"
    func run(_ command: String) throws -> Harness.Output {
      try Harness.run("/bin/sh", ["-c", command], environment: TerminalSession.environment)
    }
    let binary = Harness.shellQuoted(standups)
    let piped = try run("cat '\(path)' | \(binary) import /dev/stdin \(database)")
    #expect(piped.status == 1)
    #expect(piped.stderr.contains("cannot reach the database server"), "\(piped.stderr)")
    let broken = try run("echo '{' | \(binary) import /dev/stdin \(database)")
    #expect(broken.status == 1)
    #expect(
      broken.stderr.contains("/dev/stdin is not a valid standups file"), "\(broken.stderr)")
    let folder = try run("\(binary) import '\(directory.path)' \(database)")
    #expect(folder.status == 1)
    #expect(folder.stderr.contains("Is a directory"), "\(folder.stderr)")
    let endless = try run("\(binary) import /dev/zero \(database)")
    #expect(endless.status == 1)
    #expect(endless.stderr.contains("it goes on past 256 MB"), "\(endless.stderr)")
  }

  @Test func aRouteIntoACorruptFileBlamesTheFile() throws {
    let directory = try Harness.temporaryDirectory("corrupt-route")
    defer { try? FileManager.default.removeItem(at: directory) }
    let runs: [(String?, String, String, String)] = [
      (Self.standups, "s.json", "/design", "s.json is not a valid standups file"),
      (Self.inventory, "i.json", "/inventory/2/edit", "i.json is not a valid inventory file"),
    ]
    for (binary, name, route, reason) in runs {
      let binary = try #require(binary)
      let data = directory.appendingPathComponent(name).path
      try Data("garbage".utf8).write(to: URL(fileURLWithPath: data))
      let result = try Harness.run(
        binary, ["--data", data, "--open", route], environment: TerminalSession.environment)
      #expect(result.status == 2, "\(route)")
      #expect(result.stderr.contains("does not open anything"), "\(result.stderr)")
      #expect(result.stderr.contains(reason), "\(result.stderr)")
    }
  }

  /// An export printed to the terminal sends it no control and no bidi
  /// override from a title: JSON escapes them (and reads back the same),
  /// Markdown shows a stand-in.
  @Test func exportsPrintNoControlATerminalActsOn() throws {
    let (directory, data) = try Self.sampleFile(
      firstTitled: "CSI\u{9B}2J \u{1B}[31m \u{202E}gpj.exe")
    defer { try? FileManager.default.removeItem(at: directory) }
    let binary = try #require(Self.standups)
    for format in ["json", "markdown"] {
      let result = try Harness.run(
        binary, ["export", "--data", data, "--format", format],
        environment: TerminalSession.environment)
      #expect(result.status == 0, "\(format): \(result.stderr)")
      for character in ["\u{9B}", "\u{1B}", "\u{202E}"] {
        #expect(!result.stdout.contains(character), "\(format)")
      }
    }
    let json = try Harness.run(
      binary, ["export", "--data", data, "--format", "json"],
      environment: TerminalSession.environment)
    #expect(json.stdout.contains("CSI\\u009b2J \\u001b[31m \\u202egpj.exe"))
    let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
    let titles = (object?["standups"] as? [[String: Any]])?.compactMap { $0["title"] as? String }
    #expect(titles?.contains("CSI\u{9B}2J \u{1B}[31m \u{202E}gpj.exe") == true)
  }

  /// Full help (`?`) of the real binaries: the version the composition root
  /// gives the view, next to the route.
  @Test func fullHelpShowsTheVersionInBothApps() async throws {
    let app = try AppSession()
    try await app.session.waitForText("2 standups")
    try app.session.sendKeys("?")
    try await app.session.waitForText("standups \(appVersion) · Route /")
    try await app.quitAndExpectSaneTerminal()

    let inventory = try #require(Self.inventory)
    let directory = try Harness.temporaryDirectory("inventory-help")
    defer { try? FileManager.default.removeItem(at: directory) }
    let session = try TerminalSession(
      program: inventory, arguments: ["--data", directory.appendingPathComponent("i.json").path])
    try await session.waitForText("Inventory")
    try session.sendKeys("?")
    try await session.waitForText("inventory \(appVersion) · Route /one")
    try session.sendKeys("C-c")
    #expect(try await session.waitForExit() == 0)
  }

  // MARK: - Bash completion

  /// A directory with the completion script and the sample data file.
  final class Fixture {
    let directory: URL
    let script: String
    let data: String

    init() throws {
      let binary = try #require(ToolsEndToEndTests.standups)
      directory = try Harness.temporaryDirectory("standups-completion")
      let printed = try Harness.run(
        binary, ["debug-completion-script", "--shell", "bash"],
        environment: TerminalSession.environment)
      #expect(printed.status == 0, "\(printed.stderr)")
      script = directory.appendingPathComponent("standups.bash").path
      try Data(printed.stdout.utf8).write(to: URL(fileURLWithPath: script))
      data = directory.appendingPathComponent("s.json").path
      try DataFile(path: data).save(AppSession.sample)
    }

    deinit { try? FileManager.default.removeItem(at: directory) }

    /// What bash offers for `line` with the cursor at its end. `words` is
    /// COMP_WORDS as bash splits the line (default: at blanks; a blank at the
    /// end starts an empty word); `text` is the part of the last word
    /// readline replaces, its `$2` (default: the whole word).
    func complete(
      _ line: String, words given: [String]? = nil, text: String? = nil, word: Int? = nil,
      environment extra: [String: String] = [:]
    ) throws -> [String] {
      let bash = try #require(Harness.executableInPath("bash"), "bash is not installed")
      let binary = try #require(ToolsEndToEndTests.standups)
      var words = given ?? line.split(separator: " ").map(String.init)
      if given == nil, line.hasSuffix(" ") { words.append("") }
      var environment = TerminalSession.environment
      environment["PATH"] =
        URL(fileURLWithPath: binary).deletingLastPathComponent().path + ":"
        + (environment["PATH"] ?? "/usr/bin:/bin")
      environment["LINE"] = line
      environment["TEXT"] = text ?? words.last ?? ""
      environment["CWORD"] = word.map(String.init) ?? ""
      environment.merge(extra) { $1 }
      let program = """
        source "$1" || exit 3
        shift
        COMP_WORDS=("$@")
        COMP_CWORD=${CWORD:-$(( ${#COMP_WORDS[@]} - 1 ))}
        COMP_LINE="$LINE"
        COMP_POINT=${#COMP_LINE}
        prev="${COMP_WORDS[COMP_CWORD-1]}"
        _standups standups "$TEXT" "$prev"
        printf '%s\\n' "${COMPREPLY[@]}"
        """
      let result = try Harness.run(
        bash, ["--norc", "--noprofile", "-c", program, "bash", script] + words,
        environment: environment)
      #expect(result.status == 0, "\(line): \(result.stderr)")
      #expect(result.stderr.isEmpty, "\(line): \(result.stderr)")
      return result.stdout.split(separator: "\n").map(String.init)
    }
  }

  @Test func openAtTheRootCompletesRoutesFromTheDataFileOnTheLine() throws {
    let fixture = try Fixture()
    let offered = try fixture.complete("standups --data \(fixture.data) --open /D")
    #expect(offered.contains("/Design"))
    #expect(offered.contains("/Design/edit"))
    #expect(
      offered == [
        "/Design", "/Design/edit", "/Design/delete", "/Design/record", "/Design/meetings/1",
      ])
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: fixture.directory.path).sorted() == [
        "s.json", "standups.bash",
      ], "completion left nothing behind")
  }

  /// The shell leaves `~` as typed on the line it completes: the app
  /// expands it, as the shell will when the line runs.
  @Test func aDataFileUnderTheHomeDirectoryNamedWithATilde() throws {
    let fixture = try Fixture()
    let offered = try fixture.complete(
      "standups --data ~/s.json --open /d", environment: ["HOME": fixture.directory.path])
    #expect(
      offered == [
        "/design", "/design/edit", "/design/delete", "/design/record", "/design/meetings/1",
      ])
  }

  @Test func openAfterRunCompletesBelowAStandup() throws {
    let fixture = try Fixture()
    let offered = try fixture.complete("standups run --data \(fixture.data) --open /2/")
    #expect(offered == ["/2/edit", "/2/delete", "/2/record"])
  }

  @Test func openWithNothingTypedOffersEveryRoute() throws {
    let fixture = try Fixture()
    let offered = try fixture.complete("standups --data \(fixture.data) --open ")
    #expect(offered.first == "/")
    #expect(offered.contains("/new"))
    #expect(offered.contains("/Engineering/record"))
    #expect(offered.contains("/1/meetings/1"))
    #expect(!offered.contains("/2/meetings/1"), "Engineering has no meetings")
    // export refuses the new standup's sheet, so it is not offered there.
    let forExport = try fixture.complete("standups export --data \(fixture.data) --open ")
    #expect(forExport.contains("/1/meetings/1"))
    #expect(!forExport.contains("/new"), "\(forExport)")
  }

  @Test func theDataVariableIsHonouredWithoutAnOption() throws {
    let fixture = try Fixture()
    let offered = try fixture.complete(
      "standups --open /E", environment: ["STANDUPS_DATA": fixture.data])
    #expect(
      offered == [
        "/Engineering", "/Engineering/edit", "/Engineering/delete", "/Engineering/record",
      ])
  }

  @Test func aMissingDataFileOffersTheListItsFilterAndNewOnly() throws {
    let fixture = try Fixture()
    let missing = fixture.directory.appendingPathComponent("missing.json").path
    let offered = try fixture.complete("standups --data \(missing) --open /")
    // Quoted for the line: `?` would be a pattern.
    #expect(offered == ["/", #"/\?filter="#, "/new"])
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: fixture.directory.path).sorted() == [
        "s.json", "standups.bash",
      ])
  }

  /// Bash splits `--data=FILE` at the `=` (COMP_WORDBREAKS), as an
  /// interactive shell does.
  @Test func dataWithEqualsAsBashSplitsItIsHonoured() throws {
    let fixture = try Fixture()
    let line = "standups --data=\(fixture.data) --open /E"
    let offered = try fixture.complete(
      line, words: ["standups", "--data", "=", fixture.data, "--open", "/E"])
    #expect(
      offered == [
        "/Engineering", "/Engineering/edit", "/Engineering/delete", "/Engineering/record",
      ])
  }

  @Test func flagsOfTheDefaultCommandCompleteAtTheRoot() throws {
    let fixture = try Fixture()
    let root = try fixture.complete("standups --no-")
    #expect(root.contains("--no-bell"))
    #expect(root.contains("--no-color"))
    #expect(root.allSatisfy { $0.hasPrefix("--no-") })
    // Exactly what `run` offers there.
    let run = try fixture.complete("standups run --no-")
    #expect(root == run)
    let printRoute = try fixture.complete("standups --print")
    #expect(printRoute == ["--print-route"])
    // A flag already on the line is not offered again.
    let again = try fixture.complete("standups --no-bell --no-")
    #expect(again.contains("--no-color"))
    #expect(!again.contains("--no-bell"))
    // Nor is a flag of the root only: `run` has no subcommands to offer.
    let options = try fixture.complete("standups --data \(fixture.data) ")
    #expect(options.contains("--open"))
    #expect(!options.contains("run"))
  }

  @Test func subcommandsStillCompleteAtTheRoot() throws {
    let fixture = try Fixture()
    #expect(try fixture.complete("standups r") == ["run", "render"])
    #expect(try fixture.complete("standups e") == ["export"])
    let all = try fixture.complete("standups ")
    #expect(all.contains("run") && all.contains("export") && all.contains("help"))
    #expect(!all.contains { $0.hasPrefix("debug-") }, "hidden commands stay hidden")
  }

  @Test func sourcingRegistersTheCompletionWithoutTheBashCompletionPackage() throws {
    let fixture = try Fixture()
    let bash = try #require(Harness.executableInPath("bash"))
    let result = try Harness.run(
      bash,
      [
        "--norc", "--noprofile", "-c",
        #"source "$1" && complete -p standups && type _get_comp_words_by_ref >/dev/null 2>&1; echo "bash-completion=$?""#,
        "bash", fixture.script,
      ], environment: TerminalSession.environment)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.isEmpty, "\(result.stderr)")
    #expect(result.stdout.contains("complete -o filenames -F _standups standups"))
    #expect(result.stdout.contains("bash-completion=1"), "the test shell has no bash-completion")
  }

  // MARK: - The manual

  /// `make man` runs `debug-manual`; it must run on either executor.
  @Test(arguments: ["", "platform"])
  func debugManualFinishesAPage(executors: String) throws {
    let binary = try #require(Self.standups)
    let directory = try Harness.temporaryDirectory("standups-manual")
    defer { try? FileManager.default.removeItem(at: directory) }
    let generated = directory.appendingPathComponent("standups.1").path
    try Data(
      """
      .Dd November 23, 2026
      .Dt STANDUPS 1
      .Os
      .Sh NAME
      .Nm standups
      .Sh DESCRIPTION
      .Bl -tag -width 6n
      .It Em run
      .It Em debug-manual
      .Bl -tag -width 6n
      .It Fl -generated Ar generated
      .El
      .El
      .Sh "EXIT STATUS"
      .Ex -std

      """.utf8
    ).write(to: URL(fileURLWithPath: generated))
    var environment = TerminalSession.environment
    environment["STANDUPS_EXECUTORS"] = executors
    environment["SWIFT_BACKTRACE"] = "enable=no"
    let result = try Harness.run(
      binary, ["debug-manual", "--generated", generated], environment: environment)
    #expect(result.status == 0, "STANDUPS_EXECUTORS=\(executors): \(result.stderr.prefix(300))")
    #expect(result.stdout.contains(".Sh KEYS\n.Ss The list\n"))
    #expect(result.stdout.contains(".It Ev STANDUPS_EXECUTORS\n"))
    #expect(!result.stdout.contains("debug-manual"))
  }
}
