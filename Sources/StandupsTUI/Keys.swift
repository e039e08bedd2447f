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
