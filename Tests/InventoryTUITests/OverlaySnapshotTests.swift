import Foundation
import InventoryCore
import InventoryTUI
import TerminalApp
import TerminalUI
import Testing
import TextSnapshotTesting

/// What the inventory presents: the add and duplicate sheet, the edit
/// popover (below, above, and as a sheet when neither fits), the delete
/// alert, the duplicate dialog and the detail drill-down.
@MainActor
@Suite struct OverlaySnapshotTests {
  let newItem = ItemForm.State.newItem(id: .init(UUID(900)))

  @Test func addSheet() {
    let state = appState(destination: .add(newItem))
    assertScreen(state)
    #expect(draw(state, size: .large).layerNames == ["screen", "sheet"])
    #expect(draw(state, size: .large).shows("New item"))
  }

  @Test func addSheetWithTheNameMissing() {
    var form = newItem
    _ = form.validate()
    assertScreen(appState(destination: .add(form)))
    #expect(draw(appState(destination: .add(form)), size: .large).shows("An item needs a name."))
    // A terminal of 40×10 leaves the sheet one row under the fields: the
    // message takes it, whole, apart from the hints.
    let short = draw(appState(destination: .add(form)), size: Size(width: 40, height: 10))
    let row = short.lines.first { $0.contains("An item needs a name.") }
    #expect(row.map { !$0.contains("ctrl+s") } == true)
    #expect(short.shows("ctrl+s save") && short.shows("f1 help"))
  }

  @Test func duplicateSheetOnTheStatusField() {
    var form = ItemForm.State.duplicate(of: .keyboard, id: .init(UUID(901)))
    form.focus = .status
    let state = appState(destination: .add(form))
    assertScreen(state)
    #expect(draw(state, size: .large).shows("Duplicate item"))
    #expect(draw(state, size: .large).shows("Keyboard copy"))
  }

  @Test func outOfStockForm() {
    var form = ItemForm.State.editItem(.mouse)
    form.focus = .status
    assertScreen(appState(selection: Item.mouse.id, destination: .add(form)), sizes: [.large])
  }

  @Test func formWithoutColor() {
    var form = ItemForm.State.editItem(.keyboard)
    form.focus = .color
    assertScreen(
      appState(destination: .add(form)), sizes: [.large],
      environment: RenderEnvironment(usesColor: false))
  }

  @Test func editPopoverBelowTheRow() {
    let state = appState(
      selection: Item.keyboard.id, destination: .edit(.editItem(.keyboard)))
    assertScreen(state, sizes: [.large])
    let layers = draw(state, size: .large).frames.last?.layers ?? []
    #expect(layers.map(\.name) == ["screen", "popover"])
    // Right under the first row (screen row 2).
    #expect(layers.last?.rect.y == 3)
  }

  @Test func editPopoverAboveTheRow() {
    let item = Item.many[18]
    let state = appState(
      items: Item.many, selection: item.id, destination: .edit(.editItem(item)))
    assertScreen(state, sizes: [.large])
    let layers = draw(state, size: .large).frames.last?.layers ?? []
    #expect(layers.map(\.name) == ["screen", "popover"])
    // The row is the 19th, at screen row 20: the popover ends right above it.
    #expect(layers.last.map { $0.rect.maxY } == 20)
  }

  /// Above a row near the top it would cover the tab bar and its rule
  /// (60×14, the 9th row): then the sheet, under them.
  @Test func editPopoverNeverCoversTheTabBar() {
    let size = Size(width: 60, height: 14)
    for index in 6..<9 {
      let item = Item.many[index]
      let state = appState(
        items: Item.many, selection: item.id, destination: .edit(.editItem(item)))
      let layers = draw(state, size: size).frames.last?.layers ?? []
      let overlay = layers.last { $0.name != "screen" }
      #expect((overlay?.rect.y ?? 0) >= 2, "row \(index): \(overlay?.name ?? "-")")
      #expect(draw(state, size: size).lines.first?.contains("Inventory") == true)
    }
  }

  /// The item was deleted elsewhere and the highlight moved on: no box
  /// pointing at another item's row, the sheet instead.
  @Test func editPopoverOfAnItemNoLongerHighlightedIsASheet() {
    let state = appState(
      selection: Item.mouse.id, destination: .edit(.editItem(.monitor)))
    #expect(draw(state, size: .large).layerNames == ["screen", "sheet"])
  }

  @Test func editPopoverFallsBackToASheet() {
    // 40×12 has room for the popover neither below nor above any row.
    for item in [Item.keyboard, .headphones] {
      let state = appState(selection: item.id, destination: .edit(.editItem(item)))
      assertText(draw(state, size: .small).text, named: "\(item.name).40x12")
      #expect(draw(state, size: .small).layerNames == ["screen", "sheet"])
      #expect(draw(state, size: .large).layerNames == ["screen", "popover"])
    }
  }

  @Test func deleteAlert() {
    let state = appState(
      selection: Item.monitor.id, destination: .alert(.deleteItem(.monitor)))
    assertScreen(state)
    #expect(draw(state, size: .large).layerNames == ["screen", "alert"])
    #expect(draw(state, size: .large).shows("Delete Monitor?"))
  }

  @Test func duplicateDialog() {
    let state = appState(
      selection: Item.monitor.id, destination: .duplicate(.duplicateItem(.monitor)))
    assertScreen(state)
    #expect(draw(state, size: .large).layerNames == ["screen", "alert"])
    #expect(draw(state, size: .large).shows("[ Duplicate ]"))
  }

  @Test func detail() {
    let state = appState(
      selection: Item.keyboard.id, destination: .detail(ItemDetail.State(item: .keyboard)))
    assertScreen(state)
    #expect(draw(state, size: .large).layerNames == ["screen"])
    // Full screen: the tab bar is gone, the breadcrumbs say where we are.
    #expect(!draw(state, size: .large).shows("2 Inventory"))
    #expect(draw(state, size: .large).shows("Inventory › Keyboard"))
  }

  @Test func detailWithoutColor() {
    let state = appState(
      selection: Item.mouse.id, destination: .detail(ItemDetail.State(item: .keyboard)))
    assertScreen(state, sizes: [.small], environment: RenderEnvironment(usesColor: false))
  }

  @Test func fullHelpOverThePopover() {
    var ui = ShellUI()
    ui.showsHelp = true
    let state = appState(
      selection: Item.keyboard.id, destination: .edit(.editItem(.keyboard)))
    assertScreen(state, ui: ui, sizes: [.large])
    #expect(draw(state, ui: ui, size: .large).shows("Route /inventory/"))
  }
}
