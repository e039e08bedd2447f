import TerminalUI

/// One entry of a keymap: keys with their help text, and the action they send.
public struct Command<Action: Sendable> {
  public var binding: KeyBinding
  private var handler: Handler

  /// Most commands send one action whatever key matched: kept as that value,
  /// so that a keymap, made for every frame, allocates no closure for them.
  private enum Handler {
    case send(Action)
    case none
    case choose((Key) -> Action?)
  }

  public init(_ binding: KeyBinding, action: @escaping (Key) -> Action?) {
    self.binding = binding
    self.handler = .choose(action)
  }

  public init(_ binding: KeyBinding, send action: Action) {
    self.binding = binding
    self.handler = .send(action)
  }

  /// Sends `action` if there is one; with none the command claims no key
  /// (its binding still shows, unless disabled), and later commands try.
  public init(_ binding: KeyBinding, send action: Action?) {
    self.binding = binding
    self.handler = action.map { .send($0) } ?? .none
  }

  /// The action for a key the binding matched; nil lets later commands try.
  public func action(_ key: Key) -> Action? {
    switch handler {
    case .send(let action): action
    case .none: nil
    case .choose(let choose): choose(key)
    }
  }

  public func map<T>(_ transform: @escaping (Action) -> T) -> Command<T> {
    switch handler {
    case .send(let action): Command<T>(binding, send: transform(action))
    case .none: Command<T>(binding, send: nil as T?)
    case .choose(let choose): Command<T>(binding) { key in choose(key).map(transform) }
    }
  }
}

/// The keys a screen or overlay understands. Its help bar and full help are
/// drawn from `commands`, the same values that handle the keys; `fallback`
/// takes whatever no command claimed (typing into a text field).
///
/// A keymap is made for every frame, and a screen's is mapped into the app's
/// actions on the way: `map` keeps the screen's commands as they are and maps
/// an action only when a key asks for it, so a frame copies no command.
public struct Keymap<Action: Sendable> {
  // In order: `leading`, the commands of a mapped keymap, `trailing` (empty
  // unless there is a mapped keymap).
  private var leading: [Command<Action>]
  private var mapped: MappedCommands<Action>?
  private var trailing: [Command<Action>] = []
  public var fallback: ((Key) -> Action?)?
  /// What pasted text does (typing it into the focused field), if anything.
  public var paste: ((String) -> Action?)?
  /// Whether printable keys are text here: then `?` types itself and only F1
  /// opens help.
  public var typesText: Bool
  /// Whether a held key's repeats, arriving together, act here one by one;
  /// not in an alert, whose button a repeat could press unseen.
  public var takesHeldKeys = true

  public init(
    _ commands: [Command<Action>], typesText: Bool = false,
    fallback: ((Key) -> Action?)? = nil, paste: ((String) -> Action?)? = nil
  ) {
    self.leading = commands
    self.typesText = typesText
    self.fallback = fallback
    self.paste = paste
  }

  /// Every command, in the order keys try them. Changing them in place
  /// (rather than with `append` and `prepend`) maps the actions of a mapped
  /// keymap first.
  public var commands: [Command<Action>] {
    get {
      guard let mapped else { return leading }
      return leading + mapped.commands() + trailing
    }
    _modify {
      if let mapped {
        leading += mapped.commands() + trailing
        self.mapped = nil
        trailing = []
      }
      yield &leading
    }
  }

  /// Adds `command` after the others.
  public mutating func append(_ command: Command<Action>) {
    if mapped == nil { leading.append(command) } else { trailing.append(command) }
  }

  /// Adds `commands` after the others.
  public mutating func append(contentsOf commands: [Command<Action>]) {
    if mapped == nil { leading += commands } else { trailing += commands }
  }

  /// Adds `commands` before the others: they are tried first.
  public mutating func prepend(contentsOf commands: [Command<Action>]) {
    leading.insert(contentsOf: commands, at: 0)
  }

  public func action(for key: Key) -> Action? {
    commandAction(for: key) ?? fallback?(key)
  }

  /// The action of the first command that claims `key`, leaving out `fallback`.
  fileprivate func commandAction(for key: Key) -> Action? {
    if let action = Self.action(for: key, in: leading) { return action }
    guard let mapped else { return nil }
    return mapped.action(key) ?? Self.action(for: key, in: trailing)
  }

  private static func action(for key: Key, in commands: [Command<Action>]) -> Action? {
    // By index: a loop over the commands would copy each one it looks at.
    for index in commands.indices where commands[index].binding.matches(key) {
      if let action = commands[index].action(key) { return action }
    }
    return nil
  }

  /// The bindings help shows, in order (the help bar and full help each pick theirs).
  public var bindings: [KeyBinding] {
    var bindings: [KeyBinding] = []
    appendBindings(to: &bindings)
    return bindings
  }

  fileprivate func appendBindings(to bindings: inout [KeyBinding]) {
    Self.appendBindings(of: leading, to: &bindings)
    guard let mapped else { return }
    mapped.appendBindings(&bindings)
    Self.appendBindings(of: trailing, to: &bindings)
  }

  private static func appendBindings(
    of commands: [Command<Action>], to bindings: inout [KeyBinding]
  ) {
    for index in commands.indices {
      let binding = commands[index].binding
      if binding.isShownInHelp || binding.isShownInShortHelp { bindings.append(binding) }
    }
  }

  public func map<T>(_ transform: @escaping (Action) -> T) -> Keymap<T> {
    var keymap = Keymap<T>(
      [], typesText: typesText,
      fallback: fallback.map { f in { f($0).map(transform) } },
      paste: paste.map { f in { f($0).map(transform) } })
    keymap.takesHeldKeys = takesHeldKeys
    let base = self
    keymap.mapped = MappedCommands(
      action: { base.commandAction(for: $0).map(transform) },
      appendBindings: { base.appendBindings(to: &$0) },
      commands: { base.commands.map { $0.map(transform) } })
    return keymap
  }
}

/// The commands of a keymap of another action type, seen through the
/// function that maps their actions (`Keymap.map`). Closures rather than a
/// generic class: made in `map`, they are specialised with it.
private struct MappedCommands<Action: Sendable> {
  let action: (Key) -> Action?
  let appendBindings: (inout [KeyBinding]) -> Void
  let commands: () -> [Command<Action>]
}
