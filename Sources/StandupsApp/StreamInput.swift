import Foundation
import Persistence

/// Reading a path that is not a regular file (a pipe, a terminal, a device)
/// to its end, for a command that takes its input from one.
enum StreamInput {
  /// Everything `path` gives until its end, or an error naming it: a
  /// directory, one that cannot be opened or read, or more than `limit` bytes.
  static func read(_ path: String, limit: Int) throws(DocumentFailure) -> Data {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else {
      throw .unreadable(path: path, reason: String(cString: strerror(errno)))
    }
    defer { close(descriptor) }
    var data = Data()
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
      if count == 0 { return data }
      if count < 0 {
        if errno == EINTR { continue }
        throw .unreadable(path: path, reason: String(cString: strerror(errno)))
      }
      data.append(contentsOf: chunk[..<count])
      if data.count > limit {
        throw .unreadable(path: path, reason: "it goes on past \(limit >> 20) MB")
      }
    }
  }
}
