import InventoryCore
import TerminalApp
import TerminalUI

/// The frame the three tabs share: the tab bar on top (each tab's digit and
/// title, the selected one highlighted and underlined by a heavy rule), a
/// help bar at the bottom, the tab's content between.
enum TabChrome {
  /// The tab bar's label of `tab`: its digit key, then its title.
  static func label(_ tab: AppFeature.Tab) -> String {
    let number = (AppFeature.Tab.allCases.firstIndex(of: tab) ?? 0) + 1
    return " \(number) \(tab.title) "
  }

  static func draw(
    in canvas: inout Canvas, selected: AppFeature.Tab, trailing: String? = nil,
    bindings: [KeyBinding], content: (inout Canvas) -> Void
  ) {
    let size = canvas.bounds
    canvas.fill(Rect(x: 0, y: 0, width: size.width, height: 1), with: Cell(style: Styles.header))
    canvas.fill(Rect(x: 0, y: 1, width: size.width, height: 1), with: Cell(text: "─", style: .dim))
    var x = 1
    for tab in AppFeature.Tab.allCases {
      let label = label(tab)
      let isSelected = tab == selected
      // Selected: out of the reversed bar, bold, with a heavy rule under it.
      let end = canvas.put(label, x: x, y: 0, style: isSelected ? .bold : Styles.header)
      if isSelected {
        canvas.fill(
          Rect(x: x, y: 1, width: end - x, height: 1), with: Cell(text: "━", style: .bold))
      }
      x = end + 1
    }
    // Only whole: "4 it…" says less than nothing.
    if let trailing, !trailing.isEmpty, TextWidth.of(trailing) <= size.width - x - 2 {
      canvas.put(trailing, x: size.width - 1 - TextWidth.of(trailing), y: 0, style: Styles.header)
    }
    canvas.within(Rect(x: 1, y: size.height - 1, width: size.width - 2, height: 1)) {
      HelpBar.draw(bindings, in: &$0, keyStyle: .bold, descriptionStyle: Styles.hint)
    }
    canvas.within(Rect(x: 1, y: 2, width: size.width - 2, height: max(0, size.height - 4)), content)
  }

  /// The keys that choose a tab, in force while the tabs are in front.
  static func commands(selected: AppFeature.Tab) -> [Command<AppFeature.Action>] {
    let tabs = AppFeature.Tab.allCases
    let index = tabs.firstIndex(of: selected) ?? 0
    return [
      Command(Keys.chooseTab) { key in
        guard case .char(let ch) = key, let digit = ch.wholeNumberValue,
          tabs.indices.contains(digit - 1)
        else { return nil }
        return .selectedTabChanged(tabs[digit - 1])
      },
      Command(
        Keys.previousTab, send: .selectedTabChanged(tabs[(index + tabs.count - 1) % tabs.count])),
      Command(Keys.nextTab, send: .selectedTabChanged(tabs[(index + 1) % tabs.count])),
    ]
  }
}
