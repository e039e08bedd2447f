import Foundation

/// Where `--print-route` prints. When standard output is not the terminal
/// (`route=$(standups --print-route)`), the screen is drawn on the
/// controlling terminal instead and the route goes to what standard output
/// was; otherwise both share standard output, the route after the screen.
public struct RouteOutput: Sendable {
  private let descriptor: Int32

  /// With `printRoute` and standard output not a terminal, points standard
  /// output at `/dev/tty` (where the app draws), keeping the original for
  /// the route. Without a controlling terminal nothing changes, and the app
  /// says standard output is not a terminal.
  public static func prepare(printRoute: Bool) -> RouteOutput {
    guard printRoute, isatty(STDOUT_FILENO) == 0 else { return RouteOutput(descriptor: -1) }
    let tty = open("/dev/tty", O_WRONLY | O_CLOEXEC)
    guard tty >= 0 else { return RouteOutput(descriptor: -1) }
    // Given 0–2, one of those was closed: the terminal now stands in for it.
    guard tty > STDERR_FILENO else { return RouteOutput(descriptor: -1) }
    defer { close(tty) }
    fflush(nil)
    let saved = fcntl(STDOUT_FILENO, F_DUPFD_CLOEXEC, 3)
    guard saved >= 0, dup2(tty, STDOUT_FILENO) >= 0 else {
      if saved >= 0 { close(saved) }
      return RouteOutput(descriptor: -1)
    }
    return RouteOutput(descriptor: saved)
  }

  /// `route` and a line break, where the route goes; false, said on
  /// standard error as `<program>:`, when it could not be written.
  @discardableResult
  public func print(_ route: String, program: String) -> Bool {
    let out = descriptor >= 0 ? descriptor : STDOUT_FILENO
    if descriptor < 0 { fflush(nil) }
    guard let problem = writeAll((route + "\n").utf8, to: out) else { return true }
    writeToStandardError("\(program): cannot print the route: \(problem)")
    return false
  }
}
