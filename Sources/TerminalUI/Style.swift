/// A colour as the app means it; the backend maps it to the nearest one the terminal offers.
public enum Color: Hashable, Sendable {
  /// The terminal's own foreground or background.
  case `default`
  /// One of the 16 ANSI colours (0–15).
  case ansi(UInt8)
  /// A true colour, mapped by the backend to 256 or 8 colours.
  case rgb(UInt8, UInt8, UInt8)

  /// The colour in 26 bits: which case in the top two, its value below.
  @inlinable
  var packed: UInt64 {
    switch self {
    case .default: 0
    case .ansi(let index): 1 << 24 | UInt64(index)
    case .rgb(let r, let g, let b): 2 << 24 | UInt64(r) << 16 | UInt64(g) << 8 | UInt64(b)
    }
  }

  /// The colour of `packed`'s low 26 bits.
  @inlinable
  init(packed: UInt64) {
    let value = packed & 0xFF_FFFF
    switch packed >> 24 & 3 {
    case 1: self = .ansi(UInt8(truncatingIfNeeded: value))
    case 2:
      self = .rgb(
        UInt8(truncatingIfNeeded: value >> 16), UInt8(truncatingIfNeeded: value >> 8),
        UInt8(truncatingIfNeeded: value))
    default: self = .default
    }
  }

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

  /// The style in 60 bits, as a `Cell` keeps it: the attributes, then the
  /// foreground and the background in 26 bits each (`Color.packed`).
  @inlinable
  var packed: UInt64 {
    UInt64(attributes.rawValue) | foreground.packed << 8 | background.packed << 34
  }

  @inlinable
  init(packed: UInt64) {
    self.init(
      foreground: Color(packed: packed >> 8), background: Color(packed: packed >> 34),
      attributes: Attributes(rawValue: UInt8(truncatingIfNeeded: packed)))
  }

  public func with(_ attributes: Attributes) -> Style {
    var copy = self
    copy.attributes.formUnion(attributes)
    return copy
  }
}
