import CNCurses
import TerminalUI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Puts frames on screen: layer 0 into stdscr, each overlay into its own
/// window with a panel, then one `doupdate`, which sends only what changed.
///
/// Each window remembers the cells last written to it, so unchanged rows are
/// skipped and an idle frame costs a comparison, not thousands of ncurses calls.
@MainActor
final class CursesRenderer {
  /// One ncurses window showing the visible part of one layer.
  private struct Target {
    var window: UnsafeMutablePointer<WINDOW>
    /// Nil for stdscr, which sits below every panel.
    var panel: UnsafeMutablePointer<PANEL>?
    /// The screen area the window covers.
    var area: Rect
    /// Cells as last written, row-major over `area`; empty forces a rewrite.
    var written: [Cell] = []
    /// Screen areas in the shadow of a modal layer above this one.
    var shade: [Rect] = []
  }

  private var writer: CellWriter
  private var base: Target?
  private var overlays: [Target?] = []
  private var cursorVisible: Bool?

  init(palette: ColorPalette) {
    writer = CellWriter(palette: palette)
  }

  /// Forgets everything on screen: after a resize or a suspension the
  /// terminal may have reflowed, cleared or shown something else, so the next
  /// frame is painted from scratch.
  func forgetScreen() {
    removeOverlays(from: 0)
    base = nil
    cursorVisible = nil
    clearok(cn_curscr(), true)
  }

  /// Deletes every overlay window; call before `endwin`.
  func teardown() {
    removeOverlays(from: 0)
    base = nil
  }

  func draw(_ frame: Frame, screen: Size) {
    let screenRect = Rect(origin: .zero, size: screen)
    let layers = frame.layers
    // A layer is shaded where the shadow of a modal layer above it falls.
    var shade = [[Rect]](repeating: [], count: layers.count)
    var shadowsAbove: [Rect] = []
    for i in layers.indices.reversed() {
      shade[i] = shadowsAbove
      shadowsAbove += layers[i].shadow
    }

    drawBase(layers.first, screen: screenRect, shade: shade.first ?? [])
    drawOverlays(Array(layers.dropFirst()), screen: screenRect, shade: Array(shade.dropFirst()))
    // update_panels refreshes stdscr as the bottom panel, repainting overlays
    // where it changed underneath them; but until the first panel exists it
    // leaves stdscr alone, so then (and only then) refresh it directly.
    update_panels()
    if !overlays.contains(where: { $0 != nil }) { wnoutrefresh(cn_stdscr()) }
    let showsCursor = placeCursor(frame.cursor, layerCount: layers.count, screen: screenRect)
    // curs_set writes at once: a cursor is hidden before the frame and shown
    // after it, so it never shows where the frame is about to change.
    if !showsCursor { setCursorVisible(false) }
    doupdate()
    if showsCursor { setCursorVisible(true) }
  }

  private func drawBase(_ layer: Layer?, screen: Rect, shade: [Rect]) {
    let stdscr = cn_stdscr()!
    let area = layer.map { $0.rect.intersection(screen) } ?? Rect(origin: .zero, size: .zero)
    if base == nil || base?.area != area {
      // Anything outside the new area would otherwise keep old content.
      werase(stdscr)
      leaveCursor(stdscr)
      base = Target(window: stdscr, panel: nil, area: area)
    }
    guard let layer, var target = base else { return }
    // Taken out while it changes: a second reference would make the first
    // write to `written` copy the whole grid.
    base = nil
    if let scroll = layer.canvas.scroll, !overlays.contains(where: { $0 != nil }) {
      self.scroll(&target, by: scroll, layer: layer)
    }
    write(layer, into: &target, shade: shade)
    base = target
  }

  /// Sends rows that moved as a scroll of the terminal (ncurses finds the
  /// moved lines and uses a scrolling region), before the frame's changes:
  /// then only the rows that came into view and what else changed are drawn.
  /// Its own doupdate (and so its own write): left to the frame's, ncurses
  /// matches fewer moved lines and redraws more.
  private func scroll(_ target: inout Target, by scroll: Canvas.Scroll, layer: Layer) {
    let area = target.area
    guard area.origin == .zero, layer.rect.origin == .zero,
      target.written.count == area.width * area.height, target.shade.isEmpty
    else { return }
    let rows = scroll.rows.clamped(to: 0..<area.height)
    guard abs(scroll.by) < rows.count else { return }
    let window = target.window
    wsetscrreg(window, Int32(rows.lowerBound), Int32(rows.upperBound - 1))
    scrollok(window, true)
    wscrl(window, Int32(scroll.by))
    scrollok(window, false)
    wsetscrreg(window, 0, Int32(area.height - 1))
    // What the window holds now, so that the frame is compared with it.
    let width = area.width
    var moved = target.written
    let unknown = Cell(text: "\u{0}", width: -1)
    for y in rows {
      let from = y + scroll.by
      let source =
        rows.contains(from)
        ? Array(target.written[(from * width)..<((from + 1) * width)])
        : Array(repeating: unknown, count: width)
      moved.replaceSubrange((y * width)..<((y + 1) * width), with: source)
    }
    target.written = moved
    wnoutrefresh(window)
    doupdate()
  }

  private func drawOverlays(_ layers: [Layer], screen: Rect, shade: [[Rect]]) {
    var restacked = removeOverlays(from: layers.count)
    while overlays.count < layers.count { overlays.append(nil) }
    for (i, layer) in layers.enumerated() {
      let area = layer.rect.intersection(screen)
      if overlays[i]?.area != area || area.isEmpty {
        restacked = true
        remove(overlays[i])
        overlays[i] = area.isEmpty ? nil : makeTarget(area)
      }
      guard var target = overlays[i] else { continue }
      overlays[i] = nil  // no second reference to `written` while it changes
      write(layer, into: &target, shade: shade[i])
      overlays[i] = target
    }
    if restacked {
      // New panels open on top; put them back in layer order, and repaint
      // whatever a removed or moved window used to cover.
      for target in overlays.compactMap({ $0 }) {
        if let panel = target.panel { top_panel(panel) }
        touchwin(target.window)
      }
      touchwin(cn_stdscr())
    }
  }

  private func makeTarget(_ area: Rect) -> Target? {
    guard
      let window = newwin(
        Int32(area.height), Int32(area.width), Int32(area.y), Int32(area.x)),
      let panel = new_panel(window)
    else { return nil }
    leaveCursor(window)
    return Target(window: window, panel: panel, area: area)
  }

  /// Lets doupdate leave the terminal's cursor where its last change put it,
  /// rather than move it back to the window's (a move costs bytes and, worked
  /// out by ncurses, time); `placeCursor` lifts this where a cursor shows.
  private func leaveCursor(_ window: UnsafeMutablePointer<WINDOW>) {
    leaveok(window, true)
  }

  /// Removes overlay windows from `index` up; returns whether any existed.
  @discardableResult
  private func removeOverlays(from index: Int) -> Bool {
    guard index < overlays.count else { return false }
    let removed = overlays[index...].contains { $0 != nil }
    overlays[index...].forEach(remove)
    overlays.removeSubrange(index...)
    return removed
  }

  private func remove(_ target: Target?) {
    guard let target, let panel = target.panel else { return }
    del_panel(panel)
    delwin(target.window)
  }

  /// Writes the rows of `layer` that differ from what the window already has.
  private func write(_ layer: Layer, into target: inout Target, shade: [Rect]) {
    let area = target.area
    let cellCount = area.width * area.height
    if target.written.count != cellCount || target.shade != shade {
      // A cell no canvas produces, so every row compares unequal. (Rewriting
      // costs only time: doupdate sends the cells that differ on screen.)
      target.written = Array(repeating: Cell(text: "\u{0}", width: -1), count: cellCount)
      target.shade = shade
    }
    // stdscr is addressed in screen coordinates, overlay windows from their corner.
    let windowOrigin = target.panel == nil ? area.origin : .zero
    let canvas = layer.canvas
    let offsetX = area.x - layer.rect.x
    let offsetY = area.y - layer.rect.y
    let columns = windowOrigin.x..<(windowOrigin.x + area.width)
    // A layer wholly on screen is compared row by row where it lies.
    let whole =
      offsetX == 0 && offsetY == 0 && canvas.size.width == area.width
      && canvas.size.height >= area.height
    var row = [Cell](repeating: .blank, count: whole ? 0 : area.width)
    for y in 0..<area.height {
      let start = y * area.width
      let span: Range<Int>
      if whole {
        let range = start..<(start + area.width)
        if Self.same(target.written, canvas.cells, range) { continue }
        span = Self.changedSpan(target.written, canvas.cells, range, from: start)
        Self.copy(canvas.cells, into: &target.written, range)
      } else {
        let canvasY = y + offsetY
        for x in 0..<area.width {
          let canvasX = x + offsetX
          let inside = canvasY < canvas.size.height && canvasX < canvas.size.width
          row[x] = inside ? canvas.cells[canvasY * canvas.size.width + canvasX] : .blank
        }
        if target.written[start..<(start + area.width)].elementsEqual(row) { continue }
        span = Self.changedSpan(target.written, row, start..<(start + area.width), from: 0)
        Self.copy(row, into: &target.written, start..<(start + area.width), from: 0)
      }
      let screenY = area.y + y
      // The shade falling on this row, as indices into it.
      let shaded = shade.compactMap { rect -> Range<Int>? in
        guard rect.y <= screenY, screenY < rect.maxY else { return nil }
        let from = max(rect.x - area.x, 0)
        let to = min(rect.maxX - area.x, area.width)
        return from < to ? from..<to : nil
      }
      target.written.withUnsafeBufferPointer { written in
        writer.writeRow(
          UnsafeBufferPointer(rebasing: written[start..<(start + area.width)]), span: span,
          y: windowOrigin.y + y, in: target.window, columns: columns, shaded: shaded)
      }
    }
  }

  /// Whether `a` and `b` hold the same cells in `range`. Most rows of a
  /// frame are unchanged and byte for byte the same, which one `memcmp`
  /// tells; rows whose bytes differ are compared as cells (a colour's unused
  /// payload bytes are not guaranteed to be zero).
  nonisolated private static func same(_ a: [Cell], _ b: [Cell], _ range: Range<Int>) -> Bool {
    let bytesEqual = a.withUnsafeBytes { a in
      b.withUnsafeBytes { b in
        let stride = MemoryLayout<Cell>.stride
        return memcmp(
          a.baseAddress! + range.lowerBound * stride, b.baseAddress! + range.lowerBound * stride,
          range.count * stride) == 0
      }
    }
    return bytesEqual || a[range].elementsEqual(b[range])
  }

  /// The cells of a row that differ between `old[range]` and the new row,
  /// `new[offset..<offset + range.count]`, as indices into the row: from the
  /// first that differs to the last, widened to whole wide characters. Only
  /// these go to ncurses, which compares and stores each cell it is given.
  nonisolated private static func changedSpan(
    _ old: [Cell], _ new: [Cell], _ range: Range<Int>, from offset: Int
  ) -> Range<Int> {
    let width = range.count
    // Cells are compared as bytes: cells equal some other way count as
    // changed, which costs ncurses one comparison of its own.
    let span: (first: Int, last: Int)? = old.withUnsafeBytes { old in
      new.withUnsafeBytes { new in
        let stride = MemoryLayout<Cell>.stride
        func same(_ i: Int) -> Bool {
          memcmp(
            old.baseAddress! + (range.lowerBound + i) * stride,
            new.baseAddress! + (offset + i) * stride, stride) == 0
        }
        var first = 0
        while first < width, same(first) { first += 1 }
        guard first < width else { return nil }
        var last = width - 1
        while last > first, same(last) { last -= 1 }
        return (first, last)
      }
    }
    guard var (first, last) = span else { return 0..<0 }
    // A continuation is drawn by the wide character left of it, and a wide
    // character covers the continuation right of it, on screen as in either row.
    while first > 0,
      new[offset + first].isContinuation || old[range.lowerBound + first].isContinuation
    {
      first -= 1
    }
    while last + 1 < width,
      new[offset + last + 1].isContinuation || old[range.lowerBound + last + 1].isContinuation
    {
      last += 1
    }
    return first..<(last + 1)
  }

  /// `destination[range]` = `source[offset..<offset + range.count]` (`Cell` is plain data).
  nonisolated private static func copy(
    _ source: [Cell], into destination: inout [Cell], _ range: Range<Int>, from offset: Int? = nil
  ) {
    let from = offset ?? range.lowerBound
    destination.withUnsafeMutableBufferPointer { destination in
      source.withUnsafeBufferPointer { source in
        for i in 0..<range.count { destination[range.lowerBound + i] = source[from + i] }
      }
    }
  }

  /// Moves the text cursor where the top layer wants it; false when it
  /// wants none there.
  private func placeCursor(_ cursor: Point?, layerCount: Int, screen: Rect) -> Bool {
    let top = layerCount > 1 ? overlays.last ?? nil : base
    guard let cursor, let top, screen.contains(cursor), top.area.contains(cursor) else {
      return false
    }
    let origin = top.panel == nil ? Point.zero : top.area.origin
    wmove(top.window, Int32(cursor.y - origin.y), Int32(cursor.x - origin.x))
    // update_panels already copied the contents; this only records the cursor.
    leaveok(top.window, false)
    wnoutrefresh(top.window)
    leaveCursor(top.window)
    return true
  }

  private func setCursorVisible(_ visible: Bool) {
    guard cursorVisible != visible else { return }
    cursorVisible = visible
    curs_set(visible ? 1 : 0)
  }
}
