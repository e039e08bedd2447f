import Foundation
import Testing
import TmuxTesting

/// However the probe ends, the shell after it must get a sane terminal back:
/// line editing and echo on, the main screen (not the probe's) showing.
extension TerminalTests {
  @Suite struct TerminalRestore {
    @Test func quitWithQ() async throws {
      let session = try ProbeSession()
      try await session.waitForText("probe ready")
      try session.sendKeys("q")
      #expect(try await session.waitForExit() == 0)
      try expectRestored(session)
    }

    @Test func exitWithoutShutdown() async throws {
      let session = try ProbeSession()
      try await session.waitForText("probe ready")
      try session.sendKeys("x")
      #expect(try await session.waitForExit() == 3)
      try expectRestored(session)
    }

    @Test(arguments: [
      ("TERM", SIGTERM), ("HUP", SIGHUP), ("INT", SIGINT), ("QUIT", SIGQUIT), ("ABRT", SIGABRT),
      ("USR1", SIGUSR1), ("ALRM", SIGALRM), ("PIPE", SIGPIPE),
    ])
    func killedBySignal(name: String, signal: Int32) async throws {
      let session = try ProbeSession()
      let pid = try await session.probePID()
      #expect(kill(pid, signal) == 0)
      let status = try await session.waitForExit()
      // TERM and HUP reach the app, which exits 128+signal itself; the others
      // kill it, which the shell reports the same way.
      #expect(status == 128 + Int(signal), "killed by SIG\(name)")
      try expectRestored(session)
    }

    @Test func crashAfterDraw() async throws {
      let session = try ProbeSession(arguments: ["--crash-after-draw"])
      let status = try #require(try await session.waitForExit())
      #expect(status > 128, "died of a signal")
      // What the runtime printed on the way down shows up after the restore.
      #expect(try session.screen(history: true).contains("crash requested by --crash-after-draw"))
      try expectRestored(session)
    }

    @Test func unknownTerminalTypeFailsCleanly() async throws {
      let session = try ProbeSession(prefix: "TERM=nonexistent-term")
      #expect(try await session.waitForExit() == 1)
      #expect(
        try session.screen(history: true).contains("unknown terminal type 'nonexistent-term'"))
    }

    private func expectRestored(
      _ session: ProbeSession, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
      let words = try session.sttyWords()
      for mode in ["echo", "icanon", "isig", "icrnl"] {
        #expect(
          words.contains(mode), "\(mode) is off after the probe", sourceLocation: sourceLocation)
      }
      #expect(
        try !session.screen(history: true).contains("probe ready"),
        "the probe's screen is still showing", sourceLocation: sourceLocation)
    }
  }
}

/// Without a terminal the probe must refuse before drawing anything.
@Suite struct NoTerminalTests {
  @Test func pipesInsteadOfATerminal() throws {
    let probe = try #require(Probe.path, "terminal-probe was not built next to the tests")
    var environment = ProcessInfo.processInfo.environment
    environment["TERM"] = "xterm"
    let result = try Harness.run(probe, [], environment: environment)
    #expect(result.status == 1)
    #expect(result.stderr.contains("is not a terminal"))
    #expect(result.stdout.isEmpty, "nothing drawn")
  }
}
