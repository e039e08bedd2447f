import Foundation
import PostgresTesting
import StandupsCore
import Testing
import TmuxTesting

#if canImport(Glibc)
  import Glibc
#endif

/// Team mode when the server stops answering without closing anything (its
/// backends stopped with SIGSTOP, as a stalled host or a network that drops
/// packets would look): quitting gives the terminal back at once, says what
/// it waits for, and after the answer timeout keeps the change in the
/// journal and ends.
@Suite(.timeLimit(.minutes(2)))
struct StalledServerEndToEndTests {
  @Test func quittingWhileTheServerDoesNotAnswerSaysWhatItWaitsFor() async throws {
    let database = try TeamDatabase()
    let home = try TeamHome()
    try home.importStandups(AppSession.sample, into: database.url)
    let member = try TeamSession(url: database.url, home: home, width: 160)
    try await member.session.waitForText("Engineering")

    let backends = try database.psql(
      """
      SELECT pid FROM pg_stat_activity
      WHERE datname = current_database() AND pid <> pg_backend_pid()
      """
    ).split(separator: "\n").compactMap { pid_t($0) }
    #expect(!backends.isEmpty)
    for pid in backends { kill(pid, SIGSTOP) }
    defer { for pid in backends { kill(pid, SIGCONT) } }

    try await member.add("Planned while stalled")
    try member.session.sendKeys("q")
    // The app's screen is gone while it waits: the line says why.
    let pid = try member.pid()
    try await member.session.waitForText("for the database server to take")
    #expect(try !member.screen().contains("Planned while stalled"))
    // Ctrl-C, a hang-up or SIGTERM now would lose the change: they wait.
    for signal in [SIGINT, SIGHUP, SIGTERM] { kill(pid, signal) }
    let status = try await member.session.waitForExit(timeout: .seconds(30))
    #expect(status == 0)
    let after = try member.session.screen(history: true)
    #expect(after.contains("up to 10 seconds"), "\(after)")
    #expect(after.contains("kept on this machine"), "\(after)")
    #expect(after.contains("1 save is kept in"), "\(after)")
    #expect(
      home.teamFiles().contains { $0.hasPrefix("state/standups/journal-") }, "\(home.teamFiles())")
  }
}
