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
        // Cells of a canvas are inert already: placed without sanitizing again.
        if cell.isContinuation {
          // Its lead was drawn with it, unless the lead fell left of the clip.
          if ax == target.x { place(ax, ay, .blank(cell.style)) }
          continue
        }
        place(ax, ay, cell)
      }
    }
  }
}

extension Frame {
  /// The layers flattened bottom to top into one grid, as the terminal shows
  /// them. A modal layer's shadow shades what is beneath it (`Style.shaded`).
  public func composited() -> Canvas {
    var screen: Canvas
    var layers = layers[...]
    // A bottom layer covering exactly the screen is the screen as drawn: take
    // its cells as they are (shared, not copied) instead of cell by cell.
    if let base = layers.first, base.rect == Rect(origin: .zero, size: size),
      base.canvas.size == size
    {
      screen = Canvas(size: size, cells: base.canvas.cells)
      layers = layers.dropFirst()
    } else {
      screen = Canvas(size: size)
    }
    for layer in layers {
      for rect in layer.shadow { screen.restyle(rect) { $0.shaded } }
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
