import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Which version of a file is at a path: its identity (device and inode),
/// size, modification time and a hash of its bytes. Two versions are the
/// same file content when identity and hash agree; the stat fields alone
/// tell cheaply that nothing changed since.
public struct FileVersion: Equatable, Sendable {
  public var device: UInt64
  public var inode: UInt64
  public var size: Int64
  public var modified: Int64
  /// The inode's change time, which no program can set back (unlike `modified`).
  public var statusChanged: Int64
  public var hash: UInt64

  /// Same file and same bytes: what a save checks before replacing.
  public func hasSameContent(as other: FileVersion) -> Bool {
    device == other.device && inode == other.inode && size == other.size && hash == other.hash
  }

  /// Nothing about the file changed on the surface (what a watcher checks
  /// before reading the file again).
  func hasSameStat(as other: FileVersion) -> Bool {
    device == other.device && inode == other.inode && size == other.size
      && modified == other.modified && statusChanged == other.statusChanged
  }
}

extension FileVersion {
  /// The version of the file at `path`, or nil when there is none: its bytes
  /// read and hashed 64 KB at a time, none of them kept. What a check that
  /// usually finds the file unchanged reads, where a `FileSnapshot` would
  /// hold the whole file in memory.
  public static func read(_ path: String) throws(DocumentFailure) -> FileVersion? {
    guard let (fd, info) = try openForReading(path) else { return nil }
    defer { close(fd) }
    // Whole pieces are hashed as they fill (64 KB, a multiple of the hash's
    // eight bytes), the rest at the end: as `FileSnapshot.hash` of them all.
    let piece = 64 * 1024
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: piece, alignment: 8)
    defer { buffer.deallocate() }
    var hash = FileSnapshot.hashStart
    var count = 0
    var filled = 0
    while true {
      let n = Glibc.read(fd, buffer.baseAddress! + filled, piece - filled)
      if n > 0 {
        filled += n
        count += n
        if filled == piece {
          hash = FileSnapshot.absorb(UnsafeRawBufferPointer(buffer), into: hash)
          filled = 0
        }
      } else if n == 0 {
        break
      } else if errno != EINTR {
        throw .unreadable(path: path, reason: String(cString: strerror(errno)))
      }
    }
    hash = FileSnapshot.absorb(UnsafeRawBufferPointer(rebasing: buffer[..<filled]), into: hash)
    return FileSnapshot.version(of: info, count: count, hash: hash ^ UInt64(count))
  }
}

/// `path` opened to be read (a pipe never blocks the reader) and its
/// `fstat`, or nil when there is no file. The caller closes the descriptor.
func openForReading(_ path: String) throws(DocumentFailure) -> (descriptor: Int32, info: stat)? {
  let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
  guard fd >= 0 else {
    if errno == ENOENT || errno == ENOTDIR { return nil }
    throw .unreadable(path: path, reason: String(cString: strerror(errno)))
  }
  var info = Glibc.stat()
  guard fstat(fd, &info) == 0 else {
    let reason = String(cString: strerror(errno))
    close(fd)
    throw .unreadable(path: path, reason: reason)
  }
  return (fd, info)
}

/// A file's bytes and the version they are, read together from one
/// descriptor with read(2): never mapped, since a file truncated under a
/// mapping kills the reader with SIGBUS.
public struct FileSnapshot: Sendable {
  public var data: Data
  public var version: FileVersion

  /// The file at `path`, or nil when there is none.
  public static func read(_ path: String) throws(DocumentFailure) -> FileSnapshot? {
    guard let pages = try FileBuffer.Pages.read(path) else { return nil }
    let data = Data(
      bytesNoCopy: pages.start, count: pages.count,
      deallocator: .custom { [capacity = pages.capacity] start, _ in munmap(start, capacity) })
    return FileSnapshot(data: data, version: pages.version)
  }

  /// The version of a file whose descriptor `fstat` gave `info` and from
  /// which `count` bytes hashing to `hash` were read.
  static func version(of info: Glibc.stat, count: Int, hash: UInt64) -> FileVersion {
    FileVersion(
      device: UInt64(info.st_dev), inode: UInt64(info.st_ino), size: Int64(count),
      modified: Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec),
      statusChanged: Int64(info.st_ctim.tv_sec) * 1_000_000_000 + Int64(info.st_ctim.tv_nsec),
      hash: hash)
  }

  /// The stat part of the version at `path` (hash 0), or nil when there is
  /// no file: enough to see that nothing changed without reading it.
  static func statVersion(_ path: String) -> FileVersion? {
    var info = Glibc.stat()
    guard stat(path, &info) == 0 else { return nil }
    return FileVersion(
      device: UInt64(info.st_dev), inode: UInt64(info.st_ino), size: Int64(info.st_size),
      modified: Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec),
      statusChanged: Int64(info.st_ctim.tv_sec) * 1_000_000_000 + Int64(info.st_ctim.tv_nsec),
      hash: 0)
  }

  /// A 64-bit hash of the bytes, eight at a time (FNV-1a's constants over
  /// words): to tell versions apart, not to resist an adversary.
  public static func hash(_ data: Data) -> UInt64 {
    data.withUnsafeBytes { hash($0) }
  }

  static func hash(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
    absorb(bytes, into: hashStart) ^ UInt64(bytes.count)
  }

  static let hashStart: UInt64 = 0xcbf2_9ce4_8422_2325

  /// `hash(_:)` a piece at a time: each piece but the last a multiple of
  /// eight bytes, and the total count mixed in at the end as `hash` does.
  static func absorb(_ bytes: UnsafeRawBufferPointer, into hash: UInt64) -> UInt64 {
    var hash = hash
    let prime: UInt64 = 0x0000_0100_0000_01b3
    var i = 0
    while bytes.count - i >= 8 {
      hash = (hash ^ bytes.loadUnaligned(fromByteOffset: i, as: UInt64.self)) &* prime
      hash ^= hash >> 29
      i += 8
    }
    while i < bytes.count {
      hash = (hash ^ UInt64(bytes[i])) &* prime
      i += 1
    }
    return hash
  }
}
