/// One choice out of a few, changed with ◀ ▶. When there is room every option
/// shows with the selected one highlighted ("◀  Red  Green  Blue  ▶"); otherwise
/// only the selected one does ("◀ Green ▶").
public struct OptionPicker: Hashable, Sendable {
  public var options: [String]
  public var selected: Int
  public var isFocused: Bool
  /// How the selected option is drawn; nil: reversed when focused, else bold.
  public var selectedStyle: Style?

  public init(
    _ options: [String], selected: Int, isFocused: Bool = false, selectedStyle: Style? = nil
  ) {
    self.options = options
    self.selected = selected
    self.isFocused = isFocused
    self.selectedStyle = selectedStyle
  }

  /// Columns needed to show every option.
  public var width: Int {
    options.reduce(2) { $0 + TextWidth.of(Sanitizer.inert($1)) + 2 }
  }

  /// Draws on row 0 of the current region; returns the column after it.
  @discardableResult
  public func draw(in canvas: inout Canvas) -> Int {
    let room = canvas.bounds.width
    guard !options.isEmpty, room > 0 else { return 0 }
    let current = min(max(0, selected), options.count - 1)
    let arrows: Style = isFocused ? .bold : .dim
    if fitsEveryOption(in: room) {
      var x = canvas.put("◀", x: 0, y: 0, style: arrows)
      for (i, option) in options.enumerated() {
        x = canvas.put(" " + option + " ", x: x, y: 0, style: i == current ? highlight : .plain)
      }
      return canvas.put("▶", x: x, y: 0, style: arrows)
    }
    guard room >= 5 else {
      return canvas.put(options[current], x: 0, y: 0, width: room, style: highlight)
    }
    let label = TextWidth.truncate(options[current], to: room - 4)
    var x = canvas.put("◀ ", x: 0, y: 0, style: arrows)
    x = canvas.put(label, x: x, y: 0, style: highlight)
    return canvas.put(" ▶", x: x, y: 0, style: arrows)
  }

  private var highlight: Style { selectedStyle ?? (isFocused ? .reverse : .bold) }

  /// `width <= room`, measuring options only until they no longer fit.
  private func fitsEveryOption(in room: Int) -> Bool {
    var needed = 2
    for option in options {
      needed += TextWidth.of(Sanitizer.inert(option)) + 2
      if needed > room { return false }
    }
    return true
  }
}
