import Foundation
import StandupsCore
import TerminalUI

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
