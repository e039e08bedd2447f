import TerminalApp
import TerminalUI

/// Bindings shared by every screen, so they read the same everywhere.
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
  static let open = KeyBinding(keys: [.enter], help: ("enter", "open"))
  static let quit = KeyBinding(keys: [.char("q")], help: ("q", "quit"), group: .app)
  static let back = KeyBinding(keys: [.escape], help: ("esc", "back"))
  static let save = KeyBinding(keys: [.ctrl("s")], help: ("ctrl+s", "save"))
  static let cancel = KeyBinding(keys: [.escape], help: ("esc", "cancel"))

}
