/// A colour as the app means it; the backend maps it to the nearest one the terminal offers.
public enum Color: Hashable, Sendable {
  /// The terminal's own foreground or background.
  case `default`
  /// One of the 16 ANSI colours (0–15).
  case ansi(UInt8)
  /// A true colour, mapped by the backend to 256 or 8 colours.
  case rgb(UInt8, UInt8, UInt8)

  public init(hex: UInt32) {
    self = .rgb(UInt8((hex >> 16) & 0xFF), UInt8((hex >> 8) & 0xFF), UInt8(hex & 0xFF))
  }
}

/// Text attributes that do not need colour (they survive `NO_COLOR`).
public struct Attributes: OptionSet, Hashable, Sendable {
  public let rawValue: UInt8
  public init(rawValue: UInt8) { self.rawValue = rawValue }
  public static let bold = Attributes(rawValue: 1 << 0)
  public static let dim = Attributes(rawValue: 1 << 1)
  public static let reverse = Attributes(rawValue: 1 << 2)
  public static let underline = Attributes(rawValue: 1 << 3)
}

public struct Style: Hashable, Sendable {
  public var foreground: Color
  public var background: Color
  public var attributes: Attributes
  public init(
    foreground: Color = .default, background: Color = .default, attributes: Attributes = []
  ) {
    self.foreground = foreground
    self.background = background
    self.attributes = attributes
  }
  public static let plain = Style()
  public static let bold = Style(attributes: .bold)
  public static let dim = Style(attributes: .dim)
  public static let reverse = Style(attributes: .reverse)
  public static let underline = Style(attributes: .underline)

  public func with(_ attributes: Attributes) -> Style {
    var copy = self
    copy.attributes.formUnion(attributes)
    return copy
  }
}
