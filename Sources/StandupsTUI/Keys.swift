import TerminalApp
import TerminalUI

/// The runtime's standard bindings, and the ones only standups has.
typealias Keys = StandardKeys

extension StandardKeys {
  static let open = KeyBinding(keys: [.enter], help: ("enter", "open"))
}

extension StandardKeys {
  /// Offered while the user's version of a standup lost a conflict.
  static let reviewConflict = KeyBinding(keys: [.char("o")], help: ("o", "open your version"))
}

extension StandardKeys {
  /// The list's filter line.
  static let filter = KeyBinding(keys: [.char("/")], help: ("/", "filter"))
  static let editFilter = KeyBinding(keys: [.char("/")], help: ("/", "edit filter"))
  static let clearFilter = KeyBinding(keys: [.escape], help: ("esc", "clear filter"))
  static let keepFilter = KeyBinding(keys: [.enter], help: ("enter", "keep filter"))
  /// The same keys while the line is empty: either closes it.
  static let closeEmptyFilter = KeyBinding(keys: [.escape], help: ("esc", "close"))
  static let closeEmptyFilterToo = KeyBinding(keys: [.enter], help: ("enter", "close"))
    .fullHelpOnly
  /// ↑/↓ alone while typing (k and j type).
  static let filterUp = KeyBinding(keys: [.up], help: ("↑", "up"), group: .moving)
  static let filterDown = KeyBinding(keys: [.down], help: ("↓", "down"), group: .moving)
}

extension StandardKeys {
  /// A standup or a meeting to the terminal's clipboard, as Markdown.
  static let copy = KeyBinding(keys: [.char("y")], help: ("y", "copy"))
}
