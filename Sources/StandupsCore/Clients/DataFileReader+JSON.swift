import Foundation

/// The JSON underneath `DataFileReader`'s format: whitespace, punctuation,
/// strings (eight bytes at a time), integers, UUIDs and dates.
extension DataFileReader {

  static let quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\")

  mutating func skipWhitespace() {
    while i < bytes.count {
      switch bytes[i] {
      case 0x20, 0x0A, 0x0D, 0x09: i += 1
      default: return
      }
    }
  }

  /// Consumes `byte` (after whitespace) if it is next.
  mutating func take(_ byte: UInt8) -> Bool {
    skipWhitespace()
    guard i < bytes.count, bytes[i] == byte else { return false }
    i += 1
    return true
  }

  /// The keys of the format.
  enum Key: CaseIterable {
    case version, standups, id, title, theme, minutes, attendees, meetings, name, date, transcript

    static let utf8: [(key: Key, bytes: [UInt8])] = allCases.map { ($0, Array("\($0)".utf8)) }
  }

  /// An object; `member` reads the value of each key and says whether it was
  /// one it expects. Other keys go to `other` when it is given, else (and keys
  /// with escapes) are left to the decoder.
  mutating func object(
    _ member: (inout Self, Key) -> Bool, other: ((inout Self, String) -> Bool)? = nil
  ) -> Bool {
    guard take(UInt8(ascii: "{")) else { return false }
    if take(UInt8(ascii: "}")) { return true }
    repeat {
      guard take(Self.quote) else { return false }
      let start = i
      while i < bytes.count, bytes[i] != Self.quote, bytes[i] != Self.backslash { i += 1 }
      guard i < bytes.count, bytes[i] == Self.quote else { return false }
      let name = UnsafeRawBufferPointer(rebasing: bytes[start..<i])
      i += 1
      guard take(UInt8(ascii: ":")) else { return false }
      if let key = Key.utf8.first(where: {
        $0.bytes.count == name.count && $0.bytes.elementsEqual(name)
      })?.key {
        guard member(&self, key) else { return false }
      } else {
        // A raw control character is not JSON: the decoder says so.
        guard let other, !name.contains(where: { $0 < 0x20 }),
          other(&self, String(decoding: name, as: UTF8.self))
        else { return false }
      }
    } while take(UInt8(ascii: ","))
    return take(UInt8(ascii: "}"))
  }

  /// The empty list to start from, made once (as `Standup.noAttendees`).
  static let noStandups = IdentifiedArrayOf<Standup>()

  /// An array of elements with unique ids, appended to `empty`.
  mutating func array<Element: Identifiable>(
    of element: (inout Self) -> Element?, into empty: IdentifiedArrayOf<Element>
  ) -> IdentifiedArrayOf<Element>? {
    var result = empty
    let read = elements(of: element, add: { result.append($0).inserted })
    return read ? result : nil
  }

  /// An array of strings.
  mutating func strings() -> [String]? {
    var result: [String] = []
    let read = elements(
      of: { $0.string() },
      add: { (next: String) -> Bool in
        result.append(next)
        return true
      })
    return read ? result : nil
  }

  /// A JSON array, each element read by `element` and handed to `add`;
  /// false when an element cannot be read, or `add` returns false.
  private mutating func elements<Element>(
    of element: (inout Self) -> Element?, add: (Element) -> Bool
  ) -> Bool {
    guard take(UInt8(ascii: "[")) else { return false }
    if take(UInt8(ascii: "]")) { return true }
    repeat {
      guard let next = element(&self), add(next) else { return false }
    } while take(UInt8(ascii: ","))
    return take(UInt8(ascii: "]"))
  }

  mutating func null() -> Bool {
    skipWhitespace()
    guard bytes.count - i >= 4, bytes[i] == UInt8(ascii: "n"), bytes[i + 1] == UInt8(ascii: "u"),
      bytes[i + 2] == UInt8(ascii: "l"), bytes[i + 3] == UInt8(ascii: "l")
    else { return false }
    i += 4
    return true
  }

  /// A plain integer: optional minus, no leading zeros, no fraction or exponent.
  mutating func integer() -> Int? {
    skipWhitespace()
    let negative = i < bytes.count && bytes[i] == UInt8(ascii: "-")
    if negative { i += 1 }
    let start = i
    var value = 0
    while i < bytes.count, bytes[i] >= 0x30, bytes[i] <= 0x39 {
      let (times10, o1) = value.multipliedReportingOverflow(by: 10)
      let (sum, o2) = times10.addingReportingOverflow(Int(bytes[i] - 0x30))
      guard !o1, !o2 else { return nil }
      value = sum
      i += 1
    }
    let digits = i - start
    guard digits > 0, digits == 1 || bytes[start] != 0x30 else { return nil }
    if i < bytes.count {
      switch bytes[i] {
      case UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"): return nil
      default: break
      }
    }
    return negative ? -value : value
  }

  /// A string, escapes decoded.
  mutating func string() -> String? {
    guard take(Self.quote) else { return nil }
    let start = i
    skipPlainStringBytes()
    guard i < bytes.count else { return nil }
    if bytes[i] == Self.quote {
      i += 1
      return String(
        decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<(i - 1)]), as: UTF8.self)
    }
    // Escapes (every multi-line transcript has some): find the closing quote,
    // then decode into one allocation — the text never grows when decoded.
    while i < bytes.count, bytes[i] == Self.backslash {
      i += bytes.count - i >= 2 ? 2 : 1
      skipPlainStringBytes()
    }
    guard i < bytes.count, bytes[i] == Self.quote else { return nil }
    let end = i
    i += 1
    var escapes = DataFileReader(UnsafeRawBufferPointer(rebasing: bytes[start..<end]))
    var valid = true
    let text = String(unsafeUninitializedCapacity: end - start) { output in
      var count = 0
      while escapes.i < escapes.bytes.count {
        // The run up to the next backslash, copied whole (the span holds no
        // quotes or control characters: the scan above stopped at those).
        let run = UnsafeRawBufferPointer(rebasing: escapes.bytes[escapes.i...])
        let runLength =
          memchr(run.baseAddress!, Int32(Self.backslash), run.count)
          .map { UnsafeRawPointer($0) - run.baseAddress! } ?? run.count
        UnsafeMutableRawPointer(output.baseAddress! + count)
          .copyMemory(from: run.baseAddress!, byteCount: runLength)
        count += runLength
        escapes.i += runLength
        guard escapes.i < escapes.bytes.count else { break }
        // A backslash is never last: it would have escaped the closing quote.
        let escape = escapes.bytes[escapes.i + 1]
        escapes.i += 2
        switch escape {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): output[count] = escape
        case UInt8(ascii: "b"): output[count] = 0x08
        case UInt8(ascii: "f"): output[count] = 0x0C
        case UInt8(ascii: "n"): output[count] = 0x0A
        case UInt8(ascii: "r"): output[count] = 0x0D
        case UInt8(ascii: "t"): output[count] = 0x09
        case UInt8(ascii: "u"):
          guard let scalar = escapes.unicodeEscape() else {
            valid = false
            return 0
          }
          // At most 4 bytes from at least 6 of `\uXXXX`.
          for unit in scalar.utf8 {
            output[count] = unit
            count += 1
          }
          continue
        default:
          valid = false
          return 0
        }
        count += 1
      }
      return count
    }
    return valid ? text : nil
  }

  /// Moves `i` to the next quote, backslash or control character (which JSON
  /// does not allow raw in a string), eight bytes at a time.
  mutating func skipPlainStringBytes() {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    while bytes.count - i >= 8 {
      let word = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: i, as: UInt64.self))
      let quotes = word ^ (ones &* UInt64(Self.quote))
      let backslashes = word ^ (ones &* UInt64(Self.backslash))
      // A byte is flagged when it is zero (after the xor) or below 0x20.
      let special =
        ((quotes &- ones) & ~quotes) | ((backslashes &- ones) & ~backslashes)
        | ((word &- ones &* 0x20) & ~word)
      if special & highs != 0 { break }
      i += 8
    }
    while i < bytes.count, bytes[i] != Self.quote, bytes[i] != Self.backslash, bytes[i] >= 0x20 {
      i += 1
    }
  }

  /// The scalar of `\uXXXX` (after the `u`), pairing surrogates.
  mutating func unicodeEscape() -> Unicode.Scalar? {
    guard let unit = hex4() else { return nil }
    if (0xDC00...0xDFFF).contains(unit) { return nil }
    guard (0xD800...0xDBFF).contains(unit) else { return Unicode.Scalar(unit) }
    guard bytes.count - i >= 2, bytes[i] == Self.backslash, bytes[i + 1] == UInt8(ascii: "u")
    else { return nil }
    i += 2
    guard let low = hex4(), (0xDC00...0xDFFF).contains(low) else { return nil }
    return Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))
  }

  mutating func hex4() -> UInt32? {
    guard bytes.count - i >= 4 else { return nil }
    var value: UInt32 = 0
    for _ in 0..<4 {
      guard let digit = Self.hexValue(bytes[i]) else { return nil }
      value = value << 4 | UInt32(digit)
      i += 1
    }
    return value
  }

  static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case 0x30...0x39: byte - 0x30
    case 0x41...0x46: byte - 0x41 + 10
    case 0x61...0x66: byte - 0x61 + 10
    default: nil
    }
  }

  /// A UUID string, 8-4-4-4-12 hex digits in either case (what `UUID(uuidString:)` takes).
  mutating func uuid() -> UUID? {
    guard take(Self.quote), bytes.count - i >= 37, bytes[i + 36] == Self.quote else { return nil }
    // The 32 hex digits, as two 64-bit halves.
    var high: UInt64 = 0
    var low: UInt64 = 0
    var digits = 0
    for offset in 0..<36 {
      let byte = bytes[i + offset]
      switch offset {
      case 8, 13, 18, 23:
        guard byte == UInt8(ascii: "-") else { return nil }
      default:
        guard let digit = Self.hexValue(byte) else { return nil }
        if digits < 16 {
          high = high << 4 | UInt64(digit)
        } else {
          low = low << 4 | UInt64(digit)
        }
        digits += 1
      }
    }
    i += 37
    func b(_ word: UInt64, _ k: UInt64) -> UInt8 { UInt8(truncatingIfNeeded: word >> (56 - 8 * k)) }
    return UUID(
      uuid: (
        b(high, 0), b(high, 1), b(high, 2), b(high, 3), b(high, 4), b(high, 5), b(high, 6),
        b(high, 7), b(low, 0), b(low, 1), b(low, 2), b(low, 3), b(low, 4), b(low, 5), b(low, 6),
        b(low, 7)
      ))
  }

  /// An ISO 8601 date as `JSONEncoder` writes it, `YYYY-MM-DDTHH:MM:SSZ`, UTC.
  /// Other forms (fractions, offsets) and years before 1900 — where calendars
  /// disagree about the Gregorian switch — are left to the decoder.
  mutating func date() -> Date? {
    guard take(Self.quote), bytes.count - i >= 21, bytes[i + 20] == Self.quote else { return nil }
    func number(_ offset: Int, _ count: Int) -> Int? {
      var value = 0
      for k in offset..<(offset + count) {
        let byte = bytes[i + k]
        guard byte >= 0x30, byte <= 0x39 else { return nil }
        value = value * 10 + Int(byte - 0x30)
      }
      return value
    }
    func separator(_ offset: Int, _ ascii: Unicode.Scalar) -> Bool {
      bytes[i + offset] == UInt8(ascii: ascii)
    }
    guard let year = number(0, 4), separator(4, "-"), let month = number(5, 2), separator(7, "-"),
      let day = number(8, 2), separator(10, "T"), let hour = number(11, 2), separator(13, ":"),
      let minute = number(14, 2), separator(16, ":"), let second = number(17, 2),
      separator(19, "Z"), year >= 1900, (1...12).contains(month),
      (1...Self.days(inMonth: month, year: year)).contains(day), hour < 24, minute < 60,
      second < 60
    else { return nil }
    i += 21
    // Days since 1970-01-01 in the proleptic Gregorian calendar (Howard Hinnant's algorithm).
    let y = month <= 2 ? year - 1 : year
    let era = y / 400
    let yearOfEra = y - era * 400
    let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    let days = era * 146_097 + dayOfEra - 719_468
    let seconds = days * 86_400 + hour * 3_600 + minute * 60 + second
    return Date(timeIntervalSince1970: TimeInterval(seconds))
  }

  static func days(inMonth month: Int, year: Int) -> Int {
    switch month {
    case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }
}
