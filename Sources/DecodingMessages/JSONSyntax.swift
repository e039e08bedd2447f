import Foundation

/// Where text stops being JSON, for a message a person can act on
/// (`JSONDecoder` only says that it is not).
enum JSONSyntax {
  /// "line 3, column 9: unexpected `t` in `true`", or nil when `bytes` are valid JSON.
  static func firstError<Bytes: Collection<UInt8>>(in bytes: Bytes) -> String? {
    var scanner = Scanner(bytes: Array(bytes))
    guard let problem = scanner.document() else { return nil }
    return "\(scanner.position): \(problem)"
  }

  /// In valid JSON that `JSONDecoder` still refused, what it refuses and
  /// where: "items[0].quantity: 2.5 is not a whole number", a number too
  /// large for 64 bits, a `\u` escape that is half a character. Nil when
  /// there is none of those. Numbers count only under `wholeNumberKeys`
  /// when it names any: elsewhere (a member kept unread) a fraction is fine.
  static func firstRefusedValue<Bytes: Collection<UInt8>>(
    in bytes: Bytes, wholeNumberKeys: Set<String> = []
  ) -> String? {
    var scanner = Scanner(
      bytes: Array(bytes), findsRefusedValues: true, wholeNumberKeys: wholeNumberKeys)
    guard scanner.document() == nil, let refused = scanner.refused else { return nil }
    return refused
  }

  private struct Scanner {
    let bytes: [UInt8]
    var i = 0
    /// Also looks for what JSONDecoder refuses in valid JSON (`refused`),
    /// which needs where each value is (`path`).
    var findsRefusedValues = false
    var wholeNumberKeys: Set<String> = []
    var refused: String?
    var path: [String] = []
    /// The innermost key of `path`.
    var keys: [String] = []
    /// Where the last high surrogate's `\uXXXX` ended: a low one must start there.
    var highSurrogateEnd: Int?

    /// Nil when the whole text is one JSON value; else what is wrong at `i`.
    mutating func document() -> String? {
      if let problem = value(depth: 0) { return problem }
      skipWhitespace()
      return i < bytes.count ? unexpected("after the end of the document") : nil
    }

    var position: String {
      var line = 1
      var column = 1
      for byte in bytes[..<min(i, bytes.count)] {
        if byte == 0x0A {
          line += 1
          column = 1
        } else if byte & 0xC0 != 0x80 {
          column += 1
        }
      }
      return "line \(line), column \(column)"
    }

    func unexpected(_ context: String = "") -> String {
      let suffix = context.isEmpty ? "" : " \(context)"
      guard i < bytes.count else { return "the file ends too early" }
      let byte = bytes[i]
      let shown =
        (0x21...0x7E).contains(byte)
        ? "`\(Character(Unicode.Scalar(byte)))`"
        : "byte 0x\(String(byte, radix: 16, uppercase: true))"
      return "unexpected \(shown)\(suffix)"
    }

    mutating func skipWhitespace() {
      while i < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[i]) { i += 1 }
    }

    mutating func take(_ byte: UInt8) -> Bool {
      skipWhitespace()
      guard i < bytes.count, bytes[i] == byte else { return false }
      i += 1
      return true
    }

    mutating func value(depth: Int) -> String? {
      skipWhitespace()
      guard i < bytes.count else { return unexpected() }
      guard depth < 512 else { return "nested too deeply" }
      switch bytes[i] {
      case UInt8(ascii: "{"):
        i += 1
        if take(UInt8(ascii: "}")) { return nil }
        repeat {
          skipWhitespace()
          guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else {
            return unexpected("where a key in quotes belongs")
          }
          let keyStart = i + 1
          if let problem = string() { return problem }
          let keyEnd = i - 1
          guard take(UInt8(ascii: ":")) else { return unexpected("where `:` belongs") }
          if findsRefusedValues {
            let key = Self.text(ofKey: bytes[(keyStart - 1)...keyEnd])
            path.append(path.isEmpty ? key : ".\(key)")
            keys.append(key)
          }
          if let problem = value(depth: depth + 1) { return problem }
          if findsRefusedValues {
            path.removeLast()
            keys.removeLast()
          }
        } while take(UInt8(ascii: ","))
        return take(UInt8(ascii: "}")) ? nil : unexpected("where `,` or `}` belongs")
      case UInt8(ascii: "["):
        i += 1
        if take(UInt8(ascii: "]")) { return nil }
        var index = 0
        repeat {
          if findsRefusedValues { path.append("[\(index)]") }
          if let problem = value(depth: depth + 1) { return problem }
          if findsRefusedValues { path.removeLast() }
          index += 1
        } while take(UInt8(ascii: ","))
        return take(UInt8(ascii: "]")) ? nil : unexpected("where `,` or `]` belongs")
      case UInt8(ascii: "\""): return string()
      case UInt8(ascii: "t"): return word("true")
      case UInt8(ascii: "f"): return word("false")
      case UInt8(ascii: "n"): return word("null")
      case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return number()
      default: return unexpected("where a value belongs")
      }
    }

    mutating func word(_ text: String) -> String? {
      for expected in text.utf8 {
        guard i < bytes.count, bytes[i] == expected else {
          return unexpected("in `\(text)`")
        }
        i += 1
      }
      return nil
    }

    mutating func string() -> String? {
      let start = i
      i += 1
      while i < bytes.count {
        switch bytes[i] {
        case UInt8(ascii: "\""):
          i += 1
          return nil
        case UInt8(ascii: "\\"):
          i += 1
          guard i < bytes.count else { return "a string is not closed" }
          if bytes[i] == UInt8(ascii: "u") {
            let hex = bytes[(i + 1)..<min(i + 5, bytes.count)]
            guard hex.count == 4, hex.allSatisfy({ Character(Unicode.Scalar($0)).isHexDigit })
            else {
              return unexpected("in a \\u escape, which takes four hex digits")
            }
            if findsRefusedValues { noteSurrogate(hex) }
            i += 5
          } else {
            guard "\"\\/bfnrt".utf8.contains(bytes[i]) else {
              i -= 1
              return unexpected("in a string: not an escape JSON has")
            }
            i += 1
          }
        case 0x00..<0x20:
          return bytes[i] == 0x0A ? "a string is not closed on its line" : unexpected("in a string")
        default:
          i += 1
        }
      }
      i = start
      return "a string is not closed"
    }

    /// A key as the file means it, its escapes read (as written if they
    /// cannot be).
    static func text(ofKey quoted: ArraySlice<UInt8>) -> String {
      let raw = String(decoding: quoted.dropFirst().dropLast(), as: UTF8.self)
      guard quoted.contains(UInt8(ascii: "\\")) else { return raw }
      return (try? JSONDecoder().decode(String.self, from: Data(quoted))) ?? raw
    }

    /// A high surrogate must be followed by `\u` and a low one; a low one
    /// must follow a high one.
    mutating func noteSurrogate(_ hex: ArraySlice<UInt8>) {
      guard refused == nil, let unit = UInt16(String(decoding: hex, as: UTF8.self), radix: 16)
      else { return }
      let escape = "\\u" + String(decoding: hex, as: UTF8.self)
      let pairEscape = bytes.dropFirst(i + 5).prefix(6)
      let pair =
        pairEscape.count == 6 && pairEscape.starts(with: Array("\\u".utf8))
        ? UInt16(String(decoding: pairEscape.dropFirst(2), as: UTF8.self), radix: 16) : nil
      let isHigh = (0xD800...0xDBFF).contains(unit)
      let isLow = (0xDC00...0xDFFF).contains(unit)
      // `i` is at the escape's `u`.
      let afterHigh = highSurrogateEnd == i - 1
      highSurrogateEnd = isHigh ? i + 5 : nil
      if (isHigh && !(pair.map { (0xDC00...0xDFFF).contains($0) } ?? false))
        || (isLow && !afterHigh)
      {
        refused = "\(location): \(escape) is half a character (a surrogate without its pair)"
      }
    }

    /// Where the scanner is, as DecodingMessages.path writes it.
    var location: String { path.isEmpty ? "the top level" : path.joined() }

    mutating func number() -> String? {
      let start = i
      defer { if findsRefusedValues, refused == nil { noteNumber(bytes[start..<i]) } }
      if bytes[i] == UInt8(ascii: "-") { i += 1 }
      func digits(_ scanner: inout Scanner) -> Int {
        let start = scanner.i
        while scanner.i < scanner.bytes.count,
          (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(scanner.bytes[scanner.i])
        {
          scanner.i += 1
        }
        return scanner.i - start
      }
      let integerStart = i
      let integerDigits = digits(&self)
      guard integerDigits > 0 else { return unexpected("in a number") }
      if integerDigits > 1, bytes[integerStart] == UInt8(ascii: "0") {
        i = integerStart
        return "a number starts with 0 (JSON has no leading zeros)"
      }
      if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
        i += 1
        guard digits(&self) > 0 else { return unexpected("in a number") }
      }
      if i < bytes.count, bytes[i] | 0x20 == UInt8(ascii: "e") {
        i += 1
        if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") {
          i += 1
        }
        guard digits(&self) > 0 else { return unexpected("in a number") }
      }
      return nil
    }

    /// Numbers in these files are whole and fit 64 bits (JSONDecoder reads
    /// 1e3 as 1000, not 2.5 nor 2^64).
    mutating func noteNumber(_ text: ArraySlice<UInt8>) {
      if !wholeNumberKeys.isEmpty, !(keys.last.map(wholeNumberKeys.contains) ?? false) { return }
      let written = String(decoding: text, as: UTF8.self)
      let tooLarge =
        written.hasPrefix("-")
        ? "\(location): \(written) is too small (at least -9223372036854775808)"
        : "\(location): \(written) is too large (at most 9223372036854775807)"
      guard written.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }) else {
        if Int64(written) == nil { refused = tooLarge }
        return
      }
      guard let value = Double(written) else { return }
      if value.rounded() != value {
        refused = "\(location): \(written) is not a whole number"
      } else if value.magnitude >= 0x1p63 {
        refused = tooLarge
      }
    }
  }
}
