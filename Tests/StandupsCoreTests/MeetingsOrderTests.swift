import Foundation
import Testing

@testable import StandupsCore

/// The app keeps a standup's meetings newest first (a new one goes on top,
/// and the detail screen, routes and exports count from there). A file
/// written by hand or by another program may list them in any order: every
/// way of loading it gives them newest first.
struct MeetingsOrderTests {
  func meeting(_ n: Int, day: Int) -> Meeting {
    Meeting(
      id: .init(UUID(n)), date: Date(timeIntervalSince1970: Double(day) * 86_400),
      transcript: "Meeting \(n)")
  }

  /// A standup whose meetings are oldest first, with two on the same day.
  var oldestFirst: Standup {
    var standup = Standup.mock
    standup.meetings = [
      meeting(1, day: 1), meeting(2, day: 2), meeting(3, day: 2), meeting(4, day: 3),
    ]
    return standup
  }

  let expectedIDs: [Meeting.ID] = [.init(UUID(4)), .init(UUID(2)), .init(UUID(3)), .init(UUID(1))]

  @Test func newestFirstKeepsTheOrderOfMeetingsOfTheSameDate() {
    #expect(oldestFirst.meetings.newestFirst.ids.elements == expectedIDs)
    let sorted = oldestFirst.meetings.newestFirst
    #expect(sorted.newestFirst == sorted)
    #expect(Standup.noMeetings.newestFirst.isEmpty)
  }

  @Test func theFastReaderAndJSONDecoderBothGiveThemNewestFirst() throws {
    let data = try StandupsFormat.encode([oldestFirst, .engineeringMock])
    let fast = try #require(DataFileReader.read(data, helper: testHelper))
    #expect(fast[0].meetings.ids.elements == expectedIDs)
    let decoded = try StandupsFormat.decodeWithJSONDecoder(data)
    #expect(decoded[0].meetings.ids.elements == expectedIDs)
    #expect(fast == decoded)
  }

  @Test func meetingsLeftInTheFileComeNewestFirstWhenRead() throws {
    let stored = try MeetingsInFileTests.StoredFile([oldestFirst, .engineeringMock])
    let loaded = try stored.load()
    guard case .inFile = loaded[0].storedMeetings else {
      Issue.record("the meetings were not left in the file")
      return
    }
    #expect(loaded[0].meetings.ids.elements == expectedIDs)
    // Saved newest first: the file is put in order at the first save.
    let resaved = try StandupsFormat.decodeWithJSONDecoder(try StandupsFormat.encode(loaded))
    #expect(resaved[0].meetings == loaded[0].meetings)
  }
}
