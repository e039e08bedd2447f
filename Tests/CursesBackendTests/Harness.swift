import Foundation
import Testing

/// The tests that drive terminal-probe in tmux. One at a time: each starts a
/// tmux server and a probe, and a shared two-core machine is slow enough.
@Suite(
  .serialized, .enabled(if: Harness.tmux != nil, "tmux is not installed; skipping terminal tests"))
enum TerminalTests {}

/// Finds tools and the probe, and waits on conditions: shared by the end-to-end tests.
enum Harness {
  static func executableInPath(_ name: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    for directory in path.split(separator: ":") {
      let candidate = "\(directory)/\(name)"
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    return nil
  }

  static let tmux = executableInPath("tmux")

  /// The terminal-probe built next to this test bundle (`swift test` builds
  /// every executable): the bundle's folder or one of its parents.
  /// `TERMINAL_PROBE` overrides the search.
  static let probe: String? = {
    if let path = ProcessInfo.processInfo.environment["TERMINAL_PROBE"] { return path }
    let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    var directory = bundle.deletingLastPathComponent()
    for _ in 0..<6 {
      let candidate = directory.appendingPathComponent("terminal-probe").path
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
      directory.deleteLastPathComponent()
    }
    return nil
  }()

  /// Polls `condition` until it holds or `timeout` passes; returns whether it held.
  static func waitFor(
    timeout: Duration = .seconds(15), _ condition: () throws -> Bool
  ) async throws -> Bool {
    let clock = ContinuousClock()
    let deadline = clock.now + timeout
    while clock.now < deadline {
      if try condition() { return true }
      try await Task.sleep(for: .milliseconds(50))
    }
    return try condition()
  }

  static func shellQuoted(_ s: String) -> String {
    "'" + s.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }
}
