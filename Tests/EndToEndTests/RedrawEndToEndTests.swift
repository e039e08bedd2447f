import Foundation
import Testing
import TmuxTesting

/// Ctrl-L from the outside: what another program wrote over the app, with
/// the attributes it left switched on, is gone after one redraw.
@Suite(.serialized, .timeLimit(.minutes(2)))
struct RedrawEndToEndTests {
  /// Writes `text` to the app's terminal behind its back, as another
  /// program (a wall message, a background job) would.
  func writeAsAnotherProgram(_ text: String, to app: AppSession) throws {
    let tty = try app.session.tmuxCommand(
      ["display-message", "-p", "-t", app.session.target, "#{pane_tty}"]
    ).trimmingCharacters(in: .whitespacesAndNewlines)
    let other = try #require(FileHandle(forWritingAtPath: tty))
    other.write(Data(text.utf8))
    try other.close()
  }

  @Test func ctrlLClearsWhatAnotherProgramLeftIncludingItsColour() async throws {
    let app = try AppSession()
    try await app.session.waitForText("Design")
    // Another program writes to the terminal: a background colour left on.
    try writeAsAnotherProgram("\u{1B}[48;5;201mSTRAY", to: app)
    try await app.session.waitForText("STRAY")

    try app.session.sendKeys("C-l")
    try await app.session.waitForNoText("STRAY")
    try await app.session.waitForText("Design")
    let screen = try await app.session.settledScreen(escapes: true)
    #expect(!screen.contains("48;5;201"), "cells painted in the other program's colour:\n\(screen)")
  }

  /// Modes another program left set: the line-drawing set in G0 (letters
  /// drawn as line pieces) and insert mode (each character pushing the row
  /// right). After one Ctrl-L the screen and the next key's frame are clean.
  @Test(arguments: ["tmux-256color", "screen", "vt100"])
  func ctrlLUndoesACharacterSetAndInsertModeLeftOn(term: String) async throws {
    let app = try AppSession(term: term)
    try await app.session.waitForText("Design")
    try writeAsAnotherProgram("\u{1B}(0\u{1B}[4h", to: app)

    try app.session.sendKeys("C-l")
    try app.session.sendKeys("j")
    try await app.session.waitForText("› Engineering")
    let rows = try app.session.rows()
    #expect(rows.contains { $0.contains("Design") }, "\(rows)")
    #expect(!rows.contains { $0.components(separatedBy: "Design").count > 2 }, "\(rows)")
    #expect(!rows.joined().contains("┼"), "\(rows)")
  }
}
