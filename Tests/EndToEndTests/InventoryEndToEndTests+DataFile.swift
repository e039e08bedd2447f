import Foundation
import InventoryCore
import Testing
import TmuxTesting

extension InventoryEndToEndTests {
  /// `render` of an unreadable file draws no items, says why in one
  /// sentence, and exits 1.
  @Test func renderOfAnUnreadableFileSaysWhy() throws {
    let fixture = try DataFixture()
    try Data("garbage!!".utf8).write(to: URL(fileURLWithPath: fixture.dataPath))
    let binary = try #require(InventoryEndToEndTests.binary)
    let output = try Harness.run(
      binary, ["render", "--data", fixture.dataPath, "--size", "40x10"],
      environment: TerminalSession.environment)
    #expect(output.status == 1)
    #expect(output.stdout.contains("Welcome to the inventory app"), "\(output.stdout)")
    #expect(output.stderr.contains("not a valid inventory file"), "\(output.stderr)")
    #expect(output.stderr.contains("; showing no items"))
    #expect(!output.stderr.contains(".;"), "\(output.stderr)")
  }

  /// An unreadable file is copied aside; the status line names the copy
  /// and says what is wrong, and on quit standard error names it in full.
  @Test func anUnreadableFileIsNamedInFullOnQuit() async throws {
    let fixture = try DataFixture()
    try Data("garbage!!".utf8).write(to: URL(fileURLWithPath: fixture.dataPath))
    let session = try fixture.start(arguments: [])
    try await session.waitForText("not a valid inventory file")
    try await session.waitForText("unexpected `g` where a value belongs")
    let copy = try #require(
      try FileManager.default.contentsOfDirectory(atPath: fixture.directory.path)
        .first { $0.contains(".unreadable-") })
    try session.sendKeys("C-c")
    _ = try await session.waitForExit()
    #expect(try session.screen(history: true).contains(copy))
  }

  /// An empty data file (`touch`) is a first run: the samples show, and are
  /// saved into it; nothing is copied aside.
  @Test func anEmptyFileIsAFirstRun() async throws {
    let fixture = try DataFixture()
    #expect(FileManager.default.createFile(atPath: fixture.dataPath, contents: Data()))
    let session = try fixture.start(arguments: ["--open", "/inventory"])
    try await session.waitForText("Headphones")
    let saved = try await fixture.waitForItems("the samples") { $0 == Item.samples }
    #expect(saved != nil)
    #expect(try !session.screen().contains("not a valid"))
    try session.sendKeys("C-c")
    _ = try await session.waitForExit()
    let names = try FileManager.default.contentsOfDirectory(atPath: fixture.directory.path)
    #expect(!names.contains { $0.contains(".unreadable-") })
  }

  /// SIGTERM: the change just made is saved, then the process ends as the
  /// signal would have, so a script or a shell loop can tell.
  @Test func aTerminationSignalSavesThenEndsAsSignalled() async throws {
    let fixture = try DataFixture()
    let session = try fixture.start(arguments: ["--open", "/inventory"])
    try await session.waitForText("Headphones")
    try session.sendKeys("a")
    try await session.waitForText("New item")
    try session.type("Desk")
    try session.sendKeys("C-s")
    try await session.waitForNoText("New item")
    let pid = try #require(try session.programPID())
    kill(pid, SIGTERM)
    #expect(try await session.waitForExit() == 128 + Int(SIGTERM))
    #expect(try fixture.items()?.contains { $0.name == "Desk" } == true)
  }

  // MARK: The data file's lock

  @Test func aSecondInstanceIsReadOnlyAndTheFirstStillSaves() async throws {
    let fixture = try DataFixture()
    let first = try fixture.start(arguments: ["--open", "/inventory"])
    try await first.waitForText("Headphones")

    let second = try fixture.start(arguments: ["--open", "/inventory"])
    let readOnly =
      "Read-only: inventory is already running on items.json; changes go to a copy"
    try await second.waitForText(readOnly)
    try second.sendKeys("a")
    try await second.waitForText("New item")
    try second.type("Ghost")
    try second.sendKeys("C-s")
    try await second.waitForNoText("New item")
    try await second.waitForText("Ghost")
    // The warning stays: every later change is as unsaved as the first.
    #expect(try second.screen().contains(readOnly))
    try second.sendKeys("q")
    #expect(try await second.waitForExit() == 0)
    #expect(!(try fixture.items()?.contains { $0.name == "Ghost" } ?? true))
    // Kept beside the file instead.
    let copy = try #require(
      try FileManager.default.contentsOfDirectory(atPath: fixture.directory.path)
        .first { $0.contains(".conflict-") })
    let kept = try Data(contentsOf: fixture.directory.appendingPathComponent(copy))
    #expect(try InventoryFormat.decode(kept).contains { $0.name == "Ghost" })

    try #require(!(try first.screen().contains("Read-only")), "the first instance is read-only")
    try first.sendKeys("a")
    try await first.waitForText("New item")
    try first.type("Desk")
    try first.sendKeys("C-s")
    try await first.waitForNoText("New item")
    let saved = try await fixture.waitForItems("Desk") { $0.contains { $0.name == "Desk" } }
    #expect(saved?.contains { $0.name == "Ghost" } == false)
    try first.sendKeys("q")
    #expect(try await first.waitForExit() == 0)
    #expect(try fixture.items()?.map(\.name) == Self.items.map(\.name) + ["Desk"])
  }

  @Test func aSecondInstanceTakesOverWhenTheFirstQuits() async throws {
    let fixture = try DataFixture()
    let first = try fixture.start(arguments: ["--open", "/inventory"])
    try await first.waitForText("Headphones")
    let second = try fixture.start(arguments: ["--open", "/inventory"])
    try await second.waitForText("Read-only: inventory is already running on items.json")
    try second.sendKeys("a")
    try await second.waitForText("New item")
    try second.type("Taken over")
    try second.sendKeys("C-s")
    try await second.waitForNoText("New item")

    try first.sendKeys("q")
    #expect(try await first.waitForExit() == 0)
    try await second.waitForText("items.json is no longer open elsewhere: changes are saved")
    let saved = try await fixture.waitForItems("Taken over") {
      $0.contains { $0.name == "Taken over" }
    }
    #expect(saved?.map(\.name) == Self.items.map(\.name) + ["Taken over"])
    try second.sendKeys("q")
    #expect(try await second.waitForExit() == 0)
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: fixture.directory.path)
        .filter { $0.contains(".conflict-") } == [])
  }
}
