import Foundation
import Testing
import TmuxTesting

/// The tests that drive terminal-probe in tmux. One at a time: each starts a
/// tmux server and a probe, and a shared two-core machine is slow enough.
@Suite(
  .serialized, .enabled(if: Harness.tmux != nil, "tmux is not installed; skipping terminal tests"))
enum TerminalTests {}

/// Where the terminal-probe is: built next to the tests (`TERMINAL_PROBE` overrides).
enum Probe {
  static let path: String? =
    ProcessInfo.processInfo.environment["TERMINAL_PROBE"] ?? Harness.builtProduct("terminal-probe")
}
