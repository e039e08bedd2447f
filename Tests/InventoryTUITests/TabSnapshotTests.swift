import Foundation
import InventoryCore
import InventoryTUI
import TerminalApp
import TerminalUI
import Testing
import TextSnapshotTesting

/// The three tabs, the list's states, full help and the too-small notice, at
/// 80×24 and 40×12.
@MainActor
@Suite struct TabSnapshotTests {
  @Test func firstTab() {
    assertScreen(appState(.one))
  }

  @Test func inventoryTab() {
    assertScreen(appState(selection: Item.monitor.id))
  }

  @Test func inventoryTabEmpty() {
    assertScreen(appState(items: []))
  }

  @Test func inventoryTabScrolledToSelection() {
    let state = appState(items: Item.many, selection: Item.many[20].id)
    assertScreen(state)
    // The selected row is on screen at both sizes even though the list scrolled.
    for size in [Size.large, .small] {
      #expect(draw(state, size: size).shows("Part 17"))
      #expect(!draw(state, size: size).shows("Keyboard"))
    }
  }

  @Test func inventoryTabWithoutColor() {
    let state = appState(selection: Item.monitor.id)
    assertScreen(state, environment: RenderEnvironment(usesColor: false))
    #expect(
      draw(state, size: .large, environment: RenderEnvironment(usesColor: false)).shows("Blue"))
    #expect(!draw(state, size: .large).shows("Blue"))
  }

  @Test func inventoryTabStyles() {
    // Swatches in the items' colours, the selected row and the selected tab.
    assertText(
      draw(appState(selection: Item.monitor.id), size: .large).styleDescription, named: "80x24")
  }

  @Test func thirdTab() {
    assertScreen(appState(.three))
  }

  @Test func fullHelpShowsTheRoute() {
    var ui = ShellUI()
    ui.showsHelp = true
    let state = appState(selection: Item.monitor.id)
    assertScreen(state, ui: ui)
    #expect(draw(state, ui: ui, size: .large).shows("inventory 1.2.3 · Route /inventory"))
    #expect(draw(state, ui: ui, size: .small).shows("inventory 1.2.3"))
    #expect(draw(state, ui: ui, size: .large).shows("choose tab"))
  }

  @Test func errorBanner() {
    var ui = ShellUI()
    ui.banner = "Not saved: disk full — will retry"
    assertScreen(appState(), ui: ui, sizes: [.large])
  }

  @Test func terminalTooSmall() {
    let state = appState()
    assertScreen(state, sizes: [Size(width: 31, height: 9)])
    #expect(draw(state, size: Size(width: 31, height: 9)).shows("terminal too small"))
    #expect(!draw(state, size: InventoryView.minimumSize).shows("terminal too small"))
  }

  @Test func inventoryTabAtMinimumSize() {
    assertScreen(appState(selection: Item.mouse.id), sizes: [InventoryView.minimumSize])
  }
}
