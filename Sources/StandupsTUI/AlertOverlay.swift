import Composable
import TerminalUI

/// An alert drawn as a small modal window, and its keys: ←/→ or Tab choose a
/// button, Enter presses it, a button's first letter presses it directly, Esc
/// presses the cancel button.
enum AlertOverlay {
  /// The button highlighted when an alert appears: the safe one.
  static func defaultFocus<A>(_ alert: AlertState<A>) -> Int {
    alert.buttons.firstIndex { $0.role == .cancel } ?? 0
  }

  static func keymap<A: Sendable, Action: Sendable>(
    _ alert: AlertState<A>, focus: Int, send embed: @escaping (PresentationAction<A>) -> Action
  ) -> Keymap<Action> {
    let count = alert.buttons.count
    func press(_ index: Int) -> Outcome<Action> {
      .send(embed(alert.buttons[index].action.map { .presented($0) } ?? .dismiss))
    }
    let cancel: Outcome<Action> =
      alert.buttons.firstIndex { $0.role == .cancel }.map(press) ?? .send(embed(.dismiss))
    let row = ButtonRow(alert.buttons.map(\.label))
    return Keymap(
      [
        Command(KeyBinding(keys: [.left, .backTab], help: ("←/→", "choose"))) { _ in
          .ui(.focusAlertButton((focus - 1 + count) % count))
        },
        Command(KeyBinding(keys: [.right, .tab], help: ("", ""))) { _ in
          .ui(.focusAlertButton((focus + 1) % count))
        },
        Command(KeyBinding(keys: [.enter], help: ("enter", "select"))) { _ in press(focus) },
        Command(KeyBinding(keys: [.escape], help: ("esc", "cancel"))) { _ in cancel },
      ],
      fallback: { key in row.index(for: key).map(press) }
    )
  }

  static func layer<A>(_ alert: AlertState<A>, focus: Int, on screen: Size) -> Layer {
    let labels = alert.buttons.map(\.label)
    let rowWidth = ButtonRow(labels).width
    // The widest content the screen leaves room for, border and padding aside.
    let room = max(1, Overlay.rect(preferred: screen, on: screen).width - Overlay.chrome.width)
    let messageWidth = min(48, max(rowWidth, TextWidth.of(Sanitizer.inert(alert.message ?? ""))))
    let innerWidth = min(room, max(rowWidth, min(messageWidth, max(20, screen.width - 8))))
    let message = wrap(alert.message ?? "", width: innerWidth)
    // Buttons that don't fit on one row wrap onto more, still in order.
    let rows = buttonRows(labels, width: innerWidth)
    let overlay = Overlay(
      name: "alert", title: alert.title,
      preferredSize: Overlay.size(
        forContent: Size(width: innerWidth, height: message.count + 1 + rows.count)))
    return overlay.layer(on: screen) { canvas in
      for (i, line) in message.enumerated() { canvas.put(line, x: 0, y: i) }
      let top = canvas.bounds.height - rows.count
      for (r, indices) in rows.enumerated() {
        let row = ButtonRow(
          indices.map { labels[$0] }, selected: indices.firstIndex(of: focus),
          alignment: .trailing)
        canvas.within(Rect(x: 0, y: top + r, width: canvas.bounds.width, height: 1)) {
          row.draw(in: &$0)
        }
      }
    }
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

  /// Word-wraps `text` to `width` columns (long words are cut).
  static func wrap(_ text: String, width: Int) -> [String] {
    guard width > 0 else { return [] }
    var lines: [String] = []
    for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
      // Measured as drawn: a control shows as a one-column picture.
      let paragraph = Sanitizer.inert(String(paragraph))
      var line = ""
      for word in paragraph.split(separator: " ") {
        let candidate = line.isEmpty ? String(word) : line + " " + word
        if TextWidth.of(candidate) <= width {
          line = candidate
        } else {
          if !line.isEmpty { lines.append(line) }
          line = TextWidth.truncate(String(word), to: width)
        }
      }
      lines.append(line)
    }
    return lines
  }
}
