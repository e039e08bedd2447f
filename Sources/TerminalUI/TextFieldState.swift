/// The editing model of a one-line text field: the text and a cursor counted in
/// graphemes, so the cursor never lands inside an emoji, a CJK character or a
/// letter with combining marks. A value type, meant to live in feature state.
public struct TextFieldState: Hashable, Sendable {
  public var text: String {
    didSet { cursor = min(cursor, text.count) }
  }
  /// Graphemes before the cursor: 0…text.count.
  public var cursor: Int {
    didSet { cursor = min(max(0, cursor), text.count) }
  }
  /// The most graphemes the text may hold; nil for no limit.
  public var maxLength: Int?

  /// A field holding `text`, with the cursor at `cursor` (default: the end).
  public init(text: String = "", cursor: Int? = nil, maxLength: Int? = nil) {
    self.text = text
    self.cursor = min(max(0, cursor ?? text.count), text.count)
    self.maxLength = maxLength
  }

  /// What `apply` does, for full help while a field has the focus: listed
  /// only, they claim no key (the field takes them as no command does).
  public static let helpBindings: [KeyBinding] = [
    ("←/→", "move"), ("ctrl+←/→", "move a word"), ("home/end", "to start/end"),
    ("backspace/del", "delete"), ("ctrl+w/alt+d", "delete a word back/on"),
    ("ctrl+u/k", "delete to start/end"),
  ].map { KeyBinding(keys: [], help: $0, group: .typing, isInShortHelp: false) }

  /// Applies an editing key. Returns true when the key is an editing key, even
  /// if it changed nothing (← at the start), so callers don't also treat it as
  /// a command; false for keys the field leaves to the caller (enter, esc, ↑…).
  ///
  /// Printable characters insert; ←/→ (ctrl+b/f) move; home/end (ctrl+a/e);
  /// backspace (ctrl+h) and delete (ctrl+d) delete a grapheme; ctrl+u and
  /// ctrl+k delete to the start and end; ctrl+w and alt+d delete a word back
  /// and forward; alt+b/f and ctrl+←/→ move by word.
  public mutating func apply(_ key: Key) -> Bool {
    switch key {
    case .char(let ch):
      // Tab, newline and other controls arrive as `.char` from some decoders;
      // they are commands for the caller, not text.
      guard Sanitizer.isInert(ch) else { return false }
      insert(String(ch))
    case .left, .ctrl("b"): cursor -= 1
    case .right, .ctrl("f"): cursor += 1
    case .home, .ctrl("a"): cursor = 0
    case .end, .ctrl("e"): cursor = text.count
    case .backspace, .ctrl("h"): deleteBackward(to: cursor - 1)
    case .delete, .ctrl("d"): deleteForward(to: cursor + 1)
    case .ctrl("u"): deleteBackward(to: 0)
    case .ctrl("k"): deleteForward(to: text.count)
    case .ctrl("w"): deleteBackward(to: wordStart(before: cursor))
    case .alt("d"): deleteForward(to: wordEnd(after: cursor))
    case .alt("b"), .wordLeft: cursor = wordStart(before: cursor)
    case .alt("f"), .wordRight: cursor = wordEnd(after: cursor)
    default: return false
    }
    return true
  }

  /// Inserts typed or pasted text at the cursor and moves the cursor after it.
  /// Escape sequences and controls are dropped; line breaks and tabs become
  /// spaces. Graphemes that merge with their neighbours (a combining mark after
  /// a letter, a second flag letter) leave the cursor after the merged grapheme.
  public mutating func insert(_ newText: String) {
    var clean = Sanitizer.stripped(newText)
    if let maxLength {
      let room = max(0, maxLength - text.count)
      if clean.count > room { clean = String(clean.prefix(room)) }
    }
    guard !clean.isEmpty else { return }
    let at = index(cursor)
    let end = text.utf8.distance(from: text.startIndex, to: at) + clean.utf8.count
    text.insert(contentsOf: clean, at: at)
    placeCursor(atUTF8Offset: end)
  }

  // MARK: Helpers

  private func index(_ graphemes: Int) -> String.Index {
    text.index(text.startIndex, offsetBy: min(max(0, graphemes), text.count))
  }

  private mutating func deleteBackward(to target: Int) {
    let start = min(max(0, target), cursor)
    guard start < cursor else { return }
    let from = index(start)
    let offset = text.utf8.distance(from: text.startIndex, to: from)
    text.removeSubrange(from..<index(cursor))
    placeCursor(atUTF8Offset: offset)
  }

  private mutating func deleteForward(to target: Int) {
    let end = min(max(cursor, target), text.count)
    guard end > cursor else { return }
    let from = index(cursor)
    let offset = text.utf8.distance(from: text.startIndex, to: from)
    text.removeSubrange(from..<index(end))
    placeCursor(atUTF8Offset: offset)
  }

  /// Puts the cursor on the first grapheme boundary at or after a UTF-8
  /// offset: edits can merge graphemes, and the cursor must not end up inside one.
  private mutating func placeCursor(atUTF8Offset offset: Int) {
    var graphemes = 0
    var i = text.startIndex
    while i < text.endIndex, text.utf8.distance(from: text.startIndex, to: i) < offset {
      i = text.index(after: i)
      graphemes += 1
    }
    cursor = graphemes
  }

  /// Start of the word before `position`: back over spaces, then over non-spaces.
  private func wordStart(before position: Int) -> Int {
    let chars = Array(text)
    var i = min(position, chars.count)
    while i > 0, chars[i - 1].isWhitespace { i -= 1 }
    while i > 0, !chars[i - 1].isWhitespace { i -= 1 }
    return i
  }

  /// End of the word after `position`: over spaces, then over non-spaces.
  private func wordEnd(after position: Int) -> Int {
    let chars = Array(text)
    var i = max(0, position)
    while i < chars.count, chars[i].isWhitespace { i += 1 }
    while i < chars.count, !chars[i].isWhitespace { i += 1 }
    return i
  }
}

extension TextFieldState {
  /// For a field kept in domain state as text + cursor: the text and cursor
  /// after `key`, or nil when `key` is not an editing key.
  public static func edit(_ key: Key, text: String, cursor: Int) -> (text: String, cursor: Int)? {
    var field = TextFieldState(text: text, cursor: cursor)
    guard field.apply(key) else { return nil }
    return (field.text, field.cursor)
  }

  /// The text and cursor after pasting `pasted` at the cursor. Line breaks
  /// before and after the pasted text are dropped (copying a whole line
  /// usually takes its line break along); those inside become spaces.
  public static func insert(_ pasted: String, text: String, cursor: Int) -> (
    text: String, cursor: Int
  ) {
    var field = TextFieldState(text: text, cursor: cursor)
    let start = pasted.firstIndex { !$0.isNewline } ?? pasted.endIndex
    let end = pasted[start...].lastIndex { !$0.isNewline }.map(pasted.index(after:)) ?? start
    field.insert(String(pasted[start..<end]))
    return (field.text, field.cursor)
  }
}
