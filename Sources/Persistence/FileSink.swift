#if canImport(Glibc)
  import Glibc
#endif

/// Bytes on their way into a file: gathered 64 KB at a time, hashed as
/// `FileSnapshot.hash` hashes them whole, and written. A save streams its
/// document through one, so the file is never all in memory at once.
struct FileSink: ~Copyable {
  struct WriteFailure: Error {
    var reason: String
  }

  let descriptor: Int32
  /// Bytes taken in all.
  private(set) var count = 0
  private var hashState = FileSnapshot.hashStart
  private let buffer: UnsafeMutableRawBufferPointer
  private var filled = 0

  init(descriptor: Int32) {
    self.descriptor = descriptor
    // 64 KB: a multiple of the hash's eight bytes, so full pieces hash as one.
    buffer = .allocate(byteCount: 64 * 1024, alignment: 8)
  }

  deinit { buffer.deallocate() }

  /// The hash of every byte taken, once `finish` has written the last.
  var hash: UInt64 { hashState ^ UInt64(count) }

  mutating func append(_ bytes: UnsafeRawBufferPointer) throws(WriteFailure) {
    var taken = 0
    while taken < bytes.count {
      let length = min(buffer.count - filled, bytes.count - taken)
      UnsafeMutableRawBufferPointer(rebasing: buffer[filled..<(filled + length)])
        .copyMemory(from: UnsafeRawBufferPointer(rebasing: bytes[taken..<(taken + length)]))
      filled += length
      taken += length
      count += length
      if filled == buffer.count { try flush() }
    }
  }

  /// Writes what is still gathered.
  mutating func finish() throws(WriteFailure) {
    try flush()
  }

  private mutating func flush() throws(WriteFailure) {
    let piece = UnsafeRawBufferPointer(rebasing: buffer[..<filled])
    hashState = FileSnapshot.absorb(piece, into: hashState)
    var offset = 0
    while offset < piece.count {
      let n = write(descriptor, piece.baseAddress! + offset, piece.count - offset)
      if n < 0 {
        if errno == EINTR { continue }
        throw WriteFailure(reason: String(cString: strerror(errno)))
      }
      offset += n
    }
    filled = 0
  }
}
