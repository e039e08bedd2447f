import Foundation
import StandupsCore
import Testing

@testable import StandupsTUI

struct DisplayTextTests {
  @Test func aDurationAsMinutesAndSeconds() {
    let cases: [(Duration, String)] = [
      (.zero, "0:00"), (.seconds(5), "0:05"), (.seconds(65), "1:05"), (.seconds(600), "10:00"),
      (.seconds(3_725), "62:05"), (.milliseconds(59_999), "0:59"), (.seconds(-3), "0:00"),
    ]
    for (duration, text) in cases { #expect(duration.clock == text) }
  }

  /// A title of spaces (a hand-edited file) shows as one that is missing,
  /// not as an empty row.
  @Test func aBlankTitleIsUntitled() {
    for title in ["", "   ", "\t "] {
      #expect(Standup(id: .init(UUID()), title: title).displayTitle == "Untitled")
    }
    #expect(Standup(id: .init(UUID()), title: " Design ").displayTitle == " Design ")
  }
}
