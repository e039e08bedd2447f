import Foundation

/// The JSON file standups live in: human-readable, versioned, written atomically
/// (temp file, fsync, rename) so a crash never leaves half a file behind.
public struct DataFile: Sendable {
  public static let currentVersion = 1
  public let path: String

  public init(path: String) { self.path = path }

  public enum Failure: Error, Equatable, CustomStringConvertible, Sendable {
    case unreadable(path: String, reason: String)
    case corrupt(path: String, reason: String)
    case newerVersion(path: String, version: Int)
    case unwritable(path: String, reason: String)

    public var description: String {
      switch self {
      case .unreadable(let path, let reason): "cannot read \(path): \(reason)"
      case .corrupt(let path, let reason): "\(path) is not a valid standups file: \(reason)"
      case .newerVersion(let path, let version):
        "\(path) was written by a newer standups (format version \(version))"
      case .unwritable(let path, let reason): "cannot save to \(path): \(reason)"
      }
    }

    /// The same, naming the file without its directory (for a one-line banner).
    public var summary: String {
      switch self {
      case .unreadable(let path, let reason): "cannot read \(Self.name(path)): \(reason)"
      case .corrupt(let path, _): "\(Self.name(path)) is not a valid standups file"
      case .newerVersion(let path, let version):
        "\(Self.name(path)) is from a newer standups (version \(version))"
      case .unwritable(let path, let reason): "cannot save \(Self.name(path)): \(reason)"
      }
    }

    private static func name(_ path: String) -> String { (path as NSString).lastPathComponent }
  }

  struct Contents: Codable {
    var version: Int
    var standups: IdentifiedArrayOf<Standup>
  }

  /// True when something other than a regular file (or a link to one) is at
  /// the path: a directory, a pipe, a device. The app neither reads it (a
  /// pipe would block) nor replaces it (a save renames a new file over it).
  public var isNotARegularFile: Bool {
    var info = stat()
    guard stat(path, &info) == 0 else { return false }
    return info.st_mode & S_IFMT != S_IFREG
  }

  /// The standups in the file, or nil when there is no file yet.
  public func load() throws(Failure) -> IdentifiedArrayOf<Standup>? {
    guard FileManager.default.fileExists(atPath: path) else { return nil }
    let url = URL(fileURLWithPath: path)
    let data: Data
    do {
      // Mapped, not copied: a large file is read straight from the page cache
      // (no 7 MB buffer to fault in and fill). Saves replace the file by
      // rename, so the mapping stays valid for the few milliseconds it lives.
      data = try Data(contentsOf: url, options: .alwaysMapped)
    } catch {
      do {
        // Not mappable (a pipe, a device): read it.
        data = try Data(contentsOf: url)
      } catch {
        throw .unreadable(path: path, reason: error.localizedDescription)
      }
    }
    return try Self.decode(data, path: path)
  }

  static func decode(_ data: Data, path: String) throws(Failure) -> IdentifiedArrayOf<Standup> {
    // The usual case, a file as `save` writes it, in one fast pass; anything
    // else (and every error) goes through JSONDecoder below.
    if let standups = DataFileReader.read(data) { return standups }
    return try decodeWithJSONDecoder(data, path: path)
  }

  /// The general path: any valid file, and a precise error for any other.
  static func decodeWithJSONDecoder(_ data: Data, path: String) throws(Failure)
    -> IdentifiedArrayOf<Standup>
  {
    // Invalid UTF-8 (a hand-edited file, a bad copy) must not cost the whole
    // file: the broken bytes become U+FFFD and everything else loads.
    var data = data
    if String(data: data, encoding: .utf8) == nil {
      data = Data(String(decoding: data, as: UTF8.self).utf8)
    }
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    do {
      struct Version: Decodable { var version: Int }
      let version = try decoder.decode(Version.self, from: data).version
      guard version <= currentVersion else {
        throw Failure.newerVersion(path: path, version: version)
      }
      return try decoder.decode(Contents.self, from: data).standups
    } catch let failure as Failure {
      throw failure
    } catch {
      throw .corrupt(path: path, reason: Self.describe(error))
    }
  }

  public static func encode(_ standups: IdentifiedArrayOf<Standup>) throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    encoder.dateEncodingStrategy = .iso8601
    return try encoder.encode(Contents(version: currentVersion, standups: standups))
  }

  /// Writes atomically: a temp file beside the target, fsync, then rename.
  /// New files are private to the user (0600).
  public func save(_ standups: IdentifiedArrayOf<Standup>) throws(Failure) {
    let data: Data
    do {
      data = try Self.encode(standups)
    } catch {
      throw .unwritable(path: path, reason: error.localizedDescription)
    }
    try Self.writeAtomically(data, to: resolvedPath)
  }

  /// The file saves go to: `path` with its symbolic links followed.
  public var resolvedPath: String { Self.linkTarget(of: path) }

  /// Where a path's symbolic links lead (the path itself when it is not a
  /// link). Saves go there, so a data file kept elsewhere and linked to (a
  /// dotfiles repository) stays a link instead of being replaced by a copy.
  static func linkTarget(of path: String) -> String {
    var current = path
    // A loop of links ends somewhere; the rename then reports it.
    for _ in 0..<32 {
      guard let destination = try? FileManager.default.destinationOfSymbolicLink(atPath: current)
      else { break }
      current =
        destination.hasPrefix("/")
        ? destination
        : ((current as NSString).deletingLastPathComponent as NSString)
          .appendingPathComponent(destination)
    }
    return current
  }

  static func writeAtomically(_ data: Data, to path: String) throws(Failure) {
    let directory = (path as NSString).deletingLastPathComponent
    if !directory.isEmpty, !FileManager.default.fileExists(atPath: directory) {
      do {
        try FileManager.default.createDirectory(
          atPath: directory, withIntermediateDirectories: true,
          attributes: [.posixPermissions: 0o700])
      } catch {
        throw .unwritable(path: path, reason: error.localizedDescription)
      }
    }
    let temp = path + ".tmp-\(getpid())"
    let fd = open(temp, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    guard fd >= 0 else { throw .unwritable(path: path, reason: String(cString: strerror(errno))) }
    var failure: String?
    data.withUnsafeBytes { buffer in
      var offset = 0
      while offset < buffer.count {
        let n = write(fd, buffer.baseAddress! + offset, buffer.count - offset)
        if n < 0 {
          if errno == EINTR { continue }
          failure = String(cString: strerror(errno))
          return
        }
        offset += n
      }
    }
    if failure == nil, fsync(fd) != 0 { failure = String(cString: strerror(errno)) }
    close(fd)
    if failure == nil, rename(temp, path) != 0 { failure = String(cString: strerror(errno)) }
    if let failure {
      unlink(temp)
      throw .unwritable(path: path, reason: failure)
    }
    // Make the rename itself durable.
    let dirFD = open(directory.isEmpty ? "." : directory, O_RDONLY)
    if dirFD >= 0 {
      fsync(dirFD)
      close(dirFD)
    }
  }

  private static func describe(_ error: any Error) -> String {
    switch error {
    case DecodingError.dataCorrupted(let context):
      return context.debugDescription
    case DecodingError.keyNotFound(let key, let context):
      return "missing \"\(key.stringValue)\" at \(pathString(context.codingPath))"
    case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
      return "\(context.debugDescription) at \(pathString(context.codingPath))"
    default:
      return "\(error)"
    }
  }

  private static func pathString(_ path: [any CodingKey]) -> String {
    path.isEmpty
      ? "top level"
      : path.map { $0.intValue.map(String.init) ?? $0.stringValue }
        .joined(separator: ".")
  }
}

// The file stores a standup's length in minutes, not as a Duration's raw parts.
extension Standup {
  enum CodingKeys: String, CodingKey {
    case id, title, theme, minutes, attendees, meetings
  }

  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    let minutes = try c.decode(Int.self, forKey: .minutes)
    // The form keeps new lengths within 5–30; the file may hold any positive length.
    guard minutes >= 1, minutes <= 24 * 60 else {
      throw DecodingError.dataCorruptedError(
        forKey: .minutes, in: c, debugDescription: "length \(minutes) min is not a meeting length")
    }
    self.init(
      id: try c.decode(UUID.self, forKey: .id),
      attendees: try c.decode(IdentifiedArrayOf<Attendee>.self, forKey: .attendees),
      duration: .seconds(minutes * 60),
      meetings: try c.decodeIfPresent(IdentifiedArrayOf<Meeting>.self, forKey: .meetings) ?? [],
      theme: try c.decode(Theme.self, forKey: .theme),
      title: try c.decode(String.self, forKey: .title)
    )
  }

  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(id, forKey: .id)
    try c.encode(title, forKey: .title)
    try c.encode(theme, forKey: .theme)
    try c.encode(minutes, forKey: .minutes)
    try c.encode(attendees, forKey: .attendees)
    try c.encode(meetings, forKey: .meetings)
  }
}
