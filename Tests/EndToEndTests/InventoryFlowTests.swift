import Foundation
import InventoryCore
import Testing
import TmuxTesting

/// The real `inventory` binary in tmux, as a person uses it: tabs, the add
/// sheet, the edit popover, the duplicate dialog, the delete alert, quitting.
@Suite(.serialized, .timeLimit(.minutes(3)))
struct InventoryFlowTests {
  static let binary = Harness.builtProduct("inventory")

  @Test func switchTabsAddEditDuplicateDeleteAndQuit() async throws {
    let binary = try #require(Self.binary, "the inventory binary was not built next to the tests")
    let directory = try Harness.temporaryDirectory("inventory-app")
    defer { try? FileManager.default.removeItem(at: directory) }
    let dataPath = directory.appendingPathComponent("items.json").path
    let session = try TerminalSession(
      program: binary, arguments: ["--data", dataPath], width: 80, height: 24)

    // A first run starts on the first tab, with the sample items.
    try await session.waitForText("Go to inventory")
    try session.sendKeys("2")
    try await session.waitForText("Headphones")

    try session.sendKeys("a")
    try await session.waitForText("New item")
    try session.type("Lamp")
    try session.sendKeys("C-s")
    try await session.waitForNoText("New item")
    try await waitForItems(dataPath, "Lamp") { $0.contains { $0.name == "Lamp" } }

    // The new item is highlighted: edit it in the popover.
    try session.sendKeys("e")
    try await session.waitForText("Edit item")
    try session.type(" shade")
    try session.sendKeys("C-s")
    try await session.waitForNoText("Edit item")
    try await waitForItems(dataPath, "Lamp shade") { $0.contains { $0.name == "Lamp shade" } }

    try session.sendKeys("c")
    try await session.waitForText("[ Duplicate ]")
    try session.sendKeys("D")
    try await session.waitForText("Duplicate item")
    try session.sendKeys("C-s")
    try await session.waitForNoText("Duplicate item")
    try await waitForItems(dataPath, "the copy") { $0.contains { $0.name == "Lamp shade copy" } }

    try session.sendKeys("d")
    try await session.waitForText("Delete Lamp shade copy?")
    try session.sendKeys("y")
    try await waitForItems(dataPath, "the copy deleted") {
      !$0.contains { $0.name == "Lamp shade copy" } && $0.contains { $0.name == "Lamp shade" }
    }

    try session.sendKeys("1")
    try await session.waitForText("Go to inventory")
    try session.sendKeys("q")
    let status = try await session.waitForExit()
    #expect(status == 0)
    let modes = try session.sttyWords()
    #expect(modes.contains("echo"), "echo is off after quitting")
    #expect(modes.contains("icanon"), "canonical mode is off")
  }

  /// Waits until the data file holds what `condition` asks for.
  private func waitForItems(
    _ path: String, _ description: String, sourceLocation: SourceLocation = #_sourceLocation,
    _ condition: @escaping (IdentifiedArrayOf<Item>) -> Bool
  ) async throws {
    var last: IdentifiedArrayOf<Item>?
    let held = try await Harness.waitFor(timeout: .seconds(10)) {
      last = (try? FileManager.default.contents(atPath: path).map(InventoryFormat.decode)) ?? nil
      return last.map(condition) ?? false
    }
    #expect(
      held,
      "the data file never held \(description); it holds \(String(describing: last?.map(\.name)))",
      sourceLocation: sourceLocation)
  }

  /// A terminal without colours (vt100) cannot show a swatch: each colour
  /// is named, as with --no-color; a colour terminal shows swatches.
  @Test(arguments: [("vt100", true), ("xterm-256color", false)])
  func colourNamesWhereTheTerminalHasNoColours(term: String, named: Bool) async throws {
    let binary = try #require(Self.binary, "the inventory binary was not built next to the tests")
    let directory = try Harness.temporaryDirectory("inventory-mono")
    defer { try? FileManager.default.removeItem(at: directory) }
    let dataPath = directory.appendingPathComponent("items.json").path
    let session = try TerminalSession(
      program: binary, arguments: ["--data", dataPath, "--open", "/inventory"],
      prefix: "TERM=\(term)", width: 80, height: 24)
    try await session.waitForText("Headphones")
    let keyboard = try #require(try session.rows().first { $0.contains("Keyboard") })
    #expect(keyboard.contains("Blue") == named, "\(keyboard)")
    try session.sendKeys("C-c")
    #expect(try await session.waitForExit() == 0)
  }

  /// `render` under NO_COLOR draws what the app draws then: colour names.
  @Test func renderUnderNoColorNamesTheColours() throws {
    let binary = try #require(Self.binary, "the inventory binary was not built next to the tests")
    let directory = try Harness.temporaryDirectory("inventory-render")
    defer { try? FileManager.default.removeItem(at: directory) }
    let dataPath = directory.appendingPathComponent("items.json").path
    var environment = TerminalSession.environment
    // An empty NO_COLOR counts as unset (no-color.org): swatches, no names.
    for (noColor, ansi) in [("1", false), ("1", true), ("", false)] {
      environment["NO_COLOR"] = noColor
      let output = try Harness.run(
        binary,
        ["render", "--data", dataPath, "--open", "/inventory", "--size", "80x24"]
          + (ansi ? ["--ansi"] : []), environment: environment)
      #expect(output.status == 0, "\(output.stderr)")
      let keyboard = output.stdout.split(separator: "\n").first { $0.contains("Keyboard") }
      #expect(
        keyboard?.contains("Blue") == !noColor.isEmpty, "NO_COLOR=\(noColor): \(output.stdout)")
    }
  }

  /// Lines pasted where the terminal does not mark pastes stay together in
  /// the field: the line break is not Enter, and nothing after it is lost.
  @Test func unmarkedPastedLinesStayInTheField() async throws {
    let binary = try #require(Self.binary, "the inventory binary was not built next to the tests")
    let directory = try Harness.temporaryDirectory("inventory-paste")
    defer { try? FileManager.default.removeItem(at: directory) }
    let dataPath = directory.appendingPathComponent("items.json").path
    let session = try TerminalSession(
      program: binary, arguments: ["--data", dataPath, "--open", "/inventory/new"], width: 80,
      height: 24)
    try await session.waitForText("New item")
    try session.type("first line\nsecond line")
    try await session.waitForText("Name    first line second line")
    try session.sendKeys("C-s")
    try await session.waitForNoText("New item")
    try await waitForItems(dataPath, "the pasted name") {
      $0.contains { $0.name == "first line second line" }
    }
    try session.sendKeys("C-c")
    #expect(try await session.waitForExit() == 0)
  }
}
