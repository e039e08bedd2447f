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
}

/// A fresh directory holding `InventoryEndToEndTests.items` as items.json.
final class DataFixture {
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
