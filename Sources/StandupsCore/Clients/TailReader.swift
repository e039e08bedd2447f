import Foundation

/// Reads the second half of a large data file's standups on another thread
/// (the app's helper) while `DataFileReader` reads the first: start-up has two
/// cores to use.
///
/// The split is where `StandupsFormat.encode` puts one standup after another,
/// "\n    },\n    {" (the standups array's objects are indented by four
/// spaces, and a raw newline never occurs inside a JSON string). Should the
/// first reader never stop exactly there — a file formatted some other way —
/// it reads everything itself and this thread's work is dropped.
final class TailReader: @unchecked Sendable {
  /// Smaller files are read faster than a thread starts helping.
  static let minimumSize = 512 * 1024

  /// Just after the `}` of the standup before the split.
  let boundary: Int
  private let bytes: UnsafeRawBufferPointer
  private var wait: (@Sendable () -> Void)?
  private var output: (standups: [Standup], end: Int)?

  private init(bytes: UnsafeRawBufferPointer, boundary: Int) {
    self.bytes = bytes
    self.boundary = boundary
  }

  /// A reader already at work on the tail of `bytes`, or nil when the file is
  /// small, has no split point, or the helper could not start.
  static func start(
    reading bytes: UnsafeRawBufferPointer, on helper: StandupsFormat.StartHelper,
    passed: (@Sendable (Range<Int>) -> Void)? = nil, file: StoredBytes? = nil
  ) -> TailReader? {
    guard bytes.count >= minimumSize, let boundary = splitPoint(in: bytes) else { return nil }
    let reader = TailReader(bytes: bytes, boundary: boundary)
    guard
      let wait = helper({
        reader.output = DataFileReader.readTail(
          reader.bytes, from: reader.boundary, passed: passed, file: file)
      })
    else { return nil }
    reader.wait = wait
    return reader
  }

  /// Waits for the helper (once) and returns what it read; nil when the tail
  /// is not a run of valid standups closing the array.
  func join() -> (standups: [Standup], end: Int)? {
    if let wait {
      wait()
      self.wait = nil
    }
    return output
  }

  static func splitPoint(in bytes: UnsafeRawBufferPointer) -> Int? {
    let pattern = Array("\n    },\n    {".utf8)
    guard bytes.count > pattern.count * 2 else { return nil }
    var at = bytes.count / 2
    while at + pattern.count <= bytes.count {
      guard let newline = bytes[at...].firstIndex(of: pattern[0]) else { return nil }
      if newline + pattern.count <= bytes.count,
        pattern.indices.allSatisfy({ bytes[newline + $0] == pattern[$0] })
      {
        return newline + 6  // after "\n    }"
      }
      at = newline + 1
    }
    return nil
  }
}
