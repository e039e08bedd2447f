/// Why a document file could not be read or written. Every case names the
/// file; `summary` names it without its directory, for a one-line banner.
public enum DocumentFailure: Error, Equatable, CustomStringConvertible, Sendable {
  case unreadable(path: String, reason: String)
  /// Not a valid document; `format` is what it should have been ("standups file").
  case corrupt(path: String, reason: String, format: String)
  /// Written by a later version of `program`.
  case newerVersion(path: String, version: Int, program: String)
  case unwritable(path: String, reason: String)

  public var description: String {
    switch self {
    case .unreadable(let path, let reason): "cannot read \(path): \(reason)"
    case .corrupt(let path, let reason, let format): "\(path) is not a valid \(format): \(reason)"
    case .newerVersion(let path, let version, let program):
      "\(path) was written by a newer \(program) (format version \(version))"
    case .unwritable(let path, let reason): "cannot save to \(path): \(reason)"
    }
  }

  public var summary: String {
    switch self {
    case .unreadable(let path, let reason): "cannot read \(Self.name(path)): \(reason)"
    case .corrupt(let path, _, let format): "\(Self.name(path)) is not a valid \(format)"
    case .newerVersion(let path, let version, let program):
      "\(Self.name(path)) is from a newer \(program) (version \(version))"
    case .unwritable(let path, let reason): "cannot save \(Self.name(path)): \(reason)"
    }
  }

  /// What is wrong inside a document that is not valid, in parentheses to
  /// follow `summary` on a banner; empty for the other failures, whose
  /// summary says it.
  public var reasonSuffix: String {
    guard case .corrupt(_, let reason, _) = self else { return "" }
    return " (\(reason))"
  }

  private static func name(_ path: String) -> String {
    path.split(separator: "/").last.map(String.init) ?? path
  }
}
