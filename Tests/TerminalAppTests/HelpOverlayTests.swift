import Testing

@testable import TerminalApp
@testable import TerminalUI

/// Full help in a box narrower than its lines.
struct HelpOverlayTests {
  /// A line the box cannot hold is cut with "…", not in the middle of a
  /// word with nothing to say so.
  @Test func aLineTooLongForTheBoxEndsWithAnEllipsis() {
    let bindings = [
      KeyBinding(
        keys: [.backTab], help: ("shift+tab", "previous, round to the last field of the form")),
      KeyBinding(keys: [.char("x")], help: ("x", "close")),
    ]
    let layer = HelpOverlay.layer(
      bindings, scroll: 0, footer: nil, on: Size(width: 32, height: 12))
    let lines = layer.canvas.lines
    let long = lines.first { $0.contains("shift+tab") }
    #expect(long?.contains("…") == true, "\(lines)")
    #expect(long?.contains("round to the l ") == false, "\(lines)")
    #expect(lines.contains { $0.contains("x") && $0.contains("close") && !$0.contains("…") })
  }

  /// The bottom border says how many lines are out of sight, and which way,
  /// so a cut on a blank row does not read as the end of the list.
  @Test func theBorderCountsTheLinesOutOfSight() {
    let bindings =
      (1...6).map {
        KeyBinding(keys: [.char(Character("\($0)"))], help: ("\($0)", "move \($0)"), group: .moving)
      } + [KeyBinding(keys: [.char("x")], help: ("x", "close"), group: .app)]
    // Rows: Moving, 1…6, blank, App, x; four fit on 8 rows.
    let screen = Size(width: 40, height: 8)
    let visible = HelpOverlay.visibleRows(on: screen, footerLines: 0)
    #expect(visible == 4)
    func border(_ scroll: Int) -> String {
      HelpOverlay.layer(bindings, scroll: scroll, footer: nil, on: screen).canvas.lines.last ?? ""
    }
    #expect(border(0).contains("↓ 5 more · esc close"), "\(border(0))")
    // The heading scrolled away counts: it did scroll.
    #expect(border(1).contains("↑1 ↓4 · esc close"), "\(border(1))")
    #expect(border(2).contains("↑2 ↓3 · esc close"), "\(border(2))")
    #expect(border(6).contains("↑ 6 more · esc close"), "\(border(6))")
    let all = HelpOverlay.layer(bindings, scroll: 0, footer: nil, on: Size(width: 40, height: 20))
    #expect(all.canvas.lines.last?.contains("─ esc close ─") == true)
  }

  /// Scrolled so that a group's heading is the last row shown, its keys
  /// all below: the heading waits for them, the row is blank.
  @Test func aHeadingWithItsKeysBelowTheFoldIsNotShownAlone() {
    let bindings =
      (1...4).map {
        KeyBinding(keys: [.char(Character("\($0)"))], help: ("\($0)", "move \($0)"), group: .moving)
      } + [KeyBinding(keys: [.char("x")], help: ("x", "close"), group: .app)]
    // Rows: Moving, 1, 2, 3, 4, blank, App, x; seven fit on 11 rows.
    let screen = Size(width: 40, height: 11)
    #expect(HelpOverlay.visibleRows(on: screen, footerLines: 0) == 7)
    let top = HelpOverlay.layer(bindings, scroll: 0, footer: nil, on: screen).canvas.lines
    #expect(top.contains { $0.contains("move 4") })
    #expect(!top.contains { $0.contains("App") }, "\(top)")
    let end = HelpOverlay.layer(bindings, scroll: 1, footer: nil, on: screen).canvas.lines
    #expect(end.contains { $0.contains("App") } && end.contains { $0.contains("close") })
  }
}
