import EventLoop
import Foundation
import InventoryCore
import Persistence

/// The inventory data file: the generic document file in the inventory format.
typealias ItemsFile = DocumentFile<IdentifiedArrayOf<Item>>

/// Where the items are: `--data`, else `INVENTORY_DATA`, else
/// `$XDG_DATA_HOME/inventory/items.json`.
let inventoryDataLocation = DataLocation(
  variable: "INVENTORY_DATA", directory: "inventory", file: "items.json")

/// The items store on the data file: changes go to a `Saver` on a thread of
/// its own; what became of them comes back as events.
struct ItemsFileStore {
  let saver: Saver<IdentifiedArrayOf<Item>>
  let store: ItemsStore

  init(file: ItemsFile) {
    let (events, continuation) = AsyncStream.makeStream(of: ItemsEvent.self)
    let saver = Saver(file: file, executor: ThreadExecutor()) { failure in
      continuation.yield(failure.map { .failed($0.summary) } ?? .saved)
    }
    self.saver = saver
    store = ItemsStore(save: { saver.submit($0) }, events: { events })
  }

  /// Nothing is saved: another instance holds the file, or it is not a file.
  static let readOnly = ItemsStore(save: { _ in }, events: { AsyncStream { $0.finish() } })
}

/// What the app starts with: the state the route opens, and what to tell the
/// user about the data file.
struct InventoryLaunch {
  var state: AppFeature.State
  var notice: String?
  /// True when there was no data file yet: it starts with the sample items.
  var isFirstRun: Bool
  /// True when nothing may be saved: the path is not a regular file, or the
  /// file is from a newer inventory (never replaced).
  var isReadOnly: Bool

  /// Loads the items and resolves the route. A bad route is an error (exit 2);
  /// an unreadable data file is not: it is kept aside and the app starts empty.
  static func prepare(file: ItemsFile, route routeText: String?) throws(InventoryLaunchError)
    -> InventoryLaunch
  {
    var route = Route.one
    if let routeText {
      do {
        route = try Route(parsing: routeText)
      } catch {
        throw .badRoute("'\(routeText)' is not a route (routes: \(Route.forms))")
      }
    }
    var items: IdentifiedArrayOf<Item> = []
    var notice: String?
    var isFirstRun = false
    var isReadOnly = file.holdsDirectoryOrSpecialFile
    if isReadOnly {
      notice =
        "\((file.path as NSString).lastPathComponent) is not a regular file: nothing is saved"
    } else {
      do {
        if let loaded = try file.load() {
          items = loaded
        } else {
          items = Item.samples
          isFirstRun = true
        }
      } catch .newerVersion(_, let version, _) {
        isReadOnly = true
        notice =
          "\((file.path as NSString).lastPathComponent) is from a newer inventory (format version "
          + "\(version); this one reads up to \(file.format.version)): read-only, nothing is saved"
      } catch {
        // Never overwrite what could not be read: keep it beside, untouched.
        let backup = file.keepAside()
        let kept =
          backup.map { "kept as \(($0 as NSString).lastPathComponent)" } ?? "could not copy it"
        notice = "\(error.summary); \(kept); starting empty"
      }
    }
    do {
      let state = try route.state(for: items, newItemID: { UUID() })
      return InventoryLaunch(
        state: state, notice: notice, isFirstRun: isFirstRun, isReadOnly: isReadOnly)
    } catch {
      throw .badRoute("'\(routeText ?? "/one")' does not open anything: \(error)")
    }
  }
}

enum InventoryLaunchError: Error {
  case badRoute(String)
}
