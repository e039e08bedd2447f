import Foundation
import InventoryCore
import Testing
import TmuxTesting

/// Inventory's bash completion, as bash runs it: an option at the root is
/// the default command's (`inventory --data items.json --open …`, as the
/// README writes it), as for standups.
@Suite(.timeLimit(.minutes(3)))
struct InventoryCompletionTests {
  /// What bash offers for `line` (split at blanks; a blank at the end
  /// starts an empty word) with the cursor at its end, in `directory`.
  /// `typed`: the line as typed, when bash splits it otherwise than at blanks.
  func complete(_ line: String, in directory: String? = nil, typed: String? = nil) throws
    -> [String]
  {
    let bash = try #require(Harness.executableInPath("bash"), "bash is not installed")
    let binary = try #require(ToolsEndToEndTests.inventory)
    let printed = try Harness.run(
      binary, ["debug-completion-script", "--shell", "bash"],
      environment: TerminalSession.environment)
    #expect(printed.status == 0, "\(printed.stderr)")
    var words = line.split(separator: " ").map(String.init)
    if line.hasSuffix(" ") { words.append("") }
    var environment = TerminalSession.environment
    // Routes are the program's to offer: the script runs it by name.
    environment["PATH"] =
      URL(fileURLWithPath: binary).deletingLastPathComponent().path + ":"
      + (environment["PATH"] ?? "/usr/bin:/bin")
    environment["LINE"] = typed ?? line
    environment["SCRIPT"] = printed.stdout
    environment["DIR"] = directory ?? ""
    let program = """
      if [ -n "$DIR" ]; then cd "$DIR" || exit 4; fi
      eval "$SCRIPT" || exit 3
      COMP_WORDS=("$@")
      COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 ))
      COMP_LINE="$LINE"
      COMP_POINT=${#COMP_LINE}
      _inventory inventory "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
      printf '%s\\n' "${COMPREPLY[@]}"
      """
    let result = try Harness.run(
      bash, ["--norc", "--noprofile", "-c", program, "bash"] + words, environment: environment)
    #expect(result.status == 0, "\(line): \(result.stderr)")
    return result.stdout.split(separator: "\n").map(String.init)
  }

  @Test func optionsAtTheRootAreRunsOptions() throws {
    let options = try complete("inventory --")
    for option in ["--data", "--open", "--print-route", "--help", "--version"] {
      #expect(options.contains(option), "\(options)")
    }
    #expect(try complete("inventory --o") == ["--open"])
    // After an option of run's, run's options follow, not the subcommands.
    let after = try complete("inventory --print-route ")
    #expect(after.contains("--data"), "\(after)")
    #expect(!after.contains("render"), "\(after)")
  }

  @Test func subcommandsStillCompleteAtTheRoot() throws {
    #expect(try complete("inventory r") == ["run", "render"])
    #expect(!(try complete("inventory ")).contains { $0.hasPrefix("debug-") })
  }

  /// `--data` completes data files (and directories on the way to them).
  @Test func theDataFileCompletesAsAFile() throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("inventory-completion-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(
      atPath: directory + "/shelf", withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    for name in ["items.json", "notes.txt"] {
      #expect(FileManager.default.createFile(atPath: directory + "/" + name, contents: Data()))
    }
    let offered = try complete("inventory --data ", in: directory)
    #expect(offered.contains("items.json"), "\(offered)")
    #expect(offered.contains("shelf"), "\(offered)")
    #expect(!offered.contains("notes.txt"), "\(offered)")
    #expect(try complete("inventory render --data i", in: directory) == ["items.json"])
    // Bash breaks `--data=i` at the `=`: joined again, it completes as one.
    #expect(
      try complete("inventory --data = i", in: directory, typed: "inventory --data=i")
        == ["items.json"])
  }

  /// `--open` completes routes into the items: the tabs, the new item's
  /// sheet, and each item by position and by name, as typed; the sample
  /// items where there is no file yet, as the app opens them.
  @Test func routesCompleteFromTheItems() throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("inventory-routes-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let samples = try complete("inventory --data \(directory)/none.json --open /")
    for route in ["/one", "/inventory", "/three", "/inventory/new", "/inventory/1/edit"] {
      #expect(samples.contains(route), "\(samples)")
    }
    #expect(
      try complete("inventory --data \(directory)/none.json --open /inventory/head")
        == [
          "/inventory/headphones", "/inventory/headphones/edit", "/inventory/headphones/duplicate",
          "/inventory/headphones/delete",
        ])
    // A name shared by two items, or that the new item's route takes, is
    // not offered: it would open something else or nothing.
    let path = directory + "/items.json"
    var items = InventoryEndToEndTests.items
    items[0].name = "Desk lamp"
    items[1].name = "new"
    items[2].name = "Twin"
    items[3].name = "twin"
    try InventoryFormat.encode(items).write(to: URL(fileURLWithPath: path))
    let offered = try complete("inventory render --data \(path) --open /inventory/")
    #expect(offered.contains(#"/inventory/Desk\ lamp/duplicate"#), "\(offered)")
    #expect(offered.contains("/inventory/4/delete"), "\(offered)")
    #expect(
      !offered.contains { $0.lowercased().contains("twin") || $0.hasPrefix("/inventory/new/") })
  }
}
