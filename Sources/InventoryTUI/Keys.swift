import TerminalApp
import TerminalUI

/// The runtime's standard bindings, and the ones only the inventory has.
typealias Keys = StandardKeys

extension StandardKeys {
  /// The tab keys. Moving keys, so the help bar leaves them out first: the
  /// tab bar shows each tab's digit.
  static let chooseTab = KeyBinding(
    keys: [.char("1"), .char("2"), .char("3")], help: ("1/2/3", "choose tab"), group: .moving)
  static let previousTab = KeyBinding(
    keys: [.char("["), .backTab], help: ("[/shift+tab", "previous tab"), group: .moving,
    isInShortHelp: false)
  static let nextTab = KeyBinding(
    keys: [.char("]"), .tab], help: ("]/tab", "next tab"), group: .moving, isInShortHelp: false)
  /// The item detail's ↑/↓: the items around it, as the list has them.
  static let previousItem = KeyBinding(
    keys: [.up, .char("k")], help: ("↑/k", "previous item"), group: .moving)
  static let nextItem = KeyBinding(
    keys: [.down, .char("j")], help: ("↓/j", "next item"), group: .moving)
  /// What is done to an item, from the list or its detail.
  static let edit = KeyBinding(keys: [.char("e")], help: ("e", "edit"))
  static let duplicate = KeyBinding(keys: [.char("c")], help: ("c", "duplicate"))
  static let delete = KeyBinding(keys: [.char("d"), .delete], help: ("d", "delete"))
}
