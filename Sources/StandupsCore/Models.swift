import Foundation

public struct Standup: Equatable, Hashable, Identifiable, Codable, Sendable {
  public typealias ID = Tagged<Standup, UUID>
  public let id: ID
  public var attendees: IdentifiedArrayOf<Attendee> = []
  public var duration: Duration = .seconds(5 * 60)
  /// Newest first. A load may leave them in the file until something asks
  /// for them (`StandupMeetings`); reading them then is invisible here.
  public var meetings: IdentifiedArrayOf<Meeting> {
    get { storedMeetings.meetings }
    set { storedMeetings = storedMeetings.replaced(by: newValue) }
  }
  public var theme: Theme = .bubblegum
  public var title = ""
  /// What the data file holds for it that this version does not read.
  public var otherFields = JSONMembers()
  /// Last, so that comparing standups compares everything else first.
  var storedMeetings: StandupMeetings

  public init(
    id: ID,
    attendees: IdentifiedArrayOf<Attendee> = Standup.noAttendees,
    duration: Duration = .seconds(5 * 60),
    meetings: IdentifiedArrayOf<Meeting> = Standup.noMeetings,
    theme: Theme = .bubblegum,
    title: String = "",
    otherFields: JSONMembers = JSONMembers()
  ) {
    self.id = id
    self.attendees = attendees
    self.duration = duration
    self.storedMeetings = .loaded(meetings)
    self.theme = theme
    self.title = title
    self.otherFields = otherFields
  }

  /// A standup whose meetings a load left in the file.
  init(
    id: ID, attendees: IdentifiedArrayOf<Attendee>, duration: Duration,
    meetingsInFile: MeetingsInFile, theme: Theme, title: String, otherFields: JSONMembers
  ) {
    self.init(
      id: id, attendees: attendees, duration: duration, theme: theme, title: title,
      otherFields: otherFields)
    self.storedMeetings = .inFile(meetingsInFile)
  }

  /// How many meetings, without reading any left in the file.
  public var meetingCount: Int { storedMeetings.count }

  /// Whether `other` is this very value, copied: the same id and scalars,
  /// and the same storage for its text and arrays. Such standups are equal,
  /// and this reads none of that storage, where `==` reads each array's
  /// buffer (its count is there). False says nothing: compare with `==`.
  public func isIdentical(to other: Standup) -> Bool {
    id == other.id && duration == other.duration && theme == other.theme
      && sameBits(title, other.title) && sameBits(attendees, other.attendees)
      && sameBits(otherFields, other.otherFields)
      && storedMeetings.isIdentical(to: other.storedMeetings)
  }

  /// The meetings, read from the file without keeping them there when they
  /// are still in it (for work over every standup, like the filter's index);
  /// fails when the file no longer holds them.
  public func meetingsWithoutKeeping() throws -> IdentifiedArrayOf<Meeting> {
    try storedMeetings.withoutKeeping()
  }

  /// Each speaker's share of the meeting.
  public var durationPerAttendee: Duration {
    duration / max(attendees.count, 1)
  }

  /// Length in whole minutes, as the form edits it.
  public var minutes: Int { Int(duration.components.seconds / 60) }

  public static let minimumMinutes = 5
  public static let maximumMinutes = 30
}

public struct Attendee: Equatable, Hashable, Identifiable, Codable, Sendable {
  public typealias ID = Tagged<Attendee, UUID>
  public let id: ID
  public var name = ""
  /// What the data file holds for it that this version does not read.
  public var otherFields = JSONMembers()
  public init(id: ID, name: String = "", otherFields: JSONMembers = JSONMembers()) {
    self.id = id
    self.name = name
    self.otherFields = otherFields
  }
}

extension Standup {
  /// Empty collections to build from: a copy shares their `\.id` key path,
  /// where `[]` instantiates a new one at run time (a generic key path).
  public static let noAttendees = IdentifiedArrayOf<Attendee>()
  public static let noMeetings = IdentifiedArrayOf<Meeting>()
}

public struct Meeting: Equatable, Hashable, Identifiable, Codable, Sendable {
  public typealias ID = Tagged<Meeting, UUID>
  public let id: ID
  public let date: Date
  public var transcript: String
  /// Who was on the standup's roster when the meeting was recorded, in its
  /// order; nil for a meeting recorded before rosters were kept (shown with
  /// the standup's roster).
  public var attendees: [String]?
  /// What the data file holds for it that this version does not read.
  public var otherFields = JSONMembers()
  public init(
    id: ID, date: Date, transcript: String, attendees: [String]? = nil,
    otherFields: JSONMembers = JSONMembers()
  ) {
    self.id = id
    self.date = date
    self.transcript = transcript
    self.attendees = attendees
    self.otherFields = otherFields
  }

  /// The names shown for this meeting: its own roster, else `standup`'s.
  public func attendeeNames(in standup: Standup) -> [String] {
    attendees ?? standup.attendees.map(\.name)
  }
}

public enum Theme: String, CaseIterable, Equatable, Hashable, Identifiable, Codable, Sendable {
  case bubblegum, buttercup, indigo, lavender, magenta, navy, orange, oxblood, periwinkle, poppy,
    purple, seafoam, sky, tan, teal, yellow

  public var id: Self { self }
  /// "Bubblegum": drawn on every card of every frame, so spelled out rather
  /// than capitalized (Foundation's case mapping) each time.
  public var name: String {
    switch self {
    case .bubblegum: "Bubblegum"
    case .buttercup: "Buttercup"
    case .indigo: "Indigo"
    case .lavender: "Lavender"
    case .magenta: "Magenta"
    case .navy: "Navy"
    case .orange: "Orange"
    case .oxblood: "Oxblood"
    case .periwinkle: "Periwinkle"
    case .poppy: "Poppy"
    case .purple: "Purple"
    case .seafoam: "Seafoam"
    case .sky: "Sky"
    case .tan: "Tan"
    case .teal: "Teal"
    case .yellow: "Yellow"
    }
  }

  /// The theme's main colour, 0xRRGGBB.
  public var mainColor: UInt32 {
    switch self {
    case .bubblegum: 0xEE80D1
    case .buttercup: 0xFFF196
    case .indigo: 0x360071
    case .lavender: 0xCFCEFF
    case .magenta: 0xA51377
    case .navy: 0x001441
    case .orange: 0xFF8B42
    case .oxblood: 0x4A070B
    case .periwinkle: 0x8682FF
    case .poppy: 0xFF5E5E
    case .purple: 0x914BF2
    case .seafoam: 0xCBEAE5
    case .sky: 0x6E92FF
    case .tan: 0xC29B7E
    case .teal: 0x228F9E
    case .yellow: 0xFFDF4D
    }
  }

  /// Whether text on the main colour is light (on dark themes) or dark.
  public var hasLightText: Bool {
    switch self {
    case .indigo, .magenta, .navy, .oxblood, .purple: true
    default: false
    }
  }

  /// Text colour on the main colour, 0xRRGGBB.
  public var accentColor: UInt32 { hasLightText ? 0xFFFFFF : 0x000000 }
}

extension Standup {
  /// The SyncUps-style example used by previews, samples and tests.
  public static let mock = Standup(
    id: .init(UUID(0)),
    attendees: [
      Attendee(id: .init(UUID(1)), name: "Blob"),
      Attendee(id: .init(UUID(2)), name: "Blob Jr"),
      Attendee(id: .init(UUID(3)), name: "Blob Sr"),
      Attendee(id: .init(UUID(4)), name: "Blob Esq"),
      Attendee(id: .init(UUID(5)), name: "Blob III"),
      Attendee(id: .init(UUID(6)), name: "Blob I"),
    ],
    duration: .seconds(60),
    meetings: [
      Meeting(
        id: .init(UUID(7)),
        date: Date(timeIntervalSince1970: 1_700_000_000),
        transcript: "Blob: Shipped the new onboarding flow.\nBlob Jr: Reviewing the API."
      )
    ],
    theme: .orange,
    title: "Design"
  )

  public static let engineeringMock = Standup(
    id: .init(UUID(10)),
    attendees: [
      Attendee(id: .init(UUID(11)), name: "Blob"),
      Attendee(id: .init(UUID(12)), name: "Blob Jr"),
    ],
    duration: .seconds(60 * 10),
    meetings: [],
    theme: .periwinkle,
    title: "Engineering"
  )

  public static let productMock = Standup(
    id: .init(UUID(20)),
    attendees: [
      Attendee(id: .init(UUID(21)), name: "Blob Sr"),
      Attendee(id: .init(UUID(22)), name: "Blob Jr"),
    ],
    duration: .seconds(60 * 30),
    meetings: [],
    theme: .lavender,
    title: "Product"
  )
}

// `UUID(1)` (= 00000000-…-000000000001) comes from Dependencies, re-exported by
// Composable; declaring it here too made every `UUID(n)` ambiguous for clients.

extension Tagged where RawValue == UUID {
  /// `00000000-0000-0000-0000-00000000000n` as an id of any kind, for mocks
  /// and tests (the `uuid` dependency's `.incrementing` makes the same).
  public init(_ n: Int) { self.init(UUID(n)) }
}

extension IdentifiedArray where Element == Meeting, ID == Meeting.ID {
  /// These meetings newest first, as the app keeps them (a new one goes on
  /// top); those of the same date keep their order. A file written by hand
  /// or by another program may list them any way.
  public var newestFirst: Self {
    // Checked on the array's storage, reading only the dates: every load
    // asks this of every standup's meetings, which are almost always in order.
    let isOrdered = elements.withUnsafeBufferPointer { meetings in
      var index = 1
      while index < meetings.count {
        if meetings[index - 1].date < meetings[index].date { return false }
        index += 1
      }
      return true
    }
    guard !isOrdered else { return self }
    let sorted = enumerated().sorted { lhs, rhs in
      lhs.element.date != rhs.element.date
        ? lhs.element.date > rhs.element.date : lhs.offset < rhs.offset
    }
    return Self(uniqueElements: sorted.map(\.element))
  }
}
