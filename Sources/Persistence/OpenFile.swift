import CFileSystem
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// An open file to read parts of again later. `FileBuffer` makes one as a
/// private copy of the data file, with no name (`unnamed`): nothing another
/// program does to the data file reaches it, saves that rename a new file
/// over the data file's name leave it alone, and it is gone when the last
/// reader lets go, a crash included.
public final class OpenFile: Sendable {
  let descriptor: Int32

  private init(descriptor: Int32) { self.descriptor = descriptor }

  deinit { close(descriptor) }

  /// A new empty file with no name in `directory` (`O_TMPFILE`, 0600), or
  /// nil where the directory takes none (not writable, or a file system
  /// without them).
  static func unnamed(in directory: String) -> OpenFile? {
    let descriptor = fs_open_unnamed(directory)
    return descriptor >= 0 ? OpenFile(descriptor: descriptor) : nil
  }

  /// Copies everything `source` holds from its start, in the kernel where
  /// it can (a shared extent where the file system has them): the bytes
  /// copied, or nil when the copy failed.
  func append(from source: Int32) -> Int? {
    var copied = 0
    var buffer: [UInt8] = []
    while true {
      var n = fs_copy_range(source, copied, descriptor, 1 << 30)
      if n < 0, errno == EXDEV || errno == EINVAL || errno == ENOSYS || errno == EOPNOTSUPP {
        if buffer.isEmpty { buffer = [UInt8](repeating: 0, count: 1 << 16) }
        n = buffer.withUnsafeMutableBytes { pread(source, $0.baseAddress, $0.count, off_t(copied)) }
        if n > 0 {
          let read = n
          n = buffer.withUnsafeBytes { write(descriptor, $0.baseAddress, read) }
          guard n == read else { return nil }
        }
      }
      if n < 0, errno == EINTR { continue }
      guard n >= 0 else { return nil }
      if n == 0 { return copied }
      copied += n
    }
  }

  /// Appends `data`; false when it could not all be written.
  func append(_ data: Data) -> Bool {
    data.withUnsafeBytes { bytes in
      var written = 0
      while written < bytes.count {
        let n = write(descriptor, bytes.baseAddress! + written, bytes.count - written)
        if n < 0, errno == EINTR { continue }
        guard n > 0 else { return false }
        written += n
      }
      return true
    }
  }

  /// The bytes in `range`, or nil when the file does not hold them all.
  public func bytes(in range: Range<Int>) -> [UInt8]? {
    guard range.lowerBound >= 0 else { return nil }
    var failed = false
    let bytes = [UInt8](unsafeUninitializedCapacity: range.count) { buffer, count in
      while count < range.count {
        let n = pread(
          descriptor, buffer.baseAddress! + count, range.count - count,
          off_t(range.lowerBound + count))
        if n > 0 {
          count += n
        } else if n < 0, errno == EINTR {
          continue
        } else {
          failed = true
          return
        }
      }
    }
    return failed ? nil : bytes
  }
}
