import Foundation
import PostgresTesting
import Testing

@testable import StandupsDatabase

#if canImport(Glibc)
  import Glibc
#endif

/// Taking the server away from a store, and giving it back, without
/// touching other tests: a login role of the test's own that can be
/// refused, backends ended with `pg_terminate_backend`, ports nobody
/// listens on.
extension TestDatabase {
  /// The role the stores of `roleURL()` log in as: named as the database.
  var role: String { name }

  /// A URL for a login role of this test's own, owner of the database, so
  /// that `refuseLogins()` keeps its stores out and nobody else.
  func roleURL() throws -> DatabaseURL {
    let password = "pw-\(role)"
    try psql(
      """
      CREATE ROLE \(role) LOGIN PASSWORD '\(password)';
      ALTER DATABASE \(name) OWNER TO \(role);
      """)
    return try DatabaseURL(
      "postgres://\(role):\(password)@127.0.0.1:\(cluster.port)/\(name)?sslmode=disable",
      environment: [:], homeDirectory: nil)
  }

  /// The server out of reach for the role's stores: logins refused and the
  /// connections they have ended.
  func refuseLogins() throws {
    try psql("ALTER ROLE \(role) NOLOGIN")
    try psql(
      "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE usename = '\(role)'")
  }

  /// The server back: the stores reconnect by themselves.
  func allowLogins() throws {
    try psql("ALTER ROLE \(role) LOGIN")
  }

  /// The backend of this database waiting for a lock (a store's statement
  /// behind a test's `LOCK TABLE`): polled every 50 ms (up to 20 s), as the
  /// server announces no such thing; it returns as soon as the backend waits.
  func blockedBackend() async throws -> Int {
    for _ in 0..<400 {
      let pid = try psql(
        """
        SELECT pid FROM pg_stat_activity
        WHERE datname = current_database() AND wait_event_type = 'Lock'
        """)
      if let pid = Int(pid) { return pid }
      // A poll interval: the server tells nobody when a backend starts waiting.
      try await Task.sleep(for: .milliseconds(50))
    }
    throw TestFailure("no backend of \(name) waited for the lock")
  }

  /// This database's URL on a port of 127.0.0.1 nobody listens on.
  func unreachableURL() throws -> DatabaseURL {
    try DatabaseURL(
      "postgres://postgres:\(cluster.password)@127.0.0.1:\(try PostgresCluster.freePort())/\(name)?sslmode=disable",
      environment: [:], homeDirectory: nil)
  }
}

struct TestFailure: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}

/// A file's permission bits.
func permissions(_ path: String) throws -> Int? {
  let attributes = try FileManager.default.attributesOfItem(atPath: path)
  return (attributes[.posixPermissions] as? NSNumber)?.intValue
}
