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
          let expected = Self.wholeStrings(standup, isSelected: isSelected, width: width)
          #expect(drawn == expected, "\(title.debugDescription) at \(width)")
        }
      }
    }
  }

  /// The card's rows drawn as whole strings, each cut to its room.
  static func wholeStrings(_ standup: Standup, isSelected: Bool, width: Int) -> Canvas {
    var row = Canvas(size: Size(width: width, height: 2))
    let titleStyle = isSelected ? Styles.selected : Styles.title
    var swatch = standup.theme.accent
    swatch.attributes = .bold
    row.put("▌", x: 0, y: 0, style: swatch)
    row.put("▌", x: 0, y: 1, style: standup.theme.accent)
    row.put(Styles.marker(isSelected), x: 1, y: 0, style: .bold)
    row.put(" ", x: 1, y: 1, style: Styles.hint)
    let right = standup.attendeesText
    let rightWidth = TextWidth.of(right)
    row.put(
      " " + standup.displayTitle + " ", x: 2, y: 0,
      width: max(0, min(width - 3 - rightWidth - 1, TextWidth.of(standup.displayTitle) + 2)),
      style: titleStyle)
    row.put(right + " ", x: width - rightWidth - 1, y: 0, style: Styles.hint)
    let details = TextWidth.truncate(
      " \(standup.lengthText) · \(standup.theme.name)", to: max(0, width - 3))
    row.put(details, x: 2, y: 1, style: Styles.hint)
    if width > 3 { row.put(" ", x: width - 1, y: 1, style: Styles.hint) }
    return row
  }
}
