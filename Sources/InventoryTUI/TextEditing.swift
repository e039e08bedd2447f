import TerminalUI

/// Applies an editing key to a text field kept in domain state as text +
/// cursor (a copy of StandupsTUI's: the two apps share no view target).
enum TextEditing {
  /// The edited text and cursor, or nil when `key` is not an editing key.
  static func apply(_ key: Key, text: String, cursor: Int) -> (String, Int)? {
    var field = TextFieldState(text: text, cursor: cursor)
    guard field.apply(key) else { return nil }
    return (field.text, field.cursor)
  }

  static func insert(_ pasted: String, text: String, cursor: Int) -> (String, Int) {
    var field = TextFieldState(text: text, cursor: cursor)
    field.insert(pasted)
    return (field.text, field.cursor)
  }
}
