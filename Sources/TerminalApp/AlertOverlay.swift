import Composable
import TerminalUI

/// An alert drawn as a small modal window, and its keys: ←/→ or Tab choose a
/// button, Enter presses it, a button's first letter presses it directly, Esc
/// presses the cancel button.
public enum AlertOverlay {
  public static func keymap<App: Reducer & SendableMetatype>(
    _ alert: AlertPresentation<Shell<App>.Action>, focus: Int
  ) -> Keymap<Shell<App>.Action> {
    let count = alert.buttons.count
    let row = ButtonRow(alert.buttons.map(\.label))
    func moveFocus(to index: Int) -> Shell<App>.Action {
      .alertFocusMoved(AlertFocus(alertID: alert.id, index: index))
    }
    // Enter and Esc first: the help bar keeps those when it is cut short.
    var keymap = Keymap<Shell<App>.Action>(
      [
        Command(KeyBinding(keys: [.enter], help: ("enter", "select")), send: alert.press(focus)),
        Command(KeyBinding(keys: [.escape], help: ("esc", "cancel")), send: alert.cancel),
        // Arrows stop at the ends, so that one press too many never lands
        // on the far button (Yes, after Nevermind); Tab goes round.
        Command(
          KeyBinding(keys: [.left], help: ("←", "previous"), group: .moving),
          send: moveFocus(to: max(focus - 1, 0))),
        Command(
          KeyBinding(keys: [.right], help: ("→", "next"), group: .moving),
          send: moveFocus(to: min(focus + 1, count - 1))),
        Command(
          KeyBinding(
            keys: [.tab], help: ("tab", "next, round to the first"), group: .moving,
            isInShortHelp: false),
          send: moveFocus(to: (focus + 1) % count)),
        Command(
          KeyBinding(
            keys: [.backTab], help: ("shift+tab", "previous, round to the last"), group: .moving,
            isInShortHelp: false),
          send: moveFocus(to: (focus - 1 + count) % count)),
        Command(
          KeyBinding(
            keys: [], help: ("a letter", "press the button it starts"), isInShortHelp: false)
        ) { _ in nil },
      ],
      fallback: { key in row.index(for: key).map(alert.press) }
    )
    keymap.takesHeldKeys = false
    return keymap
  }

  public static func layer<Action>(
    _ alert: AlertPresentation<Action>, focus: Int, on screen: Size
  ) -> Layer {
    let labels = alert.buttons.map(\.label)
    let rowWidth = ButtonRow(labels).width
    // The widest content the screen leaves room for, border and padding aside.
    let room = max(1, Overlay.rect(preferred: screen, on: screen).width - Overlay.chrome.width)
    let messageWidth = min(48, max(rowWidth, TextWidth.of(Sanitizer.inert(alert.message ?? ""))))
    let innerWidth = min(room, max(rowWidth, min(messageWidth, max(20, screen.width - 8))))
    let text = alert.message ?? ""
    let message = text.isEmpty ? [] : TextWidth.wrap(text, width: innerWidth)
    // Buttons that don't fit on one row wrap onto more, still in order.
    let rows = buttonRows(labels, width: innerWidth)
    let gap = message.isEmpty ? 0 : 1
    let overlay = Overlay(
      name: "alert", title: alert.title,
      preferredSize: Overlay.size(
        forContent: Size(width: innerWidth, height: message.count + gap + rows.count)))
    var layer = overlay.layer(on: screen) { canvas in
      let top = canvas.bounds.height - rows.count
      // Too short for all of it (a small terminal, a banner below): the
      // message gives way to the buttons, its last row cut with "…".
      let shown = min(message.count, max(0, top))
      for i in 0..<shown {
        let line =
          i == shown - 1 && shown < message.count
          ? TextWidth.truncate(message[i...].joined(separator: " "), to: canvas.bounds.width)
          : message[i]
        canvas.put(line, x: 0, y: i)
      }
      for (r, indices) in rows.enumerated() {
        let row = ButtonRow(
          indices.map { labels[$0] }, selected: indices.firstIndex(of: focus),
          alignment: .trailing)
        canvas.within(Rect(x: 0, y: top + r, width: canvas.bounds.width, height: 1)) {
          row.draw(in: &$0)
        }
      }
    }
    if alert.isActionSheet {
      // Just above the help bar, as an action sheet rises from the bottom.
      layer.rect.origin.y = max(0, screen.height - 1 - layer.rect.size.height)
    }
    return layer
  }

  /// The buttons' indices split into rows at most `width` columns wide (a
  /// button wider than that gets a row to itself).
  static func buttonRows(_ labels: [String], width: Int) -> [[Int]] {
    var rows: [[Int]] = []
    var current: [Int] = []
    for index in labels.indices {
      let candidate = current + [index]
      if current.isEmpty || ButtonRow(candidate.map { labels[$0] }).width <= width {
        current = candidate
      } else {
        rows.append(current)
        current = [index]
      }
    }
    if !current.isEmpty { rows.append(current) }
    return rows
  }
}
