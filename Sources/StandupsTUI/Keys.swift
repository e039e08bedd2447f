import TerminalApp
import TerminalUI

/// The runtime's standard bindings, and the ones only standups has.
typealias Keys = StandardKeys

extension StandardKeys {
  static let open = KeyBinding(keys: [.enter], help: ("enter", "open"))
}
