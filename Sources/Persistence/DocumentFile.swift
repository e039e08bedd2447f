import Foundation

/// A document kept in one file: read whole, written atomically (a temp file
/// beside it, fsync, rename) so a crash never leaves half a file; a new file
/// private to the user (0600), a replaced one with its mode and owner kept.
/// A symbolic link stays a link: saves go to its target.
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
    try read()?.document
  }

  /// The document in the file and the version of the file it came from, or
  /// nil when there is no file yet.
  public func read() throws(DocumentFailure) -> (document: Document, version: FileVersion)? {
    if let decodeOnce = format.decodeOnce {
      guard let buffer = try FileBuffer.read(path) else { return nil }
      let document = withExtendedLifetime(buffer) {
        decodeOnce(buffer.bytes, { buffer.release($0) }, buffer.copy)
      }
      if let document {
        return (document, buffer.version)
      }
      // Not taken, and the bytes it passed are gone: the general path reads
      // the file again (whatever version is there now, with its own bytes).
    }
    guard let snapshot = try FileSnapshot.read(path) else { return nil }
    return (try decode(snapshot.data), snapshot.version)
  }

  /// The document in a snapshot of the file, as `decode` reads it; a format
  /// that leaves parts of its documents in the file it read (`decodeOnce`)
  /// leaves them in a private copy of the snapshot's bytes.
  public func decode(_ snapshot: FileSnapshot) throws(DocumentFailure) -> Document {
    if let decodeOnce = format.decodeOnce, !snapshot.data.isEmpty,
      let copy = OpenFile.unnamed(in: directory(of: resolvedPath)), copy.append(snapshot.data),
      let document = snapshot.data.withUnsafeBytes({ decodeOnce($0, { _ in }, copy) })
    {
      return document
    }
    return try decode(snapshot.data)
  }

  /// The document in `data`, with the failure naming this file.
  public func decode(_ data: Data) throws(DocumentFailure) -> Document {
    do {
      return try format.decode(data)
    } catch {
      switch error {
      case .corrupt(let reason):
        // A clause of the messages it goes into, which go on after it.
        let clause = reason.hasSuffix(".") ? String(reason.dropLast()) : reason
        throw .corrupt(path: path, reason: clause, format: format.name)
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

  /// The version of the file when it holds nothing but white space (made
  /// with `touch`, say, to be filled): a new document rather than a damaged
  /// one, read at launch as empty. Nil when there is no such file.
  public func emptyFileVersion() -> FileVersion? {
    guard let snapshot = try? FileSnapshot.read(path),
      snapshot.data.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 })
    else { return nil }
    return snapshot.version
  }

  /// Copies an unreadable file's bytes aside (`<name>.unreadable-<UTC time>Z`,
  /// named as the saver names them) so that nothing saved later can replace
  /// what could not be read. The bytes are read through symbolic links: the
  /// copy is a file, never a second link to the file a save will replace.
  /// Returns the copy's path and the version copied (the one a first save may
  /// replace), or nil when no copy could be made.
  public func keepAside(now: Date = Date()) -> (copy: String, version: FileVersion)? {
    guard let snapshot = try? FileSnapshot.read(path),
      let copy = try? keepAside(snapshot.data, now: now)
    else { return nil }
    return (copy, snapshot.version)
  }

  /// False when a file is there that this process may not write (saves
  /// would fail): the app then opens it read-only.
  public var mayBeWritten: Bool {
    let target = resolvedPath
    return access(target, F_OK) != 0 || access(target, W_OK) == 0
  }

  /// The file saves go to: `path` with its symbolic links followed.
  public var resolvedPath: String { PathName.linkTarget(of: path) }

  static func writeAtomically(_ data: Data, to path: String) throws(DocumentFailure) {
    let (temp, _) = try prepare(data, beside: path)
    guard rename(temp, path) == 0 else {
      let reason = String(cString: strerror(errno))
      unlink(temp)
      throw .unwritable(path: path, reason: reason)
    }
    syncDirectory(of: path)
  }
}

extension DocumentFile where Document: Equatable {
  /// A file the app opened read-only (a newer version's, not a regular
  /// file) is never written; what the user changed meanwhile goes to a
  /// conflict copy beside it as the app ends. The line saying where, or
  /// nil when nothing changed.
  public func keepChangesOfReadOnlyRun(_ final: Document, loaded: Document) -> String? {
    guard final != loaded else { return nil }
    do {
      let copy = try writeConflictCopy(final, elsewhere: Self.elsewhere(for: format.program))
      return "\(path) was open read-only, so it was not saved: your version is in \(copy)"
    } catch {
      return "\(path) was open read-only, and your version could not be kept: \(error)"
    }
  }
}
