import Foundation
import StandupsCore
import TerminalUI

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

/// What the views remember between frames: each list's scroll position, so
/// lists scroll smoothly instead of re-centring. Not app state: it only
/// follows the selection, which is.
public struct ViewMemory: Hashable, Sendable {
  public var list = ListState()
  public var detailMeetings = ListState()
  public var formAttendees = ListState()
  public init() {}
}

/// The frame every full screen shares: a header bar with breadcrumbs on top, a
/// help bar at the bottom, content between.
enum ScreenChrome {
  static func draw(
    in canvas: inout Canvas, crumbs: [String], trailing: String? = nil,
    bindings: [KeyBinding], content: (inout Canvas) -> Void
  ) {
    let size = canvas.bounds
    canvas.within(Rect(x: 0, y: 0, width: size.width, height: 1)) {
      Header(crumbs, trailing: trailing, style: Looks.header).draw(in: &$0)
    }
    canvas.within(Rect(x: 1, y: size.height - 1, width: size.width - 2, height: 1)) {
      HelpBar.draw(bindings, in: &$0, keyStyle: .bold, descriptionStyle: Looks.hint)
    }
    canvas.within(Rect(x: 1, y: 2, width: size.width - 2, height: max(0, size.height - 4)), content)
  }
}

/// Applies an editing key to a text field kept in domain state as text + cursor.
enum TextEditing {
  /// The edited text and cursor, or nil when `key` is not an editing key.
  static func apply(_ key: Key, text: String, cursor: Int) -> (String, Int)? {
    var field = TextFieldState(text: text, cursor: cursor)
    guard field.apply(key) else { return nil }
    return (field.text, field.cursor)
  }

  static func insert(_ pasted: String, text: String, cursor: Int) -> (String, Int) {
    var field = TextFieldState(text: text, cursor: cursor)
    field.insert(pasted)
    return (field.text, field.cursor)
  }
}

extension Duration {
  /// "4:05" (minutes:seconds), clamped at zero.
  var clock: String {
    let total = max(0, Int(components.seconds))
    return String(format: "%d:%02d", total / 60, total % 60)
  }
}

extension Standup {
  /// The title as drawn: inert, so that measuring it gives its width on screen.
  var displayTitle: String { title.isEmpty ? "Untitled" : Sanitizer.inert(title) }
  var lengthText: String { "\(minutes) min" }
  var attendeesText: String { attendees.count == 1 ? "1 attendee" : "\(attendees.count) attendees" }
}
