import Foundation
import PostgresNIO

/// The tables team mode keeps, created and migrated on connect.
///
/// Each migration runs in a transaction of its own under an advisory lock, so
/// two members starting at once migrate once; `schema_version` holds the
/// version reached. A database from a newer standups is opened read-only.
enum TeamSchema {
  /// Migrations in order: the n-th brings the schema to version n.
  static let migrations: [[String]] = [
    [
      """
      CREATE TABLE standups (
        id uuid PRIMARY KEY,
        position double precision NOT NULL,
        title text NOT NULL,
        duration_seconds integer NOT NULL CHECK (duration_seconds > 0),
        theme text NOT NULL,
        version bigint NOT NULL DEFAULT 1,
        updated_at timestamptz NOT NULL DEFAULT now(),
        updated_by text NOT NULL DEFAULT ''
      )
      """,
      """
      CREATE TABLE attendees (
        standup_id uuid NOT NULL REFERENCES standups (id) ON DELETE CASCADE,
        position integer NOT NULL,
        id uuid NOT NULL,
        name text NOT NULL,
        PRIMARY KEY (standup_id, position)
      )
      """,
      // A meeting's date is kept exactly as the app holds it (seconds since
      // 2001-01-01, a double); `recorded_at` is the same instant for people.
      """
      CREATE TABLE meetings (
        id uuid PRIMARY KEY,
        standup_id uuid NOT NULL REFERENCES standups (id) ON DELETE CASCADE,
        position double precision NOT NULL,
        date_seconds double precision NOT NULL,
        recorded_at timestamptz NOT NULL,
        transcript text NOT NULL
      )
      """,
      "CREATE INDEX meetings_by_standup ON meetings (standup_id, position)",
    ],
    [
      // The user's versions that lost a conflict: kept, with who and when.
      """
      CREATE TABLE conflicts (
        id bigserial PRIMARY KEY,
        standup_id uuid NOT NULL,
        standup jsonb NOT NULL,
        kept_by text NOT NULL,
        kept_at timestamptz NOT NULL DEFAULT now()
      )
      """
    ],
    [
      // Who was on a meeting's roster when it was recorded, in order; NULL
      // for meetings recorded before rosters were kept.
      "ALTER TABLE meetings ADD COLUMN attendees text[]"
    ],
  ]

  static var currentVersion: Int { migrations.count }

  /// The advisory lock's key (any constant of ours): "stup".
  static let lockKey: Int64 = 0x7374_7570

  /// What a database's schema allows.
  enum Access: Equatable {
    case readWrite
    /// The database was migrated by a newer standups.
    case readOnly(version: Int)
  }

  /// Brings the schema to `upTo` (the current version unless a test asks
  /// for an older one); returns whether this standups may write to it.
  static func migrate(
    _ connection: PostgresConnection, logger: Logger, upTo target: Int = currentVersion
  ) async throws -> Access {
    // The usual case, a database already current: one round trip, no lock.
    if target == currentVersion {
      do {
        let version = try await schemaVersion(connection, logger: logger)
        if version >= currentVersion {
          return version > currentVersion ? .readOnly(version: version) : .readWrite
        }
      } catch let error as PSQLError where error.serverInfo?[.sqlState] == "42P01" {
        // undefined_table: a new database, set up below. Anything else (no
        // permission to read it) is the reason to give.
      }
    }
    // A session lock around the whole run: each migration commits on its own.
    try await connection.run("SELECT pg_advisory_lock(\(lockKey))", logger: logger)
    do {
      let access = try await migrateLocked(connection, logger: logger, upTo: target)
      try await connection.run("SELECT pg_advisory_unlock(\(lockKey))", logger: logger)
      return access
    } catch {
      // A lost connection let go of the lock (see `ChangeWriter.apply`).
      if !TeamStore.isConnectionTrouble(error) {
        _ = try? await connection.run("SELECT pg_advisory_unlock(\(lockKey))", logger: logger)
      }
      throw error
    }
  }

  private static func migrateLocked(
    _ connection: PostgresConnection, logger: Logger, upTo target: Int
  ) async throws -> Access {
    try await connection.run(
      "CREATE TABLE IF NOT EXISTS schema_version (version integer NOT NULL)", logger: logger)
    var version = try await schemaVersion(connection, logger: logger)
    if version > currentVersion { return .readOnly(version: version) }
    while version < target {
      let statements = migrations[version]
      let next = version + 1
      try await connection.withTransaction(logger: logger) { connection in
        for statement in statements {
          try await connection.run(PostgresQuery(unsafeSQL: statement), logger: logger)
        }
        try await connection.run("DELETE FROM schema_version", logger: logger)
        try await connection.run(
          "INSERT INTO schema_version (version) VALUES (\(next))", logger: logger)
      }
      version = next
    }
    return .readWrite
  }

  /// The schema's version; 0 for a database never set up (no table yet).
  static func versionIfSetUp(_ connection: PostgresConnection, logger: Logger) async throws
    -> Int
  {
    do {
      return try await schemaVersion(connection, logger: logger)
    } catch let error as PSQLError where error.serverInfo?[.sqlState] == "42P01" {
      return 0
    }
  }

  static func schemaVersion(_ connection: PostgresConnection, logger: Logger) async throws -> Int {
    let rows = try await connection.run(
      "SELECT coalesce(max(version), 0) FROM schema_version", logger: logger)
    for try await version in rows.decode(Int.self) { return version }
    return 0
  }
}
