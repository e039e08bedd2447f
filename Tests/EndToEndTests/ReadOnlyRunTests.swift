import Foundation
import InventoryCore
import StandupsApp
import StandupsCore
import Testing
import TmuxTesting

/// A data file the app opens read-only at start (one from a newer version)
/// is never written, and what the user changed meanwhile is not dropped:
/// it goes to a conflict copy beside the file as the app ends, named on
/// standard error. Both apps, the real binaries in tmux.
@Suite(.serialized) struct ReadOnlyRunTests {
  static let newer = Data(#"{"version": 99, "standups": [], "items": []}"#.utf8)

  func conflictCopies(in directory: URL) throws -> [URL] {
    try FileManager.default.contentsOfDirectory(atPath: directory.path)
      .filter { $0.contains(".conflict-") }.map { directory.appendingPathComponent($0) }
  }

  @Test func standupsKeepsWhatChangedInACopy() async throws {
    let directory = try Harness.temporaryDirectory("read-only-run")
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("standups.json").path
    try Self.newer.write(to: URL(fileURLWithPath: path))
    let app = try AppSession(standups: nil, dataPath: path)
    try await app.session.waitForText("read-only")
    try app.session.sendKeys("a")
    try await app.session.waitForText("New standup")
    try app.session.type("Kept")
    try app.session.sendKeys("C-s")
    try await app.session.waitForNoText("New standup")
    try await app.quitAndExpectSaneTerminal(keys: ["q"])
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Self.newer)
    let copies = try conflictCopies(in: directory)
    try #require(copies.count == 1, "\(copies)")
    let kept = try StandupsFormat.decode(try Data(contentsOf: copies[0]))
    #expect(kept.map(\.title) == ["Kept"])
    let said = try app.session.screen(history: true)
    #expect(said.contains("your version is in"), "\(said)")
  }

  @Test func inventoryKeepsWhatChangedInACopy() async throws {
    let directory = try Harness.temporaryDirectory("read-only-run")
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("items.json").path
    try Self.newer.write(to: URL(fileURLWithPath: path))
    let binary = try #require(Harness.builtProduct("inventory"), "inventory was not built")
    let session = try TerminalSession(
      program: binary, arguments: ["--data", path, "--open", "/inventory"], width: 80, height: 24)
    try await session.waitForText("read-only")
    try session.sendKeys("a")
    try await session.waitForText("New item")
    try session.type("Kept")
    try session.sendKeys("C-s")
    try await session.waitForNoText("New item")
    try session.sendKeys("q")
    #expect(try await session.waitForExit() == 0)
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Self.newer)
    let copies = try conflictCopies(in: directory)
    try #require(copies.count == 1, "\(copies)")
    let kept = try InventoryFormat.decode(try Data(contentsOf: copies[0]))
    #expect(kept.map(\.name) == ["Kept"])
  }
}
