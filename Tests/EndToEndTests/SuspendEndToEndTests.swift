import Foundation
import StandupsApp
import StandupsCore
import Testing
import TmuxTesting

/// Ctrl-Z as in any full-screen program: the shell gets its terminal back,
/// `fg` brings the app back, drawn for the size the terminal has then.
@Suite(.serialized, .timeLimit(.minutes(3)))
struct SuspendEndToEndTests {
  /// An interactive shell with job control in the pane. dash, not bash: bash
  /// puts its own terminal modes back when a job stops, which would hide a
  /// program that left them broken.
  final class ShellSession {
    let session: TerminalSession
    let directory: URL
    let dataPath: String

    init(width: Int = 80, height: Int = 24) throws {
      directory = try Harness.temporaryDirectory("standups-shell")
      dataPath = directory.appendingPathComponent("standups.json").path
      try DataFile(path: dataPath).save(AppSession.sample)
      session = try TerminalSession(
        program: "/bin/sh", arguments: ["-i"], width: width, height: height,
        environment: ["PS1": "$ ", "ENV": "/dev/null"])
    }

    deinit { try? FileManager.default.removeItem(at: directory) }

    /// Types a command line at the prompt.
    func run(_ command: String) throws {
      try session.type(command)
      try session.sendKeys("Enter")
    }

    func standups(_ arguments: String = "") throws -> String {
      let binary = try #require(AppSession.binary)
      return "\(Harness.shellQuoted(binary)) --data \(Harness.shellQuoted(dataPath)) \(arguments)"
    }

    /// Prints `modes=` and the modes among icanon and echo that are on (or,
    /// with a minus, off): `modes=icanon,echo,` for a sane terminal.
    static let printModes =
      "echo \"modes=$(stty -a | tr ' ;' '\\n\\n' | grep -x -e -icanon -e icanon -e -echo -e echo"
      + " | tr '\\n' ,)\""

    func format(_ variable: String) throws -> String {
      try session.tmuxCommand(["display-message", "-p", "-t", session.target, variable])
        .trimmingCharacters(in: .whitespacesAndNewlines)
    }
  }

  /// tmux-256color has an alternate screen; vt220 and linux have none, so
  /// the app clears the screen and leaves the cursor on the last line
  /// instead. (linux also lists Ctrl-Z as a Suspend key of its own; vt100's
  /// cursor move holds a delay marker.)
  @Test(arguments: ["tmux-256color", "vt220", "linux", "vt100"])
  func ctrlZGivesTheShellItsTerminalAndFgRedrawsAtTheNewSize(term: String) async throws {
    let shell = try ShellSession()
    try await shell.session.waitForText("$")
    try shell.run("TERM=\(term) " + (try shell.standups()))
    try await shell.session.waitForText("▌› Design")
    try shell.session.sendKeys("C-z")
    try await shell.session.waitForText("Stopped")

    // At the prompt: canonical mode and echo on, main screen, cursor shown,
    // nothing of the app left on screen.
    #expect(try shell.format("#{alternate_on}") == "0")
    #expect(try shell.format("#{cursor_flag}") == "1")
    let prompt = try shell.session.screen()
    #expect(!prompt.contains("Engineering") && !prompt.contains("↑/k up"), "\(prompt)")
    // vt100's cursor move holds a delay ($<5>), for tputs only: never printed.
    #expect(!prompt.contains("$<"), "\(prompt)")
    if term != "tmux-256color" {
      // "[1] + Stopped …" and the prompt were written from the last line.
      #expect(try shell.format("#{cursor_y}") == "23")
    }
    try shell.run(ShellSession.printModes)
    try await shell.session.waitForText("modes=icanon,echo,")

    try shell.session.resize(width: 100, height: 30)
    try shell.run("fg")
    let expected = try AppSession.render(
      dataPath: shell.dataPath, route: "/", width: 100, height: 30)
    try await expectScreen(of: shell.session, toBe: expected, "the app after fg at 100×30")
    // The terminal is back in keypad mode before a key is read: the first
    // arrow key after fg counts.
    try shell.session.sendKeys("Down")
    try await shell.session.waitForText("▌› Engineering")
    try shell.session.sendKeys("q")
    try await shell.session.waitForText("$")
    // Quitting leaves nothing of the app on screen either, alternate screen or not.
    let afterQuit = try await Harness.waitFor {
      let screen = try shell.session.screen()
      return !screen.contains("Engineering") && !screen.contains("↑/k up")
        && !screen.contains("$<")
    }
    #expect(afterQuit, "\((try? shell.session.screen()) ?? "")")
    try shell.run("clear; " + ShellSession.printModes)
    try await shell.session.waitForText("modes=icanon,echo,")
  }

  @Test func startedInTheBackgroundItWaitsForFg() async throws {
    let shell = try ShellSession()
    try await shell.session.waitForText("$")
    try shell.run(try shell.standups() + " &")
    // Stopped by SIGTTIN before drawing anything; the shell stays usable.
    let interactiveShell = try #require(try shell.session.programPID())
    let stopped = try await Harness.waitFor {
      Harness.children(of: interactiveShell).contains { Self.state(of: $0) == "T" }
    }
    #expect(stopped, "the app never stopped in the background")
    try shell.run("jobs")
    try await shell.session.waitForText("Stopped")
    #expect(!(try shell.session.screen()).contains("▌› Design"))
    try shell.run("fg")
    try await shell.session.waitForText("▌› Design")
    try shell.session.sendKeys("q")
    try await shell.session.waitForNoText("▌› Design")
  }

  /// `kill %1` on a stopped job sends SIGTERM and SIGCONT; a terminal that
  /// closes sends a stopped job SIGHUP and SIGCONT. Continued in the
  /// background, the app saves the meeting and ends without touching the
  /// terminal, where a read or a change of modes would stop it again.
  @Test(arguments: [SIGTERM, SIGHUP])
  func endedWhileSuspendedItSavesTheRecordingAndExits(signal: Int32) async throws {
    let shell = try ShellSession()
    try await shell.session.waitForText("$")
    let interactiveShell = try #require(try shell.session.programPID())
    try shell.run(try shell.standups("--open /1/record"))
    try await shell.session.waitForText("Speaker 1 of 2")
    try shell.session.type("noted before the stop")
    try shell.session.sendKeys("Enter")
    try await shell.session.waitForText(": noted before the stop")
    try shell.session.sendKeys("C-z")
    try await shell.session.waitForText("Stopped")
    let app = try #require(Harness.children(of: interactiveShell).first)
    kill(app, signal)
    kill(app, SIGCONT)
    let ended = try await Harness.waitFor { [nil, "Z"].contains(Self.state(of: app)) }
    #expect(ended, "the app is still there, in state \(Self.state(of: app) ?? "?")")
    let saved = try #require(try DataFile(path: shell.dataPath).load())
    let transcripts = saved[0].meetings.map(\.transcript)
    #expect(transcripts.contains { $0.contains("noted before the stop") }, "\(transcripts)")
    try shell.run(ShellSession.printModes)
    try await shell.session.waitForText("modes=icanon,echo,")
  }

  /// A process's state letter from /proc ("T": stopped).
  static func state(of pid: Int32) -> String? {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
      let close = stat.lastIndex(of: ")")
    else { return nil }
    return stat[stat.index(after: close)...].split(separator: " ").first.map(String.init)
  }

  @Test func aRecordingSuspendedForFiveSecondsAdvancesAtMostOneSecond() async throws {
    let shell = try ShellSession()
    try await shell.session.waitForText("$")
    try shell.run(try shell.standups("--open /1/record"))
    try await shell.session.waitForText("Speaker 1 of 2")
    // Stop right after a tick, so the stop itself begins a second.
    let first = try #require(elapsedSeconds(in: try shell.session.screen()))
    try await shell.session.waitForScreen("a tick") { elapsedSeconds(in: $0) != first }
    let clock = ContinuousClock()
    let seenBefore = clock.now
    let before = try #require(elapsedSeconds(in: try shell.session.screen()))
    try shell.session.sendKeys("C-z")
    try await shell.session.waitForText("Stopped")
    let stopped = clock.now
    // The time being measured, not a wait for something to happen.
    try await Task.sleep(for: .seconds(5))
    let continued = clock.now
    try shell.run("fg")
    try await shell.session.waitForText("Speaker 1 of 2")
    let after = try #require(elapsedSeconds(in: try shell.session.screen()))
    // One tick on waking, one that a second's phase may add, and one per
    // whole second the app ran around the stop (a loaded machine is slow to
    // see Ctrl-Z or to draw after fg): never the five seconds it was stopped.
    let running = (stopped - seenBefore) + (clock.now - continued)
    let allowed = 2 + Int(running / .seconds(1))
    #expect(
      after - before <= allowed,
      "elapsed went from \(before) to \(after) s over a 5 s stop, running \(running)")
    #expect(after >= before)
    try shell.session.sendKeys("C-c")
    try await shell.session.waitForNoText("Speaker 1 of 2")
  }

  @Test func withoutJobControlCtrlZSaysSoAndTheAppGoesOn() async throws {
    // AppSession runs the app under `sh -c`: an orphaned process group.
    let app = try AppSession()
    try await app.session.waitForText("▌› Design")
    try app.session.sendKeys("C-z")
    try await app.session.waitForText("Can't suspend: no job control here")
    try app.session.sendKeys("j")
    try await app.session.waitForText("▌› Engineering")
    try await app.session.waitForNoText("Can't suspend")
    // SIGTSTP from outside is answered the same way.
    let pid = try #require(try app.session.programPID())
    kill(pid, SIGTSTP)
    try await app.session.waitForText("Can't suspend: no job control here")
    try await app.quitAndExpectSaneTerminal(keys: ["q"])
  }
}
