import Foundation
import Testing
import TmuxTesting

/// The probe in its own tmux server (see `TerminalSession`).
typealias ProbeSession = TerminalSession

extension TerminalSession {
  convenience init(
    arguments: [String] = [], prefix: String = "", width: Int = 80, height: Int = 24,
    environment: [String: String] = [:]
  ) throws {
    let probe = try #require(Probe.path, "terminal-probe was not built next to the tests")
    try self.init(
      program: probe, arguments: arguments, prefix: prefix, width: width, height: height,
      environment: environment)
  }

  /// The probe's process id, read from its screen.
  func probePID() async throws -> Int32 {
    try await waitForText("pid: ")
    let line = try #require(
      try await settledScreen().split(separator: "\n").first { $0.hasPrefix("pid: ") })
    return try #require(Int32(line.dropFirst(5).trimmingCharacters(in: .whitespaces)))
  }
}
