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
    print(try Self.manual().page(from: page), terminator: "")
  }

  /// Each screen in the states that between them enable every key it has
  /// (each field of the form focused, an item in stock and one out of
  /// stock), on the sample items.
  static func screens() throws -> [(title: String, states: [AppFeature.State])] {
    func open(_ route: String, _ items: IdentifiedArrayOf<Item> = Item.samples) throws
      -> AppFeature.State
    {
      try Route(parsing: route).state(for: items, newItemID: { UUID(0) })
    }
    /// The form of `route` with `focus`, its item's status `status` if given.
    func form(_ route: String, focus: ItemForm.Field, status: Item.Status? = nil) throws
      -> AppFeature.State
    {
      var state = try open(route)
      func change(_ form: inout ItemForm.State) {
        form.focus = focus
        if let status { form.item.status = status }
      }
      switch state.inventory.destination {
      case .add(var form):
        change(&form)
        state.inventory.destination = .add(form)
      case .edit(var form):
        change(&form)
        state.inventory.destination = .edit(form)
      default:
        break
      }
      return state
    }
    func forms(_ route: String) throws -> [AppFeature.State] {
      [
        try form(route, focus: .name), try form(route, focus: .color),
        try form(route, focus: .status, status: .inStock(quantity: 2)),
        try form(route, focus: .status, status: .outOfStock(isOnBackOrder: false)),
      ]
    }
    return [
      ("Tab One", [try open("/one")]),
      ("The inventory", [try open("/inventory"), try open("/inventory", [])]),
      ("The new item sheet (and the duplicate sheet)", try forms("/inventory/new")),
      ("An item's detail", [try open("/inventory/1")]),
      ("The edit popover", try forms("/inventory/1/edit")),
      ("The duplicate dialog", [try open("/inventory/1/duplicate")]),
      ("The delete alert", [try open("/inventory/1/delete")]),
      ("Tab Three", [try open("/three")]),
    ]
  }

  @MainActor static func manual() throws -> Manual {
    let keys = InventoryView.make().keyReference(try screens())
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
        ("NO_COLOR", "draw without colours, as --no-color"),
        ("TMPDIR", "where standard error waits while the screen is drawn (default /tmp)"),
        (
          "INVENTORY_WATCH",
          "poll: watch the data file by polling twice a second instead of inotify"
        ),
      ] + Manual.terminalEnvironment,
      files: [
        ("$XDG_DATA_HOME/inventory/items.json", "the data file (versioned JSON, mode 0600)"),
        (
          "<data>.lock",
          "held while the app runs: a second instance opens read-only, and saves once"
            + " the first quits (<data>: the data file's path; <name>: that path without .json)"
        ),
        (
          "<name>.conflict-<UTC time>Z.json",
          "your version of items another program changed too, or that could not be saved; in"
            + " $XDG_STATE_HOME/inventory (else ~/.local/state/inventory, else the temporary"
            + " directory) when the data file's directory takes no new file"
        ),
        (
          "<name>.unreadable-<UTC time>Z",
          "a data file that could not be read, kept aside"
        ),
      ],
      exitStatuses: [
        ("0", "success"),
        ("1", "the terminal cannot be used, or the data could not be saved"),
        ("2", "a route that does not match or is ambiguous"),
        ("64", "a malformed command line"),
        (
          "128+n",
          "ended by signal n (SIGHUP 1, SIGINT 2, SIGTERM 15, or the terminal closing), after saving what was saved and restoring the terminal"
        ),
      ])
  }
}
