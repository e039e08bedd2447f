import Foundation

/// What views need besides state: the screen size, how to show dates, and
/// view memory (scroll offsets) kept between frames.
public struct RenderEnvironment: Sendable {
  public var timeZone: TimeZone
  /// The app's version, for full help; given by the composition root, which
  /// owns it (nil: not shown).
  public var version: String?

  public init(timeZone: TimeZone = .current, version: String? = nil) {
    self.timeZone = timeZone
    self.version = version
  }

  func dateString(_ date: Date) -> String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    let c = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
    return String(
      format: "%04d-%02d-%02d %02d:%02d", c.year ?? 0, c.month ?? 0, c.day ?? 0, c.hour ?? 0,
      c.minute ?? 0)
  }
}
