/// A row of buttons ("[ Save ] [ Cancel ]"). The selected one is reversed; each
/// button's first letter is underlined where typing it presses the button
/// (`showsShortcuts`: alerts and dialogs; not a lone button in a form, where
/// only Enter does).
public struct ButtonRow: Hashable, Sendable {
  public var titles: [String]
  public var selected: Int?
  public var alignment: TextAlignment
  public var showsShortcuts: Bool

  public init(
    _ titles: [String], selected: Int? = nil, alignment: TextAlignment = .trailing,
    showsShortcuts: Bool = true
  ) {
    self.titles = titles
    self.selected = selected
    self.alignment = alignment
    self.showsShortcuts = showsShortcuts
  }

  /// The key that presses the button titled `title`: its first letter or digit, lower-cased.
  public static func shortcut(for title: String) -> Character? {
    title.first { $0.isLetter || $0.isNumber }.map { Character($0.lowercased()) }
  }

  /// The button `key` presses, by shortcut (case-insensitive), if any.
  public func index(for key: Key) -> Int? {
    guard case .char(let ch) = key else { return nil }
    let typed = Character(ch.lowercased())
    return titles.firstIndex { ButtonRow.shortcut(for: $0) == typed }
  }

  /// Columns the whole row needs.
  public var width: Int {
    guard !titles.isEmpty else { return 0 }
    return titles.reduce(titles.count - 1) { $0 + TextWidth.of(Sanitizer.inert($1)) + 4 }
  }

  /// Draws on row 0 of the current region, aligned within its width; buttons
  /// that don't fit are cut at the region's edge, a lone button's title with
  /// "…" so that its brackets still show.
  public func draw(in canvas: inout Canvas) {
    let room = canvas.bounds.width
    if titles.count == 1, width > room, room > 5 {
      let kept = TextWidth.prefix(Substring(Sanitizer.inert(titles[0])), fitting: room - 5).text
      var shortened = self
      shortened.titles = [String(kept.reversed().drop { $0 == " " }.reversed()) + "…"]
      shortened.draw(in: &canvas)
      return
    }
    var x: Int
    switch alignment {
    case .leading: x = 0
    case .center: x = max(0, (room - width) / 2)
    case .trailing: x = max(0, room - width)
    }
    for (i, title) in titles.enumerated() {
      let style: Style = i == selected ? .reverse : .plain
      x = canvas.put("[ ", x: x, y: 0, style: style)
      let title = Sanitizer.inert(title)
      if showsShortcuts, let first = title.firstIndex(where: { $0.isLetter || $0.isNumber }) {
        x = canvas.put(String(title[..<first]), x: x, y: 0, style: style)
        x = canvas.put(String(title[first]), x: x, y: 0, style: style.with(.underline))
        x = canvas.put(String(title[title.index(after: first)...]), x: x, y: 0, style: style)
      } else {
        x = canvas.put(title, x: x, y: 0, style: style)
      }
      x = canvas.put(" ]", x: x, y: 0, style: style)
      x += 1
    }
  }
}
