import Foundation
import StandupsCore

/// Standups that exercise what the rows must keep exactly: text beyond
/// ASCII, empty lists, many meetings, dates with sub-second fractions, every
/// theme.
enum Fixtures {
  static func id<Tag>() -> Tagged<Tag, UUID> { .init(UUID()) }

  /// Emoji (with joiners and flags), CJK, accents, quotes and backslashes.
  static let international = Standup(
    id: id(),
    attendees: [
      Attendee(id: id(), name: "李雷"), Attendee(id: id(), name: "Zoë 🎉"),
      Attendee(id: id(), name: "O'Brien \"the\" \\ one"),
      Attendee(id: id(), name: "👩‍👩‍👧 family"), Attendee(id: id(), name: "Ørjan 🇳🇴"),
    ],
    duration: .seconds(17 * 60),
    meetings: [
      Meeting(
        id: id(), date: Date(timeIntervalSinceReferenceDate: 723_456_789.123_456_7),
        transcript: "会議の記録\n李雷: 完了 ✅\n\tindented; 'quoted' \"twice\" \\ done",
        // The roster it was recorded with: text an array literal must quote.
        attendees: ["李雷", "Zoë 🎉", "Gone {braces}, \"comma\" \\", "NULL", ""]),
      Meeting(
        id: id(), date: Date(timeIntervalSinceReferenceDate: 0.000_001),
        transcript: "", attendees: []),
    ],
    theme: .navy,
    title: "🚀 Ünïcödé 日本語チーム 👩‍👩‍👧")

  /// No attendees, no meetings, no title.
  static let bare = Standup(id: id(), duration: .seconds(5 * 60), theme: .yellow, title: "")

  /// Many meetings, newest first as the app records them, each date with a
  /// different fraction of a second; one long transcript.
  static let busy: Standup = {
    var meetings: [Meeting] = []
    for n in 0..<60 {
      let seconds = 780_000_000 - Double(n) * 86_400.013_7 + Double(n) / 1_000_003
      meetings.append(
        Meeting(
          id: id(), date: Date(timeIntervalSinceReferenceDate: seconds),
          transcript: n == 7
            ? String(repeating: "A long meeting, line after line. ", count: 2_000)
            : "Meeting \(n) — notes ✍️"))
    }
    return Standup(
      id: id(), attendees: [Attendee(id: id(), name: "Solo")], duration: .seconds(30 * 60),
      meetings: IdentifiedArray(uniqueElements: meetings), theme: .oxblood, title: "Busy")
  }()

  /// Dates far from now and exactly on whole seconds, before and after 2001
  /// (newest first, as the app keeps them).
  static let datesAtTheEdges = Standup(
    id: id(),
    meetings: [
      Meeting(
        id: id(), date: Date(timeIntervalSinceReferenceDate: 4_102_444_800.999_999),
        transcript: "2131"),
      Meeting(id: id(), date: Date(timeIntervalSinceReferenceDate: -0.25), transcript: "2000"),
      Meeting(id: id(), date: Date(timeIntervalSince1970: 0), transcript: "epoch"),
      Meeting(id: id(), date: Date(timeIntervalSince1970: -1.5), transcript: "before"),
    ],
    theme: .sky, title: "Edges")

  /// One standup of each theme, each of another length.
  static let themed: [Standup] = Theme.allCases.enumerated().map { n, theme in
    Standup(
      id: id(), attendees: [Attendee(id: id(), name: "Person \(n)")],
      duration: .seconds(60 * (n + 1)), theme: theme, title: theme.name)
  }

  /// Everything above and the mocks, in an order of its own.
  static let everything: IdentifiedArrayOf<Standup> = IdentifiedArray(
    uniqueElements: [international, .mock, bare, busy, .engineeringMock, datesAtTheEdges]
      + themed + [.productMock])

  static func meeting(_ transcript: String, at seconds: Double) -> Meeting {
    Meeting(
      id: id(), date: Date(timeIntervalSinceReferenceDate: seconds), transcript: transcript)
  }
}
