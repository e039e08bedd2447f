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
}
