import Foundation
import PostgresNIO
import StandupsCore
import Testing

@testable import StandupsDatabase

/// A server that stops answering once connected (played by a lock the test
/// holds) holds neither the start, nor the meetings read after it, nor the
/// import: each gives up after the answer timeout. And what it refuses to
/// store is not lost on close, nor written into a newer schema.
@Suite(.timeLimit(.minutes(2)))
struct UnansweredStartTests {
  /// Holds `table` locked until `release` is called.
  static func lock(_ table: String, in database: TestDatabase) async throws -> PostgresConnection {
    let holder = try await database.connect()
    try await holder.query("BEGIN", logger: quietLogger)
    try await holder.query(
      PostgresQuery(unsafeSQL: "LOCK TABLE \(table) IN ACCESS EXCLUSIVE MODE"), logger: quietLogger)
    return holder
  }

  static func release(_ holder: PostgresConnection) async throws {
    try await holder.query("ROLLBACK", logger: quietLogger)
    try await holder.close()
  }

  @Test func aStartTheServerLeavesUnansweredFailsOrOpensTheLastSync() async throws {
    let database = try TestDatabase()
    let alice = try await database.member()
    await alice.save(Fixtures.everything)
    await alice.close()

    let holder = try await Self.lock("standups", in: database)
    await #expect {
      _ = try await TeamStore.open(
        url: database.url, files: database.files, author: "bob@test", answerTimeout: .seconds(3))
    } throws: { error in
      "\(error)".contains("did not answer for 3 seconds")
    }
    // With --offline-ok: the last sync, offline, saying why.
    let store = try await TeamStore.open(
      url: database.url, files: database.files, author: "bob@test", offlineOK: true,
      answerTimeout: .seconds(3))
    let bob = await Member(store)
    #expect(await store.isOffline)
    #expect(bob.standups == Fixtures.everything)
    let first = await bob.handle(until: { _ in true })
    #expect(
      first?.summary.contains("did not answer for 3 seconds") == true,
      "\(String(describing: first))"
    )
    try await Self.release(holder)
    await bob.close()
  }

  @Test func meetingsReadAfterStartGiveUpAndChangesGoToTheJournal() async throws {
    let database = try TestDatabase()
    let alice = try await database.member()
    await alice.save(Fixtures.everything)
    await alice.close()

    let store = try await TeamStore.open(
      url: database.url, files: database.otherFiles("bob"), author: "bob@test",
      deferMeetings: true, answerTimeout: .seconds(1), startTimeout: patience)
    let bob = await Member(store)
    let holder = try await Self.lock("meetings", in: database)
    store.readDeferredMeetings()
    let offline = await bob.handle(until: \.isOffline)
    #expect(offline?.summary.contains("did not answer for 1 second") == true)
    // Saves no longer wait behind the read: the edit is written (the
    // title's table is not locked) or journaled, and flush returns.
    let first = try #require(Fixtures.everything.first)
    await bob.edit { $0[id: first.id]?.title = "Renamed while stalled" }
    let journaled = !database.otherFiles("bob").readJournal().isEmpty
    try await Self.release(holder)
    let stored = try await database.stored().standups[id: first.id]?.title
    #expect(journaled || stored == "Renamed while stalled")
    await bob.close()
  }

  @Test func aSaveTheServerRefusesIsKeptInADataFileOnClose() async throws {
    let database = try TestDatabase()
    let alice = try await database.member()
    await alice.save(Fixtures.everything)
    try database.psql(
      """
      CREATE FUNCTION refuse() RETURNS trigger AS $$
      BEGIN RAISE EXCEPTION 'refused by the test'; END $$ LANGUAGE plpgsql;
      CREATE TRIGGER refuse BEFORE UPDATE ON standups FOR EACH ROW EXECUTE FUNCTION refuse();
      """)
    let first = try #require(Fixtures.everything.first)
    alice.submit { $0[id: first.id]?.title = "Refused title" }
    let failed = await alice.handle(until: { $0.failureText != nil })
    #expect(failed?.failureText?.contains("refused by the test") == true)

    let notes = await alice.close()
    #expect(notes.count == 1)
    let note = try #require(notes.first)
    #expect(note.contains("the server refused the last changes"), "\(note)")
    #expect(note.contains("refused by the test"), "\(note)")
    let path = try #require(note.split(separator: " ").first { $0.hasSuffix(".json,") })
      .dropLast()
    let kept = try StandupsFormat.decode(
      try #require(FileManager.default.contents(atPath: String(path))))
    #expect(kept[id: first.id]?.title == "Refused title")
    let mode = try FileManager.default.attributesOfItem(atPath: String(path))[.posixPermissions]
    #expect((mode as? Int) == 0o600)
    #expect(try await database.stored().standups[id: first.id]?.title == first.title)
  }

  @Test func anImportIntoANewerSchemaIsRefused() async throws {
    let database = try TestDatabase()
    let alice = try await database.member()
    await alice.save([.mock])
    await alice.close()
    try database.psql("UPDATE schema_version SET version = 99")

    let bob = try await database.member("bob@test", files: database.otherFiles("bob"))
    await #expect {
      _ = try await bob.store.importStandups(Fixtures.everything)
    } throws: { error in
      "\(error)".contains("newer standups (schema 99)")
    }
    await bob.close()
    #expect(try await database.stored().standups.map(\.id) == [Standup.mock.id])
  }
}
