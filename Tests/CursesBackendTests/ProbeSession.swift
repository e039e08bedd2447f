import Foundation
import Testing

/// One private tmux server running one probe in an 80×24 (by default) window.
///
/// The probe runs under `sh`, which afterwards saves `stty -a` and prints
/// `PROBE-EXIT=<status>`; the pane stays open after that, so the tests can
/// look at the terminal the probe left behind.
final class ProbeSession {
  let directory: URL
  var sttyFile: URL { directory.appendingPathComponent("stty.txt") }
  /// The server's socket lives in `directory`, so nothing is left behind.
  private var socket: String { directory.appendingPathComponent("tmux.sock").path }
  private let tmux: String

  init(
    arguments: [String] = [], prefix: String = "", width: Int = 80, height: Int = 24,
    environment: [String: String] = [:]
  ) throws {
    tmux = try #require(Harness.tmux, "tmux is not installed")
    let probe = try #require(Harness.probe, "terminal-probe was not built next to the tests")
    directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("sp-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)

    let config = directory.appendingPathComponent("tmux.conf")
    try """
    set -g remain-on-exit on
    set -g default-terminal tmux-256color
    set -g escape-time 0
    set -g history-limit 200
    """.write(to: config, atomically: true, encoding: .utf8)

    let command =
      ([prefix, Harness.shellQuoted(probe)] + arguments.map(Harness.shellQuoted))
      .joined(separator: " ")
      + "; s=$?; stty -a > \(Harness.shellQuoted(sttyFile.path)); echo \"PROBE-EXIT=$s\""
    var sessionEnvironment = ["SWIFT_BACKTRACE": "interactive=no"]
    sessionEnvironment.merge(environment) { $1 }
    let envArguments = sessionEnvironment.sorted { $0.key < $1.key }
      .flatMap { ["-e", "\($0.key)=\($0.value)"] }
    try tmuxCommand(
      ["-f", config.path, "new-session", "-d", "-s", "probe", "-x", "\(width)", "-y", "\(height)"]
        + envArguments + ["/bin/sh", "-c", command])
  }

  deinit {
    _ = try? Harness.run(tmux, ["-S", socket, "kill-server"], environment: Self.environment)
    try? FileManager.default.removeItem(at: directory)
  }

  /// The server's environment: UTF-8, and nothing that would change the probe's
  /// behaviour behind a test's back.
  static let environment: [String: String] = {
    var env = ProcessInfo.processInfo.environment
    for name in ["TMUX", "NO_COLOR", "LINES", "COLUMNS", "TERM_PROGRAM"] { env[name] = nil }
    env["LANG"] = "C.UTF-8"
    env["LC_ALL"] = "C.UTF-8"
    env["TERM"] = env["TERM"] ?? "xterm"
    return env
  }()

  @discardableResult
  func tmuxCommand(_ arguments: [String]) throws -> String {
    let result = try Harness.run(tmux, ["-S", socket] + arguments, environment: Self.environment)
    if result.status != 0 {
      throw TmuxError(command: arguments.joined(separator: " "), message: result.stderr)
    }
    return result.stdout
  }

  /// The visible screen (`history` adds scrolled-off lines; `escapes` keeps SGR codes).
  func screen(history: Bool = false, escapes: Bool = false) throws -> String {
    var arguments = ["capture-pane", "-p", "-t", "probe"]
    // With the history, join wrapped lines: messages there are searched for whole.
    if history { arguments += ["-S", "-", "-J"] }
    if escapes { arguments.append("-e") }
    return try tmuxCommand(arguments)
  }

  func sendKeys(_ keys: String..., literal: Bool = false) throws {
    try tmuxCommand(["send-keys", "-t", "probe"] + (literal ? ["-l"] : []) + keys)
  }

  /// Waits until the screen contains `text`; records the screen if it never does.
  @discardableResult
  func waitForText(
    _ text: String, timeout: Duration = .seconds(15),
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws -> Bool {
    let found = try await Harness.waitFor(timeout: timeout) { try screen().contains(text) }
    if !found {
      Issue.record(
        "screen never showed \"\(text)\"; it shows:\n\(try screen())",
        sourceLocation: sourceLocation)
    }
    return found
  }

  /// Waits until some screen line is exactly `line` (ignoring trailing blanks).
  @discardableResult
  func waitForLine(
    _ line: String, timeout: Duration = .seconds(15),
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws -> Bool {
    let found = try await Harness.waitFor(timeout: timeout) {
      try screen().split(separator: "\n").contains {
        $0.trimmingCharacters(in: .whitespaces) == line
      }
    }
    if !found {
      Issue.record(
        "screen never showed the line \"\(line)\"; it shows:\n\(try screen())",
        sourceLocation: sourceLocation)
    }
    return found
  }

  /// The probe's process id, read from its screen.
  func probePID() async throws -> Int32 {
    try await waitForText("pid: ")
    let line = try #require(try screen().split(separator: "\n").first { $0.hasPrefix("pid: ") })
    return try #require(Int32(line.dropFirst(5).trimmingCharacters(in: .whitespaces)))
  }

  /// Waits for the probe to end; returns its exit status as the shell saw it.
  func waitForExit(timeout: Duration = .seconds(20)) async throws -> Int? {
    var status: Int?
    _ = try await Harness.waitFor(timeout: timeout) {
      let text = try screen(history: true)
      guard let range = text.range(of: "PROBE-EXIT=") else { return false }
      status = Int(text[range.upperBound...].prefix { $0.isNumber })
      return status != nil
    }
    return status
  }

  /// The terminal modes after the probe ended, as `stty -a` words.
  func sttyWords() throws -> Set<String> {
    let text = try String(contentsOf: sttyFile, encoding: .utf8)
    return Set(text.split { $0 == " " || $0 == "\n" || $0 == ";" }.map(String.init))
  }
}

struct TmuxError: Error, CustomStringConvertible {
  var command: String
  var message: String
  var description: String { "tmux \(command) failed: \(message)" }
}
