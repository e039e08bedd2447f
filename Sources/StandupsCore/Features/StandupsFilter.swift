import Foundation

/// The list's filter line: what the user typed, where the cursor is, and
/// whether the line is open (keys type into it) or the filter is kept.
///
/// A standup matches when every word of `text` is part of its title, an
/// attendee's name or a word of a transcript, ignoring case and accents
/// (see `SearchFolding`).
public struct StandupsFilter: Equatable, Sendable {
  public var text: String {
    didSet { cursor = min(cursor, text.count) }
  }
  /// Graphemes before the cursor: 0…text.count.
  public var cursor: Int
  /// The line is open: printable keys type into it.
  public var isEditing: Bool

  public init(text: String = "", cursor: Int? = nil, isEditing: Bool = false) {
    self.text = text
    self.cursor = min(max(0, cursor ?? text.count), text.count)
    self.isEditing = isEditing
  }

  /// The folded words every match must contain; empty: no filter.
  public var words: [[UInt8]] { SearchFolding.words(text) }

  /// Whether the text narrows the list (it has a word, not only spaces).
  public var isFiltering: Bool { !words.isEmpty }
}

/// Case- and accent-insensitive folding for the filter, without ICU: ASCII
/// letters lower-cased, Latin-1 Supplement and Latin Extended-A letters to
/// their ASCII base (é → e, ß → ss, œ → oe, ł → l), combining diacritical
/// marks (U+0300–U+036F, as decomposed text has them) dropped, basic Greek
/// and Cyrillic capitals lower-cased. Anything else that is not punctuation
/// or a space stays as it is (CJK, emoji), compared byte for byte.
///
/// Text folds to words of UTF-8 bytes; punctuation, spaces and controls
/// separate words.
public enum SearchFolding {
  /// The folded words of `text`, in order, repeats kept.
  public static func words(_ text: String) -> [[UInt8]] {
    var words: [[UInt8]] = []
    var word: [UInt8] = []
    fold(text) { byte in
      if let byte {
        word.append(byte)
      } else if !word.isEmpty {
        words.append(word)
        word.removeAll(keepingCapacity: true)
      }
    }
    if !word.isEmpty { words.append(word) }
    return words
  }

  /// `text` folded, its words joined by single spaces (for tests and debugging).
  public static func folded(_ text: String) -> String {
    words(text).map { String(decoding: $0, as: UTF8.self) }.joined(separator: " ")
  }

  /// Feeds the folded bytes of `text` to `emit`; nil marks a word boundary
  /// (several in a row may come).
  @inline(__always)
  static func fold(_ text: String, _ emit: (UInt8?) -> Void) {
    for scalar in text.unicodeScalars {
      let value = scalar.value
      if value < 0x80 {
        let folded = ascii[Int(value)]
        emit(folded == 0 ? nil : folded)
        continue
      }
      if value >= 0xA0, value < 0x180 {
        let replacement = latin[Int(value - 0xA0)]
        if replacement.isEmpty {
          emit(nil)
        } else {
          for byte in replacement.utf8 { emit(byte) }
        }
        continue
      }
      switch value {
      case 0x80..<0xA0, 0x2000...0x206F, 0x3000...0x3003, 0xFEFF:
        // C1 controls, general punctuation and spaces, CJK spaces and
        // punctuation, the byte order mark: separators.
        emit(nil)
        continue
      case 0x300...0x36F:
        // Combining diacritical marks: "e\u{301}" matches "e".
        continue
      default:
        break
      }
      var lowered = value
      switch value {
      case 0x391...0x3A9 where value != 0x3A2: lowered = value + 0x20  // Greek capitals
      case 0x3C2: lowered = 0x3C3  // final sigma
      case 0x410...0x42F: lowered = value + 0x20  // Cyrillic capitals
      case 0x400...0x40F: lowered = value + 0x50  // Ѐ…Џ
      default: break
      }
      for byte in UTF8.encode(Unicode.Scalar(lowered) ?? scalar)! { emit(byte) }
    }
  }

  /// ASCII: letters lower-cased, digits kept, everything else 0 (a separator).
  static let ascii: [UInt8] = (0..<128).map { byte -> UInt8 in
    switch UInt8(byte) {
    case UInt8(ascii: "A")...UInt8(ascii: "Z"): UInt8(byte) + 32
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"): UInt8(byte)
    default: 0
    }
  }

  /// U+00A0…U+017F: what each folds to; "" for a separator.
  static let latin: [String] = {
    // U+00A0…U+00BF: spaces, signs and punctuation, except ª º and ¹ ² ³.
    var table = Array(repeating: "", count: 0x20)
    table[0xAA - 0xA0] = "a"
    table[0xBA - 0xA0] = "o"
    table[0xB9 - 0xA0] = "1"
    table[0xB2 - 0xA0] = "2"
    table[0xB3 - 0xA0] = "3"
    // U+00C0…U+00FF, capitals then small letters (× and ÷ separate).
    let latin1 =
      "a a a a a a ae c e e e e i i i i d n o o o o o _ o u u u u y th ss "
      + "a a a a a a ae c e e e e i i i i d n o o o o o _ o u u u u y th y"
    table += latin1.split(separator: " ").map { $0 == "_" ? "" : String($0) }
    // U+0100…U+017F, runs of one base letter.
    let extendedA: [(String, Int)] = [
      ("a", 6), ("c", 8), ("d", 4), ("e", 10), ("g", 8), ("h", 4), ("i", 10), ("ij", 2),
      ("j", 2), ("k", 3), ("l", 10), ("n", 7), ("ng", 2), ("o", 6), ("oe", 2), ("r", 6),
      ("s", 8), ("t", 6), ("u", 12), ("w", 2), ("y", 3), ("z", 6), ("s", 1),
    ]
    for (base, count) in extendedA { table += Array(repeating: base, count: count) }
    precondition(table.count == 0x180 - 0xA0, "the Latin folding table is out of step")
    return table
  }()
}

/// What the filter searches, per standup, and which standups the current
/// filter shows. Everything here is a function of the standups and the
/// filter's words, so it is left out of `==` (and of state dumps): two
/// states with equal standups and filters have equal indexes. Tests assert
/// what it yields (`visibleIDs`), not what it holds.
public struct StandupsSearch: Equatable, Sendable, CustomReflectable {
  /// One standup's searchable text: its title, attendee names and
  /// transcript words, folded, each distinct word once, each followed by a 0
  /// byte and the first preceded by one.
  struct Entry: Sendable {
    var id: Standup.ID
    var words: [UInt8]
  }

  /// Parallel to the standups; nil until the index asked for by `/` arrives
  /// (`adopt`), or a filter needs it before (then made on the spot).
  /// The filter line does not wait for it: 1 000 standups × 20 meetings
  /// take tens of milliseconds.
  var entries: [Entry]?
  /// Positions in the standups of those the filter shows, ascending; nil
  /// when nothing is filtered (all show).
  var matches: [Int]?

  public static func == (lhs: Self, rhs: Self) -> Bool { true }

  /// Whether the entries are there: a key typed now costs a search, not a build.
  public var isIndexed: Bool { entries != nil }

  public var customMirror: Mirror {
    Mirror(self, children: ["matches": matches?.count as Any])
  }

  /// After the standups changed from `old`: entries of standups equal to
  /// their old version (same id, same contents) are kept, the others folded
  /// again; then the matches for `words` are recomputed.
  mutating func update(
    _ standups: IdentifiedArrayOf<Standup>, old: IdentifiedArrayOf<Standup>,
    words: [[UInt8]]
  ) {
    if let previous = entries {
      if previous.count == old.count {
        var updated: [Entry] = []
        updated.reserveCapacity(standups.count)
        for standup in standups {
          if let index = old.index(id: standup.id), old[index] == standup {
            updated.append(previous[index])
          } else {
            updated.append(Self.entry(for: standup))
          }
        }
        entries = updated
      } else {
        entries = nil
      }
    }
    refilter(standups, words: words)
  }

  /// Takes `index` (made from the standups as they were when it was asked
  /// for) unless the entries were made meanwhile: entries of standups that
  /// changed since are made again.
  mutating func adopt(
    _ index: StandupsIndex, standups: IdentifiedArrayOf<Standup>, words: [[UInt8]]
  ) {
    guard entries == nil else { return }
    entries = standups.map { standup in
      if let position = index.standups.index(id: standup.id),
        index.standups[position] == standup
      {
        return index.entries[position]
      }
      return Self.entry(for: standup)
    }
    refilter(standups, words: words)
  }

  /// Recomputes which standups `words` show (all words must be in one),
  /// building the entries first if they are not there yet.
  mutating func refilter(_ standups: IdentifiedArrayOf<Standup>, words: [[UInt8]]) {
    guard !words.isEmpty else {
      matches = nil
      return
    }
    if entries?.count != standups.count { entries = standups.map(Self.entry(for:)) }
    // Longest first: the rarest word rules most standups out at once.
    let words = words.sorted { $0.count > $1.count }
    var result: [Int] = []
    for (position, entry) in (entries ?? []).enumerated()
    where words.allSatisfy({ Self.contains(entry.words, $0) }) {
      result.append(position)
    }
    matches = result
  }

  static func entry(for standup: Standup) -> Entry {
    var builder = WordSet()
    builder.add(standup.title)
    for attendee in standup.attendees { builder.add(attendee.name) }
    // Every standup's transcripts, read without keeping those left in the file.
    for meeting in (try? standup.meetingsWithoutKeeping()) ?? [] {
      builder.add(meeting.transcript)
    }
    return Entry(id: standup.id, words: builder.bytes)
  }

  /// Whether `needle` (non-empty, no 0 byte) occurs in `haystack`.
  static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
    haystack.withUnsafeBufferPointer { hay in
      needle.withUnsafeBufferPointer { pin in
        guard let first = pin.first, pin.count <= hay.count, let base = hay.baseAddress,
          let pinBase = pin.baseAddress
        else { return false }
        let last = hay.count - pin.count
        var start = 0
        while start <= last {
          guard let found = memchr(base + start, Int32(first), last - start + 1) else {
            return false
          }
          let at = UnsafePointer<UInt8>(found.assumingMemoryBound(to: UInt8.self))
          if memcmp(at, pinBase, pin.count) == 0 { return true }
          start = at - base + 1
        }
        return false
      }
    }
  }
}

/// Distinct folded words, collected into one byte string (each followed by
/// 0), through a small open-addressing table over that string: no
/// allocation per word.
struct WordSet {
  private(set) var bytes: [UInt8] = [0]
  /// Slots: 0 empty, else 1 + the offset of a word in `bytes`.
  private var slots = [Int32](repeating: 0, count: 64)
  private var count = 0

  mutating func add(_ text: String) {
    var start = bytes.count
    SearchFolding.fold(text) { byte in
      if let byte {
        bytes.append(byte)
      } else {
        finishWord(from: start)
        start = bytes.count
      }
    }
    finishWord(from: start)
  }

  /// The word in `bytes[start...]` stays (followed by 0) if it is new, and
  /// is taken back if it was already there.
  private mutating func finishWord(from start: Int) {
    let end = bytes.count
    guard end > start else { return }
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for i in start..<end { hash = (hash ^ UInt64(bytes[i])) &* 0x100_0000_01b3 }
    let mask = slots.count - 1
    var slot = Int(truncatingIfNeeded: hash) & mask
    while slots[slot] != 0 {
      let other = Int(slots[slot]) - 1
      if equalWords(other, start, length: end - start) {
        bytes.removeSubrange(start..<end)
        return
      }
      slot = (slot + 1) & mask
    }
    slots[slot] = Int32(start + 1)
    bytes.append(0)
    count += 1
    if count * 2 > slots.count { grow() }
  }

  /// Whether the word at `a` (0-terminated) is the `length` bytes at `b`.
  private func equalWords(_ a: Int, _ b: Int, length: Int) -> Bool {
    guard a + length < bytes.count, bytes[a + length] == 0 else { return false }
    for i in 0..<length where bytes[a + i] != bytes[b + i] { return false }
    return true
  }

  private mutating func grow() {
    let old = slots
    slots = [Int32](repeating: 0, count: old.count * 2)
    let mask = slots.count - 1
    for entry in old where entry != 0 {
      let start = Int(entry) - 1
      var hash: UInt64 = 0xcbf2_9ce4_8422_2325
      var i = start
      while bytes[i] != 0 {
        hash = (hash ^ UInt64(bytes[i])) &* 0x100_0000_01b3
        i += 1
      }
      var slot = Int(truncatingIfNeeded: hash) & mask
      while slots[slot] != 0 { slot = (slot + 1) & mask }
      slots[slot] = entry
    }
  }
}
