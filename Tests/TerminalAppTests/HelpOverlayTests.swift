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
