/// Why the terminal could not be taken over. Thrown before anything is drawn,
/// so the caller can print `description` to stderr and exit with status 1.
public enum CursesError: Error, Equatable, Sendable, CustomStringConvertible {
  /// Standard input or output is a pipe or file, not a terminal.
  case notATerminal(stream: String)
  /// `TERM` names a terminal the terminfo database does not know; empty when unset.
  case unknownTerminal(String)
  /// `TERM` names a terminal that cannot move its cursor (`dumb`, a printer).
  case noCursorAddressing(String)
  /// Started in the background where nothing can bring it to the foreground.
  case inBackground
  /// ncurses refused something it needs (rare: out of memory, broken terminfo).
  case setupFailed(String)

  public var description: String {
    switch self {
    case .notATerminal(let stream):
      return
        "\(stream) is not a terminal; run this program in an interactive terminal, "
        + "without redirecting its input or output"
    case .unknownTerminal(""):
      return "TERM is not set; set it to your terminal's type, e.g. TERM=xterm-256color"
    case .unknownTerminal(let name):
      return
        "unknown terminal type '\(name)' (from TERM); set TERM to a type this system "
        + "knows, e.g. TERM=xterm-256color"
    case .noCursorAddressing(let name):
      return
        "the terminal type '\(name)' (from TERM) cannot move its cursor, which a full-screen "
        + "program needs; run this program in a terminal emulator, e.g. TERM=xterm-256color"
    case .inBackground:
      return
        "started in the background without job control, so it cannot take over the terminal; "
        + "run it in the foreground"
    case .setupFailed(let what):
      return "could not set up the terminal: \(what)"
    }
  }
}
