import PostgresNIO
import Synchronization

extension TeamStore {
  /// Runs `body`, a query on `connection`. A server that stops answering
  /// never fails a query by itself, and the store would wait forever, even
  /// to quit: after `answerTimeout` the connection is closed, which fails
  /// the query as a lost connection (the caller goes offline and the journal
  /// keeps the changes), and `unansweredFor` tells `goOffline` why.
  func answered<T: Sendable>(
    on connection: PostgresConnection, within limit: Duration? = nil,
    _ body: () async throws -> T
  ) async throws -> T {
    let timeout = limit ?? answerTimeout
    let watchdog = loop.scheduleTask(in: TimeAmount(timeout)) { [self] in
      self.unansweredFor.withLock { $0 = timeout }
      let closing: EventLoopFuture<Void> = connection.close()
      _ = closing
    }
    defer { watchdog.cancel() }
    return try await body()
  }

  /// Why the store went offline when a query went unanswered.
  static func describeUnanswered(for timeout: Duration) -> String {
    "the server " + didNotAnswer(for: timeout)
  }

  static func didNotAnswer(for timeout: Duration) -> String {
    let seconds = timeout.components.seconds
    return "did not answer for " + (seconds == 1 ? "1 second" : "\(seconds) seconds")
  }
}
