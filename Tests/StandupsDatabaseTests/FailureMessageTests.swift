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
