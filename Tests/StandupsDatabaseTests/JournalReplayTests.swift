import Foundation
import StandupsCore
import Testing

@testable import StandupsDatabase

/// The journal as a crash leaves it: written by hand here, replayed at the
/// next start in order, and safe to replay again (a crash between the
/// commits and the journal's removal).
struct JournalReplayTests {
  /// Every row of every table, to compare two states of the database.
  func snapshot(_ database: TestDatabase) throws -> [String] {
    try [
      "SELECT id, position, title, duration_seconds, theme, version, updated_at, updated_by "
        + "FROM standups",
      "SELECT * FROM attendees",
      "SELECT id, standup_id, position, date_seconds, recorded_at, transcript FROM meetings",
      "SELECT standup_id, standup, kept_by, kept_at FROM conflicts",
    ].map { query in
      try database.psql(
        "SELECT count(*) || ' ' || coalesce(md5(string_agg(t::text, '|' "
          + "ORDER BY t::text)), '') FROM (\(query)) t")
    }
  }

  /// Saves made offline, one per line, from `start` as the app makes them;
  /// the last one adds a meeting to `orphan`.
  func offlineSaves(
    from start: IdentifiedArrayOf<Standup>, versions: [Standup.ID: Int64], orphan: Standup
  ) -> (lines: [[StandupChange]], result: IdentifiedArrayOf<Standup>) {
    var first = start
    first[id: Standup.engineeringMock.id]?.title = "Platform"
    first[id: Standup.mock.id]?.meetings.insert(Fixtures.meeting("New", at: 793_000_000.5), at: 0)
    first.append(Fixtures.bare)
    var second = first
    second.remove(id: Standup.productMock.id)
    second.move(fromOffsets: [second.count - 1], toOffset: 0)
    second[id: Standup.mock.id]?.meetings.remove(id: Standup.mock.meetings[0].id)
    second[id: Standup.engineeringMock.id]?.attendees.swapAt(0, 1)
    var third = second
    third[id: orphan.id]?.meetings.append(Fixtures.meeting("Orphan", at: 793_100_000.25))
    var conflict = Standup.productMock
    conflict.title = "Kept aside"
    let lines: [[StandupChange]] = [
      StandupChange.changes(from: start, to: first, versions: versions),
      StandupChange.changes(from: first, to: second, versions: versions),
      StandupChange.changes(from: second, to: third, versions: versions),
      [.conflict(conflict)],
    ]
    return (lines, third)
  }

  /// A crash between a save's commit and its removal from the journal
  /// sends it again at the next start: that changes nothing — no second
  /// conflict row, no second standup for a meeting whose standup was
  /// deleted, no conflict with the user's own earlier save.
  @Test func eachSaveReplayedAgainChangesNothing() async throws {
    let database = try TestDatabase()
    let start: IdentifiedArrayOf<Standup> =
      [.mock, .engineeringMock, .productMock] + IdentifiedArray(uniqueElements: Fixtures.themed)
    let alice = try await database.member()
    await alice.save(start)
    await alice.close()
    let orphan = Fixtures.themed[3]
    let (lines, result) = offlineSaves(
      from: start, versions: try await database.stored().versions, orphan: orphan)
    #expect(lines.allSatisfy { !$0.isEmpty })
    // Deleted by another member meanwhile.
    try database.psql("DELETE FROM standups WHERE id = '\(orphan.id)'")

    var notices: [String] = []
    for saved in lines {
      // As the journal holds it once the saves before it are in.
      let versions = try await database.stored().versions
      let line = saved.map { $0.rebased(on: versions) }
      try database.files.appendToJournal(line)
      let member = try await database.member()
      notices += await member.closeAndDrain().compactMap(\.noticeText)
      #expect(!database.files.hasJournal)
      let once = try snapshot(database)
      try database.files.appendToJournal(line)
      let again = try await database.member()
      await again.close()
      let twice = try snapshot(database)
      #expect(twice == once, "\(line)")
    }
    // Each start sends the one save its journal holds, and says so.
    let sent = "1 save made offline in an earlier session was sent"
    #expect(
      notices == [
        sent, sent, sent,
        "“\(orphan.title)” was deleted by another member: its meeting is in a new standup", sent,
      ])
    let stored = try await database.stored().standups
    var expected = result
    expected.remove(id: orphan.id)
    #expect(Array(stored.prefix(expected.count)) == Array(expected))
    #expect(stored.count == expected.count + 1)
    #expect(stored.last?.title == orphan.title)
    #expect(stored.last?.meetings.map(\.transcript) == ["Orphan"])
    #expect(try database.conflicts().map(\.standup.title) == ["Kept aside"])
  }

  /// The connection lost in the middle of a replay: the saves already in
  /// are out of the journal, the next start sends the rest only — and the
  /// user's two saves of one standup, one on each side of the cut, are no
  /// conflict with each other.
  @Test func aReplayCutShortResumesAfterWhatIsIn() async throws {
    let database = try TestDatabase()
    let alice = try await database.member()
    await alice.save([.mock, .engineeringMock])
    await alice.close()
    let versions = try await database.stored().versions
    var renamed: IdentifiedArrayOf<Standup> = [.mock, .engineeringMock]
    renamed[id: Standup.engineeringMock.id]?.title = "Platform"
    var reordered = renamed
    reordered[id: Standup.engineeringMock.id]?.attendees.swapAt(0, 1)
    var conflict = Standup.productMock
    conflict.title = "Kept aside"
    let start: IdentifiedArrayOf<Standup> = [.mock, .engineeringMock]
    let lines = [
      StandupChange.changes(from: start, to: renamed, versions: versions),
      [.conflict(conflict)],
      StandupChange.changes(from: renamed, to: reordered, versions: versions),
    ]
    for line in lines { try database.files.appendToJournal(line) }

    // The second save waits for a lock; its connection is ended meanwhile.
    let holder = try await database.connect()
    try await holder.query("BEGIN", logger: quietLogger)
    try await holder.query("LOCK TABLE conflicts IN ACCESS EXCLUSIVE MODE", logger: quietLogger)
    let opening = Task { [database] in
      try await TeamStore.open(url: database.url, files: database.files, author: "alice@test")
    }
    let pid = try await database.blockedBackend()
    try database.psql("SELECT pg_terminate_backend(\(pid))")
    try await holder.query("ROLLBACK", logger: quietLogger)
    try await holder.close()
    let result = await opening.result
    #expect(throws: TeamStartFailure.self) { try result.get() }
    if case .success(let store) = result { await bounded("close") { await store.close() } }
    // What is left was made from the version the first save left.
    #expect(
      database.files.readJournal() == [
        [.conflict(conflict)], [.update(reordered[1], seen: 2)],
      ])

    let bob = try await database.member()
    #expect(bob.standups == reordered)
    #expect(try await database.stored().versions[Standup.engineeringMock.id] == 3)
    #expect(try database.conflicts().map(\.standup) == [conflict])
    #expect(!database.files.hasJournal)
    await bob.close()
  }

  /// A line cut short by a crash is left out; the saves before it are sent.
  @Test func aTruncatedLastLineIsLeftOut() async throws {
    let database = try TestDatabase()
    let alice = try await database.member()
    await alice.save([.mock])
    await alice.close()
    try database.files.appendToJournal([.insert(.engineeringMock)])
    try database.files.appendToJournal([.insert(.productMock)])
    let data = try #require(FileManager.default.contents(atPath: database.files.journalPath))
    try data.prefix(data.count - 10).write(to: URL(fileURLWithPath: database.files.journalPath))

    let bob = try await database.member()
    #expect(bob.standups == [.mock, .engineeringMock])
    #expect(!database.files.hasJournal)
    await bob.close()
  }
}
