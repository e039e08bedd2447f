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

  /// The breadcrumbs in at most `width` columns. A long crumb (a title)
  /// gives way first, from its end — its start names it — down to
  /// `shortestCut` columns, those between the first and the current one
  /// before the current one ("Standups › The quick brown… › Record"). Then
  /// the end matters most: leading crumbs give way ("… › Design › Record"),
  /// then the last crumb is cut from the left ("…cord").
  public static func breadcrumbs(_ crumbs: [String], width: Int) -> String {
    var crumbs = crumbs.map(Sanitizer.inert)
    guard !crumbs.isEmpty, width > 0 else { return "" }
    var excess = TextWidth.of(crumbs.joined(separator: separator)) - width
    if excess <= 0 { return crumbs.joined(separator: separator) }
    let middle = crumbs.indices.dropFirst().dropLast()
    for index in middle.sorted(by: { TextWidth.of(crumbs[$0]) > TextWidth.of(crumbs[$1]) })
      + (crumbs.count > 1 ? [crumbs.count - 1] : [])
    {
      let crumbWidth = TextWidth.of(crumbs[index])
      guard excess > 0, crumbWidth > shortestCut else { continue }
      let target = max(shortestCut, crumbWidth - excess)
      crumbs[index] = TextWidth.truncate(crumbs[index], to: target)
      excess -= crumbWidth - TextWidth.of(crumbs[index])
    }
    let last = crumbs[crumbs.count - 1]
    let full = crumbs.joined(separator: separator)
    if TextWidth.of(full) <= width { return full }
    for drop in 1..<crumbs.count {
      let shortened = ([TextWidth.ellipsis] + crumbs[drop...]).joined(separator: separator)
      if TextWidth.of(shortened) <= width { return shortened }
    }
    return TextWidth.truncateLeading(last, to: width)
  }

  /// How short a long crumb is cut before crumbs give way whole.
  public static let shortestCut = 12

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
