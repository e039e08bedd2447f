import InventoryCore
import TerminalApp
import TerminalUI

/// The inventory app as the terminal runtime hosts it: one routing function
/// from state to what is on screen — the selected tab (or the item detail
/// it drills down to) and what the inventory presents over it — each with
/// its own drawing and keys.
public enum InventoryView {
  public typealias Action = Shell<AppFeature>.Action
  typealias Scene = TerminalApp.Scene<Action, ViewMemory>

  /// The smallest terminal the layouts are made for.
  public static let minimumSize = Size(width: 32, height: 10)

  public static func make(
    environment: RenderEnvironment = RenderEnvironment()
  ) -> AppView<AppFeature, ViewMemory> {
    AppView(
      minimumSize: minimumSize,
      scene: { scene($0, size: $1, environment: environment) },
      helpFooter: { helpFooter(route: Route(state: $0).path, version: environment.version) })
  }

  /// Full help's last line: the version first (a long route is what gets
  /// cut on a narrow screen), then the route of what is on screen.
  static func helpFooter(route: String, version: String?) -> String {
    (version.map { "inventory \($0) · " } ?? "") + "Route " + route
  }

  /// The banners the app's actions show: a failed save until a save succeeds.
  static func notSaved(_ reason: String) -> String { "Not saved: \(reason) — will retry" }

  @Sendable public static func message(for action: AppFeature.Action) -> ShellMessage? {
    switch action {
    case .persistence(.failed(let reason)):
      // Standing until a save goes through: it is still true after a key.
      .showWithStatus(.error(notSaved(reason)), status: notSaved(reason))
    case .persistence(.saved): .resolveErrorAndStatus(prefixes: ["Not saved:"])
    case .persistence(.notice(let text)): .show(.notice(text))
    case .persistence(.readOnly(let text)): .showStatus(text)
    case .persistence(.writable(let text)):
      .resolveStatus(prefixes: ["Read-only: inventory is already running"], then: .notice(text))
    case .notified(let notice): .show(banner(for: notice))
    // Said again after it, with the name as it is now, if still true.
    case .persistence(.changedElsewhere): .withdraw(endingWith: [Keys.savingSetsYoursAside])
    case .inventory(.cancelEditItemButtonTapped), .inventory(.confirmEditItemButtonTapped):
      .withdraw(endingWith: [Keys.keepByEditing, Keys.savingSetsYoursAside])
    default: nil
    }
  }

  /// What closing the open sheet or popover now would lose, for the
  /// warnings of the quit and cancel keys.
  @Sendable public static func unsavedWork(_ state: AppFeature.State) -> UnsavedWork? {
    switch state.unsavedForm {
    case .newItem(let isDuplicate, let canSave):
      UnsavedWork(isDuplicate ? "the duplicate" : "the new item", needs: canSave ? nil : "a name")
    case .edit(let item, let canSave):
      UnsavedWork(
        "your changes to \(Sanitizer.quoted(item.shownName))", needs: canSave ? nil : "a name")
    case nil: nil
    }
  }

  static func banner(for notice: ItemsNotice) -> Banner {
    switch notice {
    case .deletedElsewhere(let name):
      .notice("\(Sanitizer.quoted(name)) was deleted elsewhere")
    case .deletedWhileEditing(let name):
      .notice("\(Sanitizer.quoted(name)) was deleted elsewhere: \(Keys.keepByEditing)")
    case .changedWhileEditing(let name):
      .notice("\(Sanitizer.quoted(name)) was changed elsewhere: \(Keys.savingSetsYoursAside)")
    case .keptDespiteDeletion(let name):
      .notice(
        "\(Sanitizer.quoted(name)) was deleted on one side and changed on the other: it stays")
    case .conflict(let names, let copy):
      .error(
        "Changed elsewhere too: kept "
          + names.map { "\(Sanitizer.quoted($0))" }.joined(separator: ", ") + "; o opens yours"
          + (copy.map { " (in \(Sanitizer.inert($0)))" } ?? " (not saved aside)"))
    }
  }

  static func scene(_ state: AppFeature.State, size: Size, environment: RenderEnvironment)
    -> Scene
  {
    let inventory = state.inventory
    let embed: (Inventory.Action) -> Action = { .app(.inventory($0)) }
    // What the inventory presents is on screen only while its tab is.
    guard state.selectedTab == .inventory, let destination = inventory.destination else {
      return Scene(screen: tabs(state, size: size, environment: environment))
    }
    let overlay: SceneOverlay<Action, ViewMemory>
    switch destination {
    case .detail(let detail):
      return Scene(
        screen: self.detail(detail, itemCount: inventory.items.count, environment: environment))
    case .add(let form):
      overlay = ItemFormSheet.overlay(
        form, save: embed(.confirmAddItemButtonTapped),
        cancel: .discardPressed(.inventory(.cancelAddItemButtonTapped)), environment: environment
      ) { embed(.destination(.presented(.add($0)))) }
    case .edit(let form):
      overlay = ItemEditPopover.overlay(
        form, inventory: inventory, save: embed(.confirmEditItemButtonTapped),
        cancel: .discardPressed(.inventory(.cancelEditItemButtonTapped)), environment: environment
      ) { embed(.destination(.presented(.edit($0)))) }
    case .alert(let alert):
      overlay = .alert(AlertPresentation(alert) { embed(.destination($0.map { .alert($0) })) })
    case .duplicate(let dialog):
      // Keyed and drawn as an alert: the runtime centres every alert and dialog.
      overlay = .alert(
        AlertPresentation(dialog) { embed(.destination($0.map { .duplicate($0) })) })
    }
    return Scene(screen: tabs(state, size: size, environment: environment), overlay: overlay)
  }

  /// The selected tab under the tab bar, with its keys, the tab keys and quit.
  static func tabs(_ state: AppFeature.State, size: Size, environment: RenderEnvironment)
    -> Screen<Action, ViewMemory>
  {
    let tab = state.selectedTab
    var keymap: Keymap<Action>
    switch tab {
    case .one:
      keymap = FirstTabScreen.keymap(state.firstTab).map { .app(.firstTab($0)) }
    case .inventory:
      keymap = InventoryListScreen.keymap(
        state.inventory, pageSize: InventoryListScreen.pageSize(for: size)
      ).map { .app(.inventory($0)) }
    case .three:
      keymap = ThirdTabScreen.keymap(state.thirdTab)
    }
    keymap.append(contentsOf: TabChrome.commands(selected: tab).map { $0.map { Action.app($0) } })
    if !state.conflicts.isEmpty {
      // First: what the banner just said to press.
      keymap.prepend(contentsOf: [
        Command(
          KeyBinding(keys: [.char("o")], help: ("o", "open your version")),
          send: .app(.reviewConflictTapped))
      ])
    }
    keymap.append(Command(Keys.quit, send: .quitPressed))
    let trailing = tab == .inventory ? InventoryListScreen.countText(state.inventory) : nil
    return Screen(keymap: keymap) { canvas, bar, memory in
      TabChrome.draw(in: &canvas, selected: tab, trailing: trailing, bindings: bar) { content in
        switch tab {
        case .one:
          FirstTabScreen.draw(state.firstTab, in: &content)
        case .inventory:
          InventoryListScreen.draw(
            state.inventory, in: &content, environment: environment, memory: &memory)
        case .three:
          ThirdTabScreen.draw(state.thirdTab, in: &content)
        }
      }
    }
  }

  static func detail(
    _ detail: ItemDetail.State, itemCount: Int, environment: RenderEnvironment
  ) -> Screen<Action, ViewMemory> {
    var keymap = ItemDetailScreen.keymap(detail).map {
      Action.app(.inventory(.destination(.presented(.detail($0)))))
    }
    keymap.append(
      contentsOf: ItemDetailScreen.itemCommands(itemCount: itemCount).map {
        $0.map { .app(.inventory($0)) }
      })
    return Screen(keymap: keymap) { canvas, bar, _ in
      ItemDetailScreen.draw(detail, in: &canvas, bindings: bar, environment: environment)
    }
  }
}
