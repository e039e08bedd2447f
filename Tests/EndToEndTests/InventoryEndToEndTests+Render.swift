import Foundation
import InventoryCore
import Testing
import TmuxTesting

extension InventoryEndToEndTests {
  // MARK: render

  @Test(arguments: [
    "/one", "/inventory", "/inventory/2/edit", "/inventory/keyboard/delete",
    "/inventory/3f1c2a4b-0000/duplicate", "/inventory/4",
  ])
  func renderPrintsTheRowsTheTerminalShows(route: String) async throws {
    let fixture = try DataFixture()
    for (width, height) in [(80, 24), (40, 12)] {
      let expected = try fixture.render(route: route, width: width, height: height)
      let session = try fixture.start(arguments: ["--open", route], width: width, height: height)
      try await expectScreen(of: session, toBe: expected, "\(route) at \(width)×\(height)")
      try session.sendKeys("C-c")
      #expect(try await session.waitForExit() == 0)
    }
  }

  @Test func renderAddsEscapesOnlyWithAnsiAndNeverWritesTheDataFile() throws {
    let binary = try #require(Self.binary)
    let fixture = try DataFixture()
    let before = try fixture.snapshot()
    let plain = try Harness.run(
      binary,
      ["render", "--data", fixture.dataPath, "--open", "/inventory/1", "--size", "40x12"],
      environment: TerminalSession.environment)
    let colored = try Harness.run(
      binary,
      [
        "render", "--data", fixture.dataPath, "--open", "/inventory/1", "--size", "40x12", "--ansi",
      ],
      environment: TerminalSession.environment)
    #expect(plain.status == 0 && colored.status == 0)
    #expect(!plain.stdout.contains("\u{1B}"))
    #expect(colored.stdout.contains("\u{1B}["))
    #expect(plain.stdout.contains("Keyboard"))
    // Escapes are all --ansi adds: without them it is the plain text.
    let stripped = colored.stdout.replacing(/\x1B\[[0-9;]*m/, with: "")
    #expect(trimmed(lines(stripped)) == trimmed(lines(plain.stdout)))
    #expect(try fixture.snapshot() == before, "render changed the data directory")

    // Without a data file, render shows the sample items and creates nothing.
    let missing = fixture.directory.appendingPathComponent("absent-items.json").path
    let samples = try Harness.run(
      binary, ["render", "--data", missing, "--open", "/inventory", "--size", "80x24"],
      environment: TerminalSession.environment)
    #expect(samples.status == 0)
    #expect(samples.stdout.contains("Monitor"))
    #expect(!FileManager.default.fileExists(atPath: missing))
    #expect(try fixture.snapshot() == before, "render created something beside the data file")
  }

  private func lines(_ text: String) -> [String] {
    text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  }

  // MARK: Other sizes and terminal types

  @Test(arguments: [
    (60, 14, "screen-256color", "/inventory"),
    (120, 40, "linux", "/inventory/2/edit"),
    (31, 9, "tmux-256color", "/inventory"),
  ])
  func theFirstFrameIsWhatRenderPrintsAtThatSize(
    width: Int, height: Int, term: String, route: String
  ) async throws {
    let fixture = try DataFixture()
    let expected = try fixture.render(route: route, width: width, height: height)
    if width < 32 {
      #expect(expected.contains { $0.contains("terminal too small") })
    }
    let session = try fixture.start(
      arguments: ["--open", route], width: width, height: height, term: term)
    try await expectScreen(
      of: session, toBe: expected, "\(route) at \(width)×\(height) under TERM=\(term)")
    try session.sendKeys("C-c")
    #expect(try await session.waitForExit() == 0)
    let modes = try session.sttyWords()
    #expect(modes.contains("echo") && modes.contains("icanon"), "the terminal was left changed")
  }

  // MARK: NO_COLOR

  /// `render` has no colourless mode, so the screen is checked as text: each
  /// colour is named where a swatch would be, and nothing is coloured.
  @Test(arguments: [true, false])
  func withoutColourTheColoursAreNamed(byEnvironment: Bool) async throws {
    let fixture = try DataFixture()
    let session = try fixture.start(
      arguments: ["--open", "/inventory"] + (byEnvironment ? [] : ["--no-color"]),
      environment: byEnvironment ? ["NO_COLOR": "1"] : [:])
    // The whole list, colours included (a capture may catch a frame mid-write).
    try await session.waitForScreen("each colour named on its item's row") { screen in
      let rows = screen.split(separator: "\n")
      return [("Keyboard", "Blue"), ("Lamp", "Green"), ("Headphones", "Red")].allSatisfy {
        name, colour in
        rows.contains { $0.contains(" \(name) ") && $0.contains(" \(colour) ") }
      }
    }
    #expect(!(try session.screen().contains("██")))
    #expect(!Self.hasForegroundColour(try session.screen(escapes: true)))

    try session.sendKeys("Down", "Enter")
    // Waited for, not read at once: tmux may show a frame still being written.
    try await session.waitForText("Inventory › Lamp")
    try await session.waitForText("Colour  Green")
    // One key at a time: Escape and "e" sent together read as Alt-e.
    try session.sendKeys("Escape")
    try await session.waitForNoText("Inventory › Lamp")
    try session.sendKeys("e")
    try await session.waitForText("Edit item")
    try await session.waitForText("◀ Green  ▶")
    #expect(!(try session.screen().contains("██")))
    try session.sendKeys("C-c")
    #expect(try await session.waitForExit() == 0)
  }

  @Test func withColourTheSwatchesAreColoured() async throws {
    let fixture = try DataFixture()
    let session = try fixture.start(arguments: ["--open", "/inventory"])
    try await session.waitForText("Headphones")
    try await session.waitForText("██")
    #expect(Self.hasForegroundColour(try session.screen(escapes: true)))
    try session.sendKeys("C-c")
    #expect(try await session.waitForExit() == 0)
  }

  /// Whether `text` sets a foreground colour (SGR 30–38 or 90–97).
  static func hasForegroundColour(_ text: String) -> Bool {
    text.matches(of: /\x1B\[([0-9;:]*)m/).contains { match in
      match.output.1.split { $0 == ";" || $0 == ":" }.compactMap { Int($0) }
        .contains { (30...38).contains($0) || (90...97).contains($0) }
    }
  }
}
