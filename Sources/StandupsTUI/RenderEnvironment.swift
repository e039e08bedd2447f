import Foundation

/// What views need besides state: the screen size, how to show dates, and
/// view memory (scroll offsets) kept between frames.
public struct RenderEnvironment: Sendable {
  public var timeZone: TimeZone
  public init(timeZone: TimeZone = .current) { self.timeZone = timeZone }

  func dateString(_ date: Date) -> String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    let c = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
    return String(
      format: "%04d-%02d-%02d %02d:%02d", c.year ?? 0, c.month ?? 0, c.day ?? 0, c.hour ?? 0,
      c.minute ?? 0)
  }
}
