/// One thing to draw: the screen (layer 0) or an overlay (sheet, alert, help).
public struct Layer: Hashable, Sendable {
  /// Where the layer sits on the screen.
  public var rect: Rect
  /// The layer's content, exactly `rect.size`.
  public var canvas: Canvas
  /// A modal overlay: it casts a shadow (`shadow`) on what is beneath it.
  public var isModal: Bool
  /// Where the text cursor should show, relative to the layer; nil hides it.
  public var cursor: Point?
  /// A name for tests and debugging ("screen", "sheet", "alert", "help").
  public var name: String
  /// Screen rows the layer's shadow leaves as they are: a message drawn
  /// across the screen (the banner) stays one piece.
  public var unshadedRows: Range<Int>?

  public init(
    name: String, rect: Rect, canvas: Canvas, isModal: Bool = false, cursor: Point? = nil
  ) {
    self.name = name
    self.rect = rect
    self.canvas = canvas
    self.isModal = isModal
    self.cursor = cursor
  }
}

extension Layer {
  /// Where a modal layer's shadow falls: two columns along its right edge and
  /// one row under it, offset as if lit from the top left. Only those cells
  /// change style when a sheet opens, not the whole screen behind it.
  public var shadow: [Rect] {
    guard isModal, !rect.isEmpty else { return [] }
    let shadow = [
      Rect(x: rect.maxX, y: rect.y + 1, width: 2, height: rect.height),
      Rect(x: rect.x + 2, y: rect.maxY, width: rect.width - 2, height: 1),
    ]
    guard let rows = unshadedRows, !rows.isEmpty else { return shadow }
    return shadow.flatMap { part in
      guard part.y < rows.upperBound, rows.lowerBound < part.maxY else { return [part] }
      return [
        Rect(x: part.x, y: part.y, width: part.width, height: rows.lowerBound - part.y),
        Rect(
          x: part.x, y: rows.upperBound, width: part.width, height: part.maxY - rows.upperBound),
      ].filter { $0.height > 0 && $0.width > 0 }
    }
  }
}

extension Style {
  /// A cell in a modal layer's shadow: its text and colour on the terminal's
  /// dark grey (bright black), without attributes. A background alone is the
  /// cheapest change of style to send, on the way in and out.
  public var shaded: Style {
    Style(foreground: foreground, background: .ansi(8))
  }
}

/// Everything on screen for one render: the layers, bottom to top.
public struct Frame: Hashable, Sendable {
  public var size: Size
  public var layers: [Layer]
  public init(size: Size, layers: [Layer]) {
    self.size = size
    self.layers = layers
  }

  /// The cursor of the top-most layer, in screen coordinates.
  public var cursor: Point? {
    guard let top = layers.last, let c = top.cursor else { return nil }
    return Point(x: top.rect.x + c.x, y: top.rect.y + c.y)
  }
}
