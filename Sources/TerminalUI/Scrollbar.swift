/// A column that shows how much of something taller than its view is on
/// screen, and where: a thumb (┃) on a dim track (│).
public enum Scrollbar {
  /// Draws the bar in column `x`, rows `y..<y+height`, for `count` rows (or
  /// items) of which `visible` from `offset` on are shown. Nothing is drawn
  /// when everything fits.
  public static func draw(
    in canvas: inout Canvas, x: Int, y: Int = 0, height: Int, count: Int, offset: Int,
    visible: Int
  ) {
    guard count > visible, height > 0 else { return }
    let thumb = max(1, height * visible / count)
    let travel = height - thumb
    let offset = min(max(0, offset), count - visible)
    let top = (travel * offset + (count - visible) / 2) / (count - visible)
    // Fills of one-column cells: a run of them is not text to measure.
    canvas.fill(Rect(x: x, y: y, width: 1, height: top), with: track)
    canvas.fill(Rect(x: x, y: y + top, width: 1, height: thumb), with: thumbCell)
    canvas.fill(
      Rect(x: x, y: y + top + thumb, width: 1, height: height - top - thumb), with: track)
  }

  private static let track = Cell(text: "│", style: .dim)
  private static let thumbCell = Cell(text: "┃")
}
