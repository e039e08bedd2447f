import Foundation
import StandupsCore
import TerminalUI

extension Duration {
  /// "4:05" (minutes:seconds), clamped at zero.
  var clock: String {
    let total = max(0, Int(components.seconds))
    let seconds = total % 60
    // Not String(format:): Foundation's formatter, twice a frame while recording.
    return "\(total / 60):" + (seconds < 10 ? "0" : "") + "\(seconds)"
  }
}

extension Standup {
  /// The title as drawn: inert, so that measuring it gives its width on screen.
  var displayTitle: String {
    title.allSatisfy(\.isWhitespace) ? "Untitled" : Sanitizer.inert(title)
  }
  var lengthText: String { "\(minutes) min" }
  var attendeesText: String { attendees.count == 1 ? "1 attendee" : "\(attendees.count) attendees" }
}
