import Logging
import PostgresNIO

extension PostgresConnection {
  /// `query`, but a closed connection fails at once: a statement written to
  /// a closed channel is never answered. Run on the connection's event loop
  /// (the store's executor), so it cannot close between the check and the write.
  @discardableResult
  func run(
    _ query: PostgresQuery, logger: Logger, file: String = #fileID, line: Int = #line
  ) async throws -> PostgresRowSequence {
    guard !isClosed else { throw ConnectionLost() }
    return try await self.query(query, logger: logger, file: file, line: line)
  }
}
