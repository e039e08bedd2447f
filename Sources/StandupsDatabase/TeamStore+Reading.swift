import PostgresNIO
import StandupsCore

extension TeamStore {
  /// The standups in the database, for commands that only read (`export`,
  /// `render`): nothing is created, migrated, replayed or cached — a
  /// database never set up holds none. A schema older than this standups
  /// reads is not brought up to date (that would leave members on the older
  /// version read-only): the command says to start the app on it once.
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
      try? await store.group.shutdownGracefully()
      throw store.startFailure(error)
    }
  }

  private func readOnce() async throws -> IdentifiedArrayOf<Standup> {
    let connection = try await connect()
    do {
      let standups = try await answered(on: connection) { [logger] in
        let version = try await TeamSchema.versionIfSetUp(connection, logger: logger)
        guard version > 0 else { return IdentifiedArrayOf<Standup>() }
        if version < TeamSchema.currentVersion {
          throw TeamStartFailure(
            description: "the database \(url.database) on \(Self.serverName(url)) was set up by an"
              + " older standups (schema \(version)): start standups on it once to bring it up to"
              + " date, then try again")
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
