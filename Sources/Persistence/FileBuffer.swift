#if canImport(Glibc)
  import Glibc
#endif

/// A file's bytes for a reader that gives the pages back as it passes them:
/// while a large file is decoded, its bytes and what is decoded from them are
/// not both whole in memory.
///
/// The bytes are a private copy of the file (`OpenFile.unnamed`), mapped:
/// pages given back leave the process (the kernel's cache keeps the copy),
/// and a reader may leave parts of the document in the copy, to read when
/// they are first needed. Where no such copy can be made (a directory the
/// user may not write), they are read with read(2) into anonymous pages of
/// their own, as `FileSnapshot`'s are, and `copy` is nil; bytes given back
/// then read as zeros, which no JSON decoder accepts: a reader that gives up
/// after giving bytes back leaves them unusable, and the file must be read
/// again.
public final class FileBuffer: @unchecked Sendable {
  public let version: FileVersion
  /// The file's bytes (the start of the pages).
  public let bytes: UnsafeRawBufferPointer
  /// The private copy the bytes are, when one could be made.
  public let copy: OpenFile?
  private let pages: Pages

  private init(_ pages: Pages) {
    self.pages = pages
    self.bytes = UnsafeRawBufferPointer(start: pages.start, count: pages.count)
    self.version = pages.version
    self.copy = pages.copy
  }

  deinit { munmap(pages.start, pages.capacity) }

  /// The file at `path`, or nil when there is none; `copying: false` reads
  /// it into anonymous pages even where a copy could be made.
  public static func read(_ path: String, copying: Bool = true) throws(DocumentFailure)
    -> FileBuffer?
  {
    try Pages.read(path, copying: copying).map(FileBuffer.init)
  }

  /// Gives back the whole pages inside `range` of `bytes`: the caller reads
  /// none of it again. Safe from any thread.
  public func release(_ range: Range<Int>) {
    let start = Pages.rounded(max(range.lowerBound, 0))
    let end = min(range.upperBound, bytes.count) / Pages.size * Pages.size
    guard end > start else { return }
    _ = madvise(pages.start + start, end - start, MADV_DONTNEED)
  }

  /// A file read into anonymous pages mapped for it; whoever takes them
  /// unmaps them (`capacity` bytes from `start`).
  struct Pages {
    let start: UnsafeMutableRawPointer
    let capacity: Int
    let count: Int
    let version: FileVersion
    var copy: OpenFile? = nil

    static let size = Int(sysconf(Int32(_SC_PAGESIZE)))

    /// With `copying`, the pages map a private copy where one can be made.
    static func read(_ path: String, copying: Bool = false) throws(DocumentFailure) -> Pages? {
      guard let (fd, info) = try openForReading(path) else { return nil }
      defer { close(fd) }
      if copying, let pages = mappedCopy(of: fd, info: info, in: directory(of: path)) {
        return pages
      }
      // One byte more than the size, so the read that finds the end needs no growth.
      var capacity = rounded(max(Int(info.st_size), 0) + 1)
      guard var start = map(capacity) else {
        throw .unreadable(path: path, reason: String(cString: strerror(errno)))
      }
      var count = 0
      var failure: Int32 = 0
      // Read until the end, growing if the file grew since fstat.
      while failure == 0 {
        if count == capacity {
          let larger = rounded(capacity + max(4096, capacity / 2))
          guard let grown = map(larger) else {
            failure = errno
            break
          }
          grown.copyMemory(from: start, byteCount: count)
          munmap(start, capacity)
          (start, capacity) = (grown, larger)
        }
        let n = Glibc.read(fd, start + count, capacity - count)
        if n > 0 {
          count += n
        } else if n == 0 {
          break
        } else if errno != EINTR {
          failure = errno
        }
      }
      guard failure == 0 else {
        munmap(start, capacity)
        throw .unreadable(path: path, reason: String(cString: strerror(failure)))
      }
      let version = FileSnapshot.version(
        of: info, count: count,
        hash: FileSnapshot.hash(UnsafeRawBufferPointer(start: start, count: count)))
      return Pages(start: start, capacity: capacity, count: count, version: version)
    }

    /// The file's bytes copied into an unnamed file and mapped, hashed a
    /// piece at a time with each piece given back after: nil where no copy
    /// can be made, and for an empty file (there is nothing to map).
    private static func mappedCopy(of fd: Int32, info: Glibc.stat, in directory: String) -> Pages? {
      guard let copy = OpenFile.unnamed(in: directory), let count = copy.append(from: fd),
        count > 0
      else { return nil }
      let capacity = rounded(count)
      let start = mmap(nil, capacity, PROT_READ, MAP_SHARED, copy.descriptor, 0)
      guard let start, start != MAP_FAILED else { return nil }
      let piece = 64 * 1024  // a multiple of the hash's eight bytes and of a page
      var hash = FileSnapshot.hashStart
      var at = 0
      while at < count {
        let length = min(piece, count - at)
        hash = FileSnapshot.absorb(
          UnsafeRawBufferPointer(start: start + at, count: length), into: hash)
        _ = madvise(start + at, rounded(length), MADV_DONTNEED)
        at += length
      }
      return Pages(
        start: start, capacity: capacity, count: count,
        version: FileSnapshot.version(of: info, count: count, hash: hash ^ UInt64(count)),
        copy: copy)
    }

    static func rounded(_ count: Int) -> Int { (count + size - 1) / size * size }

    private static func map(_ count: Int) -> UnsafeMutableRawPointer? {
      let pointer = mmap(nil, count, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
      return pointer == MAP_FAILED ? nil : pointer
    }
  }
}
