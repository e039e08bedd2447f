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

extension TeamStore {
  /// Waits for every change submitted so far to be written (or journaled),
  /// or for `limit`, whichever comes first; the writing goes on after.
  public nonisolated func flush(atMost limit: Duration) async {
    /// Resumed by whichever comes first.
    final class FirstOf: Sendable {
      let continuation = Mutex<CheckedContinuation<Void, Never>?>(nil)
      func resume() { continuation.withLock { $0.take()?.resume() } }
    }
    let first = FirstOf()
    await withCheckedContinuation { continuation in
      first.continuation.withLock { $0 = continuation }
      Task {
        await self.flush()
        first.resume()
      }
      Task {
        try? await Task.sleep(for: limit)
        first.resume()
      }
    }
  }
}
