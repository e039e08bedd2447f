import InventoryCore
import TerminalApp
import TerminalUI

/// The "One" tab: a button that leads to the inventory.
enum FirstTabScreen {
  static let buttonTitle = "Go to inventory"

  static func keymap(_ state: FirstTab.State) -> Keymap<FirstTab.Action> {
    Keymap([
      Command(
        KeyBinding(keys: [.enter], help: ("enter", "go to inventory")),
        send: .goToInventoryButtonTapped)
    ])
  }

  static func draw(_ state: FirstTab.State, in canvas: inout Canvas) {
    let width = canvas.bounds.width
    let top = max(0, (canvas.bounds.height - 3) / 2)
    canvas.put(
      "Welcome to the inventory app.", x: 0, y: top, width: width, alignment: .center,
      style: Styles.title)
    canvas.within(Rect(x: 0, y: top + 2, width: width, height: 1)) {
      // Pressed by Enter only: no letter underlined as if it were a key.
      ButtonRow([buttonTitle], selected: 0, alignment: .center, showsShortcuts: false)
        .draw(in: &$0)
    }
  }
}
