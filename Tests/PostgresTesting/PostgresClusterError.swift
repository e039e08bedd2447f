import Foundation

#if canImport(Glibc)
  import Glibc
#endif

public enum PostgresClusterError: Error, CustomStringConvertible {
  case notInstalled
  /// PostgreSQL is there but cannot be run here; the reason says what to do.
  case unusable(String)
  case cannot(String, errno: Int32)
  case commandFailed(command: String, status: Int32, output: String)
  /// The server did not start: pg_ctl's output and the end of the server's log.
  case startFailed(output: String, logTail: String)

  public var description: String {
    switch self {
    case .notInstalled:
      "PostgreSQL is not installed: run `apt-get install -y postgresql`"
        + " (the tests start a private cluster from its binaries)"
    case .unusable(let reason):
      "PostgreSQL cannot be used: \(reason)"
    case .cannot(let what, let code):
      "cannot \(what): \(String(cString: strerror(code)))"
    case .commandFailed(let command, let status, let output):
      "`\(command)` failed with status \(status):\n\(output)"
    case .startFailed(let output, let logTail):
      "PostgreSQL did not start:\n\(output)\n--- end of the server log ---\n\(logTail)"
    }
  }
}
