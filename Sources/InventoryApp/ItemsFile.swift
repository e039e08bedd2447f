import AppCommandLine
import EventLoop
import Foundation
import InventoryCore
import Persistence
import Routing

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
  let watcher: FileWatcher

  init(
    file: ItemsFile, launch: InventoryLaunch, watch: FileWatcher.Watch? = nil, writes: Bool = true,
    notWrittenBecause: String? = nil, waitingFor lock: FileLock? = nil
  ) {
    let (events, continuation) = AsyncStream.makeStream(of: ItemsEvent.self)
    // What the file held: a first run's is nothing (no file, or an empty one).
    // One that never writes knows what it started with even where no file was read.
    let loaded =
      launch.version == nil && writes
      ? nil : launch.isFirstRun ? [] : launch.state.inventory.items
    let saver = Saver(
      file: file, executor: ThreadExecutor(), baseline: .loaded(loaded, launch.version),
      merge: DocumentMerge { base, mine, theirs in
        let merge = ItemsMerge(base: base ?? [], mine: mine, theirs: theirs ?? [])
        return (merge.items, merge.conflicts.isEmpty ? nil : merge.conflicts)
      }, writes: writes, notWrittenBecause: notWrittenBecause
    ) { event in
      switch event {
      case .saved: continuation.yield(.saved)
      case .failed(let failure): continuation.yield(.failed(failure.summary))
      case .changed(let stored, let base, let revision):
        continuation.yield(.changedElsewhere(stored: stored, base: base ?? [], revision: revision))
      case .notice(let text): continuation.yield(.notice(text))
      case .becameReadOnly(let text): continuation.yield(.readOnly(text))
      case .becameWritable(let text): continuation.yield(.writable(text))
      }
    }
    self.saver = saver
    // INVENTORY_WATCH=poll: polling instead of inotify (file systems without it; tests).
    let mode: FileWatcher.Mode =
      ProcessInfo.processInfo.environment["INVENTORY_WATCH"] == "poll"
      ? .polling(.milliseconds(500)) : .inotify
    // While another instance holds the lock, its letting go is watched too.
    watcher = saver.watchingFile(mode: mode, watch: watch, waitingFor: lock)
    store = ItemsStore(
      save: { saver.submit($0, revision: $1) }, events: { events },
      keepConflicts: { conflicts in
        await saver.keepConflictCopy(conflicts).map { ($0 as NSString).lastPathComponent }
      })
  }

  /// Nothing is saved: another instance holds the file, or it is not a file.
  static let readOnly = ItemsStore(save: { _, _ in }, events: { AsyncStream { $0.finish() } })
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
  /// The version of the file the items were read from (nil: none read).
  var version: FileVersion?

  /// Loads the items and resolves the route. A bad route is an error (exit 2);
  /// an unreadable data file is not: it is kept aside and the app starts empty.
  /// `opening` runs once the route is known to open, before any file is
  /// changed: what else the run needs (a terminal) is checked there.
  static func prepare(
    file: ItemsFile, route routeText: String?,
    opening: () throws(LaunchError) -> Void = {}
  ) throws(LaunchError) -> InventoryLaunch {
    let route = try parse(routeText)
    var items: IdentifiedArrayOf<Item> = []
    var notice: String?
    var isFirstRun = false
    var isReadOnly = file.holdsDirectoryOrSpecialFile
    var version: FileVersion?
    /// A file that could not be read, kept aside once the route is known to
    /// open: a mistyped route leaves no copy behind.
    var unreadable: DocumentFailure?
    if isReadOnly {
      notice =
        "\((file.path as NSString).lastPathComponent) is not a regular file: nothing is saved"
    } else {
      do {
        if let loaded = try file.read() {
          items = loaded.document
          version = loaded.version
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
        if let empty = file.emptyFileVersion() {
          // Nothing in it yet (made with `touch`): a first run, whose samples
          // replace this version.
          items = Item.samples
          isFirstRun = true
          version = empty
        } else {
          unreadable = error
        }
      }
    }
    let state: AppFeature.State
    do {
      state = try route.state(for: items, newItemID: { UUID() })
    } catch {
      // The route found nothing among no items: the file is why.
      let why = unreadable.map(\.summary) ?? (isReadOnly ? notice : nil)
      throw .badRoute(
        "'\(Reference.echoed(routeText ?? "/one"))' does not open anything: \(error)"
          + (why.map { " (\($0))" } ?? ""))
    }
    try opening()
    if let unreadable {
      // Never overwrite what could not be read: keep it beside, untouched.
      let backup = file.keepAside()
      // Kept: the first save may replace exactly this version.
      version = backup?.version
      let kept =
        backup.map { "kept as \(($0.copy as NSString).lastPathComponent)" } ?? "could not copy it"
      notice = "\(unreadable.summary); \(kept); starting empty" + unreadable.reasonSuffix
    }
    return InventoryLaunch(
      state: state, notice: notice, isFirstRun: isFirstRun, isReadOnly: isReadOnly,
      version: version)
  }
}

extension InventoryLaunch {
  /// Checked before anything is read: a bad route is a usage error.
  static func parse(_ routeText: String?) throws(LaunchError) -> Route {
    guard let routeText else { return .one }
    do {
      return try Route(parsing: routeText)
    } catch {
      throw .badRoute("'\(Reference.echoed(routeText))' is not a route (routes: \(Route.forms))")
    }
  }
}
