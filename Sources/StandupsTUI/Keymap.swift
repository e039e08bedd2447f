import StandupsCore
import TerminalUI

/// What a key does: send an action to the store, or act on the terminal UI
/// itself (help, quitting, which alert button is highlighted).
public enum Outcome<Action>: Sendable where Action: Sendable {
  case send(Action)
  case ui(UICommand)
}

extension Outcome: Equatable where Action: Equatable {}

public enum UICommand: Equatable, Sendable {
  case toggleHelp
  case quit
  /// Give the terminal back to the shell and stop, as Ctrl-Z does.
  case suspend
  /// Highlight button `index` of the alert on screen.
  case focusAlertButton(Int)
}

/// One entry of a keymap: the keys and help text, and what they do.
public struct Command<Action: Sendable> {
  public var binding: KeyBinding
  public var perform: (Key) -> Outcome<Action>?

  public init(_ binding: KeyBinding, perform: @escaping (Key) -> Outcome<Action>?) {
    self.binding = binding
    self.perform = perform
  }

  public init(_ binding: KeyBinding, send action: Action) {
    self.init(binding) { _ in .send(action) }
  }

  public init(_ binding: KeyBinding, ui command: UICommand) {
    self.init(binding) { _ in .ui(command) }
  }

  public func map<T>(_ transform: @escaping (Action) -> T) -> Command<T> {
    Command<T>(binding) { key in
      switch self.perform(key) {
      case .send(let action): .send(transform(action))
      case .ui(let command): .ui(command)
      case nil: nil
      }
    }
  }
}

/// The keys a screen or overlay understands. Its help bar and the full help
/// are drawn from `commands`, the same values that handle the keys; `fallback`
/// takes whatever no command claimed (typing into a text field).
public struct Keymap<Action: Sendable> {
  public var commands: [Command<Action>]
  public var fallback: ((Key) -> Outcome<Action>?)?
  /// What pasted text does (typing it into the focused field), if anything.
  public var paste: ((String) -> Outcome<Action>?)?

  public init(
    _ commands: [Command<Action>], fallback: ((Key) -> Outcome<Action>?)? = nil,
    paste: ((String) -> Outcome<Action>?)? = nil
  ) {
    self.commands = commands
    self.fallback = fallback
    self.paste = paste
  }

  public func handle(_ key: Key) -> Outcome<Action>? {
    for command in commands where command.binding.matches(key) {
      if let outcome = command.perform(key) { return outcome }
    }
    return fallback?(key)
  }

  public var bindings: [KeyBinding] { commands.map(\.binding).filter(\.isShownInHelp) }

  public func map<T>(_ transform: @escaping (Action) -> T) -> Keymap<T> {
    func lift<Input>(_ f: ((Input) -> Outcome<Action>?)?) -> ((Input) -> Outcome<T>?)? {
      f.map { f in
        { input in
          switch f(input) {
          case .send(let action): .send(transform(action))
          case .ui(let command): .ui(command)
          case nil: nil
          }
        }
      }
    }
    return Keymap<T>(
      commands.map { $0.map(transform) }, fallback: lift(fallback), paste: lift(paste))
  }
}

/// Bindings shared by every screen, so they read the same everywhere.
enum Keys {
  static let up = KeyBinding(keys: [.up, .char("k")], help: ("↑/k", "up"))
  static let down = KeyBinding(keys: [.down, .char("j")], help: ("↓/j", "down"))
  static let pageUp = KeyBinding(keys: [.pageUp], help: ("", ""))
  static let pageDown = KeyBinding(keys: [.pageDown], help: ("", ""))
  static let top = KeyBinding(keys: [.home, .char("g")], help: ("", ""))
  static let bottom = KeyBinding(keys: [.end, .char("G")], help: ("", ""))
  static let open = KeyBinding(keys: [.enter], help: ("enter", "open"))
  static let help = KeyBinding(keys: [.char("?"), .function(1)], help: ("?", "help"))
  /// In screens with a text field `?` types itself; F1 still opens help.
  static let helpWhileTyping = KeyBinding(keys: [.function(1)], help: ("f1", "help"))
  static let quit = KeyBinding(keys: [.char("q")], help: ("q", "quit"))
  static let back = KeyBinding(keys: [.escape], help: ("esc", "back"))
  static let save = KeyBinding(keys: [.ctrl("s")], help: ("ctrl+s", "save"))
  static let cancel = KeyBinding(keys: [.escape], help: ("esc", "cancel"))
  /// Global keys, in force whatever has focus (full help lists them).
  static let forceQuit = KeyBinding(keys: [.ctrl("c")], help: ("ctrl+c", "quit"))
  static let suspend = KeyBinding(keys: [.ctrl("z")], help: ("ctrl+z", "suspend"))
}
