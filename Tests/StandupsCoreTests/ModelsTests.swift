import Foundation
import StandupsCore
import Testing

@Suite(.reportsIssues)
struct ModelsTests {
  @Test
  func standupDefaults() {
    let standup = Standup(id: .init(UUID(1)))
    #expect(standup.duration == .seconds(5 * 60))
    #expect(standup.minutes == 5)
    #expect(standup.theme == .bubblegum)
    #expect(standup.title == "")
    #expect(standup.attendees.isEmpty)
    #expect(standup.meetings.isEmpty)
  }

  @Test
  func durationPerAttendee() {
    #expect(Standup.mock.durationPerAttendee == .seconds(10))
    #expect(Standup.sixSeconds.durationPerAttendee == .seconds(2))
    #expect(Standup.engineeringMock.durationPerAttendee == .seconds(5 * 60))
    // With nobody attending, the whole meeting is one share (no division by zero).
    #expect(Standup(id: .init(UUID(1)), duration: .seconds(90)).durationPerAttendee == .seconds(90))
  }

  @Test
  func lengthLimits() {
    #expect(Standup.minimumMinutes == 5)
    #expect(Standup.maximumMinutes == 30)
    #expect(Standup.productMock.minutes == 30)
  }

  @Test
  func uuidFromInteger() {
    #expect(UUID(1).uuidString == "00000000-0000-0000-0000-000000000001")
    #expect(UUID(255).uuidString == "00000000-0000-0000-0000-0000000000FF")
  }

  @Test
  func themeTable() {
    let expected: [(Theme, UInt32, Bool)] = [
      (.bubblegum, 0xEE80D1, false),
      (.buttercup, 0xFFF196, false),
      (.indigo, 0x360071, true),
      (.lavender, 0xCFCEFF, false),
      (.magenta, 0xA51377, true),
      (.navy, 0x001441, true),
      (.orange, 0xFF8B42, false),
      (.oxblood, 0x4A070B, true),
      (.periwinkle, 0x8682FF, false),
      (.poppy, 0xFF5E5E, false),
      (.purple, 0x914BF2, true),
      (.seafoam, 0xCBEAE5, false),
      (.sky, 0x6E92FF, false),
      (.tan, 0xC29B7E, false),
      (.teal, 0x228F9E, false),
      (.yellow, 0xFFDF4D, false),
    ]
    #expect(Theme.allCases.count == 16)
    #expect(Theme.allCases == expected.map(\.0))
    for (theme, color, lightText) in expected {
      #expect(theme.mainColor == color, "\(theme)")
      #expect(theme.hasLightText == lightText, "\(theme)")
      #expect(theme.accentColor == (lightText ? 0xFFFFFF : 0x000000), "\(theme)")
    }
  }

  @Test
  func themeNames() {
    #expect(Theme.bubblegum.name == "Bubblegum")
    #expect(Theme.periwinkle.name == "Periwinkle")
    for theme in Theme.allCases {
      #expect(theme.name == theme.rawValue.prefix(1).uppercased() + theme.rawValue.dropFirst())
    }
    #expect(Theme.allCases.map(\.id) == Theme.allCases)
  }

  @Test
  func validatedTrimsTitleAndDropsBlankAttendees() {
    let standup = Standup(
      id: .init(UUID(1)),
      attendees: [
        Attendee(id: .init(UUID(2)), name: ""),
        Attendee(id: .init(UUID(3)), name: "Blob"),
        Attendee(id: .init(UUID(4)), name: "  \t"),
      ],
      title: "  Design \n"
    )
    var ids = [UUID(9)].makeIterator()
    let valid = standup.validated { ids.next()! }
    #expect(
      valid
        == Standup(
          id: .init(UUID(1)), attendees: [Attendee(id: .init(UUID(3)), name: "Blob")],
          title: "Design"))
  }

  @Test
  func validatedKeepsOneAttendee() {
    let standup = Standup(
      id: .init(UUID(1)), attendees: [Attendee(id: .init(UUID(2)))], title: "Design")
    let valid = standup.validated { UUID(9) }
    #expect(valid?.attendees == [Attendee(id: .init(UUID(9)))])
  }

  @Test
  func validatedRefusesBlankTitle() {
    let standup = Standup(
      id: .init(UUID(1)), attendees: [Attendee(id: .init(UUID(2)), name: "Blob")], title: " ")
    #expect(standup.validated { UUID(9) } == nil)
  }
}
