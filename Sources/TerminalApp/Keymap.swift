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
public struct Keymap<Action: Sendable> {
  public var commands: [Command<Action>]
  public var fallback: ((Key) -> Action?)?
  /// What pasted text does (typing it into the focused field), if anything.
  public var paste: ((String) -> Action?)?
  /// Whether printable keys are text here: then `?` types itself and only F1
  /// opens help.
  public var typesText: Bool

  public init(
    _ commands: [Command<Action>], typesText: Bool = false,
    fallback: ((Key) -> Action?)? = nil, paste: ((String) -> Action?)? = nil
  ) {
    self.commands = commands
    self.typesText = typesText
    self.fallback = fallback
    self.paste = paste
  }

  public func action(for key: Key) -> Action? {
    // By index: a loop over the commands would copy each one it looks at.
    for index in commands.indices where commands[index].binding.matches(key) {
      if let action = commands[index].action(key) { return action }
    }
    return fallback?(key)
  }

  /// The bindings help shows, in order (the help bar and full help each pick theirs).
  public var bindings: [KeyBinding] {
    commands.map(\.binding).filter { $0.isShownInHelp || $0.isShownInShortHelp }
  }

  public func map<T>(_ transform: @escaping (Action) -> T) -> Keymap<T> {
    Keymap<T>(
      commands.map { $0.map(transform) }, typesText: typesText,
      fallback: fallback.map { f in { f($0).map(transform) } },
      paste: paste.map { f in { f($0).map(transform) } })
  }
}
