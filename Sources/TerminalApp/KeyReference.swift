import Composable
import TerminalUI

/// The keys of each screen, from the keymaps that handle them: what a manual
/// page lists, so that it can never disagree with the app.
public struct KeyReference: Equatable, Sendable {
  public struct Entry: Equatable, Sendable {
    public var keys: String
    public var description: String
  }

  public var screen: String
  public var entries: [Entry]
}

extension AppView {
  /// For each titled state, the keys in force there (as full help lists them,
  /// the keys every screen shares left out: they are listed once, last).
  public func keyReference(
    _ screens: [(title: String, state: App.State)], size: Size = Size(width: 80, height: 24)
  ) -> [KeyReference] {
    let shared = Set(Self.globalCommands.map(\.binding.help.key))
    var references = screens.map { title, state in
      let keymap = keymap(Shell<App>.State(app: state), size: size)
      return KeyReference(
        screen: title,
        entries: keymap.bindings.filter { $0.isShownInHelp && !shared.contains($0.help.key) }
          .map { KeyReference.Entry(keys: $0.help.key, description: $0.help.description) })
    }
    references.append(
      KeyReference(
        screen: "Everywhere",
        entries: Self.globalCommands.map {
          KeyReference.Entry(keys: $0.binding.help.key, description: $0.binding.help.description)
        }))
    return references
  }
}
