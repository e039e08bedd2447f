#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The text of one cell as a plain value: up to 15 bytes of UTF-8 held inline
/// (every character of ordinary text, accents and most emoji included), a
/// longer cluster (a family emoji, a flag with a tag sequence) by its number
/// in a table of such clusters kept for the life of the process. A `Cell` is
/// then copied and compared as bytes: a frame is thousands of cells, copied
/// and compared every key, and a `String` in each made every copy count
/// references.
///
/// Two glyphs are equal when their bytes are: canonically equivalent spellings
/// (a precomposed é and e + U+0301) are different glyphs, as they are different
/// bytes to the terminal.
public struct Glyph: Hashable, Sendable {
  // Bytes 0–7 of the UTF-8 in `low`, 8–14 in the low seven bytes of `high`
  // (little end first); `high`'s top byte is the count, or `internedTag` with
  // the cluster's number in `low`.
  @usableFromInline var low: UInt64
  @usableFromInline var high: UInt64

  private static let countShift: UInt64 = 56
  private static let internedTag: UInt64 = 0xFF
  /// The most bytes held inline.
  static let inlineCapacity = 15

  /// A one-byte glyph; `byte` must be ASCII.
  @inlinable
  init(ascii byte: UInt8) {
    self.init(low: UInt64(byte), high: 1 << 56)
  }

  @usableFromInline
  init(low: UInt64, high: UInt64) {
    self.low = low
    self.high = high
  }

  public init(_ text: String) {
    var bytes = text
    self =
      bytes.withUTF8 { Glyph(inline: $0) }
      ?? Glyph(
        low: UInt64(GlyphTable.shared.number(of: text)), high: Self.internedTag << Self.countShift)
  }

  /// The glyph of `utf8`, valid UTF-8 of one grapheme.
  init(utf8: UnsafeBufferPointer<UInt8>) {
    self = Glyph(inline: utf8) ?? Glyph(String(decoding: utf8, as: UTF8.self))
  }

  private init?(inline bytes: UnsafeBufferPointer<UInt8>) {
    guard bytes.count <= Self.inlineCapacity else { return nil }
    var low: UInt64 = 0
    var high: UInt64 = 0
    for (i, byte) in bytes.enumerated() {
      if i < 8 {
        low |= UInt64(byte) << (8 * UInt64(i))
      } else {
        high |= UInt64(byte) << (8 * UInt64(i - 8))
      }
    }
    high |= UInt64(bytes.count) << Self.countShift
    self.init(low: low, high: high)
  }

  public static let space = Glyph(ascii: 0x20)
  /// U+FFFD, drawn for what the terminal cannot show.
  public static let replacement = Glyph("\u{FFFD}")
  /// No text: the right half of a wide character.
  public static let empty = Glyph(low: 0, high: 0)

  public var isEmpty: Bool { high == 0 }

  /// The byte of a one-byte (ASCII) glyph.
  @inlinable
  public var ascii: UInt8? {
    high == 1 << 56 && low < 0x80 ? UInt8(truncatingIfNeeded: low) : nil
  }

  private var isInterned: Bool { high >> Self.countShift == Self.internedTag }

  /// The glyph's UTF-8, for the length of `body`.
  public func withUTF8<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
    if isInterned {
      var text = GlyphTable.shared.text(number: Int(low))
      return text.withUTF8(body)
    }
    let count = Int(high >> Self.countShift)
    return withUnsafeBytes(of: (low, high)) { raw in
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
