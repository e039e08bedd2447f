/// Members the format does not name, read as plain JSON values to be kept
/// (`JSONMembers`). Anything else than JSON, or nesting deeper than
/// `maximumDepth`, is left to the decoder, which words the error.
extension DataFileReader {
  static let maximumDepth = 64

  /// Reads the value of the member `key` into `members`; a key already there
  /// is a repeated key, which the decoder reports.
  mutating func otherMember(_ key: String, into members: inout [JSONMembers.Member]) -> Bool {
    guard !members.contains(where: { $0.key == key }), let value = anyValue(depth: 0) else {
      return false
    }
    members.append(.init(key: key, value: value))
    return true
  }

  mutating func anyValue(depth: Int) -> JSONValue? {
    skipWhitespace()
    guard i < bytes.count, depth < Self.maximumDepth else { return nil }
    switch bytes[i] {
    case Self.quote:
      return string().map(JSONValue.string)
    case UInt8(ascii: "["):
      var elements: [JSONValue] = []
      i += 1
      if take(UInt8(ascii: "]")) { return .array(elements) }
      repeat {
        guard let element = anyValue(depth: depth + 1) else { return nil }
        elements.append(element)
      } while take(UInt8(ascii: ","))
      return take(UInt8(ascii: "]")) ? .array(elements) : nil
    case UInt8(ascii: "{"):
      var members: [JSONMembers.Member] = []
      i += 1
      if take(UInt8(ascii: "}")) { return .object(JSONMembers()) }
      repeat {
        guard let key = string(), take(UInt8(ascii: ":")),
          let value = anyValue(depth: depth + 1)
        else { return nil }
        members.append(.init(key: key, value: value))
      } while take(UInt8(ascii: ","))
      guard take(UInt8(ascii: "}")), let object = JSONMembers(members) else { return nil }
      return .object(object)
    case UInt8(ascii: "t"): return literal("true") ? .bool(true) : nil
    case UInt8(ascii: "f"): return literal("false") ? .bool(false) : nil
    case UInt8(ascii: "n"): return null() ? .null : nil
    default: return numberText().map(JSONValue.number)
    }
  }

  private mutating func literal(_ word: StaticString) -> Bool {
    let count = word.utf8CodeUnitCount
    guard bytes.count - i >= count else { return false }
    let matches = word.withUTF8Buffer { word in
      (0..<count).allSatisfy { bytes[i + $0] == word[$0] }
    }
    if matches { i += count }
    return matches
  }

  /// A number as JSON spells it, `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`,
  /// as its text.
  private mutating func numberText() -> String? {
    let start = i
    func digits(_ reader: inout Self) -> Int {
      let first = reader.i
      while reader.i < reader.bytes.count, (0x30...0x39).contains(reader.bytes[reader.i]) {
        reader.i += 1
      }
      return reader.i - first
    }
    if i < bytes.count, bytes[i] == UInt8(ascii: "-") { i += 1 }
    let integerStart = i
    let integerDigits = digits(&self)
    guard integerDigits > 0, integerDigits == 1 || bytes[integerStart] != 0x30 else { return nil }
    if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
      i += 1
      guard digits(&self) > 0 else { return nil }
    }
    if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
      i += 1
      if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") {
        i += 1
      }
      guard digits(&self) > 0 else { return nil }
    }
    return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self)
  }
}
