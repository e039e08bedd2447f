/// A decoded keypress (or terminal event delivered through the key stream).
public enum Key: Hashable, Sendable {
  /// A printable character (any script, including wide and combining ones).
  case char(Character)
  /// Ctrl + a letter, lower-case ("a"…"z"). Ctrl-I/M/[ arrive as tab/enter/escape.
  case ctrl(Character)
  /// Alt/Meta + a character.
  case alt(Character)
  case up, down, left, right
  /// Ctrl-← and Ctrl-→ (or with Alt): a word back or on, in a text field.
  case wordLeft, wordRight
  case home, end, pageUp, pageDown
  case tab, backTab, enter, escape, backspace, delete, insert
  case function(Int)
}
