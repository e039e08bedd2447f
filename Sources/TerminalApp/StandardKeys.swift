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
  /// More ways back, on a screen that reads no text: q (it quits only from the
  /// top screen, so pressing it again gets out), ← and Backspace. Full help
  /// lists them; the help bar's "esc back" stands for them.
  public static let moreWaysBack = KeyBinding(
    keys: [.char("q"), .left, .backspace], help: ("q/←/backspace", "back"), isInShortHelp: false)
  public static let save = KeyBinding(keys: [.ctrl("s")], help: ("ctrl+s", "save"))
  public static let cancel = KeyBinding(keys: [.escape], help: ("esc", "cancel"))
}

/// What an open form holds that closing it now would lose, as the keys
/// that would close it say before they do.
public struct UnsavedWork: Equatable, Sendable {
  /// "the new standup", "your changes to “Daily”".
  public var what: String
  /// What it lacks before it can be saved ("a title"); nil when it can be.
  public var needs: String?

  public init(_ what: String, needs: String? = nil) {
    self.what = what
    self.needs = needs
  }
}

extension StandardKeys {
  /// What the quit key says while a form holds unsaved work, its keys named
  /// as the bindings that handle them. A form that cannot be saved as it is
  /// is not offered a save that would only be refused.
  public static func quitWarning(_ work: UnsavedWork) -> String {
    let quits = quitAnywhere.help.key
    guard let needs = work.needs else {
      return "Unsaved: \(quits) again quits, \(save.help.key) saves \(work.what)"
    }
    return "Unsaved: \(quits) again quits and discards \(work.what) (it needs \(needs))"
  }

  /// What a notice asks of a form whose record was deleted elsewhere; it
  /// goes once the form closes (`ShellMessage.withdraw`).
  public static let keepByEditing = "saving keeps it"
  /// The same, of a form whose record was changed elsewhere.
  public static let savingSetsYoursAside = "saving keeps theirs and sets yours aside"

  /// What the cancel key says while its form holds unsaved work.
  public static func discardWarning(_ work: UnsavedWork) -> String {
    let discards = cancel.help.key
    guard let needs = work.needs else {
      return "Unsaved: \(discards) again discards, \(save.help.key) saves \(work.what)"
    }
    return "Unsaved: \(discards) again discards \(work.what) (it needs \(needs))"
  }
}
