import Foundation

/// What views need besides state: the screen size, how to show dates, and
/// view memory (scroll offsets) kept between frames.
public struct RenderEnvironment: Sendable {
  /// The clock dates are shown on: by default the process's local time as
  /// the C library sees it (`TZ`), which needs none of Foundation's time-zone
  /// database (ICU's data, megabytes of it resident once touched).
  public var time: MarkdownExport.LocalTime
  /// The app's version, for full help; given by the composition root, which
  /// owns it (nil: not shown).
  public var version: String?

  public init(time: MarkdownExport.LocalTime = .process, version: String? = nil) {
    self.time = time
    self.version = version
  }

  func dateString(_ date: Date) -> String {
    time.components(of: date).description
  }
}
