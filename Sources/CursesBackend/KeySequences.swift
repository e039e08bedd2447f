import CNCurses

/// Splits what the keyboard sent into characters and the function keys the
/// terminal's description lists, as ncurses' own reading does: the longest
/// listed sequence wins, and a tail that could still grow into one (an Esc
/// alone, half an arrow key) or half a UTF-8 character waits for the next
/// bytes, or is taken as it is once the escape delay has passed.
///
/// Reading the keyboard this way costs one read(2) a key: ncurses' own
/// reading polls before and after every byte.
struct KeySequences {
  /// Every listed sequence and its KEY_* code. A terminal lists a few
  /// hundred at most, and only bytes that start one are looked up: a search
  /// costs less than hashing arrays would at start-up.
  private var sequences: [(bytes: [UInt8], code: Int32)] = []
  /// Bytes that start a listed sequence; any other byte skips the look-up.
  private var leads = [Bool](repeating: false, count: 256)

  /// `sequences`: each key's bytes and its KEY_* code. Where two keys send
  /// the same bytes, the first listed wins. A key the app has no use for
  /// that is one control character stays that character: `linux` lists
  /// Ctrl-Z as its Suspend key (`kspd`), which would otherwise swallow it.
  init(_ sequences: [(bytes: [UInt8], code: Int32)]) {
    for (bytes, code) in sequences
    where !bytes.isEmpty && !self.sequences.contains(where: { $0.bytes == bytes }) {
      if bytes.count == 1, InputDecoder.key(forControl: UInt32(bytes[0])) != nil,
        InputDecoder.key(forCode: code) == nil
      {
        continue
      }
      self.sequences.append((bytes, code))
      leads[Int(bytes[0])] = true
    }
  }

  /// The key sequences of the current terminal's description (its string
  /// capabilities named k…, its own extended ones too), each with the code
  /// ncurses has given it; `keypad` must be on, which binds them.
  static func ofCurrentTerminal() -> KeySequences {
    var sequences: [(bytes: [UInt8], code: Int32)] = []
    for index in 0..<cn_string_capability_count() {
      guard let name = cn_string_capability_name(index), name.pointee == UInt8(ascii: "k"),
        let value = cn_string_capability_value(index), value.pointee != 0
      else { continue }
      var code = key_defined(value)
      guard code > 0 else { continue }
      if code > KEY_MAX {
        let name = String(cString: name)
        if let standard = standardCode(ofExtended: name) ?? wordMoveCode(ofExtended: name) {
          code = standard
        }
      }
      sequences.append((Array(UnsafeRawBufferPointer(start: value, count: strlen(value))), code))
    }
    return KeySequences(sequences)
  }

  /// A second sequence for a standard key, as an extended capability named
  /// after it with a number (`linux` lists Shift-Tab as `kcbt` and `kcbt2`,
  /// the `\E[Z` that tmux and most terminals send): the standard key's
  /// code, where ncurses gives it a code of its own no app knows.
  static func standardCode(
    ofExtended name: String,
    codeOfStandard: (String) -> Int32? = { name in
      cn_tigetstr(name).map { key_defined($0) }
    }
  ) -> Int32? {
    let base = String(name.reversed().drop(while: \.isNumber).reversed())
    guard base != name, base.count > 1, base.hasPrefix("k"),
      let code = codeOfStandard(base), code > 0, code <= KEY_MAX,
      InputDecoder.key(forCode: code) != nil
    else { return nil }
    return code
  }

  /// The code `InputDecoder` reads as a word move for Ctrl or Alt with ← or →.
  static func wordMoveCode(ofExtended name: String) -> Int32? {
    switch name {
    case "kLFT3", "kLFT5": InputDecoder.wordLeftCode
    case "kRIT3", "kRIT5": InputDecoder.wordRightCode
    default: nil
    }
  }

  /// Decodes `bytes`. Unless `final`, a tail that may be the start of a
  /// longer key or character is returned as `rest`, to decode again with
  /// the bytes that follow it; `final` takes it as it is. Bytes that are not
  /// UTF-8 are dropped.
  func decode(_ bytes: [UInt8], final: Bool) -> (input: [RawInput], rest: [UInt8]) {
    var input: [RawInput] = []
    input.reserveCapacity(bytes.count)
    var i = 0
    while i < bytes.count {
      let byte = bytes[i]
      if leads[Int(byte)] {
        if !final, mayGrow(bytes[i...]) {
          return (input, Array(bytes[i...]))
        }
        if let (code, length) = longestKey(in: bytes, at: i) {
          input.append(.keyCode(code))
          i += length
          continue
        }
      }
      let length = Self.utf8Length(lead: byte)
      guard length > 0 else {
        i += 1
        continue
      }
      guard i + length <= bytes.count else {
        if !final { return (input, Array(bytes[i...])) }
        break
      }
      if let value = Self.scalar(bytes, at: i, length: length) {
        input.append(.character(value))
        i += length
      } else {
        i += 1
      }
    }
    return (input, [])
  }

  private func longestKey(in bytes: [UInt8], at start: Int) -> (Int32, Int)? {
    var best: (code: Int32, length: Int)?
    for (sequence, code) in sequences
    where sequence.count > best?.length ?? 0 && start + sequence.count <= bytes.count
      && bytes[start..<(start + sequence.count)].elementsEqual(sequence)
    {
      best = (code, sequence.count)
    }
    return best
  }

  /// Whether `tail` is the start of a longer listed sequence.
  private func mayGrow(_ tail: ArraySlice<UInt8>) -> Bool {
    sequences.contains { $0.bytes.count > tail.count && $0.bytes.starts(with: tail) }
  }

  /// How many bytes a UTF-8 character starting with `lead` has; 0 for a byte
  /// that cannot start one.
  private static func utf8Length(lead: UInt8) -> Int {
    switch lead {
    case 0x00...0x7F: 1
    case 0xC2...0xDF: 2
    case 0xE0...0xEF: 3
    case 0xF0...0xF4: 4
    default: 0
    }
  }

  /// The scalar value of the `length`-byte character at `start`, or nil if
  /// it is not well-formed UTF-8.
  private static func scalar(_ bytes: [UInt8], at start: Int, length: Int) -> UInt32? {
    if length == 1 { return UInt32(bytes[start]) }
    var decoder = UTF8()
    var iterator = bytes[start..<(start + length)].makeIterator()
    guard case .scalarValue(let scalar) = decoder.decode(&iterator), iterator.next() == nil
    else { return nil }
    return scalar.value
  }
}
