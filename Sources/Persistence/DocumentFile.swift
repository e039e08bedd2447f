import Foundation

/// A document kept in one file: read whole, written atomically (a temp file
/// beside it, fsync, rename) so a crash never leaves half a file, private to
/// the user (0600). A symbolic link stays a link: saves go to its target.
public struct DocumentFile<Document: Sendable>: Sendable {
  public let path: String
  public let format: DocumentFormat<Document>

  public init(path: String, format: DocumentFormat<Document>) {
    self.path = path
    self.format = format
  }

  /// True when something other than a regular file (or a link to one) is at
  /// the path: a directory, a pipe, a device. Such a path is neither read (a
  /// pipe would block) nor replaced (a save renames a new file over it).
  public var holdsDirectoryOrSpecialFile: Bool {
    var info = stat()
    guard stat(path, &info) == 0 else { return false }
    return info.st_mode & S_IFMT != S_IFREG
  }

  /// The document in the file, or nil when there is no file yet.
  public func load() throws(DocumentFailure) -> Document? {
    guard FileManager.default.fileExists(atPath: path) else { return nil }
    let url = URL(fileURLWithPath: path)
    let data: Data
    do {
      // Mapped, not copied: a large file is read straight from the page cache.
      // Saves replace the file by rename, so the mapping stays valid while read.
      data = try Data(contentsOf: url, options: .alwaysMapped)
    } catch {
      do {
        // Not mappable (a pipe, a device): read it.
        data = try Data(contentsOf: url)
      } catch {
        throw .unreadable(path: path, reason: error.localizedDescription)
      }
    }
    do {
      return try format.decode(data)
    } catch {
      switch error {
      case .corrupt(let reason):
        throw .corrupt(path: path, reason: reason, format: format.name)
      case .newerVersion(let version):
        throw .newerVersion(path: path, version: version, program: format.program)
      }
    }
  }

  /// Replaces the file's contents with `document`, atomically.
  public func save(_ document: Document) throws(DocumentFailure) {
    let data: Data
    do {
      data = try format.encode(document)
    } catch {
      throw .unwritable(path: path, reason: error.localizedDescription)
    }
    try Self.writeAtomically(data, to: resolvedPath)
  }

  /// Copies an unreadable file aside (`<path>.unreadable-<seconds>`) so that
  /// nothing saved later can replace what could not be read; the copy's path,
  /// or nil when it could not be made.
  public func keepAside(now: Date = Date()) -> String? {
    let backup = path + ".unreadable-\(Int(now.timeIntervalSince1970))"
    return (try? FileManager.default.copyItem(atPath: path, toPath: backup)) != nil ? backup : nil
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

  static func writeAtomically(_ data: Data, to path: String) throws(DocumentFailure) {
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
}
