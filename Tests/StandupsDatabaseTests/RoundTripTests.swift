import Foundation
import StandupsCore
import Testing

@testable import StandupsDatabase

/// What a member saves is what the database holds and what another member
/// reads back: every model, field and order exactly, after every kind of
/// change the app makes.
struct RoundTripTests {
  @Test func everyModelAndOrderComesBackExactly() async throws {
    let database = try TestDatabase()
    let alice = try await database.member()
    await alice.save(Fixtures.everything)
    #expect(await alice.handle(until: \.isSaved) == .saved)
    let stored = try await database.stored()
    #expect(stored.standups == Fixtures.everything)
    #expect(Set(stored.versions.values) == [1])
    #expect(await alice.store.standups == Fixtures.everything)
    await alice.close()

    // Another machine, starting afresh.
    let bob = try await database.member("bob@test", files: database.otherFiles("bob"))
    #expect(bob.standups == Fixtures.everything)
    let busy = try #require(bob.standups[id: Fixtures.busy.id])
    #expect(
      busy.meetings.map(\.date.timeIntervalSinceReferenceDate)
        == Fixtures.busy.meetings.map(\.date.timeIntervalSinceReferenceDate))
    await bob.close()
  }

  /// Rows another program wrote, oldest meeting first: read newest first,
  /// as the app keeps them and a data file's are read.
  @Test func meetingsAreReadNewestFirstWhateverTheirPositions() async throws {
    let database = try TestDatabase()
    let alice = try await database.member()
    await alice.save([Fixtures.busy])
    await alice.close()
    try database.psql("UPDATE meetings SET position = -position")
    let stored = try await database.stored()
    #expect(stored.standups[id: Fixtures.busy.id]?.meetings == Fixtures.busy.meetings)
  }

  /// The same standups with `title`, `recorded_at` as PostgreSQL sees them:
  /// the instant for people is the meeting's date too.
  @Test func rowsAreReadableBySQL() async throws {
    let database = try TestDatabase()
    let alice = try await database.member()
    await alice.save([Fixtures.international])
    let meeting = Fixtures.international.meetings[0]
    #expect(
      try database.psql("SELECT title FROM standups") == Fixtures.international.title)
    #expect(
      try database.psql(
        "SELECT string_agg(name, '|' ORDER BY position) FROM attendees")
        == Fixtures.international.attendees.map(\.name).joined(separator: "|"))
    let recorded = try database.psql(
      "SELECT extract(epoch FROM recorded_at) FROM meetings WHERE id = '\(meeting.id)'")
    let seconds = try #require(Double(recorded))
    #expect(abs(seconds - meeting.date.timeIntervalSince1970) < 0.000_01)
    await alice.close()
  }

  /// Step by step, as a user works: after each save the database holds
  /// exactly the member's list.
  @Test func everyKindOfChangeIsStoredExactly() async throws {
    let database = try TestDatabase()
    let alice = try await database.member()
    func check(_ step: String, sourceLocation: SourceLocation = #_sourceLocation) async throws {
      let stored = try await database.stored()
      #expect(stored.standups == alice.standups, "\(step)", sourceLocation: sourceLocation)
    }

    await alice.save([.mock, .engineeringMock])
    try await check("two standups")
    await alice.edit { $0.append(.productMock) }
    try await check("one more at the end")
    await alice.edit { $0.insert(Fixtures.international, at: 0) }
    try await check("a new one first")
    await alice.edit {
      $0[id: Standup.mock.id]?.title = "Design ✏️"
      $0[id: Standup.mock.id]?.duration = .seconds(25 * 60)
      $0[id: Standup.mock.id]?.theme = .seafoam
    }
    try await check("own fields")
    await alice.edit { $0[id: Standup.mock.id]?.attendees.swapAt(0, 3) }
    try await check("attendees reordered")
    await alice.edit {
      $0[id: Standup.mock.id]?.attendees.remove(at: 1)
      $0[id: Standup.mock.id]?.attendees.append(Attendee(id: .init(UUID()), name: "New 🙂"))
    }
    try await check("attendees removed and added")
    await alice.edit { $0[id: Standup.engineeringMock.id]?.attendees = [] }
    try await check("attendees emptied")

    let first = Fixtures.meeting("first", at: 800_000_000.5)
    let newer = Fixtures.meeting("newer", at: 800_100_000.25)
    let between = Fixtures.meeting("between", at: 800_050_000.125)
    let oldest = Fixtures.meeting("oldest", at: 700_000_000.062_5)
    await alice.edit { $0[id: Standup.productMock.id]?.meetings.insert(first, at: 0) }
    try await check("a first meeting")
    await alice.edit { $0[id: Standup.productMock.id]?.meetings.insert(newer, at: 0) }
    try await check("a meeting before it")
    await alice.edit { $0[id: Standup.productMock.id]?.meetings.insert(between, at: 1) }
    try await check("a meeting between two")
    await alice.edit { $0[id: Standup.productMock.id]?.meetings.append(oldest) }
    try await check("a meeting at the end")
    await alice.edit { $0[id: Standup.productMock.id]?.meetings.remove(id: between.id) }
    try await check("a meeting deleted")
    await alice.edit {
      $0[id: Standup.productMock.id]?.meetings.insert(between, at: 1)
      $0[id: Standup.productMock.id]?.title = "Product 2"
    }
    try await check("own fields and a meeting together")

    await alice.edit { $0.move(fromOffsets: [0], toOffset: 3) }
    try await check("moved down")
    await alice.edit { $0.swapAt(0, 2) }
    try await check("swapped")
    await alice.edit { $0.remove(id: Standup.engineeringMock.id) }
    try await check("deleted")
    await alice.edit {
      $0.remove(at: 0)
      $0.insert(Fixtures.bare, at: 1)
    }
    try await check("deleted and inserted in the middle")
    await alice.edit { $0.removeAll() }
    try await check("all deleted")
    #expect(try database.psql("SELECT count(*) FROM meetings") == "0")
    #expect(try database.psql("SELECT count(*) FROM attendees") == "0")

    // Saving brought no event but `.saved`: nothing deviated.
    let events = await alice.closeAndDrain()
    #expect(events.count == 18)
    #expect(events.allSatisfy { $0 == .saved }, "\(events)")
  }

  /// A standup's version changes with its own fields and attendees only:
  /// meetings are rows of their own.
  @Test func theVersionFollowsOwnFieldsNotMeetings() async throws {
    let database = try TestDatabase()
    let alice = try await database.member()
    await alice.save([.engineeringMock])
    let id = Standup.engineeringMock.id
    func version() async throws -> Int64? { try await database.stored().versions[id] }
    #expect(try await version() == 1)
    await alice.edit { $0[id: id]?.meetings.insert(Fixtures.meeting("m", at: 1), at: 0) }
    #expect(try await version() == 1)
    await alice.edit { $0[id: id]?.attendees[0].name = "Renamed" }
    #expect(try await version() == 2)
    await alice.edit { $0[id: id]?.title = "Platform" }
    #expect(try await version() == 3)
    #expect(await alice.store.standups == alice.standups)
    #expect(try database.psql("SELECT updated_by FROM standups") == "alice@test")
    await alice.close()
  }

  /// The cache is the last sync, versions and all, readable only by the
  /// user; it is written by the store's queue, at the latest on close.
  @Test func theCacheHoldsTheLastSync() async throws {
    let database = try TestDatabase()
    let alice = try await database.member()
    await alice.save(Fixtures.everything)
    await alice.edit { $0[id: Standup.mock.id]?.title = "Cached" }
    #expect(await alice.close() == [])
    let cache = try #require(database.files.readCache())
    #expect(cache == (try await database.stored()))
    #expect(cache.standups == alice.standups)
    #expect(cache.versions[Standup.mock.id] == 2)
    let attributes = try FileManager.default.attributesOfItem(atPath: database.files.cachePath)
    #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
  }
}
