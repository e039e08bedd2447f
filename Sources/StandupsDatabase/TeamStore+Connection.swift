import Foundation
import Logging
import PostgresNIO
import StandupsCore

/// The server ended the connection (or never listened).
struct ConnectionLost: Error {}

/// Why team mode could not start, in one line (never with the password).
public struct TeamStartFailure: Error, Equatable, CustomStringConvertible {
  public var description: String
}

extension TeamStore {
  /// Connects, migrates, replays the journal and reads the standups. With
  /// `offlineOK`, a server out of reach opens the last cache instead. With
  /// `deferMeetings` (a first screen that shows none: the list), meetings
  /// are read when `readDeferredMeetings()` asks, and reach the app as a change.
  public static func open(
    url: DatabaseURL, files: TeamFiles, author: String, offlineOK: Bool = false,
    deferMeetings: Bool = false, answerTimeout: Duration = .seconds(10),
    startTimeout: Duration? = nil
  ) async throws(TeamStartFailure) -> TeamStore {
    let store = TeamStore(
      url: url, files: files, author: author, known: StoredStandups(),
      answerTimeout: answerTimeout)
    do {
      try await withTaskExecutorPreference(store.taskExecutor) {
        try await store.start(
          deferMeetings: deferMeetings, timeout: startTimeout ?? answerTimeout)
      }
    } catch {
      let failure = store.startFailure(error)
      guard offlineOK, isConnectionTrouble(error), let cache = files.readCache() else {
        try? await store.group.shutdownGracefully()
        if offlineOK, isConnectionTrouble(error) {
          throw TeamStartFailure(
            description: failure.description
              + "; no cache to open offline (connect once first)")
        }
        if isConnectionTrouble(error), files.readCache() != nil {
          // What the user can do about it, and what waits to be sent.
          let saves = files.readJournal().count
          let waiting =
            saves == 0
            ? "" : saves == 1 ? " (1 save waits to be sent)" : " (\(saves) saves wait to be sent)"
          throw TeamStartFailure(
            description: failure.description + "; --offline-ok opens the last sync" + waiting)
        }
        throw failure
      }
      await store.startOffline(cache, reason: failure.description)
    }
    return store
  }

  /// `timeout`: each step's watchdog (`answered(on:)`).
  private func start(deferMeetings: Bool, timeout: Duration) async throws {
    let connection = try await connect()
    var replay = Replay()
    do {
      // Each step under the watchdog: a server that stops answering once
      // connected would otherwise hold the start (and --offline-ok) forever.
      try await answered(on: connection, within: timeout) { try await prepare(connection) }
      if !readOnly, files.hasJournal {
        replay = try await answered(on: connection, within: timeout) {
          try await replayJournal(connection)
        }
        // What the last quit said would be sent is: said once it is.
        if replay.refused.isEmpty, replay.saves > 0 {
          emit.yield(.notice(Self.sentAtStart(replay.saves)))
        }
        tell(replay.outcome)
      }
      // The standups held back are kept whole, with their meetings.
      let meetings = !deferMeetings || !replay.refused.isEmpty
      known = try await answered(on: connection, within: timeout) { [logger] in
        try await StandupRows.load(connection, ids: nil, meetings: meetings, logger: logger)
      }
      meetingsLoaded = meetings
      await offerEarlierConflicts(connection)
    } catch {
      try? await connection.close()
      throw error
    }
    // After the other banners of the start, so that it is the one on screen;
    // before anything is held back again.
    noteEarlierUnsaved()
    self.connection = connection
    writeCache()
    startWorking()
    if let intended = holdRefused(replay, stored: known.standups) {
      // The app starts with them, and they go to the server again.
      refusedAtStart = intended
      submit(intended, revision: revision)
    }
  }

  static func sentAtStart(_ saves: Int) -> String {
    saves == 1
      ? "1 save made offline in an earlier session was sent"
      : "\(saves) saves made offline in an earlier session were sent"
  }

  private func startOffline(_ cache: StoredStandups, reason: String) {
    if earlierUnsaved.isEmpty { noteEarlierUnsaved() }
    known = cache
    // The cache is written a moment after each save, the journal at once: a
    // crash in between leaves the journal ahead. Its saves, made again in
    // order (each is idempotent), give what the user last saw.
    pending = StandupChange.applying(files.readJournal().flatMap { $0 }, to: cache.standups)
    emit.yield(.offline("Offline: \(reason)"))
    startWorking()
    scheduleReconnect()
  }

  /// Migrates and listens; the connection is this store's from then on.
  private func prepare(_ connection: PostgresConnection) async throws {
    if case .readOnly(let version) = try await TeamSchema.migrate(connection, logger: logger) {
      readOnly = true
      newerSchema = version
      emit.yield(
        .readOnly(
          "Read-only: the database was set up by a newer standups (schema \(version)); "
            + "your changes are not saved to it but kept in a file when you quit"))
    }
    try await listen(on: connection)
  }

  func connect() async throws -> PostgresConnection {
    var configuration: PostgresConnection.Configuration
    // Read again for each connection: a reconnection the server refused
    // goes through once the pgpass file holds the new password.
    let password = url.currentPassword
    switch url.endpoint {
    case .tcp(let host, let port):
      configuration = .init(
        host: host, port: port, username: url.user, password: password,
        database: url.database, tls: try tls())
    case .socket:
      configuration = .init(
        unixSocketPath: url.socketPath ?? "", username: url.user, password: password,
        database: url.database)
    }
    configuration.options.connectTimeout = .seconds(5)
    let connection = try await PostgresConnection.connect(
      on: loop, configuration: configuration, id: 1, logger: logger)
    // Set once connected, not as startup parameters: a pool in front of the
    // server (PgBouncer) refuses those it does not know. A server that
    // refuses the settings still serves.
    for (name, value) in Self.sessionLimits(answerTimeout: answerTimeout) {
      _ = try? await connection.query(
        "SELECT set_config(\(name), \(value), false)", logger: logger)
    }
    return connection
  }

  /// What the server enforces on this session. A member whose network
  /// drops between a statement and its COMMIT leaves a transaction open,
  /// holding its rows' locks until TCP notices (hours): the server ends
  /// it. Statements waiting on a lock end too, which also ends the
  /// sessions other members gave up on (the app stops waiting after the
  /// answer timeout; the server would not notice). Both are longer than
  /// the answer timeout, so the app still sees a stall as a stall.
  static func sessionLimits(answerTimeout: Duration) -> [(String, String)] {
    let limit = answerTimeout * 2
    let milliseconds =
      limit.components.seconds * 1000 + limit.components.attoseconds / 1_000_000_000_000_000
    return [
      ("idle_in_transaction_session_timeout", "\(milliseconds)"),
      ("lock_timeout", "\(milliseconds)"),
    ]
  }

  private func tls() throws -> PostgresConnection.Configuration.TLS {
    // As libpq's `require`: encrypted, the certificate not checked.
    var configuration = TLSConfiguration.makeClientConfiguration()
    configuration.certificateVerification = .none
    switch url.tls {
    case .disable: return .disable
    case .prefer: return .prefer(try NIOSSLContext(configuration: configuration))
    case .require: return .require(try NIOSSLContext(configuration: configuration))
    }
  }

  /// Listens for the others' changes; returns once the server listens.
  private func listen(on connection: PostgresConnection) async throws {
    let (started, signal) = AsyncStream.makeStream(of: Void.self)
    listening = Task(executorPreference: taskExecutor) {
      do {
        try await connection.listen(on: Self.channel) { notifications in
          signal.yield()
          for try await notification in notifications {
            await self.received(notification.payload)
          }
        }
      } catch {}
      signal.finish()
      await self.connectionEnded(connection)
    }
    for await _ in started { return }
    throw ConnectionLost()
  }

  private func connectionEnded(_ ended: PostgresConnection) async {
    guard connection === ended else { return }
    await goOffline(ConnectionLost())
  }

  /// The connection is gone: changes go to the journal until it is back.
  func goOffline(_ error: any Error) async {
    guard let lost = connection else { return }
    connection = nil
    listening?.cancel()
    listening = nil
    try? await lost.close()
    if pending == nil { pending = known.standups }
    let unanswered = unansweredFor.withLock { value in
      defer { value = nil }
      return value
    }
    // Why, short enough for the banner line; what it means for the user's
    // changes is the app's standing status after it.
    let why = unanswered.map(Self.describeUnanswered) ?? Self.describeLoss(error)
    emit.yield(.offline("Offline: \(why)"))
    scheduleReconnect()
  }

  func scheduleReconnect() {
    let delay = reconnectDelay
    // A refusal is not retried as often as an outage: each failed login is
    // a line in the server's log (and may count against the account).
    reconnectDelay = min(delay * 2, reconnectRefusal == nil ? .seconds(5) : .seconds(60))
    let milliseconds = delay.components.seconds * 1000
    loop.scheduleTask(in: .milliseconds(milliseconds)) { [work] in work.yield(.reconnect) }
  }

  /// Back online: the journal replayed, then the app merges what the
  /// database holds now with what it has.
  func reconnect() async {
    guard connection == nil else { return }
    do {
      let connection = try await connect()
      do {
        let (replay, stored) = try await answered(on: connection) {
          try await prepare(connection)
          let replay =
            !readOnly && files.hasJournal ? try await replayJournal(connection) : Replay()
          return (replay, try await StandupRows.loadAll(connection, logger: logger))
        }
        self.connection = connection
        var base = pending ?? known.standups
        if holdRefused(replay, stored: stored.standups) != nil {
          // What the server refused is new to it: the app keeps its own
          // version and sends it again.
          base = StandupChange.partiallySaved(
            from: base, to: stored.standups, accepted: replay.refusedStandups,
            orderAccepted: false)
        }
        pending = nil
        revision += 1
        emit.yield(.changedElsewhere(stored: stored.standups, base: base, revision: revision))
        known = stored
        meetingsLoaded = true
        writeCache()
        reconnectDelay = .seconds(1)
        reconnectRefusal = nil
        journalFailure = nil
        emit.yield(.saved)
        // Saves the server refused are said by the outcome, not as sent.
        let sent = replay.refused.isEmpty ? replay.saves : 0
        emit.yield(
          .notice(
            sent == 0
              ? "Back online"
              : sent == 1
                ? "Back online: 1 save made offline was sent"
                : "Back online: \(sent) saves made offline were sent"))
        tell(replay.outcome)
        await removeReviewedConflicts(on: connection)
        // A session that started offline has not offered them yet.
        await offerEarlierConflicts(connection)
      } catch {
        listening?.cancel()
        listening = nil
        try? await connection.close()
        throw error
      }
    } catch {
      // Not answering is what keeps it offline now: the next loss says its own.
      unansweredFor.withLock { $0 = nil }
      // A server that answers but refuses (the login, the role, the
      // database gone) is not a network outage: said once, then tried again.
      if !Self.isConnectionTrouble(error) {
        let why = Self.describe(error)
        if why != reconnectRefusal {
          emit.yield(.refusedWhileOffline("Still offline: \(why); trying again"))
        }
        reconnectRefusal = why
      } else {
        reconnectRefusal = nil
      }
      scheduleReconnect()
    }
  }

  // MARK: Errors

  /// What went wrong in a transaction (a migration's): the statement's
  /// error, not the wrapper's dump of every query.
  static func cause(_ error: any Error) -> any Error {
    guard let error = error as? PostgresTransactionError else { return error }
    return error.closureError ?? error.beginError ?? error.commitError ?? error
  }

  /// A lost or unreachable server (as opposed to a statement it refused).
  static func isConnectionTrouble(_ error: any Error) -> Bool {
    let error = cause(error)
    guard let error = error as? PSQLError else {
      return error is ChannelError || error is IOError || error is NIOConnectionError
        || error is ConnectionLost
    }
    guard error.code == .server else {
      return error.code != .authMechanismRequiresPassword
        && error.code != .unsupportedAuthMechanism && error.code != .saslError
    }
    let state = error.serverInfo?[.sqlState] ?? ""
    // Connection exceptions, and the server shutting the session down.
    return state.hasPrefix("08") || state.hasPrefix("57P")
  }

  /// What a start that failed with `error` says: a server that stopped
  /// answering is said as such, whatever error its closed connection gave.
  nonisolated func startFailure(_ error: any Error) -> TeamStartFailure {
    if let failure = error as? TeamStartFailure { return failure }
    let unanswered = unansweredFor.withLock { $0 }
    return TeamStartFailure(
      description: unanswered.map { Self.describeStartUnanswered(for: $0, url: url) }
        ?? Self.describeStart(error, url: url))
  }

  static func describe(_ error: any Error) -> String {
    let error = cause(error)
    if let error = error as? PSQLError, let message = error.serverInfo?[.message] {
      return "the server said: \(message)"
    }
    // Ours say what happened; a library's type name is all the others give.
    if let error = error as? TeamStartFailure { return error.description }
    return String(describing: type(of: error))
  }

  static func describeLoss(_ error: any Error) -> String {
    let error = cause(error)
    if let error = error as? PSQLError, error.code == .server,
      let message = error.serverInfo?[.message]
    {
      return "the server ended the connection (\(message))"
    }
    return "the connection to the server was lost"
  }

  static func describeStartUnanswered(for timeout: Duration, url: DatabaseURL) -> String {
    "the database server at \(serverName(url)) " + didNotAnswer(for: timeout)
  }

  static func serverName(_ url: DatabaseURL) -> String {
    switch url.endpoint {
    // An IPv6 address in brackets, as in a URL: "[::1]:5432".
    case .tcp(let host, let port): host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
    case .socket: url.socketPath ?? ""
    }
  }

  static func describeStart(_ error: any Error, url: DatabaseURL) -> String {
    let server = serverName(url)
    let error = cause(error)
    guard let error = error as? PSQLError else {
      return "cannot reach the database server at \(server): \(reason(error))"
    }
    switch error.code {
    case .server:
      let state = error.serverInfo?[.sqlState] ?? ""
      let message = error.serverInfo?[.message] ?? "an error"
      switch state {
      case "28P01", "28000":
        return "the database server at \(server) refused user “\(url.user)”: \(message) "
          + "(the password comes from the URL, PGPASSWORD or the password file: $PGPASSFILE, else ~/.pgpass)"
      case "3D000":
        return "database “\(url.database)” does not exist on \(server) "
          + "(create it with: createdb \(url.database))"
      default:
        return "the database server at \(server) said: \(message)"
      }
    case .authMechanismRequiresPassword:
      return "the database server at \(server) wants a password for user “\(url.user)”: "
        + "set PGPASSWORD or the password file ($PGPASSFILE, else ~/.pgpass), or put it in the URL"
    case .sslUnsupported:
      return "the database server at \(server) does not accept encrypted connections "
        + "(sslmode=require): use sslmode=prefer or sslmode=disable"
    default:
      return "cannot reach the database server at \(server): "
        + (error.underlying.map(reason) ?? "the connection failed")
    }
  }

  private static func reason(_ error: any Error) -> String {
    if let error = error as? NIOConnectionError,
      let first = error.connectionErrors.first?.error ?? error.dnsAAAAError ?? error.dnsAError
    {
      return reason(first)
    }
    if let error = error as? IOError { return String(cString: strerror(error.errnoCode)) }
    if let error = error as? ChannelError, case .connectTimeout = error { return "timed out" }
    if error is SocketAddressError.UnknownHost {
      return "no such host (the name did not resolve)"
    }
    if let error = error as? SocketAddressError, case .unknown = error {
      return "no such host (the name did not resolve)"
    }
    return String(describing: error)
  }
}
