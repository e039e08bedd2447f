/// The characters a border is drawn with.
public enum BorderStyle: Hashable, Sendable {
  case plain, rounded, heavy, double, ascii

  struct Glyphs: Sendable {
    let horizontal, vertical, topLeft, topRight, bottomLeft, bottomRight: String

    /// From six characters in the order ─ │ ┌ ┐ └ ┘.
    init(_ set: String) {
      let c = set.map(String.init)
      (horizontal, vertical, topLeft, topRight, bottomLeft, bottomRight) =
        (c[0], c[1], c[2], c[3], c[4], c[5])
    }
  }

  // Made once: a sheet draws its box on every key.
  private static let plainGlyphs = Glyphs("─│┌┐└┘")
  private static let roundedGlyphs = Glyphs("─│╭╮╰╯")
  private static let heavyGlyphs = Glyphs("━┃┏┓┗┛")
  private static let doubleGlyphs = Glyphs("═║╔╗╚╝")
  private static let asciiGlyphs = Glyphs("-|++++")

  var glyphs: Glyphs {
    switch self {
    case .plain: Self.plainGlyphs
    case .rounded: Self.roundedGlyphs
    case .heavy: Self.heavyGlyphs
    case .double: Self.doubleGlyphs
    case .ascii: Self.asciiGlyphs
    }
  }
}

/// A bordered frame filling the current region, with an optional title in the
/// top border ("┌─ Title ───┐") and footer in the bottom one ("└─── esc close ─┘").
public struct Box: Hashable, Sendable {
  public var title: String?
  public var footer: String?
  public var border: BorderStyle
  public var style: Style
  public var titleStyle: Style
  public var footerStyle: Style

  public init(
    title: String? = nil, footer: String? = nil, border: BorderStyle = .plain,
    style: Style = .plain, titleStyle: Style = .bold, footerStyle: Style = .dim
  ) {
    self.title = title
    self.footer = footer
    self.border = border
    self.style = style
    self.titleStyle = titleStyle
    self.footerStyle = footerStyle
  }

  /// The region inside the border of a box of `size`.
  public static func interior(of size: Size) -> Rect {
    Rect(origin: .zero, size: size).inset(by: 1)
  }

  /// Clears the current region, draws the border around it and returns the
  /// interior (relative to the region). Regions under 2×2 are only cleared.
  @discardableResult
  public func draw(in canvas: inout Canvas) -> Rect {
    let size = canvas.bounds
    canvas.fill(with: .blank(style))
    guard size.width >= 2, size.height >= 2 else { return Rect(x: 0, y: 0, width: 0, height: 0) }
    let g = border.glyphs
    let w = size.width
    let h = size.height
    // Border glyphs are one column each: runs of them are fills, not text to
    // measure character by character.
    let horizontal = Cell(text: g.horizontal, style: style)
    let vertical = Cell(text: g.vertical, style: style)
    canvas.put(g.topLeft, x: 0, y: 0, style: style)
    canvas.fill(Rect(x: 1, y: 0, width: w - 2, height: 1), with: horizontal)
    canvas.put(g.topRight, x: w - 1, y: 0, style: style)
    canvas.put(g.bottomLeft, x: 0, y: h - 1, style: style)
    canvas.fill(Rect(x: 1, y: h - 1, width: w - 2, height: 1), with: horizontal)
    canvas.put(g.bottomRight, x: w - 1, y: h - 1, style: style)
    canvas.fill(Rect(x: 0, y: 1, width: 1, height: h - 2), with: vertical)
    canvas.fill(Rect(x: w - 1, y: 1, width: 1, height: h - 2), with: vertical)
    // A label needs "─ " before and " ─" after it, between the corners.
    let room = w - 6
    if let title, room > 0, !title.isEmpty {
      let text = TextWidth.truncate(title, to: room)
      canvas.put(" " + text + " ", x: 2, y: 0, style: titleStyle)
    }
    if let footer, room > 0, !footer.isEmpty {
      let text = " " + TextWidth.truncate(footer, to: room) + " "
      canvas.put(text, x: w - 2 - TextWidth.of(text), y: h - 1, style: footerStyle)
    }
    return Box.interior(of: size)
  }

  /// Draws the box, then `content` confined to its interior.
  public func draw(in canvas: inout Canvas, content: (inout Canvas) -> Void) {
    let inner = draw(in: &canvas)
    canvas.within(inner, content)
  }
}
