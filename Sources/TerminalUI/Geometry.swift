/// A position in terminal cells, origin top-left.
public struct Point: Hashable, Sendable, CustomStringConvertible {
  public var x: Int
  public var y: Int
  public init(x: Int, y: Int) {
    self.x = x
    self.y = y
  }
  public static let zero = Point(x: 0, y: 0)
  public var description: String { "(\(x),\(y))" }
}

/// A size in terminal cells (columns × rows).
public struct Size: Hashable, Sendable, CustomStringConvertible {
  public var width: Int
  public var height: Int
  public init(width: Int, height: Int) {
    self.width = width
    self.height = height
  }
  public static let zero = Size(width: 0, height: 0)
  public var description: String { "\(width)x\(height)" }

  /// A size written as its description, `WIDTHxHEIGHT` (1…1000 each; `X` too).
  public init?(parsing text: String) {
    let parts = text.lowercased().split(separator: "x")
    guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]),
      (1...1000).contains(width), (1...1000).contains(height)
    else { return nil }
    self.init(width: width, height: height)
  }
}

/// A rectangle of cells. Empty when either dimension is ≤ 0.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
  public var origin: Point
  public var size: Size
  public init(origin: Point, size: Size) {
    self.origin = origin
    self.size = size
  }
  public init(x: Int, y: Int, width: Int, height: Int) {
    self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
  }
  public var x: Int { origin.x }
  public var y: Int { origin.y }
  public var width: Int { size.width }
  public var height: Int { size.height }
  public var maxX: Int { origin.x + size.width }
  public var maxY: Int { origin.y + size.height }
  public var isEmpty: Bool { size.width <= 0 || size.height <= 0 }
  public var description: String { "\(origin)+\(size)" }

  public func contains(_ p: Point) -> Bool {
    p.x >= x && p.x < maxX && p.y >= y && p.y < maxY
  }

  public func intersection(_ other: Rect) -> Rect {
    let x0 = max(x, other.x)
    let y0 = max(y, other.y)
    let x1 = min(maxX, other.maxX)
    let y1 = min(maxY, other.maxY)
    return Rect(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
  }

  /// Shrinks every edge by `by` cells (never below zero size).
  public func inset(by n: Int) -> Rect {
    Rect(x: x + n, y: y + n, width: max(0, width - 2 * n), height: max(0, height - 2 * n))
  }

  /// A rectangle of `size` (clamped to this one) centred inside this one.
  public func centered(_ size: Size) -> Rect {
    let w = min(size.width, width)
    let h = min(size.height, height)
    return Rect(x: x + (width - w) / 2, y: y + (height - h) / 2, width: w, height: h)
  }
}
