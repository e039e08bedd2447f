/// A value with arrows to change it: "◀ 5 min ▶". An arrow is dimmed when that
/// direction is at its limit.
public struct Stepper: Hashable, Sendable {
  public var value: String
  public var canDecrement: Bool
  public var canIncrement: Bool
  public var isFocused: Bool

  public init(
    _ value: String, canDecrement: Bool = true, canIncrement: Bool = true, isFocused: Bool = false
  ) {
    self.value = value
    self.canDecrement = canDecrement
    self.canIncrement = canIncrement
    self.isFocused = isFocused
  }

  /// Columns the stepper needs to show its value whole.
  public var width: Int { TextWidth.of(Sanitizer.inert(value)) + 4 }

  /// Draws on row 0 of the current region (truncating the value if needed) and
  /// returns the column after it.
  @discardableResult
  public func draw(in canvas: inout Canvas) -> Int {
    let room = min(canvas.bounds.width, width)
    guard room >= 5 else {
      return canvas.put(TextWidth.truncate(value, to: room), x: 0, y: 0, style: valueStyle)
    }
    var x = canvas.put("◀", x: 0, y: 0, style: canDecrement ? arrowStyle : .dim)
    x = canvas.put(" ", x: x, y: 0)
    x = canvas.put(value, x: x, y: 0, width: room - 4, style: valueStyle)
    x = canvas.put(" ", x: x, y: 0)
    return canvas.put("▶", x: x, y: 0, style: canIncrement ? arrowStyle : .dim)
  }

  private var arrowStyle: Style { isFocused ? .bold : .plain }
  private var valueStyle: Style { isFocused ? .reverse : .plain }
}
