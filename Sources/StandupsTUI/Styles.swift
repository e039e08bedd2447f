import StandupsCore
import TerminalUI

extension Theme {
  /// Text on the theme's colour, as Scrumdinger draws its cards.
  var style: Style {
    Style(foreground: Color(hex: accentColor), background: Color(hex: mainColor))
  }

  /// The theme's colour as a foreground, for accents on the default background.
  var accent: Style { Style(foreground: Color(hex: mainColor)) }
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
}
