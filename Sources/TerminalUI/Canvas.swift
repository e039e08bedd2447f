/// One terminal cell. A wide character occupies its cell (`width == 2`) and the
/// next one, which holds a continuation (`text == ""`, `width == 0`).
///
/// A plain value (no references): a frame's cells are copied and compared as
/// bytes. `glyph` holds the text; `text` reads and writes it as a `String`.
public struct Cell: Hashable, Sendable {
  public var glyph: Glyph
  // The width (four bits, signed) and the style (`Style.packed`) in one word:
  // a cell is 16 bytes with no padding, so equal cells are equal bytes (the
  // renderer compares rows with `memcmp`) and a frame's grids stay small.
  @usableFromInline var packed: UInt64

  public init(text: String = " ", width: Int = 1, style: Style = .plain) {
    self.init(glyph: Glyph(text), width: width, style: style)
  }

  @inlinable
  public init(glyph: Glyph, width: Int = 1, style: Style = .plain) {
    self.glyph = glyph
    self.packed = Self.packedWidth(width) | style.packed << Self.styleShift
  }

  @inlinable static var styleShift: UInt64 { 4 }
  @inlinable static var widthMask: UInt64 { 0xF }

  @inlinable
  static func packedWidth(_ width: Int) -> UInt64 {
    UInt64(truncatingIfNeeded: min(7, max(-8, width))) & widthMask
  }

  public var style: Style {
    @inlinable get { Style(packed: packed >> Self.styleShift) }
    @inlinable set { packed = packed & Self.widthMask | newValue.packed << Self.styleShift }
  }

  /// The style's bits: equal exactly when the styles are, for comparing runs
  /// of cells without unpacking each.
  @inlinable public var styleBits: UInt64 { packed >> Self.styleShift }

  public var text: String {
    get { glyph.string }
    set { glyph = Glyph(newValue) }
  }

  /// Columns the cell's text takes: 1, 2 for a wide character, 0 for the
  /// continuation right of one (kept between -8 and 7).
  @inlinable
  public var width: Int {
    get { Int(Int8(truncatingIfNeeded: packed << 4) >> 4) }
    set { packed = packed & ~Self.widthMask | Self.packedWidth(newValue) }
  }

  public static let blank = Cell(glyph: .space)
  public var isContinuation: Bool { packed & Self.widthMask == 0 }

  /// A blank that keeps `style`, used where half of a wide character is removed.
  static func blank(_ style: Style) -> Cell { Cell(glyph: .space, width: 1, style: style) }
}

/// A grid of cells that drawing code paints into. Drawing is clipped to `clip`
/// and positioned relative to `origin`, so a widget can be handed a sub-region
/// (`within(_:_:)`) and draw at (0,0) without knowing where it lands.
///
/// Invariant: a wide character is always whole. Whatever overwrites, clips or
/// composites half of one turns the other half into a blank.
public struct Canvas: Hashable, Sendable {
  public let size: Size
  public internal(set) var cells: [Cell]
  /// Region (in grid coordinates) drawing is currently confined to.
  public private(set) var clip: Rect
  /// Where the current region's (0,0) sits in grid coordinates.
  public private(set) var origin: Point
  /// The size of the current drawing region. It may extend past `clip` (a row
  /// scrolled half out of view still lays out at full size; the clip trims it).
  public private(set) var bounds: Size
  /// Where the text cursor should show, in grid coordinates; nil hides it.
  public private(set) var cursor: Point?
  /// Rows whose content moved since the previous frame (a list scrolled): a
  /// hint a terminal can act on by scrolling instead of redrawing them.
  public private(set) var scroll: Scroll?

  /// Grid rows `rows` show what they showed last frame, moved up by `by`
  /// rows (down when negative), apart from what was drawn differently.
  public struct Scroll: Hashable, Sendable {
    public var rows: Range<Int>
    public var by: Int
  }

  public init(size: Size, fill: Cell = .blank) {
    let w = max(0, size.width)
    let h = max(0, size.height)
    var fill = fill
    fill.glyph = Sanitizer.inert(fill.glyph)
    self.init(size: Size(width: w, height: h), cells: Array(repeating: fill, count: w * h))
  }

  /// A canvas over `cells` (row-major, `size.width * size.height` of them,
  /// already inert), sharing their storage.
  init(size: Size, cells: [Cell]) {
    self.size = size
    self.cells = cells
    self.clip = Rect(origin: .zero, size: size)
    self.origin = .zero
    self.bounds = size
  }

  /// Records that the current region's rows scrolled by `amount` since the
  /// previous frame (see `scroll`); ignored unless the whole region is on the
  /// canvas and less than its height moved.
  public mutating func setScroll(by amount: Int) {
    let rows = origin.y..<(origin.y + bounds.height)
    guard amount != 0, abs(amount) < rows.count, rows.lowerBound >= 0,
      rows.upperBound <= size.height
    else { return }
    scroll = Scroll(rows: rows, by: amount)
  }

  /// Reads a cell in grid coordinates (ignores clip and origin).
  public subscript(x: Int, y: Int) -> Cell {
    cells[y * size.width + x]
  }

  /// Runs `body` with drawing confined to `rect` (relative to the current region).
  @discardableResult
  public mutating func within<Result>(_ rect: Rect, _ body: (inout Canvas) -> Result) -> Result {
    let saved = (clip, origin, bounds)
    let absolute = Rect(
      origin: Point(x: origin.x + rect.x, y: origin.y + rect.y), size: rect.size)
    clip = absolute.intersection(clip)
    origin = absolute.origin
    bounds = Size(width: max(0, rect.width), height: max(0, rect.height))
    defer { (clip, origin, bounds) = saved }
    return body(&self)
  }

  /// Sets one cell (relative coordinates), honouring the clip. A wide character
  /// that would cross the clip edge is drawn as a blank on the visible side.
  /// Continuation cells (`width == 0`) are ignored: they only exist as the
  /// right half of a wide character written here.
  /// Cell text is sanitized too, so no way of drawing can emit a raw control.
  public mutating func set(_ x: Int, _ y: Int, _ cell: Cell) {
    var cell = cell
    cell.glyph = Sanitizer.inert(cell.glyph)
    place(origin.x + x, origin.y + y, cell)
  }

  /// `set` in grid coordinates, for a cell whose text is already inert (every
  /// cell of a canvas is, and so is text `put` has checked): the per-cell
  /// paths (text, fills, compositing) don't pay for sanitizing twice.
  mutating func place(_ ax: Int, _ ay: Int, _ cell: Cell) {
    guard cell.width > 0, ay >= clip.y, ay < clip.maxY else { return }
    let leadVisible = ax >= clip.x && ax < clip.maxX
    guard cell.width >= 2 else {
      if leadVisible { write(ax, ay, cell) }
      return
    }
    let tailVisible = ax + 1 >= clip.x && ax + 1 < clip.maxX
    switch (leadVisible, tailVisible) {
    case (true, true):
      write(ax, ay, Cell(glyph: cell.glyph, width: 2, style: cell.style))
      // The lead's write already blanked a continuation at ax+1; what is left
      // there can only be a narrow cell or the lead of another wide character.
      let i = ay * size.width + ax + 1
      if cells[i].width == 2, ax + 2 < size.width { cells[i + 1] = .blank(cells[i + 1].style) }
      cells[i] = Cell(glyph: .empty, width: 0, style: cell.style)
    case (true, false): write(ax, ay, .blank(cell.style))
    case (false, true): write(ax + 1, ay, .blank(cell.style))
    case (false, false): break
    }
  }

  /// Writes a narrow or wide lead cell, blanking the orphaned half of any wide
  /// character it overwrites (even outside the clip: half a glyph can't exist).
  private mutating func write(_ ax: Int, _ ay: Int, _ cell: Cell) {
    let i = ay * size.width + ax
    let oldWidth = cells[i].width  // 0: a continuation
    if oldWidth == 2, ax + 1 < size.width { cells[i + 1] = .blank(cells[i + 1].style) }
    if oldWidth == 0, ax > 0 { cells[i - 1] = .blank(cells[i - 1].style) }
    cells[i] = cell
  }

  /// Fills the current region (or `rect` within it) with `cell`.
  public mutating func fill(_ rect: Rect? = nil, with cell: Cell = .blank) {
    let r = rect ?? Rect(origin: .zero, size: bounds)
    // Only the visible part costs anything, however large `rect` is.
    let visible = Rect(origin: Point(x: origin.x + r.x, y: origin.y + r.y), size: r.size)
      .intersection(clip)
    guard !visible.isEmpty else { return }
    var cell = cell
    cell.glyph = Sanitizer.inert(cell.glyph)
    if cell.width == 1 {
      fillNarrow(visible, with: cell)
      return
    }
    let step = cell.width >= 2 ? 2 : 1
    for ay in visible.y..<visible.maxY {
      var ax = visible.x
      while ax < visible.maxX {
        place(ax, ay, cell)
        ax += step
      }
    }
  }

  /// `fill` with a one-column cell, row by row rather than cell by cell (a
  /// sheet fills its box on every key).
  private mutating func fillNarrow(_ visible: Rect, with cell: Cell) {
    for ay in visible.y..<visible.maxY {
      writeRow(ay, from: visible.x, to: visible.maxX) { _ in cell }
    }
  }

  /// Writes one-column cells over columns `x0..<x1` of row `ay` (in the
  /// grid), as `write` does cell by cell but without its checks at each:
  /// within the run every cell is replaced, so only its edges can cut a wide
  /// character in half, whose other half, outside, becomes a blank.
  private mutating func writeRow(
    _ ay: Int, from x0: Int, to x1: Int, _ cell: (Int) -> Cell
  ) {
    let width = size.width
    let row = ay * width
    cells.withUnsafeMutableBufferPointer { grid in
      if grid[row + x0].isContinuation, x0 > 0 {
        grid[row + x0 - 1] = .blank(grid[row + x0 - 1].style)
      }
      if grid[row + x1 - 1].width == 2, x1 < width {
        grid[row + x1] = .blank(grid[row + x1].style)
      }
      for x in x0..<x1 { grid[row + x] = cell(x) }
    }
  }

  /// Applies `transform` to the style of every cell in the current region (or
  /// `rect` within it).
  public mutating func restyle(_ rect: Rect? = nil, _ transform: (Style) -> Style) {
    let r =
      rect.map {
        Rect(origin: Point(x: origin.x + $0.x, y: origin.y + $0.y), size: $0.size)
          .intersection(clip)
      } ?? clip
    guard !r.isEmpty else { return }
    for y in r.y..<r.maxY {
      for x in r.x..<r.maxX {
        cells[y * size.width + x].style = transform(cells[y * size.width + x].style)
      }
    }
  }

  /// Draws `text` on one row starting at column `x`; returns the column after
  /// the last character drawn (or where the clip edge stopped it). Text is
  /// sanitized first: control characters are never written raw. Cost is
  /// proportional to what is drawn, not to the length of `text`.
  @discardableResult
  public mutating func put(_ text: String, x: Int, y: Int, style: Style = .plain) -> Int {
    let ay = origin.y + y
    guard ay >= clip.y, ay < clip.maxY else { return x }
    var col = x
    var bytes = text  // shares `text`'s storage; read through `withUTF8`
    bytes.withUTF8 { utf8 in
      var offset = 0
      while offset < utf8.count {
        if origin.x + col >= clip.maxX { return }
        // A run of one-column ASCII graphemes: drawn by the byte, without
        // grapheme breaking or sanitizing.
        let runEnd = TextWidth.asciiRunEnd(utf8, from: offset)
        if runEnd > offset {
          let ax = origin.x + col
          let length = runEnd - offset
          let (x0, x1) = (max(ax, clip.x), min(ax + length, clip.maxX))
          if x1 > x0 {
            writeRow(ay, from: x0, to: x1) { ix in
              Cell(glyph: Glyph(ascii: utf8[offset + ix - ax]), style: style)
            }
          }
          if ax + length >= clip.maxX {
            col = clip.maxX - origin.x
            return
          }
          col += length
          offset = runEnd
          continue
        }
        if let (scalar, end) = TextWidth.loneScalar(utf8, at: offset),
          Sanitizer.replacement(for: scalar) == nil
        {
          let width = TextWidth.of(scalar)
          if width > 0 {
            let unprintable = scalar.value >= 0xA0 && TextWidth.terminalWidth(scalar) < 0
            let glyph =
              unprintable
              ? Glyph.replacement : Glyph(utf8: UnsafeBufferPointer(rebasing: utf8[offset..<end]))
            place(origin.x + col, ay, Cell(glyph: glyph, width: width, style: style))
            col += width
          }
          offset = end
          continue
        }
        // Anything else, one grapheme at a time (`offset` is on a boundary).
        let i = text.utf8.index(text.utf8.startIndex, offsetBy: offset)
        let raw = text[i]
        if Sanitizer.isInert(raw) {
          put(raw, col: &col, y: y, style: style)
        } else {
          for ch in Sanitizer.inert(String(raw)) { put(ch, col: &col, y: y, style: style) }
        }
        offset = text.utf8.distance(from: text.utf8.startIndex, to: text.index(after: i))
      }
    }
    return col
  }

  /// Draws `text` in exactly `width` columns: truncated with "…" or padded with
  /// spaces according to `alignment`. Returns the column after the field.
  @discardableResult
  public mutating func put(
    _ text: String, x: Int, y: Int, width: Int, alignment: TextAlignment = .leading,
    style: Style = .plain
  ) -> Int {
    guard width > 0 else { return x }
    // What `put(TextWidth.fit(…))` draws, without building the padded string:
    // the padding is blank cells in `style`, exactly as drawn spaces would be.
    let text = TextWidth.truncate(text, to: width)
    let gap = width - TextWidth.of(text)
    let lead = gap <= 0 ? 0 : alignment == .trailing ? gap : alignment == .center ? gap / 2 : 0
    if lead > 0 { fill(Rect(x: x, y: y, width: lead, height: 1), with: .blank(style)) }
    let end = put(text, x: x + lead, y: y, style: style)
    let from = max(end, x + lead)
    if x + width > from {
      fill(Rect(x: from, y: y, width: x + width - from, height: 1), with: .blank(style))
    }
    return x + width
  }

  /// Draws one inert grapheme: one cell per spacing scalar, as the terminal
  /// lays it out (see `TextWidth`). Zero-width graphemes (a stray combining
  /// mark, a lone joiner) have no cell.
  private mutating func put(_ ch: Character, col: inout Int, y: Int, style: Style) {
    let scalars = ch.unicodeScalars
    if scalars.count == 1 {
      let w = TextWidth.of(scalars.first!)
      guard w > 0 else { return }
      let unprintable = scalars.first!.value >= 0xA0 && TextWidth.terminalWidth(scalars.first!) < 0
      let text = unprintable ? "\u{FFFD}" : String(ch)
      place(origin.x + col, origin.y + y, Cell(glyph: Glyph(text), width: w, style: style))
      col += w
      return
    }
    for cell in TextWidth.cells(of: ch) {
      place(origin.x + col, origin.y + y, Cell(text: cell.text, width: cell.width, style: style))
      col += cell.width
    }
  }

  /// Shows the text cursor at (x, y) of the current region, if that is inside the clip.
  public mutating func setCursor(x: Int, y: Int) {
    let p = Point(x: origin.x + x, y: origin.y + y)
    if clip.contains(p) { cursor = p }
  }

  public mutating func hideCursor() { cursor = nil }

  /// This canvas, drawn, with `count` blank rows put in before grid row
  /// `row`: what was below moves down, the cursor with it; a scroll hint
  /// stays only where it lies wholly above.
  public func insertingBlankRows(_ count: Int, before row: Int) -> Canvas {
    let row = min(max(0, row), size.height)
    guard count > 0 else { return self }
    var cells = Array(self.cells[..<(row * size.width)])
    cells.append(contentsOf: repeatElement(Cell.blank, count: count * size.width))
    cells.append(contentsOf: self.cells[(row * size.width)...])
    var taller = Canvas(size: Size(width: size.width, height: size.height + count), cells: cells)
    taller.cursor = cursor.map { $0.y < row ? $0 : Point(x: $0.x, y: $0.y + count) }
    taller.scroll = scroll.flatMap { $0.rows.upperBound <= row ? $0 : nil }
    return taller
  }

  /// The grid as plain text, one line per row, trailing spaces kept.
  public var lines: [String] {
    (0..<size.height).map { y in
      var line = ""
      for x in 0..<size.width where !cells[y * size.width + x].isContinuation {
        line += cells[y * size.width + x].text
      }
      return line
    }
  }

  /// The grid as plain text, one line per row, trailing spaces kept.
  public var text: String { lines.joined(separator: "\n") }
}
