import CFileSystem
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// What became of a conditional replace.
public enum Replacement: Sendable {
  /// The new bytes are in place; their version.
  case replaced(FileVersion)
  /// The new bytes are in place, but what they replaced was not the expected
  /// version: another writer got in between. Its bytes, to merge.
  case replacedOther(FileVersion, previous: Data)
  /// Nothing was written: the file is no longer the expected version (it
  /// appeared, or changed where the file system cannot swap atomically).
  case notReplaced(current: FileSnapshot?)
}

extension DocumentFile {
  /// Writes `data` in place of the file, on the condition that the file is
  /// still `expected` (nil: there is no file). The new file is prepared beside
  /// it, then swapped in with `renameat2(RENAME_EXCHANGE)`, and what was
  /// swapped out is read: if another writer replaced the file in between,
  /// its bytes come back to be merged rather than being lost (or, when they
  /// are not a document this program can merge, are swapped back). Where the file
  /// system cannot exchange, the check is repeated just before a plain rename:
  /// the window is narrowed, not closed.
  /// `atomicRename: false` takes the path of file systems that refuse
  /// `renameat2` (for tests: nothing here refuses it).
  public func replace(
    with data: Data, expecting expected: FileVersion?, atomicRename: Bool = true
  ) throws(DocumentFailure) -> Replacement {
    let target = resolvedPath
    let prepared = try Self.prepare(data, beside: target)
    return try replace(
      prepared: prepared, target: target, expecting: expected, atomicRename: atomicRename)
  }

  /// `replace(with:)` for bytes `write` gives a piece at a time to the
  /// function it is passed: the new file is written as they come. An error
  /// `write` throws leaves the file as it was.
  public func replace(
    writing write: ((UnsafeRawBufferPointer) throws -> Void) throws -> Void,
    expecting expected: FileVersion?, atomicRename: Bool = true
  ) throws(DocumentFailure) -> Replacement {
    let target = resolvedPath
    let prepared = try Self.prepare(beside: target) { sink in
      try write { try sink.append($0) }
    }
    return try replace(
      prepared: prepared, target: target, expecting: expected, atomicRename: atomicRename)
  }

  private func replace(
    prepared: (String, FileVersion), target: String, expecting expected: FileVersion?,
    atomicRename: Bool
  ) throws(DocumentFailure) -> Replacement {
    let (temp, written) = prepared
    var removeTemp = true
    defer { if removeTemp { unlink(temp) } }
    let failure = { (path: String) -> DocumentFailure in
      .unwritable(path: path, reason: String(cString: strerror(errno)))
    }
    if let expected {
      if atomicRename, fs_rename_exchange(temp, target) == 0 {
        Self.syncDirectory(of: target)
        // `temp` now holds what was at the target: usually the expected
        // version, told by its hash alone; anything else is read whole.
        if let swapped = try? FileVersion.read(temp), swapped.hasSameContent(as: expected) {
          return .replaced(written)
        }
        let previous = try? FileSnapshot.read(temp)
        guard let previous, !previous.version.hasSameContent(as: expected) else {
          return .replaced(written)
        }
        do {
          _ = try decode(previous.data)
        } catch {
          // Not a document to merge (a newer version's, or one still being
          // written): it goes back in place, to be looked at as any change
          // is (read-only, or bad once it has settled), never replaced here.
          if fs_rename_exchange(temp, target) == 0 || rename(temp, target) == 0 {
            Self.syncDirectory(of: target)
            return .notReplaced(current: try? FileSnapshot.read(target))
          }
        }
        return .replacedOther(written, previous: previous.data)
      }
      switch atomicRename ? errno : EINVAL {
      case ENOENT:
        // Deleted since it was checked: there is nothing to swap with.
        return .notReplaced(current: nil)
      case EINVAL, ENOSYS, EOPNOTSUPP:
        let current = try FileSnapshot.read(target)
        guard let current, current.version.hasSameContent(as: expected) else {
          return .notReplaced(current: current)
        }
        guard rename(temp, target) == 0 else { throw failure(target) }
      default:
        throw failure(target)
      }
    } else {
      if !atomicRename || fs_rename_noreplace(temp, target) != 0 {
        switch atomicRename ? errno : EINVAL {
        case EEXIST:
          return .notReplaced(current: try FileSnapshot.read(target))
        case EINVAL, ENOSYS, EOPNOTSUPP:
          if let current = try FileSnapshot.read(target) { return .notReplaced(current: current) }
          guard rename(temp, target) == 0 else { throw failure(target) }
        default:
          throw failure(target)
        }
      }
    }
    removeTemp = false
    Self.syncDirectory(of: target)
    return .replaced(written)
  }

  /// Writes `document` to a new file beside the data file,
  /// `<name>.conflict-<UTC yyyyMMddTHHmmss.SSS>Z.json` (`-2`, `-3`… when the
  /// name is taken): a valid data file holding what could not be kept in the
  /// file itself. Returns its path.
  public func writeConflictCopy(_ document: Document, now: Date = Date()) throws(DocumentFailure)
    -> String
  {
    let data: Data
    do {
      data = try format.encode(document)
    } catch {
      throw .unwritable(path: path, reason: error.localizedDescription)
    }
    return try writeBeside(data, suffix: "conflict-" + Self.timestamp(now) + "Z", extension: "json")
  }

  /// `writeConflictCopy`, and where the file's directory takes no new file
  /// (no permission, a full disk), the same copy in the first of
  /// `elsewhere` that takes it: a copy nobody finds beside the file is
  /// still a copy. Throws the first failure when none does.
  public func writeConflictCopy(_ document: Document, elsewhere: [String]) throws(DocumentFailure)
    -> String
  {
    do {
      return try writeConflictCopy(document)
    } catch {
      let name = (path as NSString).lastPathComponent
      for directory in elsewhere {
        let copy = DocumentFile(path: directory + "/" + name, format: format)
        if let path = try? copy.writeConflictCopy(document) { return path }
      }
      throw error
    }
  }

  /// Where copies go when they cannot go beside the file: the program's
  /// state directory, else the temporary one, each made (0700) if need be.
  public static func elsewhere(for program: String) -> [String] {
    let environment = ProcessInfo.processInfo.environment
    var candidates: [String] = []
    if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
      candidates.append(state + "/" + program)
    } else if let home = environment["HOME"], home.hasPrefix("/") {
      candidates.append(home + "/.local/state/" + program)
    }
    candidates.append((NSTemporaryDirectory() as NSString).standardizingPath)
    return candidates.filter { directory in
      (try? FileManager.default.createDirectory(
        atPath: directory, withIntermediateDirectories: true,
        attributes: [.posixPermissions: 0o700])) != nil
    }
  }

  /// Keeps bytes that could not be read (`<name>.unreadable-<time>`), so that
  /// nothing written later replaces the only copy. Returns the path: that of
  /// a copy of the same bytes kept before, if there is one, so that starting
  /// again and again on a file still unreadable keeps one copy, not one a start.
  public func keepAside(_ data: Data, now: Date = Date()) throws(DocumentFailure) -> String {
    let (directory, stem) = besideNames
    let earlier = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
    for name in earlier.sorted() where name.hasPrefix(stem + ".unreadable-") {
      let copy = directory + "/" + name
      let size = (try? FileManager.default.attributesOfItem(atPath: copy))?[.size] as? Int
      if size == data.count, FileManager.default.contents(atPath: copy) == data { return copy }
    }
    return try writeBeside(data, suffix: "unreadable-" + Self.timestamp(now) + "Z", extension: nil)
  }

  /// The directory copies go in, and the name they start with.
  private var besideNames: (directory: String, stem: String) {
    let url = URL(fileURLWithPath: path)
    let name = url.lastPathComponent
    return (
      url.deletingLastPathComponent().path,
      url.pathExtension == "json" ? String(name.dropLast(5)) : name
    )
  }

  private func writeBeside(_ data: Data, suffix: String, extension ext: String?)
    throws(DocumentFailure) -> String
  {
    let (directory, stem) = besideNames
    let (temp, _) = try Self.prepare(data, beside: path, replacing: false)
    defer { unlink(temp) }
    for counter in 1...1000 {
      let numbered = suffix + (counter == 1 ? "" : "-\(counter)")
      let candidate =
        directory + "/" + stem + "." + numbered + (ext.map { "." + $0 } ?? "")
      if link(temp, candidate) == 0 {
        Self.syncDirectory(of: candidate)
        return candidate
      }
      guard errno == EEXIST else {
        throw .unwritable(path: candidate, reason: String(cString: strerror(errno)))
      }
    }
    throw .unwritable(path: path, reason: "no free name for a copy")
  }

  static func timestamp(_ date: Date) -> String { utcFileTimestamp(date) }

  /// A new file beside `path` holding `data`: `prepare(beside:writing:)`.
  static func prepare(_ data: Data, beside path: String, replacing: Bool = true)
    throws(DocumentFailure) -> (String, FileVersion)
  {
    try prepare(beside: path, replacing: replacing) { sink in
      try data.withUnsafeBytes { try sink.append($0) }
    }
  }

  /// A new file beside `path` holding what `write` gives the sink, written
  /// and synced: mode 0600, or, replacing a file, that file's mode and (where
  /// allowed) owner. A file this process may not write is not replaced. Its
  /// path and version. `replacing` false: a copy to keep beside the file,
  /// which a file this process may not write does not prevent.
  static func prepare(
    beside path: String, replacing: Bool = true, writing write: (inout FileSink) throws -> Void
  ) throws(DocumentFailure) -> (String, FileVersion) {
    var existing = stat()
    let replaces = stat(path, &existing) == 0 && existing.st_mode & S_IFMT == S_IFREG
    if replacing, replaces, access(path, W_OK) != 0, errno == EACCES {
      throw .unwritable(path: path, reason: "no permission to write it")
    }
    let directory = PathName.parent(of: path)
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
    let fd = open(temp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
    guard fd >= 0 else { throw .unwritable(path: path, reason: String(cString: strerror(errno))) }
    if replaces {
      // A save changes what the file says, not who may read it. Giving a
      // file to another owner is root's alone: elsewhere this fails, harmlessly.
      // A copy beside it belongs to the same owner but stays private (0600):
      // the file's own mode may deny even its owner.
      _ = fchown(fd, existing.st_uid, existing.st_gid)
      if replacing { _ = fchmod(fd, existing.st_mode & 0o7777) }
    }
    var sink = FileSink(descriptor: fd)
    var failure: DocumentFailure?
    do {
      try write(&sink)
      try sink.finish()
    } catch let error as FileSink.WriteFailure {
      failure = .unwritable(path: path, reason: error.reason)
    } catch let error as DocumentFailure {
      failure = error
    } catch {
      failure = .unwritable(path: path, reason: error.localizedDescription)
    }
    if failure == nil, fsync(fd) != 0 {
      failure = .unwritable(path: path, reason: String(cString: strerror(errno)))
    }
    var info = stat()
    if failure == nil, fstat(fd, &info) != 0 {
      failure = .unwritable(path: path, reason: String(cString: strerror(errno)))
    }
    close(fd)
    if let failure {
      unlink(temp)
      throw failure
    }
    let version = FileVersion(
      device: UInt64(info.st_dev), inode: UInt64(info.st_ino), size: Int64(sink.count),
      modified: Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec),
      statusChanged: Int64(info.st_ctim.tv_sec) * 1_000_000_000 + Int64(info.st_ctim.tv_nsec),
      hash: sink.hash)
    return (temp, version)
  }

  /// Makes a rename in the directory durable.
  static func syncDirectory(of path: String) {
    let directory = PathName.parent(of: path)
    let fd = open(directory.isEmpty ? "." : directory, O_RDONLY | O_CLOEXEC)
    if fd >= 0 {
      fsync(fd)
      close(fd)
    }
  }
}

/// UTC `yyyyMMddTHHmmss.SSS`, for the names of files kept aside, without
/// Foundation's formatters (no ICU).
public func utcFileTimestamp(_ date: Date) -> String {
  let milliseconds = Int64((date.timeIntervalSince1970 * 1000).rounded(.down))
  var seconds = time_t(milliseconds / 1000)
  var parts = tm()
  gmtime_r(&seconds, &parts)
  func pad(_ value: Int32, _ width: Int) -> String {
    let text = String(value)
    return String(repeating: "0", count: max(0, width - text.count)) + text
  }
  return pad(parts.tm_year + 1900, 4) + pad(parts.tm_mon + 1, 2) + pad(parts.tm_mday, 2) + "T"
    + pad(parts.tm_hour, 2) + pad(parts.tm_min, 2) + pad(parts.tm_sec, 2) + "."
    + pad(Int32(milliseconds % 1000), 3)
}
