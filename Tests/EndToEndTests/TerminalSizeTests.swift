import Foundation
import Testing
import TmuxTesting

/// The very first frame, in terminals that are not 80×24 and not xterm: the
/// in-memory snapshots cannot see how the real terminal learns its size.
@Suite(.serialized, .timeLimit(.minutes(3)))
struct TerminalSizeTests {
  @Test(arguments: [(60, 14), (100, 30), (200, 50), (31, 9)])
  func theFirstFrameIsLaidOutForTheTerminalsSize(width: Int, height: Int) async throws {
    let app = try AppSession(width: width, height: height)
    let expected = try app.render(width: width, height: height)
    try await expectScreen(of: app.session, toBe: expected, "the first frame at \(width)×\(height)")
    try await app.quitAndExpectSaneTerminal()
  }

  /// The Linux console's entry has no size and no alternate screen; vt220 no
  /// colours either. Inside tmux this tests layout and size, not the console.
  @Test(arguments: ["linux", "screen-256color", "tmux-256color", "xterm", "vt220"])
  func everyCommonTerminalTypeStartsAtItsSize(term: String) async throws {
    let app = try AppSession(width: 60, height: 14, term: term)
    try await expectScreen(
      of: app.session, toBe: try app.render(width: 60, height: 14), "the list under TERM=\(term)")
    try app.session.sendKeys("j")
    try await app.session.waitForText("▌› Engineering")
    try await app.quitAndExpectSaneTerminal(keys: ["q"])
  }

  /// Shift-Tab arrives as `\E[Z` (tmux, most terminals): `linux` lists
  /// those bytes as `kcbt2`, a second Shift-Tab, which ncurses gave a code
  /// of its own. From the title it goes back to the last attendee.
  @Test(arguments: ["linux", "screen-256color", "xterm-256color", "vt220"])
  func shiftTabGoesBackUnderEveryTerminalType(term: String) async throws {
    let app = try AppSession(arguments: ["--open", "/Design/edit"], term: term)
    try await app.session.waitForText("Edit standup")
    try app.session.sendKeys("BTab")
    try app.session.type("Zed")
    try await app.session.waitForText("GraceZed")
    #expect(try !app.session.screen().contains("DesignZed"))
  }

  @Test func aTerminalThatCannotMoveItsCursorIsRefusedWithAReason() async throws {
    let app = try AppSession(term: "dumb")
    #expect(try await app.session.waitForExit() == 1)
    let text = try app.session.screen(history: true)
    #expect(text.contains("the terminal type 'dumb' (from TERM) cannot move its cursor"))
    #expect(!text.contains("Standups"))
  }
}

/// Waits until the terminal's rows are `expected` (trailing blanks aside).
func expectScreen(
  of session: TerminalSession, toBe expected: [String], _ description: String,
  sourceLocation: SourceLocation = #_sourceLocation
) async throws {
  let held = try await Harness.waitFor { trimmed(try session.rows()) == trimmed(expected) }
  if !held {
    let rows = trimmed(try session.rows())
    let diff = zip(rows, trimmed(expected)).enumerated().filter { $0.element.0 != $0.element.1 }
      .map { "row \($0.offset):\n  terminal: \($0.element.0)\n  render:   \($0.element.1)" }
    let summary = "\(description): the terminal differs from render"
    Issue.record(
      Comment(rawValue: ([summary] + diff).joined(separator: "\n")), sourceLocation: sourceLocation)
  }
}
