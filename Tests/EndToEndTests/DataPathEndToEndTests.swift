import Foundation
import StandupsApp
import StandupsCore
import Testing
import TmuxTesting

/// Where the data is and where output goes, from the outside: a data path
/// that names nothing usable is a usage error, output that cannot be
/// written an error, and `render` reads what the app would.
@Suite(.timeLimit(.minutes(3)))
struct DataPathEndToEndTests {
  static let standups = Harness.builtProduct("standups")
  static let inventory = Harness.builtProduct("inventory")

  /// Output that cannot be written (a full disk, a closed descriptor) is one
  /// line on standard error and status 1, never a crash: help and the
  /// version included, where a script checks the status.
  @Test(arguments: ["> /dev/full", ">&-"])
  func outputThatCannotBeWrittenIsAnErrorNotACrash(redirect: String) throws {
    let standups = try #require(Self.standups, "not built next to the tests")
    let inventory = try #require(Self.inventory, "not built next to the tests")
    let directory = try Harness.temporaryDirectory("tools-output")
    defer { try? FileManager.default.removeItem(at: directory) }
    let data = directory.appendingPathComponent("s.json").path
    try DataFile(path: data).save([.mock])
    let items = directory.appendingPathComponent("items.json").path
    for (command, message) in [
      ("'\(standups)' export --data '\(data)'", "standups: cannot write the export: "),
      ("'\(standups)' render --data '\(data)'", "standups: cannot write the screen: "),
      ("'\(inventory)' render --data '\(items)'", "inventory: cannot write the screen: "),
      ("'\(standups)' --version", "standups: cannot write to standard output: "),
      ("'\(standups)' export --help", "standups: cannot write to standard output: "),
      ("'\(inventory)' --help", "inventory: cannot write to standard output: "),
      (
        "'\(standups)' --generate-completion-script bash",
        "standups: cannot write the completion script: "
      ),
      (
        "'\(inventory)' debug-completion-script --shell fish",
        "inventory: cannot write the completion script: "
      ),
    ] {
      let result = try Harness.run(
        "/bin/sh", ["-c", "\(command) \(redirect)"], environment: TerminalSession.environment)
      #expect(result.status == 1, "\(command): \(result.stderr)")
      #expect(result.stderr.hasPrefix(message), "\(command): \(result.stderr)")
      #expect(!result.stderr.contains("Fatal error"))
    }
  }

  /// A run with no terminal to draw on (standard input not one) says so and
  /// leaves nothing behind: no data directory made, no lock file.
  @Test func aRunWithoutATerminalLeavesNoLockBehind() throws {
    let home = try Harness.temporaryDirectory("no-terminal")
    defer { try? FileManager.default.removeItem(at: home) }
    let environment = TerminalSession.environment.merging(["XDG_DATA_HOME": home.path]) { $1 }
      .filter { $0.key != "STANDUPS_DATA" && $0.key != "INVENTORY_DATA" }
    for binary in [Self.standups, Self.inventory] {
      let binary = try #require(binary)
      let result = try Harness.run(
        "/bin/sh", ["-c", "'\(binary)' < /dev/null"], environment: environment)
      #expect(result.status == 1, "\(result.stderr)")
      #expect(result.stderr.contains("standard input is not a terminal"), "\(result.stderr)")
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: home.path).isEmpty)
  }

  /// Nor is an unreadable data file kept aside by a run that cannot open it.
  @Test func aRunWithoutATerminalKeepsNoCopyOfAnUnreadableFile() throws {
    let directory = try Harness.temporaryDirectory("no-terminal-unreadable")
    defer { try? FileManager.default.removeItem(at: directory) }
    let data = directory.appendingPathComponent("data.json")
    try Data("{ not json".utf8).write(to: data)
    for binary in [Self.standups, Self.inventory] {
      let binary = try #require(binary)
      let result = try Harness.run(
        "/bin/sh", ["-c", "'\(binary)' --data '\(data.path)' < /dev/null"],
        environment: TerminalSession.environment)
      #expect(result.status == 1, "\(result.stderr)")
      #expect(result.stderr.contains("standard input is not a terminal"), "\(result.stderr)")
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["data.json"])
  }

  /// `--data ""` (a script's unset variable) is a usage error, never the
  /// user's own data file: HOME points at a fresh directory, which stays empty.
  @Test func anEmptyDataFlagIsAUsageError() throws {
    let home = try Harness.temporaryDirectory("empty-data-flag")
    defer { try? FileManager.default.removeItem(at: home) }
    let environment = TerminalSession.environment.merging(["HOME": home.path]) { $1 }
      .filter {
        $0.key != "XDG_DATA_HOME" && $0.key != "STANDUPS_DATA" && $0.key != "INVENTORY_DATA"
      }
    for (binary, arguments) in [
      (Self.standups, ["--data", ""]), (Self.standups, ["render", "--data", ""]),
      (Self.standups, ["export", "--data", ""]), (Self.inventory, ["--data", ""]),
      (Self.inventory, ["render", "--data", ""]),
    ] {
      let binary = try #require(binary)
      let result = try Harness.run(binary, arguments, environment: environment)
      #expect(result.status == 64, "\(arguments): \(result.stderr)")
      #expect(result.stderr.contains("--data '' names no file"), "\(arguments): \(result.stderr)")
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: home.path).isEmpty)
  }

  /// A one-character file name (`a`, `-`, `.`) is a name like any other:
  /// Foundation's path arithmetic traps on it, ours does not.
  @Test func aOneCharacterDataFileNameIsAFileName() throws {
    let standups = try #require(Self.standups)
    let inventory = try #require(Self.inventory)
    let directory = try Harness.temporaryDirectory("one-character")
    defer { try? FileManager.default.removeItem(at: directory) }
    try DataFile(path: directory.appendingPathComponent("a").path).save([.mock])
    func run(_ command: String) throws -> Harness.Output {
      try Harness.run(
        "/bin/sh", ["-c", "cd '\(directory.path)' && \(command)"],
        environment: TerminalSession.environment)
    }
    let export = try run("'\(standups)' export --data a")
    #expect(export.status == 0, "\(export.stderr)")
    #expect(export.stdout.contains(Standup.mock.title), "\(export.stdout)")
    for command in [
      "'\(standups)' render --data -", "'\(inventory)' render --data x --open /inventory",
    ] {
      let result = try run(command)
      #expect(result.status == 0, "\(command): \(result.stderr)")
      #expect(!result.stderr.contains("crashed"), "\(command): \(result.stderr)")
    }
    let directoryAsFile = try run("'\(standups)' export --data .")
    #expect(directoryAsFile.status != 0 && directoryAsFile.status < 128)
    #expect(!directoryAsFile.stderr.isEmpty)
  }

  /// inventory's `render` opens what the app would: nothing from a device
  /// (which never ends, and is a failure to read), the samples from an
  /// empty file.
  @Test func inventoryRendersSpecialAndEmptyFilesAsTheAppOpensThem() throws {
    let inventory = try #require(Self.inventory)
    let directory = try Harness.temporaryDirectory("inventory-render")
    defer { try? FileManager.default.removeItem(at: directory) }
    let empty = directory.appendingPathComponent("items.json").path
    try Data(" \n".utf8).write(to: URL(fileURLWithPath: empty))
    let device = try Harness.run(
      inventory, ["render", "--data", "/dev/zero", "--open", "/inventory"],
      environment: TerminalSession.environment)
    // Drawn all the same, with status 1: nothing could be read.
    #expect(device.status == 1)
    #expect(device.stdout.contains("0 items"), "\(device.stdout)")
    #expect(device.stderr.contains("/dev/zero is not a regular file"), "\(device.stderr)")
    let first = try Harness.run(
      inventory, ["render", "--data", empty, "--open", "/inventory"],
      environment: TerminalSession.environment)
    #expect(first.status == 0)
    #expect(first.stderr.isEmpty, "\(first.stderr)")
    #expect(first.stdout.contains("Keyboard"), "\(first.stdout)")
  }

  /// A data path in a directory that does not exist (or ending in a slash)
  /// is a mistake to say, not a place to start an empty app (and make the
  /// directory): the flag and the variable alike, in both apps, for every
  /// command.
  @Test func aDataPathInAMissingDirectoryIsAUsageError() throws {
    let directory = try Harness.temporaryDirectory("missing-directory")
    defer { try? FileManager.default.removeItem(at: directory) }
    let missing = directory.appendingPathComponent("typo/sub").path
    let runs: [(String?, [String], [String: String])] = [
      (Self.standups, ["--data", missing + "/s.json"], [:]),
      (Self.standups, ["export", "--data", missing + "/s.json"], [:]),
      (Self.standups, ["render"], ["STANDUPS_DATA": missing + "/s.json"]),
      (Self.standups, [], ["STANDUPS_DATA": missing + "/s.json"]),
      (Self.inventory, ["--data", missing + "/i.json"], [:]),
      (Self.inventory, [], ["INVENTORY_DATA": missing + "/i.json"]),
    ]
    for (binary, arguments, variables) in runs {
      let binary = try #require(binary)
      let result = try Harness.run(
        binary, arguments,
        environment: TerminalSession.environment.merging(variables) { $1 })
      #expect(result.status == 64, "\(arguments) \(variables): \(result.stderr)")
      #expect(
        result.stderr.contains("there is no directory \(missing)"),
        "\(arguments): \(result.stderr)")
      // The variable's problem is said alone, in one line: the command line
      // was right. The flag's comes with its usage.
      let lines = result.stderr.split(separator: "\n").count
      #expect((lines == 1) == !variables.isEmpty, "\(arguments): \(result.stderr)")
    }
    #expect(!FileManager.default.fileExists(atPath: missing), "the directory was made")
    // A link whose target is in a missing directory: saves would make it.
    let link = directory.appendingPathComponent("link.json").path
    try FileManager.default.createSymbolicLink(
      atPath: link, withDestinationPath: missing + "/target.json")
    for (binary, arguments) in [
      (Self.standups, ["--data", link]), (Self.standups, ["render", "--data", link]),
      (Self.inventory, ["--data", link]),
    ] {
      let binary = try #require(binary)
      let result = try Harness.run(binary, arguments, environment: TerminalSession.environment)
      #expect(result.status == 64, "\(arguments): \(result.stderr)")
      #expect(
        result.stderr.contains(
          "(a link to \(missing)/target.json): there is no directory \(missing)"),
        "\(arguments): \(result.stderr)")
    }
    #expect(!FileManager.default.fileExists(atPath: missing), "the directory was made")
    // A file where the directory should be, and a `~` the shell left alone.
    let plain = directory.appendingPathComponent("plain").path
    try Data().write(to: URL(fileURLWithPath: plain))
    let standups = try #require(Self.standups)
    let underFile = try Harness.run(
      standups, ["render", "--data", plain + "/s.json"], environment: TerminalSession.environment)
    #expect(underFile.status == 64)
    #expect(underFile.stderr.contains("\(plain) is not a directory"), "\(underFile.stderr)")
    // A path ending in a slash, whether what is before it exists or not.
    for (arguments, variables) in [
      (["--data", plain + "/"], [:]), (["export", "--data", missing + "/"], [:]),
      (["render"], ["STANDUPS_DATA": directory.path + "/"]),
    ] {
      let result = try Harness.run(
        standups, arguments, environment: TerminalSession.environment.merging(variables) { $1 })
      #expect(result.status == 64, "\(arguments) \(variables): \(result.stderr)")
      #expect(result.stderr.contains("ends in /: give the data file's path"), "\(result.stderr)")
    }
    let inventory = try #require(Self.inventory)
    let slash = try Harness.run(
      inventory, ["--data", missing + "/"], environment: TerminalSession.environment)
    #expect(slash.status == 64)
    #expect(!FileManager.default.fileExists(atPath: missing), "the directory was made")
    let tilde = try Harness.run(
      standups, ["render", "--data=~/nowhere-\(UUID().uuidString)/s.json"],
      environment: TerminalSession.environment)
    #expect(tilde.status == 64)
    #expect(tilde.stderr.contains("did not expand ~"), "\(tilde.stderr)")
  }
}
