import Foundation
import PostgresTesting
import StandupsApp
import StandupsCore
import Testing
import TmuxTesting

#if canImport(Glibc)
  import Glibc
#endif

extension TeamModeEndToEndTests {
  // MARK: - Trouble at start

  /// What goes wrong, and what the one line says.
  static func trouble(_ kind: String, database: TeamDatabase) throws -> (
    url: String, password: String, message: String
  ) {
    let password = "Pw-\(kind.prefix(3))-\(UUID().uuidString.prefix(8))"
    let port = database.cluster.port
    switch kind {
    case "unreachable":
      let free = try PostgresCluster.freePort()
      return (
        "postgres://postgres:\(password)@127.0.0.1:\(free)/\(database.name)?sslmode=disable",
        password, "cannot reach the database server at 127.0.0.1:\(free)"
      )
    case "wrong password":
      return (
        database.url(user: "postgres", password: password), password,
        "the database server at 127.0.0.1:\(port) refused user “postgres”"
      )
    default:
      let missing = "missing_\(UUID().uuidString.prefix(8).lowercased())"
      return (
        "postgres://postgres:secret@127.0.0.1:\(port)/\(missing)?sslmode=disable", "secret",
        "database “\(missing)” does not exist"
      )
    }
  }

  @Test(arguments: ["unreachable", "wrong password", "missing database"])
  func serverTroubleAtStartIsOneLineAndExitOne(kind: String) async throws {
    let database = try TeamDatabase()
    let (url, password, message) = try Self.trouble(kind, database: database)
    let home = try TeamHome()

    // Standard output and standard error apart.
    let output = try home.run(["--database", url])
    #expect(output.status == 1)
    #expect(output.stdout.isEmpty, "wrote to standard output: \(output.stdout.debugDescription)")
    let lines = output.stderr.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count == 2 && lines[1].isEmpty, "not one line: \(output.stderr)")
    #expect(output.stderr.hasPrefix("standups: "), "\(output.stderr)")
    #expect(output.stderr.contains(message), "\(output.stderr)")
    #expect(!output.stderr.contains(password), "the password shows: \(output.stderr)")

    // In a terminal: every byte the program wrote to it, from before it started.
    let captured = home.directory.appendingPathComponent("pane.txt")
    let binary = try #require(AppSession.binary)
    let session = try TerminalSession(
      program: binary, arguments: ["--database", url],
      prefix: "read go; \(TeamSession.unset)", environment: home.variables)
    try session.tmuxCommand([
      "pipe-pane", "-t", session.target, "cat >> \(Harness.shellQuoted(captured.path))",
    ])
    try session.sendKeys("Enter")
    #expect(try await session.waitForExit() == 1)
    var bytes = ""
    _ = try await Harness.waitFor {
      bytes = (try? String(contentsOf: captured, encoding: .utf8)) ?? ""
      return bytes.contains("EXIT=")
    }
    #expect(
      !bytes.contains("\u{1B}"), "escape sequences reached the terminal: \(bytes.debugDescription)")
    let written = bytes.split(separator: "\r\n").filter { !$0.isEmpty }
    #expect(written.count == 2, "\(bytes.debugDescription)")
    #expect(written.first?.hasPrefix("standups: \(message)") == true, "\(bytes.debugDescription)")
    #expect(!bytes.contains(password))
    let modes = try session.sttyWords()
    #expect(modes.contains("echo") && modes.contains("icanon"))
    // Nothing was cached for a database never reached.
    #expect(home.teamFiles().isEmpty, "\(home.teamFiles())")
  }

  // MARK: - Usage errors

  @Test func databaseTogetherWithDataIsAUsageError() throws {
    let database = try TeamDatabase()
    let home = try TeamHome()
    let password = "Pw-\(UUID().uuidString.prefix(8))"
    let url = database.url(user: "postgres", password: password)
    let file = home.directory.appendingPathComponent("standups.json").path
    let output = try home.run(["--database", url, "--data", file])
    #expect(output.status == 64)
    #expect(output.stdout.isEmpty)
    #expect(output.stderr.contains("--database and --data"), "\(output.stderr)")
    #expect(!output.stderr.contains(password))
    #expect(!FileManager.default.fileExists(atPath: file))
    #expect(try database.psql("SELECT count(*) FROM pg_tables WHERE tablename = 'standups'") == "0")
  }

  @Test func sslmodeVerifyFullIsRefusedWithAMessage() throws {
    let database = try TeamDatabase()
    let home = try TeamHome()
    let password = "Pw-\(UUID().uuidString.prefix(8))"
    let url =
      "postgres://postgres:\(password)@127.0.0.1:\(database.cluster.port)/\(database.name)"
      + "?sslmode=verify-full"
    let output = try home.run(["--database", url])
    #expect(output.status == 64)
    #expect(output.stdout.isEmpty)
    #expect(output.stderr.contains("sslmode=verify-full is not supported"), "\(output.stderr)")
    #expect(!output.stderr.contains(password), "\(output.stderr)")
    #expect(home.teamFiles().isEmpty)
  }

  // MARK: - The password

  @Test func thePasswordNeverShows() async throws {
    let database = try TeamDatabase()
    // A member of its own, whose password can appear nowhere by chance.
    let user = "u_\(UUID().uuidString.prefix(8).lowercased())"
    let password = "Pw\(UUID().uuidString.replacingOccurrences(of: "-", with: ""))"
    try database.psql("CREATE ROLE \(user) LOGIN SUPERUSER PASSWORD '\(password)'")
    let url = database.url(user: user, password: password)
    let home = try TeamHome()

    let imported = try home.run(["import", AppSession.sampleFile(in: home), "--database", url])
    #expect(imported.status == 0, "\(imported.stderr)")
    #expect(imported.stdout.contains("postgres://\(user)@127.0.0.1:"), "\(imported.stdout)")
    for text in [imported.stdout, imported.stderr] { #expect(!text.contains(password)) }

    let log = home.directory.appendingPathComponent("debug.log")
    let app = try TeamSession(url: url, arguments: ["--debug-log", log.path], home: home)
    try await app.session.waitForText("2 standups")
    try await app.add("Retro")
    #expect(!(try app.session.screen(history: true)).contains(password))
    try await app.quit()
    #expect(!(try app.session.screen(history: true)).contains(password))
    let logged = try String(contentsOf: log, encoding: .utf8)
    #expect(logged.contains("Retro"), "the debug log holds nothing")
    #expect(!logged.contains(password), "the password is in the debug log")

    let exported = try home.run(["export", "--database", url])
    #expect(exported.status == 0, "\(exported.stderr)")
    #expect(exported.stdout.contains("Retro"))
    for text in [exported.stdout, exported.stderr] { #expect(!text.contains(password)) }

    // Nor in the cache team mode keeps.
    let files = home.teamFiles()
    #expect(!files.isEmpty)
    for file in files {
      let data = try Data(contentsOf: home.directory.appendingPathComponent(file))
      #expect(!String(decoding: data, as: UTF8.self).contains(password), "in \(file)")
    }
  }
}
