import InventoryCore
import TerminalUI

extension Item.Color {
  /// The terminal colour of the item's swatch: one of the 8 ANSI colours.
  var terminalColor: TerminalUI.Color {
    switch self {
    case .black: .ansi(0)
    case .red: .ansi(1)
    case .green: .ansi(2)
    case .yellow: .ansi(3)
    case .blue: .ansi(4)
    case .white: .ansi(7)
    }
  }
}

extension Item {
  /// The name as drawn: inert, so that measuring it gives its width on screen.
  var displayName: String {
    Sanitizer.inert(shownName)
  }
}

/// Shared looks, so every screen draws titles, hints and warnings alike.
enum Styles {
  static let title = Style.bold
  static let hint = Style.dim
  static let header = Style.reverse
  static let warning = Style(foreground: .ansi(1), attributes: .bold)
  static let sectionTitle = Style(attributes: [.bold, .underline])
  /// The one selection style: a bold "›" in the margin and the selected
  /// item's text reversed.
  static let selected = Style(attributes: [.bold, .reverse])
  static func marker(_ isSelected: Bool) -> String { isSelected ? "›" : " " }

  /// Columns a colour takes in a row: a two-cell swatch, or the longest name.
  static func swatchWidth(_ environment: RenderEnvironment) -> Int {
    environment.usesColor ? 2 : Item.Color.allCases.map { $0.name.count }.max() ?? 0
  }

  /// Draws `color` at (x, y): a block in its colour, or its name without
  /// colour; nothing for no colour. Returns the column after it.
  @discardableResult
  static func drawSwatch(
    _ color: Item.Color?, in canvas: inout Canvas, x: Int, y: Int,
    environment: RenderEnvironment
  ) -> Int {
    guard let color else { return x }
    guard environment.usesColor else { return canvas.put(color.name, x: x, y: y) }
    return canvas.put(swatchText(color), x: x, y: y, style: swatchStyle(color))
  }

  /// A solid block, except black and white, which would vanish on a dark or
  /// a light terminal: mostly their colour, shaded with the other.
  static func swatchText(_ color: Item.Color) -> String {
    switch color {
    case .black, .white: "▓▓"
    default: "██"
    }
  }

  static func swatchStyle(_ color: Item.Color) -> Style {
    switch color {
    case .black: Style(foreground: .ansi(0), background: .ansi(7))
    case .white: Style(foreground: .ansi(7), background: .ansi(0))
    default: Style(foreground: color.terminalColor)
    }
  }
}
