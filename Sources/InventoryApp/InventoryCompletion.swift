import AppCommandLine
import Foundation
import InventoryCore
import Persistence

/// What `--open` completes to: routes into the user's items (the sample
/// items where there is no file yet, as the app opens them). Read-only: no
/// lock, no copies; a `--data` already on the line is honoured.
enum InventoryRouteCompletion {
  static func candidates(words: [String], index: Int? = nil, prefix: String) -> [String] {
    CompletionWords.routeCandidates(
      words: words, index: index, prefix: prefix, command: "inventory",
      dataPath: { inventoryDataLocation.resolve(flag: $0, environment: $1) },
      routes: { path, _, prefix in
        let file = ItemsFile(path: path, format: .inventory)
        let items: IdentifiedArrayOf<Item>
        do {
          items = try file.load() ?? Item.samples
        } catch {
          items = []
        }
        return routes(for: items, prefix: prefix)
      })
  }

  /// Every route into `items` that starts with `prefix`, ignoring case: the
  /// tabs, the new item sheet, and each item by position and by name (unless
  /// two share it, it is a number, or it is "new", which the sheet's route
  /// takes) with its edit popover, duplicate dialog and delete alert.
  static func routes(for items: IdentifiedArrayOf<Item>, prefix: String) -> [String] {
    var nameCounts: [String: Int] = [:]
    // Folded as the resolver compares names.
    func key(_ name: String) -> String { name.uppercased().lowercased() }
    for item in items { nameCounts[key(item.name), default: 0] += 1 }
    var routes: [String] = []
    func offer(_ path: String, _ route: Route) {
      guard let offered = CompletionWords.completing(prefix, with: path),
        (try? Route(parsing: path)) == route
      else { return }
      routes.append(offered)
    }
    offer("/one", .one)
    offer("/inventory", .inventory)
    offer("/three", .three)
    offer("/inventory/new", .newItem)
    for (index, item) in items.enumerated() {
      var tokens = [String(index + 1)]
      let name = item.name.trimmingCharacters(in: .whitespaces)
      if !name.isEmpty, nameCounts[key(item.name)] == 1, Int(name) == nil, key(name) != "new" {
        tokens.append(item.name)
      }
      for token in tokens {
        let head = "/inventory/" + CompletionWords.encoded(token)
        guard CompletionWords.startsAlike(prefix, head) else { continue }
        offer(head, .item(token, .detail))
        offer(head + "/edit", .item(token, .edit))
        offer(head + "/duplicate", .item(token, .duplicate))
        offer(head + "/delete", .item(token, .delete))
      }
    }
    return routes
  }
}
