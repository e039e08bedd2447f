import Foundation
import PostgresTesting
import StandupsApp
import StandupsCore
import Testing
import TmuxTesting

/// Conflicts in team mode from the outside: two `standups --database URL`
/// instances in tmux edit one title; the stored title stays, the loser's is
/// offered back with `o`, and, until reopened, by the next start.
@Suite(.serialized, .timeLimit(.minutes(3)))
struct TeamConflictEndToEndTests {
  /// Two members edit Design's title at once: the first's is saved, the
  /// second's loses (its banner on screen).
  func conflict(in database: TeamDatabase) async throws -> (TeamSession, TeamSession) {
    let seed = try TeamHome()
    try seed.importStandups(AppSession.sample, into: database.url)
    let first = try TeamSession(url: database.url, arguments: ["--open", "/Design/edit"])
    let second = try TeamSession(url: database.url, arguments: ["--open", "/Design/edit"])
    try await first.session.waitForText("Edit standup")
    try await second.session.waitForText("Edit standup")

    // Both edit the title; the second is still typing when the first saves.
    try second.session.sendKeys("C-u")
    try second.session.type("Design Second")
    try await second.session.waitForText("Title     Design Second")
    try first.session.sendKeys("C-u")
    try first.session.type("Design First")
    try first.session.sendKeys("C-s")
    try await first.session.waitForNoText("Edit standup")
    // The detail behind the second's sheet shows the first's title.
    try await second.session.waitForText("Standups › Design First")
    #expect(try second.screen().contains("Title     Design Second"))

    try second.session.sendKeys("C-s")
    try await second.session.waitForText(
      "Changed elsewhere too: kept “Design First”; o opens yours")
    return (first, second)
  }

  /// A later start offers the user's kept version of `stored`, titled
  /// `mine`: `o` reopens it, Ctrl-S saves it, and the session quits.
  func saveTheOfferedVersion(of stored: String, as mine: String, in later: TeamSession)
    async throws
  {
    try await later.session.waitForText(
      "Earlier, a conflict kept your version of “\(stored)”: o opens it")
    try later.session.sendKeys("o")
    try await later.session.waitForText("Title     \(mine)")
    try later.session.sendKeys("C-s")
    try await later.session.waitForText("Standups › \(mine)")
    try await later.backToTheList()
    try await later.quit()
  }

  @Test func aConflictKeepsTheStoredTitleAndOReopensTheLosingEdit() async throws {
    let database = try TeamDatabase()
    let (first, second) = try await conflict(in: database)
    #expect(try !second.screen().contains("Edit standup"))
    #expect(try database.titles() == ["Design First", "Engineering"])
    #expect(try database.psql("SELECT count(*) FROM conflicts") == "1")
    #expect(try database.psql("SELECT standup->>'title' FROM conflicts") == "Design Second")

    try second.session.sendKeys("o")
    try await second.session.waitForText("Edit standup")
    try await second.session.waitForText("Title     Design Second")
    // The reopened version is unsaved work: Esc warns, and again discards it.
    try second.session.sendKeys("Escape")
    try await second.session.waitForText("Unsaved: esc again discards")
    try second.session.sendKeys("Escape")
    try await second.session.waitForNoText("Edit standup")
    for member in [first, second] {
      try await member.backToTheList()
      try await member.quit()
    }
    #expect(try database.titles() == ["Design First", "Engineering"])
    // Reopened: no longer kept for later sessions.
    #expect(try database.psql("SELECT count(*) FROM conflicts") == "0")
  }

  @Test func aConflictNotReopenedIsOfferedByTheNextStart() async throws {
    let database = try TeamDatabase()
    let (first, second) = try await conflict(in: database)
    for member in [first, second] {
      try await member.backToTheList()
      try await member.quit()
    }

    // The same user, another day: offered again until reopened.
    try await saveTheOfferedVersion(
      of: "Design First", as: "Design Second", in: TeamSession(url: database.url))
    #expect(try database.titles() == ["Design Second", "Engineering"])
    #expect(try database.psql("SELECT count(*) FROM conflicts") == "0")
  }

  /// The way back from a save the server refused: the quit keeps the change
  /// in a data file; importing it once the server takes it removes the file,
  /// and the next start offers the version the database holds differently.
  @Test func aRefusedChangeComesBackThroughImportAndO() async throws {
    let database = try TeamDatabase()
    let seed = try TeamHome()
    try seed.importStandups(AppSession.sample, into: database.url)
    try database.psql(
      """
      CREATE FUNCTION refuse() RETURNS trigger AS $$
      BEGIN RAISE EXCEPTION 'refused by the test'; END $$ LANGUAGE plpgsql;
      CREATE TRIGGER refuse BEFORE UPDATE ON standups FOR EACH ROW
        WHEN (NEW.title = 'Refused') EXECUTE FUNCTION refuse();
      """)
    let member = try TeamSession(url: database.url, arguments: ["--open", "/Design/edit"])
    try await member.session.waitForText("Edit standup")
    try member.session.sendKeys("C-u")
    try member.session.type("Refused")
    try member.session.sendKeys("C-s")
    try await member.session.waitForText("refused by the test")
    try await member.backToTheList()
    // Not in the database: a failure, as a file that could not be saved is.
    try await member.quit(status: 1)
    let held = try #require(
      member.home.teamFiles().first { $0.hasPrefix("state/standups/unsaved-") })
    let path = member.home.directory.appendingPathComponent(held).path
    #expect(try member.session.screen(history: true).contains(held.split(separator: "/").last!))

    try database.psql("DROP TRIGGER refuse ON standups")
    let imported = try member.home.run(["import", path, "--database", database.url])
    #expect(imported.status == 0, "\(imported.stderr)")
    #expect(imported.stdout.contains("Removed"), "\(imported.stdout)")
    #expect(!FileManager.default.fileExists(atPath: path))

    try await saveTheOfferedVersion(
      of: "Design", as: "Refused", in: TeamSession(url: database.url, home: member.home))
    #expect(try database.titles().contains("Refused"))
    #expect(try database.psql("SELECT count(*) FROM conflicts") == "0")
  }
}
