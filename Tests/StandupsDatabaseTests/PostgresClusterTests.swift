import Foundation
import PostgresTesting
import Testing

@Suite struct PostgresClusterTests {
  @Test func sharedClusterRunsQueriesInFreshDatabases() throws {
    let cluster = try PostgresCluster.shared()
    let first = try cluster.createDatabase()
    let second = try cluster.createDatabase()
    #expect(first != second)
    #expect(try cluster.psql("select 1+1", database: first) == "2")
    #expect(try cluster.psql("select current_database()", database: second) == second)
  }

  @Test func sqlErrorsThrowWithTheServersMessage() throws {
    let cluster = try PostgresCluster.shared()
    let database = try cluster.createDatabase()
    let error = #expect(throws: PostgresClusterError.self) {
      try cluster.psql("select * from missing", database: database)
    }
    #expect(error?.description.contains(#"relation "missing" does not exist"#) == true)
  }

  @Test func urlsNameTheClusterAndDatabase() throws {
    let cluster = try PostgresCluster.shared()
    #expect(
      cluster.url(database: "d")
        == "postgres://postgres:secret@127.0.0.1:\(cluster.port)/d?sslmode=disable")
    #expect(
      cluster.url(database: "d", password: false)
        == "postgres://postgres@127.0.0.1:\(cluster.port)/d?sslmode=disable")
    #expect(
      cluster.socketURL(database: "d")
        == "postgresql://postgres@localhost:\(cluster.port)/d?host=\(cluster.socketDirectory)")
  }

  @Test func freshClusterStopsAndRemovesItsDirectory() throws {
    let cluster = try PostgresCluster.start()
    let shared = try PostgresCluster.shared()
    #expect(cluster.port != shared.port)
    #expect(try cluster.psql("select 1", database: "postgres") == "1")
    cluster.stop()
    cluster.stop()
    #expect(!FileManager.default.fileExists(atPath: cluster.directory))
    #expect(throws: PostgresClusterError.self) {
      try cluster.psql("select 1", database: "postgres")
    }
  }
}
