import Foundation
import PostgresTesting
import StandupsApp
import StandupsCore
import Testing
import TmuxTesting

/// A fresh database of the tests' PostgreSQL cluster, for one test.
struct TeamDatabase {
  let cluster: PostgresCluster
  let name: String

  init(cluster: PostgresCluster? = nil) throws {
    self.cluster = try cluster ?? PostgresCluster.shared()
    name = try self.cluster.createDatabase()
  }

  /// `postgres://postgres:secret@127.0.0.1:<port>/<name>?sslmode=disable`.
  var url: String { cluster.url(database: name) }

  /// The same database as `user` with `password`.
  func url(user: String, password: String) -> String {
    "postgres://\(user):\(password)@127.0.0.1:\(cluster.port)/\(name)?sslmode=disable"
  }

  @discardableResult
  func psql(_ sql: String) throws -> String { try cluster.psql(sql, database: name) }

  /// The stored titles in list order.
  func titles() throws -> [String] {
    try psql("SELECT title FROM standups ORDER BY position")
      .split(separator: "\n").map(String.init)
  }

  /// How many sessions other than psql's own are connected to the database.
  func otherSessions() throws -> Int {
    Int(
      try psql(
        """
        SELECT count(*) FROM pg_stat_activity
        WHERE datname = current_database() AND pid <> pg_backend_pid()
        """)) ?? -1
  }
}

/// Where one member's team-mode files go: a `HOME`, `XDG_CACHE_HOME` and
/// `XDG_STATE_HOME` of its own, so caches and journals neither leak between
/// tests nor into the developer's home.
final class TeamHome {
  let directory: URL

  init() throws {
    directory = try Harness.temporaryDirectory("standups-team")
  }

  deinit { try? FileManager.default.removeItem(at: directory) }

  var cacheDirectory: URL { directory.appendingPathComponent("cache") }
  var stateDirectory: URL { directory.appendingPathComponent("state") }

  /// The variables a member's processes get.
  var variables: [String: String] {
    [
      "HOME": directory.path, "XDG_CACHE_HOME": cacheDirectory.path,
      "XDG_STATE_HOME": stateDirectory.path,
    ]
  }

  /// The environment of a command run to completion: the tmux server's, less
  /// anything that would pick another database or password, plus this home.
  var environment: [String: String] {
    var environment = TerminalSession.environment.filter {
      !$0.key.hasPrefix("PG") && !$0.key.hasPrefix("STANDUPS_")
    }
    environment.merge(variables) { $1 }
    return environment
  }

  /// Runs `standups arguments` to completion with this home.
  func run(_ arguments: [String]) throws -> Harness.Output {
    let binary = try #require(AppSession.binary, "the standups binary was not built")
    return try Harness.run(binary, arguments, environment: environment)
  }

  /// Imports `standups` (written to a data file first) into `url`; expects success.
  func importStandups(
    _ standups: IdentifiedArrayOf<Standup>, into url: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let file = directory.appendingPathComponent("import-\(UUID().uuidString.prefix(8)).json")
    try DataFile(path: file.path).save(standups)
    let output = try run(["import", file.path, "--database", url])
    #expect(output.status == 0, "import failed: \(output.stderr)", sourceLocation: sourceLocation)
  }

  /// Cache and journal files written so far.
  func teamFiles() -> [String] {
    [cacheDirectory, stateDirectory].flatMap { directory in
      let names =
        (try? FileManager.default.contentsOfDirectory(atPath: directory.path + "/standups"))
      return (names ?? []).map { "\(directory.lastPathComponent)/standups/\($0)" }
    }
  }
}

/// The real `standups --database URL` in tmux, with a home of its own.
final class TeamSession {
  /// Variables of the developer's shell that would pick another database or
  /// password behind a test's back: unset for the program.
  static let unset = "env -u PGPASSWORD -u PGPASSFILE -u PGUSER -u STANDUPS_DATABASE_URL"

  let session: TerminalSession
  let home: TeamHome

  /// Starts `standups --database url arguments` (or, with `viaEnvironment`,
  /// `standups arguments` with `$STANDUPS_DATABASE_URL`); `home` is a fresh
  /// one unless given (a restart of the same member).
  init(
    url: String, viaEnvironment: Bool = false, arguments: [String] = [], home: TeamHome? = nil,
    width: Int = 120, height: Int = 30
  ) throws {
    let binary = try #require(AppSession.binary, "the standups binary was not built")
    self.home = try home ?? TeamHome()
    var environment = self.home.variables
    if viaEnvironment { environment["STANDUPS_DATABASE_URL"] = url }
    session = try TerminalSession(
      program: binary, arguments: (viaEnvironment ? [] : ["--database", url]) + arguments,
      prefix: viaEnvironment ? "env -u PGPASSWORD -u PGPASSFILE -u PGUSER" : Self.unset,
      width: width, height: height, environment: environment)
  }

  func screen() throws -> String { try session.screen() }

  /// The pid of `standups` itself.
  func pid() throws -> Int32 {
    try #require(try session.programPID(), "standups is not running")
  }

  /// Adds a standup from the list: `a`, the title, ctrl+s; waits until the
  /// sheet is gone and the list shows it.
  func add(_ title: String, sourceLocation: SourceLocation = #_sourceLocation) async throws {
    try session.sendKeys("a")
    try await session.waitForText("New standup", sourceLocation: sourceLocation)
    try session.type(title)
    try session.sendKeys("C-s")
    try await session.waitForNoText("New standup", sourceLocation: sourceLocation)
    try await session.waitForText(title, sourceLocation: sourceLocation)
  }

  /// From a standup's screen back to the list: Escape, on its own, waited for.
  func backToTheList(sourceLocation: SourceLocation = #_sourceLocation) async throws {
    try session.sendKeys("Escape")
    try await session.waitForNoText("Start meeting", sourceLocation: sourceLocation)
  }

  /// Quits with `keys` and checks the exit status (1: changes did not reach
  /// the database) and that the terminal was left sane (echo and canonical
  /// mode on).
  func quit(
    keys: [String] = ["q"], status expected: Int = 0,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws {
    for key in keys { try session.sendKeys(key) }
    let status = try await session.waitForExit()
    let screen = try screen()
    #expect(
      status == expected, "standups ended with \(String(describing: status)):\n\(screen)",
      sourceLocation: sourceLocation)
    guard status != nil else { return }
    let modes = try session.sttyWords()
    #expect(
      modes.contains("echo") && modes.contains("icanon"), "the terminal was left raw",
      sourceLocation: sourceLocation)
  }
}
