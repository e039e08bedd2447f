/// One thing to draw: the screen (layer 0) or an overlay (sheet, alert, help).
public struct Layer: Hashable, Sendable {
  /// Where the layer sits on the screen.
  public var rect: Rect
  /// The layer's content, exactly `rect.size`.
  public var canvas: Canvas
  /// Overlays that are modal dim everything beneath them.
  public var dimsBehind: Bool
  /// Where the text cursor should show, relative to the layer; nil hides it.
  public var cursor: Point?
  /// A name for tests and debugging ("screen", "sheet", "alert", "help").
  public var name: String

  public init(
    name: String, rect: Rect, canvas: Canvas, dimsBehind: Bool = false, cursor: Point? = nil
  ) {
    self.name = name
    self.rect = rect
    self.canvas = canvas
    self.dimsBehind = dimsBehind
    self.cursor = cursor
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
