import Foundation
import StandupsTUI
import TerminalApp
import TerminalUI
import Testing
import TextSnapshotTesting

@testable import StandupsCore

/// The list's filter line: open (typing), kept over a narrowed list, and a
/// filter nothing matches, at 80×24 and 40×12; and the keys each offers.
@MainActor
@Suite struct FilterSnapshotTests {
  /// `Standup.many` with `text` in the filter line.
  func filtered(_ text: String, isEditing: Bool, selection: Standup.ID? = nil) -> AppFeature.State {
    var state = appState(Standup.many, selection: selection)
    state.standupsList.filter = StandupsFilter(text: text, isEditing: isEditing)
    state.standupsList.keepSelectionVisible()
    return state
  }

  @Test func filterLineOpen() {
    // Design (an attendee), Marketing (its title) and Platform (Barbara) match.
    let state = filtered("ar", isEditing: true)
    assertScreen(state)
    let screen = draw(state, size: .large)
    #expect(screen.shows("Filter: ar"))
    // The terminal cursor sits after the typed text.
    #expect(screen.cursor == Point(x: 14, y: 2))
  }

  @Test func filterLineOpenAndEmpty() {
    let state = filtered("", isEditing: true)
    assertScreen(state, sizes: [.large])
    // Nothing to keep or clear: Esc (and Enter) close the line.
    let bar = draw(state, size: .large).lines.last ?? ""
    #expect(bar.contains("esc close"), "\(bar)")
    #expect(!bar.contains("keep filter") && !bar.contains("clear filter"), "\(bar)")
    #expect(keymap(state).action(for: .enter) == .app(.standupsList(.filterSubmitted)))
    let typed = draw(filtered("ar", isEditing: true), size: .large).lines.last ?? ""
    #expect(typed.contains("enter keep filter"), "\(typed)")
  }

  @Test func filteredList() {
    let state = filtered("ar", isEditing: false)
    assertScreen(state)
    let visible = state.standupsList.visibleCount
    #expect(draw(state, size: .large).shows("\(visible) of \(Standup.many.count)"))
    #expect(draw(state, size: .large).cursor == nil)
  }

  @Test func filterMatchesNothing() {
    let state = filtered("zebra\u{1B}[31m", isEditing: false)
    #expect(state.standupsList.selection == nil)
    assertScreen(state)
    #expect(draw(state, size: .large).shows("No standups match “zebra␛[31m”"))
    #expect(draw(state, size: .large).shows("0 of 9"))
    // Cut where a two-column character does not fit, the quote closes
    // right after the ellipsis.
    let wide = filtered(String(repeating: "会議室の予定", count: 10), isEditing: false)
    let line = draw(wide, size: .large).lines.first { $0.contains("No standups match") }
    #expect(line?.contains("…”") == true, "\(String(describing: line))")
  }

  @Test func filterLineKeys() {
    // While typing: letters are text (q types), ↑/↓ move, enter keeps, esc clears.
    let open = filtered("ar", isEditing: true)
    let typing = keymap(open)
    #expect(typing.typesText)
    #expect(typing.action(for: .char("q")) == .app(.standupsList(.filterChanged("arq", cursor: 3))))
    #expect(typing.action(for: .char("j")) == .app(.standupsList(.filterChanged("arj", cursor: 3))))
    #expect(typing.action(for: .backspace) == .app(.standupsList(.filterChanged("a", cursor: 1))))
    #expect(typing.action(for: .left) == .app(.standupsList(.filterChanged("ar", cursor: 1))))
    #expect(typing.action(for: .down) == .app(.standupsList(.selectionMoved(by: 1))))
    #expect(typing.action(for: .enter) == .app(.standupsList(.filterSubmitted)))
    #expect(typing.action(for: .escape) == .app(.standupsList(.filterCleared)))
    #expect(typing.action(for: .function(1)) == .helpToggled)
    #expect(typing.action(for: .char("?")) == .app(.standupsList(.filterChanged("ar?", cursor: 3))))
    // Kept: `/` edits it, esc clears it, q quits again.
    let kept = keymap(filtered("ar", isEditing: false))
    #expect(!kept.typesText)
    #expect(kept.action(for: .char("/")) == .app(.standupsList(.filterButtonTapped)))
    #expect(kept.action(for: .escape) == .app(.standupsList(.filterCleared)))
    #expect(kept.action(for: .char("q")) == .quitPressed)
    // No filter: esc does nothing on the list.
    #expect(keymap(appState(Standup.many)).action(for: .escape) == nil)
  }
}
