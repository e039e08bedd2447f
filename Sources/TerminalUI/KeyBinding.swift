/// Keys that trigger one command, plus the help text describing them. A
/// feature's keymap matches keys against its bindings and its help bar is
/// drawn from the same values, so the help can't drift from the behaviour.
public struct KeyBinding: Hashable, Sendable {
  public var keys: [Key]
  /// What the help bar shows: the keys ("↑/k") and what they do ("up"). An
  /// empty `key` keeps the binding working but out of the help.
  public var help: (key: String, description: String)
  /// A disabled binding neither matches nor shows in help.
  public var isEnabled: Bool
  /// Where full help lists it.
  public var group: HelpGroup
  /// Whether the one-line help bar shows it.
  public var isInShortHelp: Bool
  /// Whether full help shows it (false only for a summary of other bindings).
  public var isInFullHelp = true
  /// Whether the help bar keeps it, at its end, when the others do not all
  /// fit: the key that opens full help, where every key is listed.
  public var staysInShortHelp = false

  public init(
    keys: [Key], help: (key: String, description: String), isEnabled: Bool = true,
    group: HelpGroup = .actions, isInShortHelp: Bool = true
  ) {
    self.keys = keys
    self.help = help
    self.isEnabled = isEnabled
    self.group = group
    self.isInShortHelp = isInShortHelp
  }

  /// A binding whose help key lists the keys' display names ("↑/k").
  public init(_ keys: Key..., description: String, isEnabled: Bool = true) {
    self.init(
      keys: keys, help: (keys.map(\.displayName).joined(separator: "/"), description),
      isEnabled: isEnabled)
  }

  public func matches(_ key: Key) -> Bool { isEnabled && keys.contains(key) }

  /// A copy with `isEnabled` set, for bindings that depend on state.
  public func enabled(_ isEnabled: Bool) -> KeyBinding {
    var copy = self
    copy.isEnabled = isEnabled
    return copy
  }

  /// A copy listed under `group` in full help.
  public func grouped(_ group: HelpGroup) -> KeyBinding {
    var copy = self
    copy.group = group
    return copy
  }

  /// A copy that full help lists but the help bar leaves out.
  public var fullHelpOnly: KeyBinding {
    var copy = self
    copy.isInShortHelp = false
    return copy
  }

  /// A copy that only sums up other bindings in the help bar ("←/→ change"):
  /// full help lists those instead.
  public var shortHelpOnly: KeyBinding {
    var copy = self
    copy.isInFullHelp = false
    return copy
  }

  /// A copy the help bar keeps in view (see `staysInShortHelp`).
  public var keptInShortHelp: KeyBinding {
    var copy = self
    copy.staysInShortHelp = true
    return copy
  }

  /// Whether full help shows this binding.
  public var isShownInHelp: Bool { isEnabled && !help.key.isEmpty && isInFullHelp }

  /// Whether the help bar shows this binding.
  public var isShownInShortHelp: Bool { isEnabled && !help.key.isEmpty && isInShortHelp }

  /// "↑/k up"
  public var helpText: String {
    help.description.isEmpty ? help.key : help.key + " " + help.description
  }

  public static func == (a: KeyBinding, b: KeyBinding) -> Bool {
    a.keys == b.keys && a.help.key == b.help.key && a.help.description == b.help.description
      && a.isEnabled == b.isEnabled && a.group == b.group && a.isInShortHelp == b.isInShortHelp
      && a.isInFullHelp == b.isInFullHelp && a.staysInShortHelp == b.staysInShortHelp
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(keys)
    hasher.combine(help.key)
    hasher.combine(help.description)
    hasher.combine(isEnabled)
    hasher.combine(group)
    hasher.combine(isInShortHelp)
    hasher.combine(isInFullHelp)
    hasher.combine(staysInShortHelp)
  }
}

/// The sections of full help, in the order it shows them.
public enum HelpGroup: Int, CaseIterable, Hashable, Sendable {
  /// Moving around: selection, paging, fields.
  case moving
  /// Editing the text field that has the focus (keys no command claims).
  case typing
  /// What the screen does: open, add, save, delete…
  case actions
  /// Keys of the whole app: help, quit, suspend.
  case app

  public var title: String {
    switch self {
    case .moving: "Moving"
    case .typing: "Typing"
    case .actions: "Actions"
    case .app: "App"
    }
  }
}

extension Sequence where Element == KeyBinding {
  /// The first enabled binding that `key` triggers.
  public func first(matching key: Key) -> KeyBinding? { first { $0.matches(key) } }
}

extension Key {
  /// How help text names the key: "↑", "enter", "esc", "ctrl+s", "?", "space".
  public var displayName: String {
    switch self {
    case .char(" "): return "space"
    case .char(let c): return String(c)
    case .ctrl(let c): return "ctrl+\(c)"
    case .alt(let c): return "alt+\(c)"
    case .up: return "↑"
    case .down: return "↓"
    case .left: return "←"
    case .right: return "→"
    case .wordLeft: return "ctrl+←"
    case .wordRight: return "ctrl+→"
    case .home: return "home"
    case .end: return "end"
    case .pageUp: return "pgup"
    case .pageDown: return "pgdn"
    case .tab: return "tab"
    case .backTab: return "shift+tab"
    case .enter: return "enter"
    case .escape: return "esc"
    case .backspace: return "backspace"
    case .delete: return "del"
    case .insert: return "ins"
    case .function(let n): return "f\(n)"
    }
  }
}
