import TerminalApp
import TerminalUI

/// Bindings shared by every screen, so they read the same everywhere (and as
/// in the standups app).
enum Keys {
  static let up = KeyBinding(keys: [.up, .char("k")], help: ("↑/k", "up"), group: .moving)
  static let down = KeyBinding(keys: [.down, .char("j")], help: ("↓/j", "down"), group: .moving)
  static let pageUp = KeyBinding(
    keys: [.pageUp], help: ("pgup", "page up"), group: .moving, isInShortHelp: false)
  static let pageDown = KeyBinding(
    keys: [.pageDown], help: ("pgdn", "page down"), group: .moving, isInShortHelp: false)
  static let top = KeyBinding(
    keys: [.home, .char("g")], help: ("g/home", "first"), group: .moving, isInShortHelp: false)
  static let bottom = KeyBinding(
    keys: [.end, .char("G")], help: ("G/end", "last"), group: .moving, isInShortHelp: false)
  static let quit = KeyBinding(keys: [.char("q")], help: ("q", "quit"), group: .app)
  static let back = KeyBinding(keys: [.escape], help: ("esc", "back"))
  static let save = KeyBinding(keys: [.ctrl("s")], help: ("ctrl+s", "save"))
  static let cancel = KeyBinding(keys: [.escape], help: ("esc", "cancel"))
  /// The tab keys: the tab bar shows each tab's digit, so the help bar leaves them out.
  static let chooseTab = KeyBinding(
    keys: [.char("1"), .char("2"), .char("3")], help: ("1/2/3", "choose tab"), group: .moving,
    isInShortHelp: false)
  static let previousTab = KeyBinding(
    keys: [.char("[")], help: ("[", "previous tab"), group: .moving, isInShortHelp: false)
  static let nextTab = KeyBinding(
    keys: [.char("]")], help: ("]", "next tab"), group: .moving, isInShortHelp: false)
}
