import PostgresNIO
import Synchronization

/// A query the server left unanswered for the store's `answerTimeout`: a
/// stalled host, or a network that drops packets without closing anything.
struct ServerStoppedAnswering: Error {
  let after: Duration

  static func describe(_ error: any Error) -> String {
    guard let error = error as? Self else { return "" }
    let seconds = error.after.components.seconds
    return seconds == 1 ? "1 second" : "\(seconds) seconds"
  }
}

/// Set once, from the event loop, when the watchdog closed the connection.
final class WatchdogFired: Sendable {
  let fired = Mutex(false)
}

extension TeamStore {
  /// Runs `body`, a query on `connection`. A server that stops answering
  /// never fails a query by itself, and the store would wait forever, even
  /// to quit: after `answerTimeout` the connection is closed, which fails
  /// the query, and the error says why; the caller goes offline (the
  /// journal keeps the changes) as for any connection lost.
  func answered<T: Sendable>(
    on connection: PostgresConnection, _ body: () async throws -> T
  ) async throws -> T {
    let watchdog = WatchdogFired()
    let timeout = answerTimeout
    let milliseconds =
      timeout.components.seconds * 1000 + timeout.components.attoseconds / 1_000_000_000_000_000
    let task = loop.scheduleTask(in: .milliseconds(milliseconds)) { [self] in
      watchdog.fired.withLock { $0 = true }
      self.unansweredFor.withLock { $0 = timeout }
      let closing: EventLoopFuture<Void> = connection.close()
      _ = closing
    }
    defer { task.cancel() }
    do {
      return try await body()
    } catch {
      if watchdog.fired.withLock({ $0 }) { throw ServerStoppedAnswering(after: timeout) }
      throw error
    }
  }
}
