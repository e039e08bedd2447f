import AppCommandLine
import ArgumentParser
import Foundation
import InventoryCore
import InventoryTUI
import TerminalApp

/// Finishes the manual page `generate-manual` wrote (see `make man`): the
/// keys of every screen from the keymaps, the routes, environment, files and
/// exit statuses. Hidden from help.
struct InventoryManual: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "debug-manual", shouldDisplay: false)

  @Option(name: .long, help: "The page generate-manual wrote.")
  var generated: String

  @MainActor
  func run() async throws {
    let page = try String(contentsOfFile: generated, encoding: .utf8)
    print(Self.manual.page(from: page), terminator: "")
  }

  /// Each screen as a route opens it on the sample items.
  static let screens: [(title: String, route: String)] = [
    ("Tab One", "/one"),
    ("The inventory", "/inventory"),
    ("The new item sheet (and the duplicate sheet)", "/inventory/new"),
    ("An item's detail", "/inventory/1"),
    ("The edit popover", "/inventory/1/edit"),
    ("The duplicate dialog", "/inventory/1/duplicate"),
    ("The delete alert", "/inventory/1/delete"),
    ("Tab Three", "/three"),
  ]

  @MainActor static var manual: Manual {
    let keys = {
      let states = screens.compactMap { title, route in
        (try? Route(parsing: route).state(for: Item.samples, newItemID: { UUID(0) }))
          .map { (title: title, state: $0) }
      }
      return InventoryView.make().keyReference(states)
    }()
    return Manual(
      keys: keys.map { reference in
        (reference.screen, reference.entries.map { ($0.keys, $0.description) })
      },
      routes: [
        ("/one", "the first tab"), ("/inventory", "the inventory tab"), ("/three", "the third tab"),
        ("/inventory/new", "the new item sheet"), ("/inventory/<item>", "an item's detail"),
        ("/inventory/<item>/edit", "its edit popover"),
        ("/inventory/<item>/duplicate", "the duplicate dialog"),
        ("/inventory/<item>/delete", "the delete alert"),
        (
          "<item>",
          "an id, a unique id prefix, a 1-based position or a name (any case); inventory:// may precede the path"
        ),
      ],
      environment: [
        ("INVENTORY_DATA", "the data file, when --data is not given"),
        ("XDG_DATA_HOME", "where the data file is by default (else ~/.local/share)"),
        ("HOME", "the home directory, for the default data file"),
        ("TERM", "the terminal type; a terminal that cannot move its cursor is refused"),
        ("NO_COLOR", "draw without colours, as --no-color"),
        ("TMPDIR", "where standard error waits while the screen is drawn (default /tmp)"),
        (
          "INVENTORY_WATCH",
          "poll: watch the data file by polling twice a second instead of inotify"
        ),
      ],
      files: [
        ("$XDG_DATA_HOME/inventory/items.json", "the data file (versioned JSON, mode 0600)"),
        ("<data>.lock", "held while the app runs: a second instance opens read-only"),
        ("<data>.conflict-<UTC time>Z.json", "your version of items another program changed too"),
        ("<data>.unreadable-<time>", "a data file that could not be read, kept aside"),
      ],
      exitStatuses: [
        ("0", "success"),
        ("1", "the terminal cannot be used, or the data could not be saved"),
        ("2", "a route that does not match or is ambiguous"),
        ("64", "a malformed command line"),
      ])
  }
}
