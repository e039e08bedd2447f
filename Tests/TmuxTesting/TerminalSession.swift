import Foundation
import Testing

/// Runs programs and waits on conditions: shared by the end-to-end tests.
public enum Harness {
  public static func executableInPath(_ name: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    for directory in path.split(separator: ":") {
      let candidate = "\(directory)/\(name)"
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    return nil
  }

  public static let tmux = executableInPath("tmux")

  /// A product built next to this test bundle (`swift test` builds every
  /// executable): the bundle's folder or one of its parents.
  public static func builtProduct(_ name: String) -> String? {
    let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    var directory = bundle.deletingLastPathComponent()
    for _ in 0..<6 {
      let candidate = directory.appendingPathComponent(name).path
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
      directory.deleteLastPathComponent()
    }
    return nil
  }

  /// Polls `condition` until it holds or `timeout` passes; returns whether it held.
  public static func waitFor(
    timeout: Duration = .seconds(15), _ condition: () throws -> Bool
  ) async throws -> Bool {
    let clock = ContinuousClock()
    let deadline = clock.now + timeout
    while clock.now < deadline {
      if try condition() { return true }
      // A poll interval, not synchronisation: tmux tells nobody when a pane
      // changes, so the condition is checked again until the deadline.
      try await Task.sleep(for: .milliseconds(30))
    }
    return try condition()
  }

  /// Child processes of `pid`, read from /proc (no procps needed).
  public static func children(of pid: Int32) -> [Int32] {
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    return entries.compactMap { entry -> Int32? in
      guard let child = Int32(entry),
        let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
        let close = stat.lastIndex(of: ")")
      else { return nil }
      // Fields after "(comm)": state, ppid, …
      let fields = stat[stat.index(after: close)...].split(separator: " ")
      return fields.count > 1 && Int32(fields[1]) == pid ? child : nil
    }
  }

  public static func shellQuoted(_ s: String) -> String {
    "'" + s.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }

  /// A fresh temporary directory.
  public static func temporaryDirectory(_ prefix: String) throws -> URL {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("\(prefix)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }
}

/// One program running in its own private tmux server, in a window of a
/// given size. The program runs under `sh`, which afterwards saves `stty -a`
/// and prints `EXIT=<status>`; the pane stays open so tests can look at the
/// terminal the program left behind.
public final class TerminalSession: @unchecked Sendable {
  public let directory: URL
  /// The session's target for tmux commands (`-t`).
  public let target = "main"
  /// The server's socket lives in `directory`, so nothing is left behind.
  private var socket: String { directory.appendingPathComponent("tmux.sock").path }
  public var sttyFile: URL { directory.appendingPathComponent("stty.txt") }
  private let tmux: String

  public init(
    program: String, arguments: [String] = [], prefix: String = "", width: Int = 80,
    height: Int = 24, environment: [String: String] = [:]
  ) throws {
    tmux = try #require(Harness.tmux, "tmux is not installed")
    // Short: a socket path must fit in 108 bytes.
    directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("ts-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let config = directory.appendingPathComponent("tmux.conf")
    try """
    set -g remain-on-exit on
    set -g default-terminal tmux-256color
    set -g escape-time 0
    set -g history-limit 500
    set -g mode-keys vi
    set -g wrap-search off
    """.write(to: config, atomically: true, encoding: .utf8)

    let command =
      ([prefix, Harness.shellQuoted(program)] + arguments.map(Harness.shellQuoted))
      .joined(separator: " ")
      + "; s=$?; stty -a > \(Harness.shellQuoted(sttyFile.path)); echo \"EXIT=$s\""
    var sessionEnvironment = ["SWIFT_BACKTRACE": "interactive=no"]
    sessionEnvironment.merge(environment) { $1 }
    let envArguments = sessionEnvironment.sorted { $0.key < $1.key }
      .flatMap { ["-e", "\($0.key)=\($0.value)"] }
    try tmuxCommand(
      ["-f", config.path, "new-session", "-d", "-s", "main", "-x", "\(width)", "-y", "\(height)"]
        + envArguments + ["/bin/sh", "-c", command])
  }

  deinit {
    _ = try? Harness.run(tmux, ["-S", socket, "kill-server"], environment: Self.environment)
    try? FileManager.default.removeItem(at: directory)
  }

  /// The server's environment: UTF-8, and nothing that would change the
  /// program's behaviour behind a test's back.
  public static let environment: [String: String] = {
    var env = ProcessInfo.processInfo.environment
    for name in ["TMUX", "NO_COLOR", "LINES", "COLUMNS", "TERM_PROGRAM", "STANDUPS_DATA"] {
      env[name] = nil
    }
    env["LANG"] = "C.UTF-8"
    env["LC_ALL"] = "C.UTF-8"
    env["TERM"] = env["TERM"] ?? "xterm"
    return env
  }()

  @discardableResult
  public func tmuxCommand(_ arguments: [String]) throws -> String {
    let result = try Harness.run(tmux, ["-S", socket] + arguments, environment: Self.environment)
    if result.status != 0 {
      throw TmuxError(command: arguments.joined(separator: " "), message: result.stderr)
    }
    return result.stdout
  }

  /// The visible screen (`history` adds scrolled-off lines; `escapes` keeps SGR codes).
  public func screen(history: Bool = false, escapes: Bool = false) throws -> String {
    var arguments = ["capture-pane", "-p", "-t", target]
    // With the history, join wrapped lines: messages there are searched for whole.
    if history { arguments += ["-S", "-", "-J"] }
    if escapes { arguments.append("-e") }
    return try tmuxCommand(arguments)
  }

  /// The visible screen, one string per row with every cell, trailing
  /// blanks included: what the terminal holds, not a trimmed copy.
  public func rows() throws -> [String] {
    let text = try tmuxCommand(["capture-pane", "-p", "-N", "-t", target])
    return text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
  }

  /// Where tmux holds each occurrence of `marker` (one ASCII character) on the
  /// visible screen, top to bottom and left to right, as (column, row): the
  /// terminal's own columns, found with copy mode's search.
  public func positions(of marker: Character) throws -> [(column: Int, row: Int)] {
    try tmuxCommand(["copy-mode", "-t", target])
    defer { _ = try? tmuxCommand(["send-keys", "-t", target, "-X", "cancel"]) }
    try tmuxCommand(["send-keys", "-t", target, "-X", "top-line"])
    try tmuxCommand(["send-keys", "-t", target, "-X", "start-of-line"])
    var found: [(column: Int, row: Int)] = []
    func cursor() throws -> (column: Int, row: Int) {
      let words = try tmuxCommand([
        "display-message", "-p", "-t", target, "#{copy_cursor_x} #{copy_cursor_y}",
      ]).split(separator: " ").compactMap {
        Int($0.trimmingCharacters(in: .whitespacesAndNewlines))
      }
      return (words[0], words[1])
    }
    var last = try cursor()
    while true {
      try tmuxCommand(["send-keys", "-t", target, "-X", "search-forward-text", String(marker)])
      let next = try cursor()
      // Without wrapping, a search with nothing further leaves the cursor be.
      guard next.row > last.row || (next.row == last.row && next.column > last.column) else {
        break
      }
      found.append(next)
      last = next
    }
    // The cursor starts on the first cell, which a forward search skips.
    if try rows().first?.first == marker { found.insert((0, 0), at: 0) }
    return found
  }

  /// Sends tmux key names ("Escape", "C-s", "Down") or, with `literal`, text.
  public func sendKeys(_ keys: String..., literal: Bool = false) throws {
    try tmuxCommand(["send-keys", "-t", target] + (literal ? ["-l"] : []) + keys)
  }

  /// Types `text` literally.
  public func type(_ text: String) throws { try sendKeys(text, literal: true) }

  public func resize(width: Int, height: Int) throws {
    try tmuxCommand(["resize-window", "-t", target, "-x", "\(width)", "-y", "\(height)"])
  }

  /// Waits until `condition` holds for the screen; records the screen if it never does.
  @discardableResult
  public func waitForScreen(
    _ description: String, timeout: Duration = .seconds(15),
    sourceLocation: SourceLocation = #_sourceLocation,
    _ condition: @escaping (String) -> Bool
  ) async throws -> Bool {
    let held = try await Harness.waitFor(timeout: timeout) { condition(try screen()) }
    if !held {
      Issue.record(
        "screen never showed \(description); it shows:\n\(try screen())",
        sourceLocation: sourceLocation)
    }
    return held
  }

  /// The screen once two captures a poll apart agree: tmux may show a frame
  /// it has read only part of, so a screen kept as a reference, or read
  /// for a value it shows, is taken once it stands still.
  public func settledScreen(escapes: Bool = false, timeout: Duration = .seconds(15)) async throws
    -> String
  {
    var last = try screen(escapes: escapes)
    _ = try await Harness.waitFor(timeout: timeout) {
      let now = try screen(escapes: escapes)
      defer { last = now }
      return now == last
    }
    return last
  }

  /// Waits until the screen contains `text`.
  @discardableResult
  public func waitForText(
    _ text: String, timeout: Duration = .seconds(15),
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws -> Bool {
    try await waitForScreen("\"\(text)\"", timeout: timeout, sourceLocation: sourceLocation) {
      $0.contains(text)
    }
  }

  /// Waits until some screen line is exactly `line` (ignoring surrounding blanks).
  @discardableResult
  public func waitForLine(
    _ line: String, timeout: Duration = .seconds(15),
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws -> Bool {
    try await waitForScreen(
      "the line \"\(line)\"", timeout: timeout, sourceLocation: sourceLocation
    ) {
      $0.split(separator: "\n").contains { $0.trimmingCharacters(in: .whitespaces) == line }
    }
  }

  /// Waits until the screen no longer contains `text`.
  @discardableResult
  public func waitForNoText(
    _ text: String, timeout: Duration = .seconds(15),
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws -> Bool {
    try await waitForScreen("no \"\(text)\"", timeout: timeout, sourceLocation: sourceLocation) {
      !$0.contains(text)
    }
  }

  /// Waits for the program to end; returns its exit status as the shell saw it.
  public func waitForExit(timeout: Duration = .seconds(20)) async throws -> Int? {
    var status: Int?
    _ = try await Harness.waitFor(timeout: timeout) {
      let text = try screen(history: true)
      guard let range = text.range(of: "EXIT=") else { return false }
      status = Int(text[range.upperBound...].prefix { $0.isNumber })
      return status != nil
    }
    return status
  }

  /// The pid of the program running in the pane (the shell's only child).
  public func programPID() throws -> Int32? {
    let shell = try tmuxCommand(["display-message", "-p", "-t", target, "#{pane_pid}"])
      .trimmingCharacters(in: .whitespacesAndNewlines)
    guard let parent = Int32(shell) else { return nil }
    return Harness.children(of: parent).first
  }

  /// The terminal modes after the program ended, as `stty -a` words.
  public func sttyWords() throws -> Set<String> {
    let text = try String(contentsOf: sttyFile, encoding: .utf8)
    return Set(text.split { $0 == " " || $0 == "\n" || $0 == ";" }.map(String.init))
  }
}

public struct TmuxError: Error, CustomStringConvertible {
  public var command: String
  public var message: String
  public var description: String { "tmux \(command) failed: \(message)" }
}
