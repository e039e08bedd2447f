import Foundation
import StandupsApp
import StandupsCore
import Testing
import TmuxTesting

/// Each route kind opens its screen in the real app; bad routes fail before
/// the terminal is touched; `render` prints screens without a terminal.
@Suite(.serialized, .timeLimit(.minutes(3)))
struct RouteEndToEndTests {
  @Test(arguments: [
    ("/", "2 standups"),
    ("/new", "New standup"),
    ("/?delete=2", "Are you sure you want to delete “Engineering”?"),
    ("/design", "Start meeting"),
    ("standups:///2", "Engineering"),
    ("/aaaaaaaa/edit", "Edit standup"),
    ("/design/edit/attendees/2", "› 2."),
    ("/design/delete", "Are you sure you want to delete this standup and"),
    ("/design/record", "Speaker 1 of 2"),
    ("/design/meetings/1", "Shipped the colour picker."),
  ])
  func eachRouteOpensItsScreen(route: String, expected: String) async throws {
    let app = try AppSession(arguments: ["--open", route])
    try await app.session.waitForText(expected)
    try await app.quitAndExpectSaneTerminal()
  }

  @Test func printRouteOnExitReopensTheSameScreen() async throws {
    let app = try AppSession(arguments: ["--open", "/design/edit", "--print-route"])
    try await app.session.waitForText("Edit standup")
    try app.session.sendKeys("Escape")
    try await app.session.waitForNoText("Edit standup")
    try await app.quitAndExpectSaneTerminal()
    let printed = try #require(
      try app.session.screen(history: true).split(separator: "\n").first { $0.hasPrefix("/") }
        .map(String.init))
    #expect(printed.hasPrefix("/aaaaaaaa"))
    let reopened = try Route(parsing: printed)
    #expect(reopened == .standup("aaaaaaaa", .detail))
  }

  @Test(arguments: [
    ("/nope", "no standup matches \"nope\""),
    ("/3", "no standup at position 3"),
    ("/design/bogus", "is not a route"),
    ("/design/meetings/9", "no meeting 9"),
  ])
  func badRoutesExitWithStatus2BeforeDrawing(route: String, message: String) throws {
    let binary = try #require(AppSession.binary)
    let directory = try Harness.temporaryDirectory("standups-route")
    defer { try? FileManager.default.removeItem(at: directory) }
    let data = directory.appendingPathComponent("s.json").path
    try DataFile(path: data).save(AppSession.sample)
    let result = try Harness.run(binary, ["--data", data, "--open", route])
    #expect(result.status == 2)
    #expect(result.stderr.contains(message))
    #expect(result.stdout.isEmpty, "nothing may be drawn")
  }

  /// A route of thousands of characters is named by its start, in both
  /// apps: the message stays a line to read.
  @Test func aLongBadRouteIsEchoedCut() throws {
    let directory = try Harness.temporaryDirectory("long-route")
    defer { try? FileManager.default.removeItem(at: directory) }
    let long = String(repeating: "a", count: 2000)
    for (binary, route) in [
      (AppSession.binary, "/" + long), (AppSession.binary, "/1/bogus/" + long),
      (Harness.builtProduct("inventory"), "/inventory/" + long),
    ] {
      let binary = try #require(binary)
      let data = directory.appendingPathComponent("data.json").path
      let result = try Harness.run(binary, ["render", "--data", data, "--open", route])
      #expect(result.status == 2, "\(result.stderr)")
      #expect(result.stderr.contains("aaa…"), "\(result.stderr)")
      #expect(result.stderr.count < 1_500, "\(result.stderr.count) characters")
    }
  }

  @Test func renderPrintsExactlyTheScreenAsPlainText() throws {
    let binary = try #require(AppSession.binary)
    let directory = try Harness.temporaryDirectory("standups-render")
    defer { try? FileManager.default.removeItem(at: directory) }
    let data = directory.appendingPathComponent("s.json").path
    try DataFile(path: data).save(AppSession.sample)

    let plain = try Harness.run(
      binary, ["render", "--data", data, "--open", "/design/delete", "--size", "60x18"])
    #expect(plain.status == 0)
    let lines = plain.stdout.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count == 18 + 1)  // 18 lines, each ending in a newline
    #expect(lines.allSatisfy { $0.count <= 60 })
    #expect(!plain.stdout.contains("\u{1B}"))
    #expect(plain.stdout.contains("Delete?"))

    // (The test process may run under NO_COLOR itself.)
    var environment = ProcessInfo.processInfo.environment
    environment["NO_COLOR"] = nil
    let colored = try Harness.run(
      binary, ["render", "--data", data, "--open", "/", "--size", "80x24", "--ansi"],
      environment: environment)
    #expect(colored.status == 0)
    #expect(colored.stdout.contains("\u{1B}["))
    #expect(colored.stdout.contains("Engineering"))
    #expect(colored.stdout.contains(";38;2;"), "colours are what --ansi adds")

    // Under NO_COLOR, attributes only: no colour code at all.
    environment["NO_COLOR"] = "1"
    let mono = try Harness.run(
      binary, ["render", "--data", data, "--open", "/", "--size", "80x24", "--ansi"],
      environment: environment)
    #expect(mono.status == 0)
    #expect(mono.stdout.contains("\u{1B}[0;1"), "bold is kept")
    let codes = mono.stdout.components(separatedBy: "\u{1B}[").dropFirst().map {
      $0.prefix { $0 != "m" }.split(separator: ";")
    }
    #expect(
      codes.allSatisfy { $0.allSatisfy { ["0", "1", "2", "4", "7"].contains($0) } },
      "\(Set(codes.map { $0.joined(separator: ";") }))")
  }

  /// `route=$(standups --print-route)`: the app draws on the terminal, not
  /// into the capture, and the capture holds the route alone.
  @Test func printRouteCanBeCapturedByTheShell() async throws {
    let shell = try SuspendEndToEndTests.ShellSession()
    try await shell.session.waitForText("$")
    try shell.run("R=$(\(try shell.standups("--print-route"))); echo \"route=[$R] status=$?\"")
    try await shell.session.waitForText("▌› Design")
    try shell.session.sendKeys("j", "Enter")
    try await shell.session.waitForText("Linus")
    try shell.session.sendKeys("C-c")
    // Not "status=": the command line shows that too.
    try await shell.session.waitForText("route=[/")
    let screen = try shell.session.screen()
    #expect(screen.contains("route=[/cccccccc] status=0"), "\(screen)")
  }

  /// A route asked for and lost (standard output a full disk) is said on
  /// standard error and makes the run a failure, as any output lost is.
  @Test func aRouteThatCannotBePrintedIsAFailure() async throws {
    let shell = try SuspendEndToEndTests.ShellSession()
    try await shell.session.waitForText("$")
    try shell.run("\(try shell.standups("--print-route")) > /dev/full; echo \"status=$?.\"")
    try await shell.session.waitForText("▌› Design")
    try shell.session.sendKeys("q")
    try await shell.session.waitForText("status=1.")
    let screen = try shell.session.screen()
    #expect(
      screen.contains("standups: cannot print the route: No space left on device"), "\(screen)")
  }
}
