/// The top bar: breadcrumbs of where the user is ("Standups › Design › Record")
/// and optional trailing text (a clock, a status).
public struct Header: Hashable, Sendable {
  public static let separator = " › "

  public var crumbs: [String]
  public var trailing: String?
  public var style: Style

  public init(_ crumbs: [String], trailing: String? = nil, style: Style = .reverse) {
    self.crumbs = crumbs
    self.trailing = trailing
    self.style = style
  }

  /// The breadcrumbs in at most `width` columns. The current (last) crumb
  /// matters most, then where it lies: a long crumb between the first and
  /// the last (a title) gives way from its end — its start names it — down
  /// to `shortestCut` columns ("Standups › The quick… › Record"), then
  /// leading crumbs give way whole ("… › Design › Record"). Only when the
  /// current crumb cannot fit whole is it cut from its end too ("Standups ›
  /// The quick brown…"), and at the last from the left ("…cord").
  public static func breadcrumbs(_ crumbs: [String], width: Int) -> String {
    let crumbs = crumbs.map(Sanitizer.inert)
    guard let last = crumbs.last, width > 0 else { return "" }
    for cutsCurrent in [false, true] {
      for drop in 0..<crumbs.count {
        let kept = (drop > 0 ? [TextWidth.ellipsis] : []) + crumbs[drop...]
        let cut = cutting(kept, to: width, alsoTheLast: cutsCurrent)
        if TextWidth.of(cut) <= width { return cut }
      }
    }
    return TextWidth.truncateLeading(last, to: width)
  }

  /// `crumbs` joined, its long middle crumbs (and the last one, with
  /// `alsoTheLast`) cut from their ends, widest first, as far as `width`
  /// needs and no shorter than `shortestCut`.
  private static func cutting(_ crumbs: [String], to width: Int, alsoTheLast: Bool) -> String {
    var crumbs = crumbs
    var excess = TextWidth.of(crumbs.joined(separator: separator)) - width
    let middle = crumbs.indices.dropFirst().dropLast()
    let order =
      middle.sorted { TextWidth.of(crumbs[$0]) > TextWidth.of(crumbs[$1]) }
      + (alsoTheLast && crumbs.count > 1 ? [crumbs.count - 1] : [])
    for index in order where excess > 0 {
      let crumbWidth = TextWidth.of(crumbs[index])
      guard crumbWidth > shortestCut else { continue }
      let cut = TextWidth.truncate(crumbs[index], to: max(shortestCut, crumbWidth - excess))
      // Without the padding after its "…": the separator follows.
      crumbs[index] = String(cut.reversed().drop { $0 == " " }.reversed())
      excess -= crumbWidth - TextWidth.of(crumbs[index])
    }
    return crumbs.joined(separator: separator)
  }

  /// How short a long crumb is cut before crumbs give way whole.
  public static let shortestCut = 8

  private struct Source: Equatable, Sendable {
    var header: Header
    var width: Int
  }

  private static let drawn = RowMemo<Source>()

  /// Fills row 0 of the current region with the bar. The current (last)
  /// crumb is bold.
  public func draw(in canvas: inout Canvas) {
    let width = canvas.bounds.width
    guard width > 0 else { return }
    let source = Source(header: self, width: width)
    if Self.drawn.put(source, in: &canvas) { return }
    drawBar(in: &canvas)
    // The bar fills its row.
    Self.drawn.keep(source, width: width, of: canvas)
  }

  private func drawBar(in canvas: inout Canvas) {
    let width = canvas.bounds.width
    canvas.fill(Rect(x: 0, y: 0, width: width, height: 1), with: .blank(style))
    var room = width - 2
    if let trailing, !trailing.isEmpty {
      // The breadcrumbs say where the user is, so trailing text gets at most half.
      let text = TextWidth.truncate(trailing, to: max(0, (width - 2) / 2))
      let w = TextWidth.of(text)
      canvas.put(text, x: width - 1 - w, y: 0, style: style)
      room -= w + 2
    }
    let path = Header.breadcrumbs(crumbs, width: room)
    let x = canvas.put(path, x: 1, y: 0, style: style)
    // Re-draw the current crumb bold when it survived the cut whole.
    if let last = crumbs.last.map(Sanitizer.inert), !last.isEmpty, path.hasSuffix(last) {
      canvas.put(last, x: x - TextWidth.of(last), y: 0, style: style.with(.bold))
    }
  }
}
