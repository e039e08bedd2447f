import Foundation
import InventoryCore
import TerminalApp
import TerminalUI
import Testing

@testable import InventoryTUI

/// Which keys do what where: the tab keys only with nothing in front, text
/// fields that type what would be a command elsewhere, and each overlay's
/// save and cancel.
@MainActor
@Suite struct KeymapTests {
  typealias Action = Shell<AppFeature>.Action

  static func inventory(_ action: Inventory.Action) -> Action { .app(.inventory(action)) }

  @Test func tabKeysChooseATab() {
    let one = keymap(appState(.one))
    #expect(one.action(for: .char("2")) == .app(.selectedTabChanged(.inventory)))
    #expect(one.action(for: .char("3")) == .app(.selectedTabChanged(.three)))
    #expect(one.action(for: .char("1")) == .app(.selectedTabChanged(.one)))
    #expect(one.action(for: .char("4")) == nil)
    // [ and ] cycle, wrapping around.
    #expect(one.action(for: .char("[")) == .app(.selectedTabChanged(.three)))
    #expect(one.action(for: .char("]")) == .app(.selectedTabChanged(.inventory)))
    let three = keymap(appState(.three))
    #expect(three.action(for: .char("]")) == .app(.selectedTabChanged(.one)))
    #expect(keymap(appState()).action(for: .char("1")) == .app(.selectedTabChanged(.one)))
    // Tab and Shift-Tab too.
    #expect(one.action(for: .tab) == .app(.selectedTabChanged(.inventory)))
    #expect(one.action(for: .backTab) == .app(.selectedTabChanged(.three)))
    // The help bar offers the digits where there is room.
    #expect(draw(appState(.three), size: .large).lines.last?.contains("1/2/3 choose tab") == true)
  }

  @Test func qQuitsFromEveryTab() {
    for tab in AppFeature.Tab.allCases {
      #expect(keymap(appState(tab)).action(for: .char("q")) == .quitPressed)
    }
  }

  nonisolated static let overlays: [(String, Inventory.Destination.State)] = [
    ("add", .add(.newItem(id: .init(UUID(900))))),
    ("edit", .edit(.editItem(.keyboard))),
    ("detail", .detail(ItemDetail.State(item: .keyboard))),
    ("alert", .alert(.deleteItem(.keyboard))),
    ("dialog", .duplicate(.duplicateItem(.keyboard))),
  ]

  @Test(arguments: overlays.map(\.0))
  func tabKeysAndQuitDoNothingUnderAnOverlay(_ name: String) {
    let destination = Self.overlays.first { $0.0 == name }!.1
    let keymap = keymap(appState(selection: Item.keyboard.id, destination: destination))
    for key in [Key.char("1"), .char("2"), .char("3"), .char("["), .char("]"), .char("q")] {
      let action = keymap.action(for: key)
      if case .app(.selectedTabChanged) = action { Issue.record("\(key) chose a tab over \(name)") }
      #expect(action != .quitPressed)
    }
  }

  @Test func theNameFieldTypesTabKeysAndQ() {
    let (runtime, backend) = makeRuntime()
    runtime.press(.char("a"))
    #expect(backend.layerNames == ["screen", "sheet"])
    runtime.type("1q[]3")
    runtime.press(.backspace)
    guard case .add(let form) = runtime.state.inventory.destination else {
      Issue.record("no add sheet")
      return
    }
    #expect(form.item.name == "1q[]")
    #expect(form.cursor == 4)
    #expect(runtime.state.selectedTab == .inventory)
    #expect(!runtime.isFinished)
    #expect(backend.shows("1q[]"))
    // The cursor sits after the text, in the sheet's field.
    #expect(backend.cursor != nil)
  }

  @Test func addSheetEscAndCtrlS() {
    let state = appState(destination: .add(.newItem(id: .init(UUID(900)))))
    let keymap = keymap(state)
    #expect(keymap.action(for: .escape) == .discardPressed(.inventory(.cancelAddItemButtonTapped)))
    #expect(keymap.action(for: .ctrl("s")) == Self.inventory(.confirmAddItemButtonTapped))
    #expect(keymap.typesText)
  }

  @Test func editPopoverEscAndCtrlS() {
    let state = appState(selection: Item.keyboard.id, destination: .edit(.editItem(.keyboard)))
    let keymap = keymap(state)
    #expect(keymap.action(for: .escape) == .discardPressed(.inventory(.cancelEditItemButtonTapped)))
    #expect(keymap.action(for: .ctrl("s")) == Self.inventory(.confirmEditItemButtonTapped))
  }

  /// Ctrl-C in the edit popover with a change warns first; again, it quits.
  @Test func ctrlCInAChangedPopoverWarnsFirst() {
    let state = appState(selection: Item.keyboard.id, destination: .edit(.editItem(.keyboard)))
    let (runtime, backend) = makeRuntime(state)
    runtime.press(.ctrl("c"))
    #expect(runtime.isFinished)  // nothing changed: nothing to lose

    let (changed, screen) = makeRuntime(state)
    changed.press(.char("s"), .ctrl("c"))
    #expect(!changed.isFinished)
    #expect(screen.shows("Unsaved: ctrl+c again quits, ctrl+s saves your changes to “Keyboard”"))
    changed.press(.ctrl("c"))
    #expect(changed.isFinished)
    #expect(!backend.shows("Unsaved"))
  }

  /// Esc goes back, and so do q (it quits only from the list), ← and
  /// Backspace; ↑/↓ (k/j) show the previous and next items.
  @Test func detailEscQLeftAndBackspaceGoBack() {
    let state = appState(
      selection: Item.keyboard.id, destination: .detail(ItemDetail.State(item: .keyboard)))
    for key in [Key.escape, .char("q"), .left, .backspace] {
      #expect(
        keymap(state).action(for: key)
          == Self.inventory(.destination(.presented(.detail(.backButtonTapped)))))
    }
    #expect(keymap(state).action(for: .char("j")) == Self.inventory(.detailMoved(by: 1)))
    #expect(keymap(state).action(for: .up) == Self.inventory(.detailMoved(by: -1)))
    let (runtime, backend) = makeRuntime(state)
    runtime.press(.down)
    #expect(backend.shows("Inventory › Monitor"), "\(backend.lines)")
  }

  /// The detail offers what the list does to an item, and does it to the
  /// item on screen.
  @Test func editDuplicateAndDeleteFromTheDetail() {
    let (runtime, backend) = makeRuntime(
      appState(selection: Item.monitor.id, destination: .detail(ItemDetail.State(item: .monitor))))
    #expect(backend.shows("e edit"))
    #expect(backend.shows("c duplicate"))
    #expect(backend.shows("d delete"))
    renameTheMonitorInThePopover(runtime, backend)
    // Saved, the item's detail is back, under its new name.
    #expect(backend.shows("Inventory › Screen"), "\(backend.lines)")
    runtime.press(.char("c"), .escape)
    #expect(backend.shows("Inventory › Screen"))
    runtime.press(.char("d"))
    #expect(backend.shows("Delete Screen?"))
    runtime.press(.char("y"))
    #expect(runtime.state.inventory.items[id: Item.monitor.id] == nil)
    #expect(runtime.state.inventory.destination == nil)
  }

  @Test func alertAndDialogKeys() {
    let alert = keymap(
      appState(selection: Item.monitor.id, destination: .alert(.deleteItem(.monitor))))
    #expect(
      alert.action(for: .char("y"))
        == Self.inventory(.destination(.presented(.alert(.confirmDeletion(Item.monitor.id))))))
    #expect(alert.action(for: .escape) == Self.inventory(.destination(.dismiss)))
    let dialog = keymap(
      appState(selection: Item.monitor.id, destination: .duplicate(.duplicateItem(.monitor))))
    #expect(
      dialog.action(for: .char("d"))
        == Self.inventory(
          .destination(.presented(.duplicate(.confirmDuplication(Item.monitor.id))))))
    // The choice the key asked for is highlighted: Enter duplicates.
    #expect(
      dialog.action(for: .enter)
        == Self.inventory(
          .destination(.presented(.duplicate(.confirmDuplication(Item.monitor.id))))))
  }

  @Test func listKeys() {
    let keymap = keymap(appState(selection: Item.monitor.id))
    #expect(keymap.action(for: .char("j")) == Self.inventory(.selectionMoved(by: 1)))
    #expect(keymap.action(for: .up) == Self.inventory(.selectionMoved(by: -1)))
    #expect(keymap.action(for: .pageDown) == Self.inventory(.selectionMoved(by: 20)))
    #expect(keymap.action(for: .char("G")) == Self.inventory(.selectionMovedToLast))
    #expect(keymap.action(for: .enter) == Self.inventory(.detailButtonTapped))
    #expect(keymap.action(for: .char("a")) == Self.inventory(.addButtonTapped))
    #expect(keymap.action(for: .char("e")) == Self.inventory(.editButtonTapped))
    #expect(keymap.action(for: .char("c")) == Self.inventory(.duplicateButtonTapped))
    #expect(keymap.action(for: .char("d")) == Self.inventory(.deleteButtonTapped))
    // Nothing to act on in an empty list.
    let empty = InventoryTUITests.keymap(appState(items: []))
    #expect(empty.action(for: .char("e")) == nil)
    #expect(empty.action(for: .enter) == nil)
  }

  // MARK: Flows through a real store

  @Test func goToInventoryButton() {
    let (runtime, backend) = makeRuntime(appState(.one))
    #expect(backend.shows("[ Go to inventory ]"))
    runtime.press(.enter)
    #expect(runtime.state.selectedTab == .inventory)
    #expect(backend.shows("Keyboard"))
  }

  @Test func addAnItem() {
    let (runtime, backend) = makeRuntime()
    runtime.press(.char("a"), .ctrl("s"))
    // A blank name is refused and flagged.
    #expect(backend.shows("An item needs a name."))
    #expect(runtime.state.inventory.items.count == 4)
    runtime.type("Desk")
    runtime.press(.tab, .right, .right, .tab, .char("+"), .char("+"), .char("-"), .right)
    guard case .add(let form) = runtime.state.inventory.destination else {
      Issue.record("no add sheet")
      return
    }
    #expect(form.item.color == .green)
    #expect(form.item.status == .inStock(quantity: 3))
    runtime.press(.enter)  // Mark as sold out
    runtime.press(.char(" "))  // on back order
    #expect(backend.shows("[x] Is on back order?"))
    runtime.press(.ctrl("s"))
    #expect(runtime.state.inventory.destination == nil)
    #expect(runtime.state.inventory.items.last?.name == "Desk")
    #expect(runtime.state.inventory.items.last?.status == .outOfStock(isOnBackOrder: true))
    #expect(backend.shows("Out of stock · back-ordered"))
  }

  /// On the quantity, digits type a number and Backspace erases one.
  @Test func aQuantityIsTypedOnTheStatusField() {
    let (runtime, backend) = makeRuntime()
    runtime.press(.char("a"))
    runtime.type("Desk")
    runtime.press(.tab, .tab)
    runtime.press(.char("2"))
    runtime.press(.char("5"))
    runtime.press(.char("0"))
    runtime.press(.char("7"))
    runtime.press(.backspace)
    #expect(backend.shows("250 in stock"), "\(backend.lines)")
    runtime.press(.ctrl("s"))
    #expect(runtime.state.inventory.items.last?.status == .inStock(quantity: 250))
  }

  /// Sold out, a number typed puts that many back in stock.
  @Test func aNumberTypedOnASoldOutItemPutsItBackInStock() {
    let (runtime, backend) = makeRuntime()
    runtime.press(.char("a"))
    runtime.type("Desk")
    runtime.press(.tab, .tab, .enter)
    #expect(backend.shows("Is back in stock!"), "\(backend.lines)")
    #expect(backend.shows("Out of stock") || backend.shows("back order"), "\(backend.lines)")
    runtime.press(.char("3"))
    runtime.press(.char("0"))
    #expect(backend.shows("30 in stock"), "\(backend.lines)")
    runtime.press(.ctrl("s"))
    #expect(runtime.state.inventory.items.last?.status == .inStock(quantity: 30))
  }

  /// Digits that come together (pasted, or faster than read) type the
  /// quantity too, and so does a number pasted with its grouping or unit;
  /// text that does not start with a number does nothing.
  @Test func digitsPastedOnTheStatusFieldTypeTheQuantity() {
    /// The quantity a new item's sheet shows after each of `pastes`.
    func quantities(afterPasting pastes: [String]) -> [String?] {
      let (runtime, backend) = makeRuntime()
      runtime.press(.char("a"))
      runtime.type("Desk")
      runtime.press(.tab, .tab)
      return pastes.map { pasted in
        runtime.handle(.paste(pasted))
        runtime.render()
        // The sheet's stepper, "◀ 2500 in stock ▶", not the list behind it.
        return backend.lines.lazy.filter { $0.contains("◀") }.compactMap { line in
          line.firstRange(of: " in stock").map { range in
            String(line[..<range.lowerBound].split(separator: " ").last ?? "")
          }
        }.first
      }
    }
    #expect(quantities(afterPasting: ["2500", "x1"]) == ["2500", "2500"])
    #expect(quantities(afterPasting: [" 1,200 units\n"]) == ["1200"])
  }

  /// A version that lost a conflict is offered with `o`, from any tab:
  /// the edit popover opens on it over the version kept.
  @Test func oReopensTheVersionThatLostAConflict() {
    var state = appState(.one)
    var mine = Item.samples[0]
    mine.name = "Mine"
    state.conflicts = [mine]
    let (runtime, backend) = makeRuntime(state)
    #expect(backend.lines.last?.contains("o open your version") == true, "\(backend.lines)")
    runtime.press(.char("o"))
    #expect(runtime.state.selectedTab == .inventory)
    #expect(backend.layerNames == ["screen", "popover"])
    #expect(backend.shows("Mine"))
    #expect(runtime.state.conflicts.isEmpty)
    runtime.press(.escape)
    #expect(!(backend.lines.last?.contains("o open") ?? true))
  }

  @Test func theConflictBannerSaysToPressO() {
    let banner = InventoryView.banner(
      for: .conflict(names: ["Display"], copy: "items.conflict-x.json"))
    #expect(
      banner
        == .error("Changed elsewhere too: kept “Display”; o opens yours (in items.conflict-x.json)")
    )
  }

  /// Esc on an untouched sheet closes it; on one with something typed,
  /// it warns first and closes on a second press.
  @Test func escCancelsTheSheet() {
    let (runtime, backend) = makeRuntime()
    runtime.press(.char("a"))
    runtime.press(.escape)
    #expect(runtime.state.inventory.destination == nil)
    runtime.press(.char("a"))
    runtime.type("Desk")
    runtime.press(.escape)
    #expect(backend.shows("Unsaved: esc again discards, ctrl+s saves the new item"))
    #expect(backend.layerNames == ["screen", "sheet"])
    runtime.press(.escape)
    #expect(!backend.shows("Unsaved"))
    #expect(runtime.state.inventory.destination == nil)
    #expect(runtime.state.inventory.items.count == 4)
    #expect(backend.layerNames == ["screen"])
  }

  /// The notice asking to save the edit of an item deleted elsewhere goes
  /// with the edit once it is discarded, even waiting behind the warning.
  @Test func aNoticeAboutADiscardedEditGoesWithIt() {
    let (runtime, backend) = makeRuntime(appState(selection: Item.monitor.id))
    runtime.press(.char("e"))
    runtime.type("X")
    runtime.press(.escape)
    let rest = runtime.state.inventory.items.filter { $0.id != Item.monitor.id }
    runtime.store.send(
      .app(
        .persistence(
          .changedElsewhere(stored: rest, base: runtime.state.inventory.items, revision: 1))))
    runtime.render()
    #expect(backend.shows("Unsaved: esc again discards"))
    #expect(
      runtime.store.state.queuedBanners.map(\.text).contains { $0.hasSuffix(Keys.keepByEditing) })
    runtime.press(.escape)
    #expect(runtime.state.inventory.destination == nil)
    #expect(!backend.shows("saving keeps it"), "\(backend.lines)")
  }

  /// The item being edited is changed elsewhere: the notice says that
  /// saving now keeps theirs and sets the user's aside.
  @Test func aChangeElsewhereToTheEditedItemIsSaid() {
    let (runtime, backend) = makeRuntime(appState(selection: Item.monitor.id))
    runtime.press(.char("e"))
    var stored = runtime.state.inventory.items
    stored[id: Item.monitor.id]?.name = "Display"
    runtime.store.send(
      .app(
        .persistence(
          .changedElsewhere(stored: stored, base: runtime.state.inventory.items, revision: 1))))
    runtime.render()
    #expect(
      backend.shows("“Display” was changed elsewhere: saving keeps theirs and sets yours aside"))
    #expect(runtime.state.inventory.destination != nil)

    // Again: one notice, with the name as it is now; changed back, none.
    var again = stored
    again[id: Item.monitor.id]?.name = "Screen"
    runtime.store.send(
      .app(.persistence(.changedElsewhere(stored: again, base: stored, revision: 2))))
    #expect(runtime.store.state.banner?.text.hasPrefix("“Screen” was changed") == true)
    #expect(runtime.store.state.queuedBanners.isEmpty)
    runtime.store.send(
      .app(.persistence(.changedElsewhere(stored: Item.samples, base: again, revision: 3))))
    #expect(runtime.store.state.banner == nil && runtime.store.state.queuedBanners.isEmpty)
  }

  @Test func editInThePopover() {
    let (runtime, backend) = makeRuntime(appState(selection: Item.monitor.id))
    renameTheMonitorInThePopover(runtime, backend)
    #expect(backend.layerNames == ["screen"])
  }

  /// `e`, the name replaced by "Screen", Ctrl-S.
  func renameTheMonitorInThePopover(
    _ runtime: InventoryRuntime, _ backend: InMemoryBackend,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    runtime.press(.char("e"))
    #expect(backend.layerNames == ["screen", "popover"], sourceLocation: sourceLocation)
    runtime.press(.ctrl("u"))
    runtime.type("Screen")
    runtime.press(.ctrl("s"))
    #expect(
      runtime.state.inventory.items[id: Item.monitor.id]?.name == "Screen",
      sourceLocation: sourceLocation)
  }

  @Test func duplicateThroughTheDialog() {
    let (runtime, backend) = makeRuntime(appState(selection: Item.monitor.id))
    runtime.press(.char("c"))
    #expect(backend.layerNames == ["screen", "alert"])
    runtime.press(.char("d"))
    #expect(backend.shows("Duplicate item"))
    #expect(backend.shows("Monitor copy"))
    runtime.press(.ctrl("s"))
    // Beside its original.
    #expect(
      runtime.state.inventory.items.map(\.name) == [
        "Keyboard", "Monitor", "Monitor copy", "Mouse", "Headphones",
      ])
  }

  @Test func deleteThroughTheAlert() {
    let (runtime, backend) = makeRuntime(appState(selection: Item.monitor.id))
    runtime.press(.char("d"))
    #expect(backend.shows("Delete Monitor?"))
    runtime.press(.escape)
    #expect(runtime.state.inventory.items.count == 4)
    // A second d (a double press, a held key) does not answer the alert.
    runtime.press(.char("d"), .char("d"), .char("d"))
    #expect(runtime.state.inventory.items.count == 4)
    #expect(backend.shows("Delete Monitor?"))
    runtime.press(.char("y"))
    #expect(runtime.state.inventory.items[id: Item.monitor.id] == nil)
    #expect(!backend.shows("Monitor"))
  }

  @Test func everyKeyInTheHelpBarIsHandled() {
    let states: [AppFeature.State] =
      AppFeature.Tab.allCases.map { appState($0) }
      + Self.overlays.map { appState(selection: Item.keyboard.id, destination: $0.1) }
    for state in states {
      let keymap = keymap(state)
      for binding in keymap.bindings where binding.isShownInShortHelp {
        // A summary binding ("←/→ change") has no keys of its own.
        guard let key = binding.keys.first else { continue }
        #expect(keymap.action(for: key) != nil, "\(binding.helpText) in \(state.selectedTab)")
      }
    }
  }
}
