import CNCurses
import TerminalUI

/// One unit of keyboard input: what `KeySequences` makes of the bytes.
enum RawInput: Hashable, Sendable {
  /// A character (a Unicode scalar value, or a control code).
  case character(UInt32)
  /// A function-key code (`KEY_UP`, `KEY_F(1)`, ...).
  case keyCode(Int32)
}

/// Turns keyboard input into the app's events: control codes become named
/// keys, Esc+char becomes Alt+char, bracketed or bursty text becomes a paste.
///
/// It keeps state between batches only while inside a bracketed paste, whose
/// text may arrive over several reads.
struct InputDecoder {
  /// This many printable characters arriving in one read count as a paste:
  /// people do not type that fast, pastes (without bracketed mode) do.
  var burstThreshold = 4
  /// Printable characters in one read that are more than keys typed ahead
  /// of a late read (a second and more of typing): a paste's.
  static let pasteLength = 16
  /// Text of a bracketed paste still waiting for its end marker.
  private var pasteText: String?
  /// The start of a possible end marker that a read cut in two.
  private var heldInput: [RawInput] = []

  private static let escape: UInt32 = 27
  private static let tab: UInt32 = 9
  private static let pasteStart = Array("200~".unicodeScalars.map(\.value))
  private static let pasteEnd: [UInt32] = [27] + Array("[201~".unicodeScalars.map(\.value))

  /// Whether a bracketed paste has started but not ended yet.
  var isInsidePaste: Bool { pasteText != nil }

  mutating func decode(_ newInput: [RawInput]) -> [TerminalEvent] {
    // What most reads bring: one typed key, in ASCII.
    if newInput.count == 1, heldInput.isEmpty, pasteText == nil,
      case .character(let value) = newInput[0], (0x20..<0x7F).contains(value)
    {
      return [.key(.char(Character(Unicode.Scalar(UInt8(value)))))]
    }
    let input = heldInput + newInput
    heldInput = []
    if pasteText == nil, let lines = Self.unmarkedLines(input) {
      return [.paste(lines)]
    }
    // Tabs among pasted text (a row copied from a spreadsheet: cells, empty
    // ones, and its line break) are text: a read of nothing but characters
    // and tabs, with one line break at most at its end, and characters
    // enough for a paste. Fewer ("Retro", Tab, Tab, "Alice", Enter read at
    // once by a late app), or with other keys in the read, they are the
    // Tab key, typed ahead.
    let tabsAreText = pasteText == nil && Self.isPastedRow(input, threshold: Self.pasteLength)
    var events: [TerminalEvent] = []
    var text = String.UnicodeScalarView()
    func flushText() {
      guard !text.isEmpty else { return }
      let string = String(text)
      text.removeAll()
      if string.count >= burstThreshold {
        events.append(.typed(string))
      } else {
        events.append(contentsOf: string.map { $0 == "\t" ? .key(.tab) : .key(.char($0)) })
      }
    }

    var i = 0
    while i < input.count {
      if pasteText != nil {
        i = consumePaste(input, from: i, into: &events)
        continue
      }
      switch input[i] {
      case .keyCode(let code):
        flushText()
        if let key = Self.key(forCode: code) { events.append(.key(key)) }
        i += 1
      case .character(Self.escape):
        flushText()
        i = decodeEscape(input, at: i, into: &events)
      case .character(let value):
        if let scalar = Unicode.Scalar(value), Self.isPrintable(scalar) {
          text.append(scalar)
        } else if value == Self.tab, tabsAreText {
          text.append(Unicode.Scalar(UInt8(value)))
        } else {
          flushText()
          if let key = Self.key(forControl: value) { events.append(.key(key)) }
        }
        i += 1
      }
    }
    flushText()
    return events
  }

  /// Lines pasted where the terminal does not mark pastes: one read of
  /// printable text and line breaks (CR, LF or both), with text after two
  /// breaks, or after one and 16 characters in all, and not one key held
  /// down. Taken as keys, the first break was Enter (a field moved on) and
  /// the lines after it were lost. Text typed ahead and Enter keep their
  /// meaning: text after a single break in a short read is a key pressed
  /// after Enter. The text, with "\n" between lines; nil for anything else.
  static func unmarkedLines(_ input: [RawInput]) -> String? {
    guard input.count > 4 else { return nil }
    var text = String.UnicodeScalarView()
    var printable = 0
    var breaksBeforeText = 0
    var pendingBreak = false
    var previous: UInt32 = 0
    var first: UInt32?
    var allSame = true
    for raw in input {
      guard case .character(let value) = raw, let scalar = Unicode.Scalar(value) else {
        return nil
      }
      if value == 13 || value == 10 {
        // CR LF is one break.
        if !(value == 10 && previous == 13) {
          text.append("\n")
          pendingBreak = true
        }
      } else if value == 9 {
        // A tab in a pasted line (columns copied from a table) is text.
        text.append(scalar)
      } else if isPrintable(scalar) {
        text.append(scalar)
        printable += 1
        if pendingBreak { breaksBeforeText += 1 }
        pendingBreak = false
        if let first, first != value { allSame = false }
        first = first ?? value
      } else {
        return nil
      }
      previous = value
    }
    let isLines = breaksBeforeText >= 2 || (breaksBeforeText == 1 && printable >= pasteLength)
    return isLines && !allSame ? String(text) : nil
  }

  /// Decodes what follows an Esc at `start`; returns the index after it.
  private mutating func decodeEscape(
    _ input: [RawInput], at start: Int, into events: inout [TerminalEvent]
  ) -> Int {
    let next = start + 1
    // Alt with Backspace (Esc DEL): a word back, as readline has it; Alt
    // with Enter or Tab: nothing. Read as Esc and then that key, they closed
    // a sheet with its draft (and Enter then started a recording).
    if next < input.count, let isBackspace = Self.altChord(input[next]) {
      if isBackspace { events.append(.key(.ctrl("w"))) }
      return next + 1
    }
    guard next < input.count, case .character(let value) = input[next],
      let scalar = Unicode.Scalar(value), Self.isPrintable(scalar)
    else {
      // Esc alone, or before something that is not a character: the Esc key.
      events.append(.key(.escape))
      return next
    }
    // Strings a terminal sends or a paste carries (OSC, DCS, APC, PM:
    // Esc ] … to BEL or Esc \) and charset selections (Esc ( B): dropped
    // whole, never typed.
    if "]P_^".unicodeScalars.contains(scalar) {
      return Self.stringEnd(input, from: next + 1)
    }
    if "()*+".unicodeScalars.contains(scalar) {
      return min(next + 2, input.count)
    }
    // The Linux console's F1–F5: Esc [ [ A … E.
    if scalar == "[", next + 2 < input.count, case .character(0x5B) = input[next + 1],
      case .character(let final) = input[next + 2], (0x41...0x45).contains(final)
    {
      events.append(.key(.function(Int(final) - 0x40)))
      return next + 3
    }
    if scalar == "[", let end = Self.csiEnd(input, from: next + 1) {
      let body = input[(next + 1)..<end].compactMap { raw -> UInt32? in
        if case .character(let v) = raw { return v } else { return nil }
      }
      if body == Self.pasteStart {
        pasteText = ""
      } else if let key = Self.csiKeys[String(decoding: body.map { UInt8($0) }, as: UTF8.self)] {
        // Sent by another terminal than TERM names (xterm's Home in tmux).
        events.append(.key(key))
      }
      // Other sequences the terminal description does not list are dropped, not typed.
      return end
    }
    // SS3 (Esc O and one final byte): what the terminal sends for arrows,
    // Home/End, F1–F4 and the keypad in application mode. Those its
    // description does not list are decoded here or dropped, never typed.
    if scalar == "O", next + 1 < input.count, case .character(let final) = input[next + 1],
      (0x40...0x7E).contains(final)
    {
      if let key = Self.ss3Keys[final] { events.append(.key(key)) }
      return next + 2
    }
    events.append(.key(.alt(Character(scalar))))
    return next + 1
  }

  /// Whether `input` is characters and at least one tab, with one line
  /// break at most at its end, and `threshold` characters or more.
  private static func isPastedRow(_ input: [RawInput], threshold: Int) -> Bool {
    var row = input[...]
    if case .character(let last) = row.last, last == 10 || last == 13 { row = row.dropLast() }
    var characters = 0
    var tabs = 0
    for raw in row {
      guard case .character(let value) = raw else { return false }
      if value == tab {
        tabs += 1
      } else if let scalar = Unicode.Scalar(value), isPrintable(scalar) {
        characters += 1
      } else {
        return false
      }
    }
    return tabs > 0 && characters >= threshold
  }

  /// Where a control string that starts at `start` ends: after its BEL or
  /// Esc \, or at the end of the input when it is cut off.
  private static func stringEnd(_ input: [RawInput], from start: Int) -> Int {
    var i = start
    while i < input.count {
      if case .character(0x07) = input[i] { return i + 1 }
      if case .character(0x1B) = input[i], i + 1 < input.count,
        case .character(0x5C) = input[i + 1]
      {
        return i + 2
      }
      i += 1
    }
    return i
  }

  /// Whether what follows an Esc makes an Alt chord with Backspace (true),
  /// Enter or Tab (false); nil for anything else. The terminal description
  /// may already have made the key of it.
  private static func altChord(_ raw: RawInput) -> Bool? {
    switch raw {
    case .character(0x7F), .character(0x08), .keyCode(KEY_BACKSPACE): true
    case .character(0x0D), .character(0x0A), .character(0x09), .keyCode(KEY_ENTER): false
    default: nil
    }
  }

  /// The CSI keys terminals commonly send, for when the description of
  /// TERM lists others (ncurses decodes those it lists before we see them).
  private static let csiKeys: [String: Key] = [
    "A": .up, "B": .down, "C": .right, "D": .left, "H": .home, "F": .end, "Z": .backTab,
    "1~": .home, "7~": .home, "4~": .end, "8~": .end, "2~": .insert, "3~": .delete,
    "5~": .pageUp, "6~": .pageDown,
    // With Ctrl (5) or Alt (3), as xterm and tmux send them.
    "1;5D": .wordLeft, "1;3D": .wordLeft, "1;5C": .wordRight, "1;3C": .wordRight,
  ]

  private static let ss3Keys: [UInt32: Key] = [
    0x41: .up, 0x42: .down, 0x43: .right, 0x44: .left, 0x48: .home, 0x46: .end,
    0x50: .function(1), 0x51: .function(2), 0x52: .function(3), 0x53: .function(4),
    0x4D: .enter,
    // rxvt's Ctrl-← and Ctrl-→.
    0x64: .wordLeft, 0x63: .wordRight,
    // The keypad in application mode: digits and operators as typed.
    0x70: .char("0"), 0x71: .char("1"), 0x72: .char("2"), 0x73: .char("3"), 0x74: .char("4"),
    0x75: .char("5"), 0x76: .char("6"), 0x77: .char("7"), 0x78: .char("8"), 0x79: .char("9"),
    0x6B: .char("+"), 0x6D: .char("-"), 0x6A: .char("*"), 0x6F: .char("/"), 0x6E: .char("."),
    0x6C: .char(","), 0x58: .char("="),
  ]

  /// The index just past a complete CSI sequence's final byte (parameters and
  /// intermediates 0x20–0x3F, final 0x40–0x7E), or nil if it is incomplete.
  private static func csiEnd(_ input: [RawInput], from start: Int) -> Int? {
    var i = start
    while i < input.count, i - start < 32 {
      guard case .character(let v) = input[i] else { return nil }
      if (0x40...0x7E).contains(v) { return i + 1 }
      guard (0x20...0x3F).contains(v) else { return nil }
      i += 1
    }
    return nil
  }

  /// Adds paste text from `start` until the end marker; returns the next index.
  private mutating func consumePaste(
    _ input: [RawInput], from start: Int, into events: inout [TerminalEvent]
  ) -> Int {
    var i = start
    var collected = String.UnicodeScalarView()
    while i < input.count {
      if Self.matches(Self.pasteEnd, in: input, at: i) {
        pasteText?.unicodeScalars.append(contentsOf: collected)
        events.append(.paste(pasteText ?? ""))
        pasteText = nil
        return i + Self.pasteEnd.count
      }
      let rest = input[i...]
      if rest.count < Self.pasteEnd.count, Self.pasteEnd.starts(with: rest.map(Self.value)) {
        heldInput = Array(rest)
        break
      }
      if case .character(let v) = input[i], let scalar = Unicode.Scalar(v) {
        // Terminals send line breaks in pastes as CR; the app wants "\n".
        collected.append(v == 13 ? "\n" : scalar)
      }
      i += 1
    }
    pasteText?.unicodeScalars.append(contentsOf: collected)
    return input.count
  }

  /// The character value of a raw input; function keys never match a marker.
  private static func value(_ raw: RawInput) -> UInt32 {
    if case .character(let v) = raw { return v }
    return UInt32.max
  }

  private static func matches(_ pattern: [UInt32], in input: [RawInput], at start: Int) -> Bool {
    guard start + pattern.count <= input.count else { return false }
    for (offset, value) in pattern.enumerated() where input[start + offset] != .character(value) {
      return false
    }
    return true
  }

  static func isPrintable(_ scalar: Unicode.Scalar) -> Bool {
    let v = scalar.value
    return v >= 0x20 && v != 0x7F && !(0x80...0x9F).contains(v)
  }

  /// Named keys for C0 control codes (what raw mode delivers for Ctrl+key).
  static func key(forControl value: UInt32) -> Key? {
    switch value {
    case 0: return .ctrl(" ")  // Ctrl-Space and Ctrl-@ send NUL
    case 8, 127: return .backspace
    case 9: return .tab
    case 10, 13: return .enter
    case 1...26: return .ctrl(Character(Unicode.Scalar(value + 96)!))
    case 28: return .ctrl("\\")
    case 29: return .ctrl("]")
    case 30: return .ctrl("^")
    case 31: return .ctrl("_")
    default: return nil
    }
  }

  /// Codes for Ctrl-← and Ctrl-→ as a terminal's description lists them
  /// (`kLFT5`, `kRIT5`, with Alt `kLFT3`, `kRIT3`): ncurses numbers such
  /// extended keys from KEY_MAX up, differently for each description.
  static let wordLeftCode = Int32.max - 1
  static let wordRightCode = Int32.max - 2

  /// Named keys for ncurses' KEY_* codes; nil for ones the app has no use for.
  static func key(forCode code: Int32) -> Key? {
    switch code {
    case KEY_UP: return .up
    case KEY_DOWN: return .down
    case KEY_LEFT: return .left
    case KEY_RIGHT: return .right
    case KEY_HOME: return .home
    case KEY_END: return .end
    case KEY_PPAGE: return .pageUp
    case KEY_NPAGE: return .pageDown
    case KEY_BTAB: return .backTab
    case KEY_DC: return .delete
    case KEY_IC: return .insert
    case KEY_BACKSPACE: return .backspace
    case KEY_ENTER: return .enter
    case wordLeftCode: return .wordLeft
    case wordRightCode: return .wordRight
    default:
      let f0 = cn_key_f(0)
      if code > f0 && code <= f0 + 63 { return .function(Int(code - f0)) }
      return nil
    }
  }
}
