import Composable
import TerminalUI

/// Full help (`?`): every key in force, in groups (moving, typing, actions, app), from
/// the same bindings that handle the keys. It scrolls when it does not fit.
public enum HelpOverlay {
  /// The rows of full help: a heading per group, its bindings, a blank between.
  static func rows(_ bindings: [KeyBinding]) -> [(heading: String?, binding: KeyBinding?)] {
    var rows: [(heading: String?, binding: KeyBinding?)] = []
    for group in HelpGroup.allCases {
      let members = bindings.filter { $0.group == group && $0.isShownInHelp }
      guard !members.isEmpty else { continue }
      if !rows.isEmpty { rows.append((nil, nil)) }
      rows.append((group.title, nil))
      rows += members.map { (nil, $0) }
    }
    return rows
  }

  /// How many rows of help fit on a screen of `size`, with `footer` lines below.
  static func visibleRows(on screen: Size, footerLines: Int) -> Int {
    max(1, screen.height - 4 - footerLines)
  }

  /// The first row to show for a wish to start at `scroll`: never past the end.
  static func clamp(_ scroll: Int, rows: Int, visible: Int) -> Int {
    max(0, min(scroll, rows - visible))
  }

  /// The keys while help is open: close it, or scroll it.
  static func keymap<App: Reducer & SendableMetatype>(
    rows: Int, visible: Int, scroll: Int
  ) -> Keymap<Shell<App>.Action> {
    let top = clamp(scroll, rows: rows, visible: visible)
    let last = max(0, rows - visible)
    let scrolls = rows > visible
    func to(_ row: Int) -> Shell<App>.Action { .helpScrolled(to: max(0, min(row, last))) }
    return Keymap([
      Command(
        KeyBinding(
          keys: [.escape, .char("?"), .char("q"), .function(1), .enter],
          help: ("esc", "close help"), group: .app),
        send: .helpToggled),
      Command(
        KeyBinding(
          keys: [.up, .char("k")], help: ("↑/k", "scroll up"), isEnabled: scrolls, group: .moving),
        send: to(top - 1)),
      Command(
        KeyBinding(
          keys: [.down, .char("j")], help: ("↓/j", "scroll down"), isEnabled: scrolls,
          group: .moving),
        send: to(top + 1)),
      Command(
        KeyBinding(keys: [.pageUp], help: ("pgup", ""), isEnabled: scrolls, group: .moving),
        send: to(top - visible)),
      Command(
        KeyBinding(keys: [.pageDown], help: ("pgdn", ""), isEnabled: scrolls, group: .moving),
        send: to(top + visible)),
      Command(
        KeyBinding(
          keys: [.home, .char("g")], help: ("g/home", "top"), isEnabled: scrolls, group: .moving,
          isInShortHelp: false),
        send: to(0)),
      Command(
        KeyBinding(
          keys: [.end, .char("G")], help: ("G/end", "end"), isEnabled: scrolls, group: .moving,
          isInShortHelp: false),
        send: to(last)),
    ])
  }

  /// How many lines (keys and headings) are out of sight, and which way: a
  /// cut that falls on a blank row must not read as the end of the list,
  /// nor a heading scrolled away as no scrolling at all.
  static func scrollFooter(
    _ rows: [(heading: String?, binding: KeyBinding?)], top: Int, visible: Int
  ) -> String {
    func isLine(_ row: (heading: String?, binding: KeyBinding?)) -> Bool {
      row.heading != nil || row.binding != nil
    }
    let above = rows[..<top].count(where: isLine)
    let below = rows[min(rows.count, top + visible)...].count(where: isLine)
    switch (above, below) {
    case (0, 0): return ""
    case (0, _): return "↓ \(below) more · "
    case (_, 0): return "↑ \(above) more · "
    default: return "↑\(above) ↓\(below) · "
    }
  }

  static func layer(
    _ bindings: [KeyBinding], scroll: Int, footer: String?, on screen: Size
  ) -> Layer {
    let rows = rows(bindings)
    let footerLines = footer == nil ? 0 : 2
    let visible = min(rows.count, visibleRows(on: screen, footerLines: footerLines))
    let top = clamp(scroll, rows: rows.count, visible: visible)
    let keyWidth =
      rows.compactMap { $0.binding.map { TextWidth.of(Sanitizer.inert($0.help.key)) } }
      .max() ?? 0
    let width =
      rows.map { row in
        row.heading.map(TextWidth.of)
          ?? row.binding.map { keyWidth + 1 + TextWidth.of(Sanitizer.inert($0.help.description)) }
          ?? 0
      }.max() ?? 0
    let border = scrollFooter(rows, top: top, visible: visible) + "esc close"
    let overlay = Overlay(
      name: "help", title: "Keys", footer: border,
      preferredSize: Overlay.size(
        forContent: Size(
          // The border's label takes two columns fewer than the content.
          width: max(width, footer.map { TextWidth.of($0) } ?? 0, TextWidth.of(border) + 2, 20),
          height: visible + footerLines)))
    return overlay.layer(on: screen) { canvas in
      let end = min(rows.count, top + visible)
      for (y, row) in rows[top..<end].enumerated() {
        // Cut with "…" where the box is narrower than a line, not mid-word.
        let room = canvas.bounds.width
        // A heading whose keys are all below the fold would name nothing shown.
        if row.heading != nil, top + y == end - 1, end < rows.count { continue }
        if let heading = row.heading {
          canvas.put(
            TextWidth.truncate(heading, to: room), x: 0, y: y,
            style: Style(attributes: [.bold, .underline]))
        } else if let binding = row.binding {
          canvas.put(binding.help.key, x: 0, y: y, width: min(keyWidth, room), style: .bold)
          canvas.put(
            TextWidth.truncate(binding.help.description, to: max(0, room - keyWidth - 1)),
            x: keyWidth + 1, y: y)
        }
      }
      if let footer {
        // Cut with "…": a route cut short would read as another, valid one.
        canvas.put(
          footer, x: 0, y: canvas.bounds.height - 1, width: canvas.bounds.width, style: .dim)
      }
    }
  }
}
