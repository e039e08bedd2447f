import TerminalUI

/// The frame every full screen shares: a header bar with breadcrumbs on top, a
/// help bar at the bottom, content between.
enum ScreenChrome {
  static func draw(
    in canvas: inout Canvas, crumbs: [String], trailing: String? = nil,
    bindings: [KeyBinding], content: (inout Canvas) -> Void
  ) {
    let size = canvas.bounds
    canvas.within(Rect(x: 0, y: 0, width: size.width, height: 1)) {
      Header(crumbs, trailing: trailing, style: Styles.header).draw(in: &$0)
    }
    canvas.within(Rect(x: 1, y: size.height - 1, width: size.width - 2, height: 1)) {
      HelpBar.draw(bindings, in: &$0, keyStyle: .bold, descriptionStyle: Styles.hint)
    }
    canvas.within(Rect(x: 1, y: 2, width: size.width - 2, height: max(0, size.height - 4)), content)
  }
}
