import Foundation

/// JSON that is safe to print to a terminal. `JSONEncoder` escapes the C0
/// controls (ESC among them) but writes every other character as it is, so
/// a title could still carry a C1 control (U+009B is CSI to a terminal that
/// takes 8-bit controls, U+0085 a line break) or a bidirectional override
/// that shows text in another order than it reads, or a DEL (U+007F), the
/// one ASCII control it leaves raw. Those are written as
/// `\u` escapes here: the same strings to any JSON reader, and nothing a
/// terminal acts on when the file or an export is printed.
public enum JSONText {
  /// `json` with the characters above escaped; the same bytes when it has
  /// none (the usual case: nothing is copied then).
  public static func escapingInvisibles(_ json: Data) -> Data {
    json.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) -> Data in
      guard firstEscaped(in: bytes, from: 0) != nil else { return json }
      var output = Data(capacity: bytes.count + 64)
      escaping(bytes) { output.append(contentsOf: $0) }
      return output
    }
  }

  /// `escapingInvisibles` for JSON that comes in pieces: each piece's bytes
  /// go on to `emit` escaped, but for a character that may go on in the
  /// next piece (up to two bytes), kept until it does; `finish` sends them.
  public struct Escaper {
    private var pending: [UInt8] = []

    public init() {}

    public mutating func process(
      _ piece: UnsafeRawBufferPointer, emit: (UnsafeRawBufferPointer) throws -> Void
    ) rethrows {
      pending.append(contentsOf: piece)
      let count = pending.count
      // A character to escape begins with C2, D8 or E2 and is two or three
      // bytes long: one cut off by the piece's end starts in its last two.
      var held = 0
      if count >= 1, [0xC2, 0xD8, 0xE2].contains(pending[count - 1]) {
        held = 1
      } else if count >= 2, pending[count - 2] == 0xE2 {
        held = 2
      }
      try pending.withUnsafeBytes {
        try escaping(UnsafeRawBufferPointer(rebasing: $0[..<(count - held)]), emit: emit)
      }
      pending.removeFirst(count - held)
    }

    public mutating func finish(emit: (UnsafeRawBufferPointer) throws -> Void) rethrows {
      try pending.withUnsafeBytes { try escaping($0, emit: emit) }
      pending.removeAll()
    }
  }

  /// `bytes` escaped as `escapingInvisibles` escapes them, in pieces to `emit`.
  static func escaping(
    _ bytes: UnsafeRawBufferPointer, emit: (UnsafeRawBufferPointer) throws -> Void
  ) rethrows {
    var copied = 0
    while let found = firstEscaped(in: bytes, from: copied) {
      try emit(UnsafeRawBufferPointer(rebasing: bytes[copied..<found.offset]))
      try escape(found.scalar).withUnsafeBytes { try emit($0) }
      copied = found.offset + found.length
    }
    try emit(UnsafeRawBufferPointer(rebasing: bytes[copied...]))
  }

  private struct Found {
    var offset: Int
    var length: Int
    var scalar: UInt32
  }

  /// The next character to escape at or after `start`, by its UTF-8: only
  /// DEL and lead bytes C2, D8 and E2 can begin one, and none of them occurs
  /// inside another character's encoding or in JSON's ASCII structure.
  private static func firstEscaped(in bytes: UnsafeRawBufferPointer, from start: Int) -> Found? {
    var i = start
    let count = bytes.count
    while i < count {
      let lead = bytes[i]
      switch lead {
      case 0x7F:
        return Found(offset: i, length: 1, scalar: 0x7F)
      case 0xC2 where i + 1 < count && (0x80...0x9F).contains(bytes[i + 1]):
        // U+0080–U+009F: the C1 controls.
        return Found(offset: i, length: 2, scalar: UInt32(bytes[i + 1]))
      case 0xD8 where i + 1 < count && bytes[i + 1] == 0x9C:
        // U+061C: Arabic letter mark.
        return Found(offset: i, length: 2, scalar: 0x061C)
      case 0xE2 where i + 2 < count:
        let second = bytes[i + 1]
        let third = bytes[i + 2]
        // U+200E–U+200F marks, U+2028–U+202E separators and embeddings,
        // U+2066–U+2069 isolates.
        let isInvisible =
          (second == 0x80 && ((0x8E...0x8F).contains(third) || (0xA8...0xAE).contains(third)))
          || (second == 0x81 && (0xA6...0xA9).contains(third))
        if isInvisible {
          let scalar = 0x2000 + (UInt32(second & 0x3F) << 6) + UInt32(third & 0x3F)
          return Found(offset: i, length: 3, scalar: scalar)
        }
      default:
        break
      }
      i += 1
    }
    return nil
  }

  private static func escape(_ scalar: UInt32) -> [UInt8] {
    let hex = Array("0123456789abcdef".utf8)
    return Array("\\u".utf8) + [12, 8, 4, 0].map { hex[Int((scalar >> $0) & 0xF)] }
  }
}
