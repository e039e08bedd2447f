import InventoryCore
import TerminalApp
import TerminalUI

/// The "Three" tab: a stub, as in the reference.
enum ThirdTabScreen {
  /// No keys of its own (`ThirdTab.Action` has no cases): only the tab keys.
  static func keymap<Action: Sendable>(_ state: ThirdTab.State) -> Keymap<Action> {
    Keymap([])
  }

  static func draw(_ state: ThirdTab.State, in canvas: inout Canvas) {
    let lines = ["Tab three", "", "Nothing here yet."]
    let top = max(0, (canvas.bounds.height - lines.count) / 2)
    for (i, line) in lines.enumerated() {
      canvas.put(
        line, x: 0, y: top + i, width: canvas.bounds.width, alignment: .center,
        style: i == 0 ? Styles.title : Styles.hint)
    }
  }
}
