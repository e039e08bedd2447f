/// A centred modal window (sheet, alert, help): a layer with a boxed border,
/// sized to what it prefers but never larger than the screen.
public struct Overlay: Hashable, Sendable {
  public var name: String
  public var title: String?
  public var footer: String?
  public var preferredSize: Size
  public var border: BorderStyle
  public var isModal: Bool

  public init(
    name: String, title: String? = nil, footer: String? = nil, preferredSize: Size,
    border: BorderStyle = .rounded, isModal: Bool = true
  ) {
    self.name = name
    self.title = title
    self.footer = footer
    self.preferredSize = preferredSize
    self.border = border
    self.isModal = isModal
  }

  /// Columns and rows the border and inner padding take around the content.
  public static let chrome = Size(width: 4, height: 2)

  /// The overlay size that gives content of `size` room inside the chrome.
  public static func size(forContent size: Size) -> Size {
    Size(width: size.width + chrome.width, height: size.height + chrome.height)
  }

  /// A rect of `preferred` size centred on `screen`, keeping `margin` cells
  /// free around it while the screen is big enough to afford that.
  public static func rect(preferred: Size, on screen: Size, margin: Int = 1) -> Rect {
    func clamp(_ want: Int, _ available: Int) -> Int {
      let available = max(0, available)
      let roomy = available - 2 * margin
      return max(0, min(want, roomy >= 3 ? roomy : available))
    }
    let size = Size(
      width: clamp(preferred.width, screen.width), height: clamp(preferred.height, screen.height))
    return Rect(
      origin: .zero, size: Size(width: max(0, screen.width), height: max(0, screen.height))
    )
    .centered(size)
  }

  public func rect(on screen: Size) -> Rect {
    Overlay.rect(preferred: preferredSize, on: screen)
  }

  /// Where content goes inside a layer of `size`: inside the border, with one
  /// column of padding each side.
  public static func contentRect(in size: Size) -> Rect {
    Rect(x: 2, y: 1, width: max(0, size.width - 4), height: max(0, size.height - 2))
  }

  /// The layer for this overlay on `screen`; `content` draws into the content
  /// rect, and a cursor it sets becomes the layer's cursor.
  public func layer(on screen: Size, content: (inout Canvas) -> Void = { _ in }) -> Layer {
    let rect = rect(on: screen)
    var canvas = Canvas(size: rect.size)
    Box(title: title, footer: footer, border: border).draw(in: &canvas)
    canvas.within(Overlay.contentRect(in: rect.size), content)
    return Layer(
      name: name, rect: rect, canvas: canvas, isModal: isModal, cursor: canvas.cursor)
  }
}
