import TerminalUI

/// The bindings every app's screens share, so that moving, going back, saving
/// and quitting read and work the same in every app on this runtime. An app
/// adds its own in an extension.
public enum StandardKeys {
  public static let up = KeyBinding(keys: [.up, .char("k")], help: ("↑/k", "up"), group: .moving)
  public static let down = KeyBinding(
    keys: [.down, .char("j")], help: ("↓/j", "down"), group: .moving)
  public static let pageUp = KeyBinding(
    keys: [.pageUp], help: ("pgup", "page up"), group: .moving, isInShortHelp: false)
  public static let pageDown = KeyBinding(
    keys: [.pageDown], help: ("pgdn", "page down"), group: .moving, isInShortHelp: false)
  public static let top = KeyBinding(
    keys: [.home, .char("g")], help: ("g/home", "first"), group: .moving, isInShortHelp: false)
  public static let bottom = KeyBinding(
    keys: [.end, .char("G")], help: ("G/end", "last"), group: .moving, isInShortHelp: false)
  public static let quit = KeyBinding(keys: [.char("q")], help: ("q", "quit"), group: .app)
  /// Quits from anywhere, text fields included; listed in full help only.
  public static let quitAnywhere = KeyBinding(
    keys: [.ctrl("c")], help: ("ctrl+c", "quit"), group: .app, isInShortHelp: false)
  public static let back = KeyBinding(keys: [.escape], help: ("esc", "back"))
  public static let save = KeyBinding(keys: [.ctrl("s")], help: ("ctrl+s", "save"))
  public static let cancel = KeyBinding(keys: [.escape], help: ("esc", "cancel"))
}

extension StandardKeys {
  /// What the quit key says while a sheet holds unsaved changes (`what`:
  /// "the new standup"), its keys named as the bindings that handle them.
  public static func unsavedWarning(saving what: String) -> String {
    "Unsaved: \(quitAnywhere.help.key) again quits, \(save.help.key) saves \(what)"
  }

  /// The same, for a form that cannot be saved as it is (a required field
  /// is blank): offering to save it would only be refused. `needs` says
  /// what it lacks ("a name").
  public static func unsavedWarning(discarding what: String, needs: String) -> String {
    "Unsaved: \(quitAnywhere.help.key) again quits and discards \(what) (it needs \(needs))"
  }
}
