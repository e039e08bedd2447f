import Foundation
import PostgresNIO
import StandupsCore
import Testing

@testable import StandupsDatabase

/// The schema is created and migrated on connect: from an empty database and
/// from each older version, once when several members start at once, each
/// migration in a transaction of its own; a newer schema opens read-only.
struct SchemaTests {
  static let tables = "attendees,conflicts,meetings,schema_version,standups"

  func tables(_ database: TestDatabase) throws -> String {
    try database.psql(
      "SELECT string_agg(tablename, ',' ORDER BY tablename) FROM pg_tables "
        + "WHERE schemaname = 'public'")
  }

  @Test func anEmptyDatabaseIsMigratedToTheCurrentVersion() async throws {
    let database = try TestDatabase()
    #expect(try tables(database) == "")
    let alice = try await database.member()
    #expect(try tables(database) == Self.tables)
    #expect(
      try database.psql("SELECT version FROM schema_version") == "\(TeamSchema.currentVersion)")
    #expect(alice.standups.isEmpty)
    #expect(await alice.store.isOffline == false)
    await alice.close()
    // Opening again migrates nothing more.
    let bob = try await database.member("bob@test")
    #expect(
      try database.psql("SELECT count(*), max(version) FROM schema_version")
        == "1|\(TeamSchema.currentVersion)")
    await bob.close()
  }

  /// A database left at each older version (with a standup in it once there
  /// are tables) is brought up to date on connect, its data kept.
  @Test(arguments: 0..<TeamSchema.currentVersion)
  func anOlderSchemaIsMigratedWithItsDataKept(from version: Int) async throws {
    let database = try TestDatabase()
    let connection = try await database.connect()
    let access = try await TeamSchema.migrate(connection, logger: quietLogger, upTo: version)
    try await connection.close()
    #expect(access == .readWrite)
    #expect(
      try database.psql("SELECT coalesce(max(version), 0) FROM schema_version") == "\(version)")
    let id = UUID()
    if version >= 1 {
      try database.psql(
        """
        INSERT INTO standups (id, position, title, duration_seconds, theme)
        VALUES ('\(id)', 1, 'Kept', 600, 'teal');
        INSERT INTO attendees VALUES ('\(id)', 0, '\(UUID())', 'Ann');
        INSERT INTO meetings (id, standup_id, position, date_seconds, recorded_at, transcript)
        VALUES ('\(UUID())', '\(id)', 1, 0, now(), 'Before rosters');
        """)
    }

    let alice = try await database.member()
    #expect(
      try database.psql("SELECT version FROM schema_version") == "\(TeamSchema.currentVersion)")
    #expect(try tables(database) == Self.tables)
    if version >= 1 {
      let kept = try #require(alice.standups.first)
      #expect(kept.id.rawValue == id)
      #expect(kept.title == "Kept")
      #expect(kept.theme == .teal)
      #expect(kept.attendees.map(\.name) == ["Ann"])
      // A meeting from before rosters were kept has none of its own.
      #expect(kept.meetings.map(\.transcript) == ["Before rosters"])
      #expect(kept.meetings.first?.attendees == nil)
    } else {
      #expect(alice.standups.isEmpty)
    }
    // The migrated schema takes every kind of row.
    var standup = Standup.mock
    standup.title = "After migrating from \(version)"
    await alice.edit { $0.append(standup) }
    #expect(await alice.handle(until: \.isSaved) == .saved)
    #expect(try await database.stored().standups.last == standup)
    await alice.close()
  }

  /// Several members starting at once on an empty database: one migrates,
  /// the others wait for the advisory lock and find it done.
  @Test func membersStartingAtOnceMigrateOnce() async throws {
    let database = try TestDatabase()
    let stores = try await withThrowingTaskGroup(of: TeamStore.self) { group in
      for n in 0..<4 {
        group.addTask {
          // Each on its own files: four machines.
          try await TeamStore.open(
            url: database.url, files: database.otherFiles("m\(n)"), author: "m\(n)@test")
        }
      }
      var stores: [TeamStore] = []
      for try await store in group { stores.append(store) }
      return stores
    }
    #expect(stores.count == 4)
    #expect(
      try database.psql("SELECT count(*), max(version) FROM schema_version")
        == "1|\(TeamSchema.currentVersion)")
    #expect(try tables(database) == Self.tables)
    for store in stores { await bounded("close") { await store.close() } }
  }

  /// The same with raw migrations from one older version.
  @Test func concurrentMigrationsFromAnOlderVersion() async throws {
    let database = try TestDatabase()
    let first = try await database.connect()
    _ = try await TeamSchema.migrate(first, logger: quietLogger, upTo: 1)
    let second = try await database.connect()
    async let a = TeamSchema.migrate(first, logger: quietLogger)
    async let b = TeamSchema.migrate(second, logger: quietLogger)
    let (one, two) = try await (a, b)
    #expect(one == .readWrite)
    #expect(two == .readWrite)
    #expect(
      try database.psql("SELECT count(*), max(version) FROM schema_version")
        == "1|\(TeamSchema.currentVersion)")
    // The lock was let go: a later migration does not wait forever.
    #expect(try await TeamSchema.migrate(first, logger: quietLogger) == .readWrite)
    try await first.close()
    try await second.close()
  }

  /// A migration that fails leaves nothing of itself (its statements run in
  /// one transaction), keeps the version, says why in one line, and lets go
  /// of the lock.
  @Test func aFailedMigrationIsRolledBack() async throws {
    let database = try TestDatabase()
    // The first migration's third table is in the way.
    try database.psql("CREATE TABLE meetings (x integer)")
    let failure = await #expect(throws: TeamStartFailure.self) {
      try await TeamStore.open(url: database.url, files: database.files, author: "a")
    }
    #expect(failure?.description.contains("said: relation \"meetings\" already exists") == true)
    #expect(failure?.description.contains("\n") == false, "\(String(describing: failure))")
    #expect(try tables(database) == "meetings,schema_version")
    #expect(try database.psql("SELECT count(*) FROM schema_version") == "0")

    try database.psql("DROP TABLE meetings")
    let alice = try await database.member()
    #expect(try tables(database) == Self.tables)
    await alice.close()
  }

  /// A database migrated by a newer standups: opened read-only, with a
  /// message; what the user changes is not written, but kept in a data
  /// file on close, named in the notes.
  @Test func aNewerSchemaOpensReadOnly() async throws {
    let database = try TestDatabase()
    let alice = try await database.member()
    await alice.save([.mock, .engineeringMock])
    await alice.close()
    try database.psql("UPDATE schema_version SET version = \(TeamSchema.currentVersion + 1)")
    let before = try await database.stored()

    let bob = try await database.member("bob@test")
    let message = try #require(await bob.handle(until: { $0.readOnlyText != nil })?.readOnlyText)
    #expect(message.contains("newer standups"))
    #expect(message.contains("schema \(TeamSchema.currentVersion + 1)"))
    // As the note at quit says: kept, in a data file.
    #expect(message.hasSuffix("your changes are not saved to it but kept in a file when you quit"))
    #expect(bob.standups == [.mock, .engineeringMock])
    await bob.edit {
      $0[id: Standup.mock.id]?.title = "Not saved"
      $0.remove(id: Standup.engineeringMock.id)
    }
    #expect(try await database.stored() == before)
    #expect(
      try database.psql("SELECT version FROM schema_version") == "\(TeamSchema.currentVersion + 1)")
    let notes = await bob.close()
    let note = try #require(notes.first { $0.contains("read-only") }, "\(notes)")
    let path = try #require(
      note.components(separatedBy: "kept in ").last?.components(
        separatedBy: ", a data file"
      ).first)
    let kept = try StandupsFormat.decode(Data(contentsOf: URL(fileURLWithPath: path)))
    #expect(kept.map(\.title) == ["Not saved"])
  }
}
