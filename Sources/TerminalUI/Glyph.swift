#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The text of one cell as a plain value: up to 7 bytes of UTF-8 held inline
/// (ASCII, accented letters, CJK, most single emoji), a longer cluster (a
/// flag, an emoji with a skin tone or joiners) by its number in a table of
/// such clusters kept for the life of the process. A `Cell` is then copied
/// and compared as bytes: a frame is thousands of cells, copied and compared
/// every key, and a `String` in each made every copy count references; eight
/// bytes keep a frame's grids small enough to stay in cache between keys.
///
/// Two glyphs are equal when their bytes are: canonically equivalent spellings
/// (a precomposed é and e + U+0301) are different glyphs, as they are different
/// bytes to the terminal.
public struct Glyph: Hashable, Sendable {
  // The UTF-8 in the low seven bytes (little end first); the top byte is the
  // count, or `internedTag` with the cluster's number in the low bytes.
  @usableFromInline var bits: UInt64

  private static let countShift: UInt64 = 56
  private static let internedTag: UInt64 = 0xFF
  /// The most bytes held inline.
  static let inlineCapacity = 7

  /// A one-byte glyph; `byte` must be ASCII.
  @inlinable
  init(ascii byte: UInt8) {
    self.init(bits: UInt64(byte) | 1 << 56)
  }

  @usableFromInline
  init(bits: UInt64) {
    self.bits = bits
  }

  public init(_ text: String) {
    var bytes = text
    self =
      bytes.withUTF8 { Glyph(inline: $0) }
      ?? Glyph(
        bits: UInt64(GlyphTable.shared.number(of: text)) | Self.internedTag << Self.countShift)
  }

  /// The glyph of `utf8`, valid UTF-8 of one grapheme.
  init(utf8: UnsafeBufferPointer<UInt8>) {
    self = Glyph(inline: utf8) ?? Glyph(String(decoding: utf8, as: UTF8.self))
  }

  private init?(inline bytes: UnsafeBufferPointer<UInt8>) {
    guard bytes.count <= Self.inlineCapacity else { return nil }
    var bits: UInt64 = 0
    for (i, byte) in bytes.enumerated() {
      bits |= UInt64(byte) << (8 * UInt64(i))
    }
    bits |= UInt64(bytes.count) << Self.countShift
    self.init(bits: bits)
  }

  public static let space = Glyph(ascii: 0x20)
  /// U+FFFD, drawn for what the terminal cannot show.
  public static let replacement = Glyph("\u{FFFD}")
  /// No text: the right half of a wide character.
  public static let empty = Glyph(bits: 0)

  public var isEmpty: Bool { bits == 0 }

  /// The byte of a one-byte (ASCII) glyph.
  @inlinable
  public var ascii: UInt8? {
    bits >> 56 == 1 && bits & 0xFF < 0x80 ? UInt8(truncatingIfNeeded: bits) : nil
  }

  private var isInterned: Bool { bits >> Self.countShift == Self.internedTag }

  /// The glyph's UTF-8, for the length of `body`.
  public func withUTF8<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
    if isInterned {
      var text = GlyphTable.shared.text(number: Int(bits & (1 << Self.countShift - 1)))
      return text.withUTF8(body)
    }
    let count = Int(bits >> Self.countShift)
    return withUnsafeBytes(of: bits) { raw in
      body(UnsafeBufferPointer(rebasing: raw.bindMemory(to: UInt8.self)[0..<count]))
    }
  }

  public var string: String {
    if let ascii { return Self.asciiStrings[Int(ascii)] }
    return withUTF8 { String(decoding: $0, as: UTF8.self) }
  }

  /// The one-character strings of ASCII, made once: `string` of the common
  /// glyph allocates nothing.
  private static let asciiStrings: [String] = (0..<0x80).map {
    String(Character(Unicode.Scalar(UInt8($0))))
  }
}

extension Glyph: CustomStringConvertible, CustomDebugStringConvertible {
  public var description: String { string }
  public var debugDescription: String { string.debugDescription }
}

/// The clusters too long to hold inline, numbered in the order first seen.
/// Shared by every thread that draws; a process shows few of them, and they
/// are kept so that a number always means the same text.
final class GlyphTable: @unchecked Sendable {
  static let shared = GlyphTable()

  // `numbers` and `texts` are only touched with `mutex` held.
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>
  // Keyed by the bytes: `String` equality would merge canonically equivalent spellings.
  private var numbers: [[UInt8]: Int] = [:]
  private var texts: [String] = []

  private init() {
    mutex = .allocate(capacity: 1)
    mutex.initialize(to: pthread_mutex_t())
    pthread_mutex_init(mutex, nil)
  }

  func number(of text: String) -> Int {
    let bytes = Array(text.utf8)
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    if let number = numbers[bytes] { return number }
    texts.append(text)
    numbers[bytes] = texts.count - 1
    return texts.count - 1
  }

  func text(number: Int) -> String {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return texts[number]
  }
}
