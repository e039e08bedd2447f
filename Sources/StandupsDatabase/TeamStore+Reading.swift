import PostgresNIO
import StandupsCore

extension TeamStore {
  /// The standups in the database, for commands that only read (`export`,
  /// `render`): nothing is created, replayed or cached — a database never
  /// set up holds none. Only a schema older than this standups reads is
  /// brought up to date first, as any member's start would.
  public static func read(
    url: DatabaseURL, files: TeamFiles, answerTimeout: Duration = .seconds(10)
  ) async throws(TeamStartFailure) -> IdentifiedArrayOf<Standup> {
    let store = TeamStore(
      url: url, files: files, author: "", known: StoredStandups(),
      answerTimeout: answerTimeout)
    do {
      let standups = try await withTaskExecutorPreference(store.taskExecutor) {
        try await store.readOnce()
      }
      try? await store.group.shutdownGracefully()
      return standups
    } catch {
      let unanswered = store.unansweredFor.withLock { $0 }
      try? await store.group.shutdownGracefully()
      throw TeamStartFailure(
        description: unanswered.map { describeStartUnanswered(for: $0, url: url) }
          ?? describeStart(error, url: url))
    }
  }

  private func readOnce() async throws -> IdentifiedArrayOf<Standup> {
    let connection = try await connect()
    do {
      let standups = try await answered(on: connection) { [logger] in
        let version = try await TeamSchema.versionIfSetUp(connection, logger: logger)
        guard version > 0 else { return IdentifiedArrayOf<Standup>() }
        if version < TeamSchema.currentVersion {
          _ = try await TeamSchema.migrate(connection, logger: logger)
        }
        return try await StandupRows.loadAll(connection, logger: logger).standups
      }
      try? await connection.close()
      return standups
    } catch {
      try? await connection.close()
      throw error
    }
  }
}
