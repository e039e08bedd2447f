import Foundation
import InventoryCore
import Testing
import TmuxTesting

/// The real `inventory` binary from the outside: bad routes refused before the
/// terminal is touched, `--print-route`, the data file's lock, `render` against
/// what the terminal shows, other sizes and terminal types, and `NO_COLOR`.
@Suite(.serialized, .timeLimit(.minutes(3)))
struct InventoryEndToEndTests {
  static let binary = Harness.builtProduct("inventory")

  /// Four items with fixed ids: Keyboard and Lamp share the id prefix
  /// "3f1c2a4b", and Lamp and "lamp" share a name, so routes can be ambiguous.
  static let items: IdentifiedArrayOf<Item> = [
    Item(
      id: .init(UUID(uuidString: keyboard)!),
      name: "Keyboard", color: .blue, status: .inStock(quantity: 100)),
    Item(
      id: .init(UUID(uuidString: lampUpper)!),
      name: "Lamp", color: .green, status: .inStock(quantity: 2)),
    Item(
      id: .init(UUID(uuidString: lampLower)!),
      name: "lamp", color: nil, status: .outOfStock(isOnBackOrder: true)),
    Item(
      id: .init(UUID(uuidString: headphones)!),
      name: "Headphones", color: .red, status: .outOfStock(isOnBackOrder: false)),
  ]

  static let keyboard = "3f1c2a4b-7d2e-4c1a-9b8e-1a2b3c4d5e01"
  static let lampUpper = "3f1c2a4b-0000-4c1a-9b8e-1a2b3c4d5e02"
  static let lampLower = "8a7b6c5d-4e3f-4a2b-8c1d-2b3c4d5e6f03"
  static let headphones = "e5f6a7b8-c9d0-4e1f-a2b3-4d5e6f7a8b04"

  // MARK: Bad routes

  /// Each bad route with what its message must hold: the reference, what is
  /// wrong with it and the candidates, each by name and id (not the wording).
  @Test(arguments: [
    ("/nope", ["'/nope'"]),
    ("/inventory/2/bogus", ["'/inventory/2/bogus'"]),
    (
      "/inventory/zzz",
      [
        "\"zzz\"", "no item", "Keyboard", keyboard, "Lamp", lampUpper, "lamp", lampLower,
        "Headphones", headphones,
      ]
    ),
    ("/inventory/LAMP/edit", ["\"LAMP\"", "ambiguous", "Lamp", lampUpper, "lamp", lampLower]),
    ("/inventory/3f1c/delete", ["\"3f1c\"", "ambiguous", "Keyboard", keyboard, "Lamp", lampUpper]),
    ("/inventory/9", ["position 9", "4"]),
  ])
  func badRoutesExitWithStatus2BeforeTheTerminal(route: String, messages: [String]) throws {
    let binary = try #require(Self.binary)
    let fixture = try DataFixture()
    let before = try fixture.snapshot()
    // Without a terminal (stdin is /dev/null) the app would exit 1 once it
    // reached the terminal: status 2 shows the route was refused before that.
    let data = ["--data", fixture.dataPath]
    for arguments in [
      data + ["--open", route], ["render"] + data + ["--open", route, "--size", "40x12"],
    ] {
      let result = try Harness.run(binary, arguments, environment: TerminalSession.environment)
      #expect(result.status == 2, "\(arguments): \(result.stderr)")
      #expect(result.stdout.isEmpty, "\(arguments): nothing may be drawn")
      for word in messages {
        #expect(result.stderr.contains(word), "\(arguments) lacks \(word): \(result.stderr)")
      }
    }
    #expect(try fixture.snapshot() == before, "a refused route changed the data directory")
  }

  /// A path that is no route at all should say so and name the routes there
  /// are, alike for the app and `render`.
  @Test(arguments: ["/nope", "/inventory/2/bogus"])
  func aPathThatIsNoRouteNamesTheRoutes(route: String) throws {
    let binary = try #require(Self.binary)
    let fixture = try DataFixture()
    let data = ["--data", fixture.dataPath]
    let run = try Harness.run(
      binary, data + ["--open", route], environment: TerminalSession.environment)
    let render = try Harness.run(
      binary, ["render"] + data + ["--open", route, "--size", "40x12"],
      environment: TerminalSession.environment)
    #expect(run.status == 2 && render.status == 2)
    for (command, result) in [("run", run), ("render", render)] {
      #expect(
        result.stderr.contains("'\(route)' is not a route"), "\(command): \(result.stderr)")
      for candidate in ["/one", "/three", "/inventory/new", "/inventory"] {
        #expect(
          result.stderr.contains(candidate), "\(command) names no \(candidate): \(result.stderr)")
      }
    }
  }

  @Test func aBadRouteInATerminalLeavesItAsItWas() async throws {
    let fixture = try DataFixture()
    let session = try fixture.start(arguments: ["--open", "/inventory/3f1c"])
    #expect(try await session.waitForExit() == 2)
    let text = try session.screen(history: true)
    // The message is the pane's first line: nothing cleared or drew over it.
    let firstLine = text.split(separator: "\n").first.map(String.init) ?? ""
    #expect(firstLine.hasPrefix("inventory: "), "the pane starts with \(firstLine)")
    #expect(firstLine.contains("'/inventory/3f1c'") && text.contains("ambiguous"))
    #expect(!text.contains("Inventory"), "the app drew a screen:\n\(text)")
    let modes = try session.sttyWords()
    #expect(modes.contains("echo") && modes.contains("icanon"), "the terminal was left changed")
  }

  // MARK: --print-route

  @Test func printRouteAfterClosingThePopoverIsTheInventoryTab() async throws {
    let fixture = try DataFixture()
    let session = try fixture.start(arguments: ["--open", "/inventory/2/edit", "--print-route"])
    try await session.waitForText("Edit item")
    try session.sendKeys("Escape")
    try await session.waitForNoText("Edit item")
    try session.sendKeys("q")
    #expect(try await session.waitForExit() == 0)
    #expect(try printedRoute(session) == "/inventory")
  }

  @Test func printRouteOfADetailReopensTheSameScreen() async throws {
    let fixture = try DataFixture()
    let session = try fixture.start(arguments: ["--open", "/inventory/2/edit", "--print-route"])
    try await session.waitForText("Edit item")
    try session.sendKeys("Escape")
    try await session.waitForNoText("Edit item")
    try session.sendKeys("Enter")
    try await session.waitForText("Inventory › Lamp")
    try session.sendKeys("C-c")
    #expect(try await session.waitForExit() == 0)
    // "3f1c2a4b" also starts Keyboard's id: the shortest unique prefix is longer.
    let printed = try #require(try printedRoute(session))
    #expect(printed == "/inventory/3f1c2a4b-0000")
    #expect(
      try fixture.render(route: printed, width: 80, height: 24)
        == fixture.render(route: "/inventory/2", width: 80, height: 24))
  }

  /// The line `--print-route` left in the pane: the first one starting with "/".
  private func printedRoute(_ session: TerminalSession) throws -> String? {
    try session.screen(history: true).split(separator: "\n").first { $0.hasPrefix("/") }
      .map { $0.trimmingCharacters(in: .whitespaces) }
  }

  /// `render` of an unreadable file draws no items and says why, in one
  /// sentence.
  @Test func renderOfAnUnreadableFileSaysWhy() throws {
    let fixture = try DataFixture()
    try Data("garbage!!".utf8).write(to: URL(fileURLWithPath: fixture.dataPath))
    let binary = try #require(InventoryEndToEndTests.binary)
    let output = try Harness.run(
      binary, ["render", "--data", fixture.dataPath, "--size", "40x10"],
      environment: TerminalSession.environment)
    #expect(output.status == 0)
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
      "Read-only: another inventory has items.json open; changes go to a copy"
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

/// A fresh directory holding `InventoryEndToEndTests.items` as items.json.
private final class DataFixture {
  let directory: URL
  let dataPath: String

  init() throws {
    directory = try Harness.temporaryDirectory("inventory-e2e")
    dataPath = directory.appendingPathComponent("items.json").path
    try InventoryFormat.encode(InventoryEndToEndTests.items)
      .write(to: URL(fileURLWithPath: dataPath))
  }

  deinit { try? FileManager.default.removeItem(at: directory) }

  /// The app in tmux on this data file.
  func start(
    arguments: [String], width: Int = 80, height: Int = 24, term: String? = nil,
    environment: [String: String] = [:]
  ) throws -> TerminalSession {
    let binary = try #require(
      InventoryEndToEndTests.binary, "the inventory binary was not built next to the tests")
    // tmux sets TERM for the pane itself; the shell's assignment wins over it.
    return try TerminalSession(
      program: binary, arguments: ["--data", dataPath] + arguments,
      prefix: term.map { "TERM=\($0)" } ?? "", width: width, height: height,
      environment: environment)
  }

  /// What `inventory render` prints for `route`: one string per row.
  func render(route: String, width: Int, height: Int) throws -> [String] {
    let binary = try #require(InventoryEndToEndTests.binary)
    let output = try Harness.run(
      binary,
      ["render", "--data", dataPath, "--open", route, "--size", "\(width)x\(height)"],
      environment: TerminalSession.environment)
    #expect(output.status == 0, "render failed: \(output.stderr)")
    return output.stdout.split(separator: "\n", omittingEmptySubsequences: false)
      .prefix(height).map(String.init)
  }

  /// The saved items, or nil when the file is missing or unreadable.
  func items() throws -> IdentifiedArrayOf<Item>? {
    try? FileManager.default.contents(atPath: dataPath).map(InventoryFormat.decode)
  }

  /// The saved items, once they hold what `condition` wants.
  func waitForItems(
    _ description: String, sourceLocation: SourceLocation = #_sourceLocation,
    _ condition: @escaping (IdentifiedArrayOf<Item>) -> Bool
  ) async throws -> IdentifiedArrayOf<Item>? {
    var last: IdentifiedArrayOf<Item>?
    let held = try await Harness.waitFor(timeout: .seconds(10)) {
      last = try items()
      return last.map(condition) ?? false
    }
    if !held {
      Issue.record(
        "the data file never held \(description); it holds \(String(describing: last?.map(\.name)))",
        sourceLocation: sourceLocation)
    }
    return held ? last : nil
  }

  /// Every file in the directory with its bytes and modification date: equal
  /// snapshots mean nothing was created, written or replaced.
  func snapshot() throws -> [String: String] {
    let manager = FileManager.default
    var files: [String: String] = [:]
    for name in try manager.contentsOfDirectory(atPath: directory.path) {
      let path = directory.appendingPathComponent(name).path
      let attributes = try manager.attributesOfItem(atPath: path)
      let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
      let bytes = manager.contents(atPath: path) ?? Data()
      files[name] = "\(modified) \(bytes.base64EncodedString())"
    }
    return files
  }
}
