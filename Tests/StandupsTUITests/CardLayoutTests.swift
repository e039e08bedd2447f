import Foundation
import TerminalUI
import Testing

@testable import StandupsCore
@testable import StandupsTUI

/// A card draws its title and details piece by piece where they fit; the
/// cells must be those of the whole strings cut to the same room.
@Suite struct CardLayoutTests {
  static let titles = [
    "Design", "", "A title long enough to be cut on any card narrower than this",
    "漢字テスト 🎉👩‍👩‍👧", "\u{1B}]0;pwned\u{7}Title", "e\u{301}clair",
  ]

  @Test(arguments: titles)
  func piecesMatchTheWholeStringsCut(_ title: String) {
    for attendees in [1, 3] {
      var standup = Standup.mock
      standup.title = title
      standup.attendees = IdentifiedArray(uniqueElements: standup.attendees.prefix(attendees))
      for width in 1...70 {
        for isSelected in [false, true] {
          var drawn = Canvas(size: Size(width: width, height: 2))
          StandupsListScreen.drawCard(standup, isSelected: isSelected, in: &drawn)
          var expected = Canvas(size: Size(width: width, height: 2))
          StandupsListScreen.drawCard(
            standup, isSelected: isSelected, in: &expected, inPieces: false)
          #expect(drawn == expected, "\(title.debugDescription) at \(width)")
        }
      }
    }
  }
}
