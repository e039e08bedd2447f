/// Reading a drawn region back and putting it down again: what a view that
/// remembers its drawing (a list's cards) needs to copy it instead of drawing
/// it again.
extension Canvas {
  /// The cells of `rect` (in the current region), row by row; nil unless it
  /// lies wholly inside the clip.
  public func region(_ rect: Rect) -> [Cell]? {
    guard let area = visibleArea(rect) else { return nil }
    var result: [Cell] = []
    result.reserveCapacity(area.width * area.height)
    for y in area.y..<area.maxY {
      let start = y * size.width + area.x
      result.append(contentsOf: cells[start..<(start + area.width)])
    }
    return result
  }

  /// Puts `region` (what `region(_:)` returned for a rect of this size) at
  /// `rect`; false, changing nothing, unless `rect` lies wholly inside the
  /// clip. Half a wide character left at either edge, in the region or
  /// around it, becomes a blank, as drawing there would leave it.
  @discardableResult
  public mutating func put(region: [Cell], at rect: Rect) -> Bool {
    guard let area = visibleArea(rect), region.count == area.width * area.height else {
      return false
    }
    let width = size.width
    cells.withUnsafeMutableBufferPointer { cells in
      region.withUnsafeBufferPointer { region in
        for row in 0..<area.height {
          let start = (area.y + row) * width + area.x
          let source = region.baseAddress! + row * area.width
          (cells.baseAddress! + start).update(from: source, count: area.width)
        }
      }
      for row in 0..<area.height {
        let start = (area.y + row) * width + area.x
        let end = start + area.width
        if cells[start].isContinuation { cells[start] = .blank(cells[start].style) }
        if cells[end - 1].width == 2 { cells[end - 1] = .blank(cells[end - 1].style) }
        if area.x > 0, cells[start - 1].width == 2 {
          cells[start - 1] = .blank(cells[start - 1].style)
        }
        if area.maxX < width, cells[end].isContinuation { cells[end] = .blank(cells[end].style) }
      }
    }
    return true
  }

  /// `rect` in grid coordinates, when it is not empty and wholly inside the clip.
  /// The part of the current region that the clip lets through, in the
  /// region's coordinates: all of `bounds` unless the region is cut off.
  public var visibleBounds: Rect {
    let visible = Rect(origin: origin, size: bounds).intersection(clip)
    return Rect(
      origin: Point(x: visible.x - origin.x, y: visible.y - origin.y), size: visible.size)
  }

  private func visibleArea(_ rect: Rect) -> Rect? {
    let area = Rect(
      origin: Point(x: origin.x + rect.x, y: origin.y + rect.y), size: rect.size)
    guard !area.isEmpty, area.intersection(clip) == area else { return nil }
    return area
  }
}
