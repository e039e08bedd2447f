import Foundation
import StandupsApp
import StandupsCore
import Testing
import TmuxTesting

/// `y` sends Markdown to the terminal's clipboard with OSC 52: tmux with
/// `set-clipboard on` takes it into its paste buffer, where the test reads
/// it and compares it with what `standups export` prints.
@Suite(.timeLimit(.minutes(2)))
struct ClipboardEndToEndTests {
  func export(_ app: AppSession, route: String) throws -> String {
    let binary = try #require(AppSession.binary)
    var environment = TerminalSession.environment
    environment["TZ"] = "UTC"
    let output = try Harness.run(
      binary, ["export", "--data", app.dataPath, "--open", route], environment: environment)
    #expect(output.status == 0, "export failed: \(output.stderr)")
    return output.stdout
  }

  func buffer(_ app: AppSession) throws -> String {
    try app.session.tmuxCommand(["show-buffer"])
  }

  @Test func yOnTheListCopiesTheStandupAsExportPrintsIt() async throws {
    let app = try AppSession(width: 100, environment: ["TZ": "UTC"])
    _ = try app.session.tmuxCommand(["set-option", "-g", "set-clipboard", "on"])
    try await app.session.waitForText("2 standups")
    try app.session.sendKeys("y")
    // The buffer, not the banner, is waited for: a notice goes after a few
    // seconds, which a loaded machine's polling can miss.
    let expected = try export(app, route: "/1")
    let copied = try await Harness.waitFor { (try? buffer(app)) == expected }
    #expect(copied, "tmux's buffer: \((try? buffer(app)) ?? "none")")
    #expect(try buffer(app).hasPrefix("# Design\n"))

    // On a past meeting (the detail, then the meeting view): that meeting alone.
    try app.session.sendKeys("Enter")
    try await app.session.waitForText("Start meeting")
    try app.session.sendKeys("Down")
    try app.session.sendKeys("Enter")
    try await app.session.waitForText("Shipped the colour picker")
    try app.session.sendKeys("y")
    let meeting = try export(app, route: "/1/meetings/1")
    let copiedMeeting = try await Harness.waitFor { (try? buffer(app)) == meeting }
    #expect(copiedMeeting, "tmux's buffer: \((try? buffer(app)) ?? "none")")
    try await app.quitAndExpectSaneTerminal()
  }

  /// In the detail, the highlighted meeting is what `y` copies (not the
  /// standup): Design gets a second, older meeting, highlighted.
  @Test func yOnAMeetingHighlightedInTheDetailCopiesThatMeeting() async throws {
    var standups = AppSession.sample
    standups[0].meetings.append(
      Meeting(
        id: .init(UUID(uuidString: "BBBBBBBB-0000-0000-0000-000000000002")!),
        date: Date(timeIntervalSince1970: 1_763_546_400),
        transcript: "Ada: Sketched the settings screen."))
    let app = try AppSession(standups: standups, width: 100, environment: ["TZ": "UTC"])
    _ = try app.session.tmuxCommand(["set-option", "-g", "set-clipboard", "on"])
    try await app.session.waitForText("2 standups")
    try app.session.sendKeys("Enter")
    try await app.session.waitForText("Start meeting")
    try app.session.sendKeys("Down")
    try app.session.sendKeys("Down")
    // Enter opens the highlighted meeting now (it starts one on the first row).
    try await app.session.waitForText("enter open")
    try app.session.sendKeys("y")
    try await app.session.waitForText("to the clipboard as Markdown")
    let meeting = try export(app, route: "/1/meetings/2")
    #expect(meeting.contains("Sketched the settings screen"))
    #expect(!meeting.contains("Shipped the colour picker"))
    let copied = try await Harness.waitFor { (try? buffer(app)) == meeting }
    #expect(copied, "tmux's buffer: \((try? buffer(app)) ?? "none")")
    try await app.quitAndExpectSaneTerminal()
  }

  @Test func noClipboardSaysSoAndSendsNothing() async throws {
    let app = try AppSession(arguments: ["--no-clipboard"], width: 100)
    _ = try app.session.tmuxCommand(["set-option", "-g", "set-clipboard", "on"])
    try await app.session.waitForText("2 standups")
    try app.session.sendKeys("y")
    try await app.session.waitForText("Copying is off (--no-clipboard)")
    #expect((try? buffer(app)) ?? "" == "")
    try await app.quitAndExpectSaneTerminal()
  }
}
