/// A scrolling list of selectable rows. It owns no state: the caller passes the
/// item count, the selection and (if it keeps one) the previous scroll offset,
/// and a closure that draws row `i`. Only visible rows are drawn, so a list of
/// 100 000 items costs what a screenful costs.
public struct ListView: Hashable, Sendable {
  public var count: Int
  public var selected: Int?
  /// Rows each item takes (at least 1).
  public var rowHeight: Int
  /// Blank rows at the bottom of each item (a separator), which the last
  /// one on screen goes without: they decide nothing of what fits.
  public var gap: Int
  /// The offset of the previous frame, or 0 when the caller doesn't keep one
  /// (the list then scrolls just enough to show the selection).
  public var offset: Int
  /// Added to the selected row's cells after it is drawn; empty for none.
  public var highlight: Attributes
  /// Whether the last column shows where the visible rows sit in the whole list.
  public var showsScrollbar: Bool
  /// Whether a change of `offset` is recorded on the canvas as a scroll of the
  /// list's rows (`Canvas.scroll`), for a list that fills its rows' width
  /// and keeps `offset` from the frame before.
  public var reportsScroll: Bool

  public init(
    count: Int, selected: Int?, rowHeight: Int = 1, gap: Int = 0, offset: Int = 0,
    highlight: Attributes = .reverse, showsScrollbar: Bool = true, reportsScroll: Bool = false
  ) {
    self.count = count
    self.selected = selected
    self.rowHeight = rowHeight
    self.gap = gap
    self.offset = offset
    self.highlight = highlight
    self.showsScrollbar = showsScrollbar
    self.reportsScroll = reportsScroll
  }

  /// The first visible item: `previousOffset`, moved as little as possible so
  /// that `selected` is among the `visible` items, and never past the end.
  public static func scrollOffset(selected: Int?, count: Int, visible: Int, previousOffset: Int)
    -> Int
  {
    guard count > 0, visible > 0 else { return 0 }
    var offset = min(max(0, previousOffset), max(0, count - visible))
    if let selected {
      let s = min(max(0, selected), count - 1)
      if s < offset { offset = s }
      if s >= offset + visible { offset = s - visible + 1 }
    }
    return offset
  }

  /// How many whole items fit in `height` rows, the last without its `gap`
  /// (at least 1 when any row does, so a too-small list still shows the
  /// selection, clipped).
  public static func visibleItems(height: Int, rowHeight: Int, gap: Int = 0) -> Int {
    guard height > 0 else { return 0 }
    let rowHeight = max(1, rowHeight)
    return max(1, (height + min(max(0, gap), rowHeight - 1)) / rowHeight)
  }

  /// Draws the visible rows into the current region and returns the offset
  /// used (store it to pass back as `offset` next frame, if you keep one).
  @discardableResult
  public func draw(
    in canvas: inout Canvas, row: (_ index: Int, _ isSelected: Bool, _ canvas: inout Canvas) -> Void
  ) -> Int {
    let size = canvas.bounds
    let rowHeight = max(1, self.rowHeight)
    let visible = ListView.visibleItems(height: size.height, rowHeight: rowHeight, gap: gap)
    let offset = ListView.scrollOffset(
      selected: selected, count: count, visible: visible, previousOffset: self.offset)
    guard visible > 0, size.width > 0, count > 0 else { return offset }
    if reportsScroll, offset != self.offset {
      canvas.setScroll(by: (offset - self.offset) * rowHeight)
    }
    let scrollbar = showsScrollbar && count > visible && size.width >= 2
    let width = scrollbar ? size.width - 1 : size.width
    // One extra item fills a partial last row when the height isn't a multiple.
    let end = min(count, offset + (size.height + rowHeight - 1) / rowHeight)
    for index in offset..<end {
      let rect = Rect(x: 0, y: (index - offset) * rowHeight, width: width, height: rowHeight)
      let isSelected = index == selected
      canvas.within(rect) { row(index, isSelected, &$0) }
      if isSelected, !highlight.isEmpty { canvas.restyle(rect) { $0.with(highlight) } }
    }
    if scrollbar {
      Scrollbar.draw(
        in: &canvas, x: size.width - 1, height: size.height, count: count, offset: offset,
        visible: visible)
    }
    return offset
  }
}

/// What a list remembers between frames: where it is scrolled to. Kept by the
/// view that draws the list (see `ListView.draw`, which returns the new offset).
public struct ListState: Hashable, Sendable {
  public var offset = 0
  public init(offset: Int = 0) { self.offset = offset }
}
