import Foundation
import Testing
import TmuxTesting

/// Ctrl-L from the outside: what another program wrote over the app, with
/// the attributes it left switched on, is gone after one redraw.
@Suite(.serialized, .timeLimit(.minutes(2)))
struct RedrawEndToEndTests {
  @Test func ctrlLClearsWhatAnotherProgramLeftIncludingItsColour() async throws {
    let app = try AppSession()
    try await app.session.waitForText("Design")
    let tty = try app.session.tmuxCommand(
      ["display-message", "-p", "-t", app.session.target, "#{pane_tty}"]
    ).trimmingCharacters(in: .whitespacesAndNewlines)
    // Another program writes to the terminal: a background colour left on.
    let other = try #require(FileHandle(forWritingAtPath: tty))
    other.write(Data("\u{1B}[48;5;201mSTRAY".utf8))
    try other.close()
    try await app.session.waitForText("STRAY")

    try app.session.sendKeys("C-l")
    try await app.session.waitForNoText("STRAY")
    try await app.session.waitForText("Design")
    let screen = try app.session.screen(escapes: true)
    #expect(!screen.contains("48;5;201"), "cells painted in the other program's colour:\n\(screen)")
  }
}
