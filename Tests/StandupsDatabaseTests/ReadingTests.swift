import Foundation
import StandupsCore
import Testing

@testable import StandupsDatabase

/// What `export` and `render` read: the standups, with nothing written —
/// no schema on a new database, no cache, no journal sent.
struct ReadingTests {
  @Test func aNewDatabaseReadsAsNoneAndStaysUntouched() async throws {
    let database = try TestDatabase()
    let standups = try await TeamStore.read(url: database.url, files: database.files)
    #expect(standups.isEmpty)
    #expect(
      try database.psql("SELECT count(*) FROM pg_tables WHERE schemaname = 'public'")
        .trimmingCharacters(in: .whitespacesAndNewlines) == "0")
    #expect(!FileManager.default.fileExists(atPath: database.files.cachePath))
  }

  @Test func theStandupsAreReadAndTheJournalIsLeftForTheApp() async throws {
    let database = try TestDatabase()
    let alice = try await database.member()
    await alice.save([.mock, .engineeringMock])
    await alice.close()
    try FileManager.default.removeItem(atPath: database.files.cachePath)
    try database.files.appendToJournal([.insert(.productMock)])

    let standups = try await TeamStore.read(url: database.url, files: database.files)
    #expect(standups == [.mock, .engineeringMock])
    #expect(database.files.readJournal() == [[.insert(.productMock)]])
    #expect(!FileManager.default.fileExists(atPath: database.files.cachePath))
    #expect(try await database.stored().standups == [.mock, .engineeringMock])
  }

  @Test func aServerOutOfReachIsSaidAsAtAStart() async throws {
    let database = try TestDatabase()
    let unreachable = try database.unreachableURL()
    let error = await #expect(throws: TeamStartFailure.self) {
      try await TeamStore.read(url: unreachable, files: database.files)
    }
    #expect(
      error?.description.hasPrefix("cannot reach the database server at 127.0.0.1:") == true,
      "\(error?.description ?? "")")
  }

  /// A schema older than this standups reads is left as it is (members
  /// still on that version keep writing): the command says what to do.
  @Test func anOlderSchemaIsNotMigratedByAReader() async throws {
    let database = try TestDatabase()
    let connection = try await database.connect()
    _ = try await TeamSchema.migrate(
      connection, logger: quietLogger, upTo: TeamSchema.currentVersion - 1)
    try await connection.close()
    let error = await #expect(throws: TeamStartFailure.self) {
      try await TeamStore.read(url: database.url, files: database.files)
    }
    #expect(
      error?.description.contains("was set up by an older standups") == true,
      "\(error?.description ?? "")")
    #expect(
      try database.psql("SELECT max(version) FROM schema_version")
        .trimmingCharacters(in: .whitespacesAndNewlines) == String(TeamSchema.currentVersion - 1))
  }
}
