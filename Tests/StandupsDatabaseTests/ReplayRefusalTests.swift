import Foundation
import StandupsCore
import Testing

@testable import StandupsDatabase

/// A journaled change the server refuses when it is replayed holds back only
/// its standup, as a live save does: the app still starts and reconnects,
/// the user keeps the change (on screen and in a data file), and it is sent
/// again until the server takes it.
struct ReplayRefusalTests {
  let mockID = Standup.mock.id
  let engineeringID = Standup.engineeringMock.id

  /// Refuses any standup whose new title is 'Refused title'.
  func refuseTitles(_ database: TestDatabase) throws {
    try database.psql(
      """
      CREATE FUNCTION refuse() RETURNS trigger AS $$
      BEGIN RAISE EXCEPTION 'refused by the test'; END $$ LANGUAGE plpgsql;
      CREATE TRIGGER refuse BEFORE UPDATE ON standups FOR EACH ROW
        WHEN (NEW.title = 'Refused title') EXECUTE FUNCTION refuse();
      """)
  }

  /// A member offline with two edits journaled: one the server will
  /// refuse once it is back, one it takes.
  func offlineWithTwoEdits(_ database: TestDatabase) async throws -> (DatabaseURL, Member) {
    let url = try database.roleURL()
    let alice = try await database.member(url: url)
    await alice.save([.mock, .engineeringMock])
    try database.refuseLogins()
    #expect(await alice.handle(until: \.isOffline) != nil)
    await alice.edit { $0[id: mockID]?.title = "Refused title" }
    await alice.edit { $0[id: engineeringID]?.title = "Taken title" }
    #expect(database.files.readJournal().count == 2)
    try refuseTitles(database)
    return (url, alice)
  }

  /// Closed while offline with those edits; the server back.
  func journalTwoEdits(_ database: TestDatabase) async throws -> DatabaseURL {
    let (url, alice) = try await offlineWithTwoEdits(database)
    await alice.close()
    try database.allowLogins()
    return url
  }

  @Test func aStartWithARefusedJournalOpensWithTheChangeHeldBack() async throws {
    let database = try TestDatabase()
    let url = try await journalTwoEdits(database)

    let again = try await database.member(url: url)
    // The app has the user's change; the server has the other one.
    #expect(again.standups[id: mockID]?.title == "Refused title")
    #expect(try await database.stored().standups[id: engineeringID]?.title == "Taken title")
    #expect(try await database.stored().standups[id: mockID]?.title == Standup.mock.title)
    let failure = await again.handle(until: { $0.failureText != nil })?.failureText
    #expect(failure?.hasPrefix("“Refused title”: ") == true, "\(failure ?? "")")
    #expect(failure?.contains("refused by the test") == true)
    // Out of the journal, into a data file.
    #expect(!database.files.hasJournal)
    let path = try #require(failure?.components(separatedBy: "; kept in ").last)
    let kept = try StandupsFormat.decode(try #require(FileManager.default.contents(atPath: path)))
    #expect(kept[id: mockID]?.title == "Refused title")

    try database.psql("DROP TRIGGER refuse ON standups")
    #expect(await again.handle(until: \.isSaved) == .saved)
    #expect(try await database.stored().standups[id: mockID]?.title == "Refused title")
    #expect(!FileManager.default.fileExists(atPath: path))
    #expect(await again.close() == [])
  }

  @Test func aReconnectWithARefusedJournalKeepsTheUsersChange() async throws {
    let database = try TestDatabase()
    let (_, alice) = try await offlineWithTwoEdits(database)
    try database.allowLogins()

    // Back online, and not offline again for ever: the refusal is said.
    let failure = await alice.handle(until: { $0.failureText != nil })?.failureText
    #expect(failure?.hasPrefix("“Refused title”: ") == true, "\(failure ?? "")")
    // Not said to be sent: the refused save is held back.
    #expect(alice.notices.contains("Back online"), "\(alice.notices)")
    #expect(!alice.notices.contains { $0.contains("were sent") || $0.contains("was sent") })
    #expect(alice.standups[id: mockID]?.title == "Refused title")
    #expect(try await database.stored().standups[id: engineeringID]?.title == "Taken title")
    #expect(!database.files.hasJournal)

    try database.psql("DROP TRIGGER refuse ON standups")
    #expect(await alice.handle(until: \.isSaved) == .saved)
    #expect(try await database.stored().standups == alice.standups)
    #expect(await alice.close() == [])
  }

  // MARK: Changes made again in memory

  @Test func changesAreMadeAsTheDatabaseWouldMakeThem() {
    let meeting = Fixtures.meeting("New", at: 800_000_000)
    var renamed = Standup.mock
    renamed.title = "Renamed"
    renamed.meetings = []
    let result = StandupChange.applying(
      [
        .update(renamed, seen: 1),
        .addMeeting(meeting, standup: Standup.engineeringMock.withoutMeetings, after: nil),
        .delete(Standup.productMock.id, seen: 1),
        .insert(Fixtures.bare),
        .reorder([Fixtures.bare.id, mockID]),
      ], to: [.mock, .engineeringMock, .productMock])
    #expect(result.ids.elements == [Fixtures.bare.id, mockID, engineeringID])
    // An update keeps the meetings there; a meeting goes on top.
    #expect(result[id: mockID]?.title == "Renamed")
    #expect(result[id: mockID]?.meetings == Standup.mock.meetings)
    #expect(result[id: engineeringID]?.meetings.first == meeting)
  }
}
