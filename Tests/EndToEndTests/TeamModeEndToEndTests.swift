import Foundation
import PostgresTesting
import StandupsApp
import StandupsCore
import Testing
import TmuxTesting

#if canImport(Glibc)
  import Glibc
#endif

/// Team mode from the outside: `standups --database URL` instances in tmux on
/// a private PostgreSQL cluster. What one member changes shows in the
/// other's; `kill -9` leaves the database consistent; trouble at start is one
/// line and the terminal untouched; the password never shows; import and
/// export round-trip; `--offline-ok` opens the last sync (conflicts:
/// `TeamConflictEndToEndTests`).
@Suite(.serialized, .timeLimit(.minutes(3)))
struct TeamModeEndToEndTests {
  // MARK: - Two members

  @Test func aStandupAddedInOneInstanceAppearsInTheOther() async throws {
    let database = try TeamDatabase()
    let seed = try TeamHome()
    try seed.importStandups(AppSession.sample, into: database.url)
    let first = try TeamSession(url: database.url)
    // The second finds the database in $STANDUPS_DATABASE_URL.
    let second = try TeamSession(url: database.url, viaEnvironment: true)
    try await first.session.waitForText("2 standups")
    try await second.session.waitForText("2 standups")

    try await first.add("Retro")
    try await second.session.waitForText("Retro")
    try await second.session.waitForText("3 standups")
    #expect(try database.titles() == ["Design", "Engineering", "Retro"])

    // And back: the second renames the first standup of its list.
    try second.session.sendKeys("Enter")
    try await second.session.waitForText("Start meeting")
    try second.session.sendKeys("e")
    try await second.session.waitForText("Edit standup")
    try second.session.sendKeys("C-u")
    try second.session.type("Design Renamed")
    try second.session.sendKeys("C-s")
    try await second.session.waitForNoText("Edit standup")
    try await first.session.waitForText("Design Renamed")
    #expect(try database.titles() == ["Design Renamed", "Engineering", "Retro"])
    #expect(try database.psql("SELECT version FROM standups WHERE title = 'Design Renamed'") == "2")

    try await first.quit()
    try await second.backToTheList()
    try await second.quit()
    #expect(try database.titles() == ["Design Renamed", "Engineering", "Retro"])
    #expect(try database.psql("SELECT count(*) FROM conflicts") == "0")
  }

  @Test func killDashNineDuringEditsLeavesTheDatabaseConsistent() async throws {
    let database = try TeamDatabase()
    let seed = try TeamHome()
    try seed.importStandups(AppSession.sample, into: database.url)
    let killed = try TeamSession(url: database.url, arguments: ["--open", "/Design/edit"])
    let other = try TeamSession(url: database.url)
    try await other.session.waitForText("2 standups")
    try await killed.session.waitForText("Edit standup")

    // Quick edits: a rename, then three new standups. (Each `a` is waited
    // for: text arriving with it in one read would be taken for a paste.)
    try killed.session.sendKeys("C-u")
    try killed.session.type("Design Killed")
    try killed.session.sendKeys("C-s")
    try await killed.session.waitForNoText("Edit standup")
    try await killed.backToTheList()
    for title in Self.kills { try await killed.add(title) }
    // Its last save may be anywhere on its way to the server.
    kill(try killed.pid(), SIGKILL)
    #expect(try await killed.session.waitForExit() == 128 + Int(SIGKILL))

    // Once the server has seen the connection go, nothing changes any more.
    let gone = try await Harness.waitFor { try database.otherSessions() == 1 }
    #expect(gone, "the killed instance's session is still connected")
    try Self.expectConsistent(database)
    let titles = try database.titles()
    #expect(titles.count >= 2 && titles.count <= 5, "\(titles)")
    #expect(Set(titles).isSubset(of: ["Design", "Design Killed", "Engineering"] + Self.kills))

    // The other member shows exactly what the database holds.
    try await Self.expectShows(titles, in: other)
    // So does the killed member, restarted with its files.
    let restarted = try TeamSession(url: database.url, home: killed.home)
    try await Self.expectShows(titles, in: restarted)
    try await restarted.quit()
    try await other.quit()
    #expect(try database.titles() == titles)
    try Self.expectConsistent(database)
  }

  /// SIGTERM: the last change reaches the server, then the process ends as
  /// the signal would have.
  @Test func aTerminationSignalSendsTheLastChangeThenEndsAsSignalled() async throws {
    let database = try TeamDatabase()
    let seed = try TeamHome()
    try seed.importStandups(AppSession.sample, into: database.url)
    let member = try TeamSession(url: database.url)
    try await member.session.waitForText("2 standups")
    try await member.add("Termed")
    kill(try member.pid(), SIGTERM)
    #expect(try await member.session.waitForExit() == 128 + Int(SIGTERM))
    #expect(try database.titles() == ["Design", "Engineering", "Termed"])
  }

  static let kills = ["Kill One", "Kill Two", "Kill Three"]

  /// Every row belongs to a standup that exists; versions start at 1; each
  /// standup's attendees are numbered 0… without gaps; Design kept both.
  static func expectConsistent(
    _ database: TeamDatabase, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let checks = [
      "orphan attendees":
        "SELECT count(*) FROM attendees a LEFT JOIN standups s ON s.id = a.standup_id WHERE s.id IS NULL",
      "orphan meetings":
        "SELECT count(*) FROM meetings m LEFT JOIN standups s ON s.id = m.standup_id WHERE s.id IS NULL",
      "versions below 1": "SELECT count(*) FROM standups WHERE version < 1",
      "gaps in attendee positions": """
      SELECT count(*) FROM (SELECT standup_id FROM attendees GROUP BY standup_id
        HAVING min(position) <> 0 OR max(position) <> count(*) - 1) AS gaps
      """,
      "standups without attendees": """
      SELECT count(*) FROM standups s
      WHERE NOT EXISTS (SELECT 1 FROM attendees a WHERE a.standup_id = s.id)
        AND s.title NOT LIKE 'Kill%'
      """,
    ]
    for (name, sql) in checks {
      #expect(try database.psql(sql) == "0", "\(name)", sourceLocation: sourceLocation)
    }
    let design = try database.psql(
      """
      SELECT string_agg(name, ',' ORDER BY position) FROM attendees
      WHERE standup_id = 'AAAAAAAA-0000-0000-0000-000000000001'
      """)
    #expect(design == "Ada,Grace", sourceLocation: sourceLocation)
    #expect(
      try database.psql("SELECT count(*) FROM meetings") == "1", sourceLocation: sourceLocation)
  }

  /// Waits until `member`'s list shows `titles` and their number.
  static func expectShows(
    _ titles: [String], in member: TeamSession, sourceLocation: SourceLocation = #_sourceLocation
  ) async throws {
    let count = "\(titles.count) standups"
    try await member.session.waitForScreen(
      "\(count): \(titles)", sourceLocation: sourceLocation
    ) { screen in
      screen.contains(count) && titles.allSatisfy { screen.contains($0) }
    }
    // Nothing the database does not hold ("Design" is part of "Design Killed").
    let screen = try member.screen()
    for title in ["Design Killed"] + kills where !titles.contains(title) {
      #expect(
        !screen.contains(title), "shows \(title), which the database does not hold:\n\(screen)",
        sourceLocation: sourceLocation)
    }
  }

  // MARK: - Import and export

  @Test func importThenExportRoundTripsAndASecondImportAddsNothing() throws {
    let database = try TeamDatabase()
    let home = try TeamHome()
    let file = AppSession.sampleFileURL
    let expected = try StandupsFormat.decode(try Data(contentsOf: file))
    #expect(expected.count == 3)
    // Nothing in it yet: said, as for an empty file.
    let none = try home.run(["export", "--database", database.url])
    #expect(none.status == 0 && none.stdout.isEmpty)
    #expect(none.stderr.contains("no standups to export"), "\(none.stderr)")

    let first = try home.run(["import", file.path, "--database", database.url])
    #expect(first.status == 0, "\(first.stderr)")
    #expect(first.stderr.isEmpty)
    let redacted = "postgres://postgres@127.0.0.1:\(database.cluster.port)/\(database.name)"
    #expect(
      first.stdout.hasPrefix("Imported 3 standups into \(redacted)"), "\(first.stdout)")
    #expect(first.stdout.contains(": 3 added, 0 unchanged"), "\(first.stdout)")
    #expect(!first.stdout.contains("secret"))

    let exported = try home.run(["export", "--format", "json", "--database", database.url])
    #expect(exported.status == 0, "\(exported.stderr)")
    let standups = try StandupsFormat.decode(Data(exported.stdout.utf8))
    #expect(standups == expected)
    #expect(try database.titles() == expected.map(\.title))
    #expect(
      try database.psql("SELECT count(*) FROM meetings") == "\(expected.flatMap(\.meetings).count)")

    // Again, from a pipe (`/dev/stdin`): read to its end like a file.
    let binary = try #require(AppSession.binary)
    let second = try Harness.run(
      "/bin/sh",
      [
        "-c",
        "cat \(Harness.shellQuoted(file.path)) | \(Harness.shellQuoted(binary)) import "
          + "/dev/stdin --database \(Harness.shellQuoted(database.url))",
      ], environment: home.environment)
    #expect(second.status == 0, "\(second.stderr)")
    #expect(second.stdout.contains(": 0 added, 3 unchanged"), "\(second.stdout)")
    #expect(!second.stdout.contains("meetings added"))
    #expect(!second.stdout.contains("Kept the stored version"))
    #expect(try database.psql("SELECT count(*) FROM standups") == "3")
    #expect(try database.psql("SELECT count(*) FROM conflicts") == "0")

    // A file that is not a data file is named once, with why, and nothing
    // is imported.
    let junk = home.directory.appendingPathComponent("junk.json").path
    try Data("junk".utf8).write(to: URL(fileURLWithPath: junk))
    let refused = try home.run(["import", junk, "--database", database.url])
    #expect(refused.status == 1)
    #expect(
      refused.stderr == "standups: \(junk) is not a valid standups file: not valid JSON at "
        + "line 1, column 1: unexpected `j` where a value belongs\n", "\(refused.stderr)")
    #expect(try database.psql("SELECT count(*) FROM standups") == "3")
    #expect(try database.psql("SELECT max(version) FROM standups") == "1")
    let again = try home.run(["export", "--format", "json", "--database", database.url])
    #expect(try StandupsFormat.decode(Data(again.stdout.utf8)) == expected)

    // A copy the app kept in the temporary directory (the journal's took
    // none) goes once imported, as one beside the journal does.
    let temporary = home.directory.appendingPathComponent("tmp")
    try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
    let copy = temporary.appendingPathComponent("standups-unsaved-0A1B2C3D.json").path
    try FileManager.default.copyItem(atPath: file.path, toPath: copy)
    var withTemporary = home.environment
    withTemporary["TMPDIR"] = temporary.path
    let kept = try Harness.run(
      binary, ["import", copy, "--database", database.url], environment: withTemporary)
    #expect(kept.status == 0, "\(kept.stderr)")
    #expect(kept.stdout.contains("Removed \(copy)"), "\(kept.stdout)")
    #expect(!FileManager.default.fileExists(atPath: copy))

    // An empty file holds no standups, as the app opens it: nothing to do.
    let empty = home.directory.appendingPathComponent("empty.json").path
    try Data().write(to: URL(fileURLWithPath: empty))
    let nothing = try home.run(["import", empty, "--database", database.url])
    #expect(nothing.status == 0, "\(nothing.stderr)")
    #expect(nothing.stdout.contains("holds no standups: nothing to import"), "\(nothing.stdout)")
    #expect(try database.psql("SELECT count(*) FROM standups") == "3")
  }

  // MARK: - Offline

  @Test func offlineOKOpensTheLastSyncWithAnOfflineBanner() async throws {
    // A cluster of its own: it goes away while the test runs.
    let cluster = try PostgresCluster.start()
    defer { cluster.stop() }
    let database = try TeamDatabase(cluster: cluster)
    let home = try TeamHome()
    try home.importStandups(AppSession.sample, into: database.url)

    let online = try TeamSession(url: database.url, home: home, width: 160)
    try await online.add("Retro")
    try await online.quit()
    #expect(try database.titles() == ["Design", "Engineering", "Retro"])
    cluster.stop()

    // Without --offline-ok: the one line.
    let refused = try home.run(["--database", database.url])
    #expect(refused.status == 1)
    #expect(
      refused.stderr.hasPrefix("standups: cannot reach the database server"), "\(refused.stderr)")
    // With a last sync to open, the way to it is said.
    #expect(refused.stderr.contains("; --offline-ok opens the last sync"), "\(refused.stderr)")

    let offline = try TeamSession(
      url: database.url, arguments: ["--offline-ok"], home: home, width: 160)
    try await offline.session.waitForText("Offline")
    try await offline.session.waitForText("3 standups")
    let screen = try offline.screen()
    for title in ["Design", "Engineering", "Retro"] { #expect(screen.contains(title)) }
    #expect(screen.contains("Offline: cannot reach the database server"), "\(screen)")
    #expect(!screen.contains("secret"))
    // After the first key the reason gives way to the standing status.
    try offline.session.sendKeys("j")
    try await offline.session.waitForText("Offline: showing the last sync")

    // A change made offline is kept in the journal, and the user told so.
    try await offline.add("Offline Notes")
    try await offline.quit()
    let after = try offline.session.screen(history: true)
    #expect(
      after.contains("standups: the database was out of reach: 1 save is kept in"), "\(after)")
    #expect(
      home.teamFiles().contains { $0.hasPrefix("state/standups/journal-") }, "\(home.teamFiles())")
  }
}

extension AppSession {
  /// The sample data file, `Sources/StandupsCore/Resources/sample-standups.json`.
  static let sampleFileURL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Sources/StandupsCore/Resources/sample-standups.json")

  /// `AppSession.sample` written to a data file in `home`; its path.
  static func sampleFile(in home: TeamHome) throws -> String {
    let path = home.directory.appendingPathComponent("sample.json").path
    try DataFile(path: path).save(sample)
    return path
  }
}
