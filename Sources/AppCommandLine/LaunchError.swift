import ArgumentParser

/// Why an app's run stops before its first frame: what to say after the
/// program's name, and the exit status.
public enum LaunchError: Error, Equatable {
  /// `--open` names no screen: a usage error.
  case badRoute(String)
  /// The run cannot go on (there is no terminal).
  case cannotOpen(String)

  public var message: String {
    switch self {
    case .badRoute(let message), .cannotOpen(let message): message
    }
  }

  public var exitCode: ExitCode {
    switch self {
    case .badRoute: ExitCode(2)
    case .cannotOpen: ExitCode(1)
    }
  }
}
