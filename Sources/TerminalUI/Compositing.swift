extension Canvas {
  /// Paints `source` with its top-left cell at (x, y) of the current region,
  /// honouring the clip. Wide characters cut by the clip become blanks.
  public mutating func draw(_ source: Canvas, x: Int = 0, y: Int = 0) {
    // Only the part of `source` that lands inside the clip is visited.
    let target = Rect(
      origin: Point(x: origin.x + x, y: origin.y + y), size: source.size
    ).intersection(clip)
    guard !target.isEmpty else { return }
    let dx = origin.x + x
    let dy = origin.y + y
    for ay in target.y..<target.maxY {
      for ax in target.x..<target.maxX {
        let cell = source[ax - dx, ay - dy]
        if cell.isContinuation {
          // Its lead was drawn with it, unless the lead fell left of the clip.
          if ax == target.x { set(ax - origin.x, ay - origin.y, .blank(cell.style)) }
          continue
        }
        set(ax - origin.x, ay - origin.y, cell)
      }
    }
  }
}

extension Frame {
  /// The layers flattened bottom to top into one grid, as the terminal shows
  /// them. Everything beneath a layer that `dimsBehind` gets the `.dim` attribute.
  public func composited() -> Canvas {
    var screen = Canvas(size: size)
    for layer in layers {
      if layer.dimsBehind { screen.restyle { $0.with(.dim) } }
      screen.within(layer.rect) { $0.draw(layer.canvas) }
    }
    return screen
  }
}

extension Layer {
  /// A full-screen layer for `canvas`, taking its cursor from the canvas.
  public static func screen(_ canvas: Canvas, name: String = "screen") -> Layer {
    Layer(
      name: name, rect: Rect(origin: .zero, size: canvas.size), canvas: canvas,
      cursor: canvas.cursor)
  }
}
