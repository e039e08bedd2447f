import Foundation
import StandupsTUI
import TerminalApp
import TerminalUI
import Testing
import TextSnapshotTesting

@testable import StandupsCore

/// The root screen, its sheet and alert, help and the too-small message, at
/// 80×24 and 40×12.
@MainActor
@Suite struct ListSnapshotTests {
  @Test func listEmpty() {
    assertScreen(appState())
  }

  @Test func listSeveral() {
    assertScreen(appState([.mock, .engineeringMock, .productMock]))
  }

  @Test func listScrolledToSelection() {
    let standups = Standup.many
    let state = appState(standups, selection: standups[7].id)
    assertScreen(state)
    // The selected card is on screen at both sizes even though the list scrolled.
    for size in [Size.large, .small] {
      #expect(draw(state, size: size).shows("Data science"))
      #expect(!draw(state, size: size).shows("Design"))
    }
  }

  @Test func listSelectionStyles() {
    let standups = Standup.many
    let state = appState(standups, selection: standups[1].id)
    for size in [Size.large, .small] {
      assertText(draw(state, size: size).styleDescription, named: size.name)
    }
  }

  @Test func addSheetOverList() throws {
    let form = StandupForm.State(
      standup: Standup(id: .init(UUID(900)), attendees: [Attendee(id: .init(UUID(901)))]))
    let state = appState([.mock, .engineeringMock, .productMock], destination: .add(form))
    assertScreen(state)
    let screen = draw(state, size: .large)
    #expect(screen.layerNames == ["screen", "sheet"])
    // The sheet casts a shadow on the list (under its bottom border); the
    // rest of the list keeps its style, so opening the sheet redraws little.
    let sheet = try #require(screen.frames.last?.layers.last).rect
    #expect(screen.screen[sheet.x + 3, sheet.maxY].style.background == .ansi(8))
    #expect(screen.screen[0, 0].style.background == .default)
    // The list's keys do nothing while the sheet is up: its help bar is
    // empty, where it showed them before the sheet opened.
    let bottom = Size.large.height - 1
    #expect(screen.lines[bottom].allSatisfy { $0 == " " })
    let list = draw(appState([.mock, .engineeringMock, .productMock]), size: .large)
    #expect(list.lines[bottom].contains("a add"))
  }

  @Test func addSheetStyles() {
    let form = StandupForm.State(
      standup: Standup(id: .init(UUID(900)), attendees: [Attendee(id: .init(UUID(901)))]))
    let state = appState([.mock, .engineeringMock], destination: .add(form))
    assertText(draw(state, size: .large).styleDescription, named: "80x24")
  }

  @Test func fullHelp() {
    var ui = ShellUI()
    ui.showsHelp = true
    assertScreen(appState([.mock, .engineeringMock, .productMock]), ui: ui)
    // The version and the route, on the narrow screen too.
    for size in [Size.large, .small] {
      #expect(draw(appState([.mock]), ui: ui, size: size).shows("standups 1.2.3 · Route /"))
    }
    #expect(!draw(appState([.mock]), size: .large).shows("1.2.3"))
    // A route too long for the box is cut with "…", not into another route.
    var long = Standup.mock
    long.title = "Quarterly planning of the platform team"
    let detail = appState([long], path: [.detail(StandupDetail.State(standup: long))])
    let narrow = draw(detail, ui: ui, size: .small)
    #expect(narrow.shows("Route /"))
    #expect(narrow.lines.contains { $0.contains("Route /") && $0.contains("…") })
  }

  @Test func fullHelpOverAddSheet() {
    var ui = ShellUI()
    ui.showsHelp = true
    let form = StandupForm.State(
      standup: Standup(id: .init(UUID(900)), attendees: [Attendee(id: .init(UUID(901)))]))
    let state = appState([.mock], destination: .add(form))
    assertScreen(state, ui: ui, sizes: [.large])
    // The sheet's own help bar keeps the sheet's keys under the help window.
    let layers = draw(state, ui: ui, size: .large).frames.last?.layers ?? []
    #expect(layers.map(\.name) == ["screen", "sheet", "help"])
    let sheet = layers.first { $0.name == "sheet" }?.canvas.lines ?? []
    #expect(sheet.dropLast().last?.contains("ctrl+s save • esc cancel") == true)
  }

  @Test func deleteAlertOverList() {
    let state = appState(
      [.mock, .engineeringMock, .productMock], selection: Standup.engineeringMock.id,
      destination: .alert(.deleteStandup(.engineeringMock)))
    assertScreen(state)
    let screen = draw(state, size: .large)
    #expect(screen.layerNames == ["screen", "alert"])
    // The alert's keys take the list's help bar: its box has only buttons.
    let helpBar = screen.lines[Size.large.height - 1]
    #expect(helpBar.contains("→ next") && helpBar.contains("esc cancel"))
    #expect(!helpBar.contains("a add"))
  }

  @Test func terminalTooSmall() {
    let state = appState([.mock, .engineeringMock])
    assertScreen(
      state,
      sizes: [Size(width: 20, height: 5), Size(width: 31, height: 9), Size(width: 80, height: 9)])
    #expect(draw(state, size: Size(width: 31, height: 9)).shows("terminal too small"))
    #expect(!draw(state, size: StandupsView.minimumSize).shows("terminal too small"))
  }

  @Test func listAtMinimumSize() {
    assertScreen(
      appState(Standup.many, selection: Standup.many[2].id), sizes: [StandupsView.minimumSize])
  }
}
