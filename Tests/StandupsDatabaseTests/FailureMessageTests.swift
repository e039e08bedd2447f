import Foundation
import Testing

@testable import StandupsDatabase

/// One-line messages for what went wrong: our own failures in their words,
/// a server named as a URL would name it.
struct FailureMessageTests {
  @Test func ourOwnFailuresKeepTheirWords() {
    let failure = TeamStartFailure(description: "the database was set up by a newer standups")
    #expect(TeamStore.message(for: failure) == "the database was set up by a newer standups")
  }

  @Test func anIPv6ServerIsNamedInBrackets() throws {
    let six = try DatabaseURL("postgres://u@[::1]:5433/db", environment: [:], homeDirectory: nil)
    #expect(TeamStore.serverName(six) == "[::1]:5433")
    let four = try DatabaseURL(
      "postgres://u@127.0.0.1:5433/db", environment: [:], homeDirectory: nil)
    #expect(TeamStore.serverName(four) == "127.0.0.1:5433")
  }
}

extension FailureMessageTests {
  /// A role that may connect but may not read the tables is told which
  /// table, not that it may not create one.
  @Test func aRoleWithoutPrivilegesIsToldWhatItMayNotRead() async throws {
    let database = try TestDatabase()
    let alice = try await database.member()
    await alice.close()
    let role = "reader_\(database.name)"
    try database.psql("CREATE ROLE \(role) LOGIN PASSWORD 'pw'")
    let url = try DatabaseURL(
      "postgres://\(role):pw@127.0.0.1:\(database.cluster.port)/\(database.name)?sslmode=disable",
      environment: [:], homeDirectory: nil)
    do {
      let store = try await TeamStore.open(
        url: url, files: database.otherFiles("reader"), author: "reader@test")
      Issue.record("opened without privileges")
      _ = await store.close()
    } catch {
      #expect(
        error.description.contains("permission denied for table schema_version"),
        "\(error.description)")
    }
  }
}

extension FailureMessageTests {
  /// A file is named so that the user can type it: from the home directory
  /// as `~/…`, elsewhere in full.
  @Test func pathsUnderTheHomeDirectoryStartWithATilde() {
    #expect(
      TeamStore.shortPath("/home/ada/.local/state/standups/u.json", home: "/home/ada")
        == "~/.local/state/standups/u.json")
    #expect(TeamStore.shortPath("/home/adam/u.json", home: "/home/ada") == "/home/adam/u.json")
    #expect(TeamStore.shortPath("/tmp/u.json", home: "/home/ada/") == "/tmp/u.json")
  }
}
