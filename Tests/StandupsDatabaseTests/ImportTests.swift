import Foundation
import StandupsCore
import Testing

@testable import StandupsDatabase

/// `standups import`: a data file's standups copied in with their ids; an
/// id already present with other content follows the conflict rule; a
/// second identical import changes nothing; `export` gives the file back.
struct ImportTests {
  /// The standups as a data file holds them (its dates are whole seconds).
  static let file: IdentifiedArrayOf<Standup> = {
    let data = try? StandupsFormat.encode(Fixtures.everything)
    return (try? StandupsFormat.decode(data ?? Data())) ?? []
  }()

  /// Every row of every table (`updated_at` and `kept_at` too).
  func snapshot(_ database: TestDatabase) throws -> String {
    try ["standups", "attendees", "meetings", "conflicts"].map { table in
      try database.psql(
        "SELECT count(*) || ' ' || coalesce(md5(string_agg(t::text, '|' "
          + "ORDER BY t::text)), '') FROM \(table) t")
    }.joined(separator: "\n")
  }

  @Test func importThenExportGivesTheFileBack() async throws {
    #expect(Self.file.count == Fixtures.everything.count)
    let bytes = try StandupsFormat.encode(Self.file)
    let database = try TestDatabase()
    let alice = try await database.member()
    let summary = try await alice.store.importStandups(Self.file)
    #expect(summary.added == Self.file.count)
    #expect(summary.unchanged == 0)
    #expect(summary.conflicts.isEmpty)
    // Meetings are counted as added only to standups the database had.
    #expect(summary.meetingsAdded == 0)
    #expect(await alice.store.standups == Self.file)
    await alice.close()

    // `export`: what a start reads, in the data file's format.
    let reader = try await database.member("bob@test", files: database.otherFiles("bob"))
    #expect(reader.standups == Self.file)
    #expect(try StandupsFormat.encode(reader.standups) == bytes)
    await reader.close()
  }

  /// Fields this version does not read have no place in the database: the
  /// import names them, and importing the same file again changes nothing.
  @Test func fieldsThisVersionDoesNotReadAreNamedNotImported() async throws {
    var file = Self.file
    let first = file.ids[0]
    file[id: first]?.otherFields = JSONMembers([.init(key: "channel", value: .string("#x"))])!
    file[id: first]?.attendees[0].otherFields = JSONMembers([.init(key: "slack", value: .null)])!
    let database = try TestDatabase()
    let alice = try await database.member()
    let once = try await alice.store.importStandups(file)
    #expect(once.added == file.count)
    #expect(once.fieldsNotKept == ["channel", "slack"])
    #expect(await alice.store.standups == Self.file)
    let snapshot = try snapshot(database)
    let again = try await alice.store.importStandups(file)
    #expect(again.unchanged == file.count)
    #expect(again.fieldsNotKept == ["channel", "slack"])
    #expect(try self.snapshot(database) == snapshot)
    await alice.close()
  }

  /// PostgreSQL's text cannot hold NUL: a file with one (a hand-edited
  /// title, a pasted note) is imported without it, and the summary says so;
  /// a second import changes nothing.
  @Test func nulCharactersAreLeftOutAndCounted() async throws {
    var file = Self.file
    let first = file.ids[0]
    file[id: first]?.title = "De\u{0}sign"
    file[id: first]?.attendees[0].name = "\u{0}Ada\u{0}"
    let database = try TestDatabase()
    let alice = try await database.member()
    let once = try await alice.store.importStandups(file)
    #expect(once.added == file.count)
    #expect(once.nulsRemoved == 3)
    let stored = try await database.stored().standups
    #expect(stored[id: first]?.title == "Design")
    #expect(stored[id: first]?.attendees[0].name == "Ada")
    let again = try await alice.store.importStandups(file)
    #expect(again.unchanged == file.count)
    await alice.close()
  }

  @Test func aSecondIdenticalImportChangesNothing() async throws {
    let database = try TestDatabase()
    let alice = try await database.member()
    // Already there: one the same, one with fewer meetings, one with other
    // own fields.
    var fewer = Self.file[id: Fixtures.busy.id]!
    let all = fewer.meetings
    fewer.meetings = IdentifiedArray(uncheckedUniqueElements: all.prefix(3))
    var other = Standup.productMock
    other.title = "Product, as stored"
    await alice.save([.mock, fewer, other])
    var file = Self.file
    file[id: Standup.productMock.id]?.attendees.removeFirst()

    let first = try await alice.store.importStandups(file)
    #expect(first.added == file.count - 3)
    #expect(first.unchanged == 1)
    #expect(first.withNewMeetings == 1)
    #expect(first.conflicts == ["Product, as stored"])
    #expect(first.meetingsAdded == all.count - 3)
    // Each standup of the file counted once.
    #expect(
      first.added + first.unchanged + first.withNewMeetings + first.conflicts.count == file.count)
    let stored = try await database.stored().standups
    #expect(stored[id: Standup.productMock.id] == other)
    #expect(stored[id: fewer.id] == file[id: fewer.id])
    #expect(
      stored.ids.elements == [Standup.mock.id, fewer.id, other.id]
        + file.ids.filter {
          ![Standup.mock.id, fewer.id, other.id].contains($0)
        })
    var kept = file[id: Standup.productMock.id]!
    kept.meetings = []
    #expect(try database.conflicts().map(\.standup) == [kept])
    let once = try snapshot(database)

    let second = try await alice.store.importStandups(file)
    #expect(second.added == 0)
    #expect(second.meetingsAdded == 0)
    #expect(second.unchanged == file.count - 1)
    #expect(second.withNewMeetings == 0)
    #expect(try snapshot(database) == once)
    await alice.close()
  }

  /// A standup the database holds with more meetings than the file (one
  /// recorded since) needs nothing from it: it counts as unchanged.
  @Test func aStandupWithMoreMeetingsStoredIsUnchanged() async throws {
    let database = try TestDatabase()
    let alice = try await database.member()
    var more = Standup.mock
    more.meetings.insert(Fixtures.meeting("Since", at: 800_000_000), at: 0)
    await alice.save([more])
    let summary = try await alice.store.importStandups([.mock])
    #expect(summary.unchanged == 1)
    #expect(summary.added == 0)
    #expect(summary.meetingsAdded == 0)
    #expect(try await database.stored().standups == [more])
    await alice.close()
  }

  /// The meetings an import adds to a standup go in one statement: the
  /// run of them that starts the changes, each after the one before it.
  @Test func meetingsAddedOneAfterTheOtherGoTogether() {
    let new = Standup(id: .init(UUID()), title: "New")
    let known = Standup(id: .init(UUID()), title: "Known")
    let meetings = (0..<3).map { Fixtures.meeting("Meeting \($0)", at: Double($0) * 86_400) }
    let adds = meetings.indices.map { index in
      StandupChange.addMeeting(
        meetings[index], standup: new, after: index == 0 ? nil : meetings[index - 1].id)
    }
    func run(_ changes: [StandupChange]) -> ChangeWriter.MeetingRun? {
      ChangeWriter.meetingRun(atStartOf: changes[...])
    }

    #expect(
      run(adds + [.insert(known)])
        == ChangeWriter.MeetingRun(standup: new.id, after: nil, meetings: meetings))
    // From a meeting in the middle: after the one before it.
    #expect(
      run(Array(adds.dropFirst()))
        == ChangeWriter.MeetingRun(
          standup: new.id, after: meetings[0].id, meetings: Array(meetings.dropFirst())))
    // Up to a meeting of another standup, or one that does not follow the last.
    let other = StandupChange.addMeeting(meetings[0], standup: known, after: nil)
    #expect(run(adds.prefix(2) + [other])?.meetings == Array(meetings.prefix(2)))
    #expect(run([adds[0], adds[2]])?.meetings == [meetings[0]])
    #expect(run([.insert(new)] + adds) == nil)
  }

  /// A file with many more meetings than the database's copy of a standup,
  /// before, between and after the ones it has: each lands where the file
  /// has it, however long the run of new ones.
  @Test func manyNewMeetingsOfAKnownStandupKeepTheFilesOrder() async throws {
    let database = try TestDatabase()
    let alice = try await database.member()
    let meetings = (0..<150).map {
      Fixtures.meeting("Meeting \($0)", at: 800_000_000 - Double($0) * 86_400)
    }
    var stored = Standup(id: .init(UUID()), title: "Known")
    stored.meetings = IdentifiedArray(uniqueElements: [meetings[70], meetings[140]])
    await alice.save([stored])
    var file = stored
    file.meetings = IdentifiedArray(uniqueElements: meetings)

    let summary = try await alice.store.importStandups([file])
    #expect(summary.meetingsAdded == meetings.count - 2)
    #expect(try await database.stored().standups[id: file.id]?.meetings == file.meetings)
    await alice.close()
  }

  /// What is imported reaches the other members like any change.
  @Test func anImportReachesTheOtherMembers() async throws {
    let database = try TestDatabase()
    let bob = try await database.member("bob@test", files: database.otherFiles("bob"))
    let importer = try await database.member()
    _ = try await importer.store.importStandups(Self.file)
    await importer.close()
    #expect(await bob.handle(untilStandups: { $0 == Self.file }))
    await bob.close()
  }
}
