import Foundation
import StandupsCore
import Testing

@testable import StandupsDatabase

/// Team mode that cannot start says why in one clear line, which never
/// holds the password; `--offline-ok` does not hide what is not a server
/// out of reach.
struct StartFailureTests {
  static let password = "Sw0rdf1sh-Q7!z"

  /// Why opening `url` fails.
  func failure(
    _ url: DatabaseURL, files: TeamFiles, offlineOK: Bool = false
  ) async -> String? {
    do {
      let store = try await TeamStore.open(
        url: url, files: files, author: "alice@test", offlineOK: offlineOK)
      Issue.record("opened \(url.redacted)")
      await bounded("close") { await store.close() }
      return nil
    } catch {
      #expect(!error.description.contains("\n"), "one line: \(error.description)")
      #expect(!error.description.contains(Self.password))
      #expect(!error.description.contains("secret"))
      return error.description
    }
  }

  func url(_ text: String) throws -> DatabaseURL {
    try DatabaseURL(text, environment: [:], homeDirectory: nil)
  }

  @Test func aWrongPassword() async throws {
    let database = try TestDatabase()
    let port = database.cluster.port
    let url = try url(
      "postgres://postgres:\(Self.password)@127.0.0.1:\(port)/\(database.name)?sslmode=disable")
    let message = await failure(url, files: database.files)
    #expect(
      message
        == "the database server at 127.0.0.1:\(port) refused user “postgres”: password "
        + "authentication failed for user \"postgres\" (the password comes from the URL, "
        + "PGPASSWORD or the password file: $PGPASSFILE, else ~/.pgpass)")
    // Not a server out of reach: no cache opens instead.
    let alice = try await database.member()
    await alice.close()
    #expect(await failure(url, files: database.files, offlineOK: true) == message)
  }

  @Test func noPassword() async throws {
    let database = try TestDatabase()
    let port = database.cluster.port
    let url = try url(database.cluster.url(database: database.name, password: false))
    #expect(
      await failure(url, files: database.files)
        == "the database server at 127.0.0.1:\(port) wants a password for user “postgres”: "
        + "set PGPASSWORD or the password file ($PGPASSFILE, else ~/.pgpass), or put it in the URL")
  }

  @Test func aMissingDatabase() async throws {
    let database = try TestDatabase()
    let port = database.cluster.port
    let url = try url(database.cluster.url(database: "missing_\(database.name)"))
    #expect(
      await failure(url, files: database.files)
        == "database “missing_\(database.name)” does not exist on 127.0.0.1:\(port) "
        + "(create it with: createdb missing_\(database.name))")
  }

  @Test func anUnreachableServer() async throws {
    let database = try TestDatabase()
    let url = try database.unreachableURL()
    let message = try #require(await failure(url, files: database.files))
    #expect(
      message == "cannot reach the database server at 127.0.0.1:\(url.port): Connection refused")
    // No cache yet to open instead.
    #expect(
      await failure(url, files: database.files, offlineOK: true)
        == message + "; no cache to open offline (connect once first)")
  }

  /// A host name that does not resolve (`.invalid` never does) is said in
  /// words, not as the resolver's error type.
  @Test func aHostThatDoesNotResolve() async throws {
    let database = try TestDatabase()
    let url = try url("postgresql://postgres@nosuchhost.invalid:5432/\(database.name)")
    #expect(
      await failure(url, files: database.files)
        == "cannot reach the database server at nosuchhost.invalid:5432: no such host (the "
        + "name did not resolve)")
  }

  @Test func aMissingSocket() async throws {
    let database = try TestDatabase()
    let url = try url("postgresql://postgres@localhost/\(database.name)?host=\(database.directory)")
    #expect(
      await failure(url, files: database.files)
        == "cannot reach the database server at \(database.directory)/.s.PGSQL.5432: "
        + "No such file or directory")
  }

  /// The cluster's socket (trusted, no password): team mode works there too.
  @Test func overTheSocket() async throws {
    let database = try TestDatabase()
    let url = try url(database.cluster.socketURL(database: database.name))
    let alice = try await database.member(url: url)
    await alice.save([.mock])
    #expect(try await database.stored().standups == [.mock])
    #expect(await alice.close() == [])
  }
}
