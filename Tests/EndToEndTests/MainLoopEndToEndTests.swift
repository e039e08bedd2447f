import Foundation
import Testing
import TmuxTesting

/// The real binary runs on its `MainLoop`: one thread for the main actor,
/// effects, timers and the keyboard, one more for the saver.
@Suite struct MainLoopEndToEndTests {
  @Test func aRecordingRunsOnTheLoopsThreadAndTheSaversOnly() async throws {
    let app = try AppSession(arguments: ["--open", "/1/record"])
    try await app.session.waitForText("Speaker 1 of 2")
    // The timer ticks, keys arrive, the terminal resizes, a change is saved:
    // nothing of it may start a thread (a libdispatch worker, say).
    try await app.session.waitForScreen("a tick") { elapsedSeconds(in: $0).map { $0 > 0 } ?? false }
    try app.session.type("note")
    try app.session.sendKeys("Enter")
    try await app.session.waitForText("Ada: note")
    let beforeResize = elapsedSeconds(in: try app.session.screen())
    try app.session.resize(width: 70, height: 20)
    try await app.session.waitForScreen("a tick after the resize") {
      elapsedSeconds(in: $0).map { $0 != beforeResize } ?? false
    }
    try app.session.sendKeys("Escape")
    try await app.session.waitForText("End meeting?")
    try app.session.sendKeys("s")
    _ = try await app.waitForSavedData("the meeting") { $0.first?.meetings.count == 2 }

    let pid = try #require(try app.session.programPID())
    let threads = try FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")
    #expect(threads.count == 2, "threads of the app: \(threads.sorted())")
    try await app.quitAndExpectSaneTerminal()
  }
}
