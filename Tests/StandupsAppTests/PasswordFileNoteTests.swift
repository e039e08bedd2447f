import Foundation
import StandupsDatabase
import Testing

@testable import StandupsApp

/// Team mode finds `~/.pgpass` where libpq does, under `$HOME`, and says
/// why it did not use one that other users may read.
struct PasswordFileNoteTests {
  let home = makeTestDirectory("standups-pgpass")

  func writePasswordFile(mode: mode_t) throws {
    let path = home + "/.pgpass"
    try Data("127.0.0.1:5432:team:ada:secret\n".utf8).write(to: URL(fileURLWithPath: path))
    #expect(chmod(path, mode) == 0)
  }

  @Test func theHomeDirectoryIsHomeWhenSet() {
    #expect(TeamMode.homeDirectory(["HOME": home]) == home)
    #expect(TeamMode.homeDirectory(["HOME": ""]) == NSHomeDirectory())
    #expect(TeamMode.homeDirectory([:]) == NSHomeDirectory())
  }

  @Test func thePasswordComesFromThePasswordFileUnderHome() throws {
    try writePasswordFile(mode: 0o600)
    let parsed = try DatabaseURL(
      "postgres://ada@127.0.0.1/team", environment: ["HOME": home],
      homeDirectory: TeamMode.homeDirectory(["HOME": home]))
    #expect(parsed.password == "secret")
    #expect(TeamMode.passwordFileNote(for: parsed, environment: ["HOME": home]).isEmpty)
  }

  @Test func aPasswordFileOthersMayReadIsNamedAsTheReason() throws {
    try writePasswordFile(mode: 0o644)
    let environment = ["HOME": home]
    let parsed = try DatabaseURL(
      "postgres://ada@127.0.0.1/team", environment: environment,
      homeDirectory: TeamMode.homeDirectory(environment))
    #expect(parsed.password == nil)
    let note = TeamMode.passwordFileNote(for: parsed, environment: environment)
    #expect(note.contains("the password file was not used"), "\(note)")
    #expect(note.contains("group or world access"), "\(note)")
    #expect(!note.contains("secret"))
  }
}
