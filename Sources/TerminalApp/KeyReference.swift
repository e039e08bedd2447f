import Composable
import TerminalUI

/// The keys of each screen, from the keymaps that handle them: what a manual
/// page lists, so that it can never disagree with the app.
public struct KeyReference: Equatable, Sendable {
  public struct Entry: Hashable, Sendable {
    public var keys: String
    public var description: String

    init(_ binding: KeyBinding) {
      keys = binding.help.key
      description = binding.help.description
    }
  }

  public var screen: String
  public var entries: [Entry]
}

extension AppView {
  /// For each screen, the keys in force there in any of the given states (as
  /// full help lists them, the keys every screen shares left out: they are
  /// listed once, last). A key that only some states enable (`x` with a
  /// meeting highlighted) is listed as long as one of them does; the same
  /// key doing something else in another state is listed again.
  public func keyReference(
    _ screens: [(title: String, states: [App.State])], size: Size = Size(width: 80, height: 24)
  ) -> [KeyReference] {
    let shared = Set(Self.globalCommands.map(\.binding.help.key))
    var references = screens.map { title, states in
      var entries: [KeyReference.Entry] = []
      var groups: [HelpGroup] = []
      for state in states {
        let bindings = keymap(Shell<App>.State(app: state), size: size).bindings.filter {
          $0.isShownInHelp && !shared.contains($0.help.key)
        }
        let here = Set(bindings.map(KeyReference.Entry.init))
        // A key new to the list goes after the one before it in this state,
        // past what other states put there in its help group, and past the
        // key's other meanings: the order help shows, state by state.
        var previous: Int?
        for binding in bindings {
          let entry = KeyReference.Entry(binding)
          if let index = entries.firstIndex(of: entry) {
            previous = index
            continue
          }
          var index = previous.map { $0 + 1 } ?? 0
          while index < entries.count,
            entries[index].keys == entry.keys
              || (!here.contains(entries[index]) && groups[index] == binding.group)
          {
            index += 1
          }
          entries.insert(entry, at: index)
          groups.insert(binding.group, at: index)
          previous = index
        }
      }
      return KeyReference(screen: title, entries: entries)
    }
    references.append(
      KeyReference(
        screen: "Everywhere",
        entries: Self.globalCommands.map { KeyReference.Entry($0.binding) }))
    return references
  }
}
