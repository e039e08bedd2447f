import Foundation
import PostgresTesting
import StandupsApp
import StandupsCore

/// Team mode on a private PostgreSQL server on loopback: the first frame of
/// 1 000 × 20 read from the database, and how soon an edit in one instance
/// reaches a second one's terminal.
@MainActor
struct TeamBench {
  let app: String
  let report: Report

  static func run(app: String, standups: IdentifiedArrayOf<Standup>, report: Report, runs: Int)
    throws
  {
    let cluster = try PostgresCluster.start()
    defer { cluster.stop() }
    let database = try cluster.createDatabase()
    let url = cluster.url(database: database)
    let home = Fixtures.temporaryDirectory("team")
    let file = home + "/standups.json"
    try DataFile(path: file).save(standups)
    let bench = TeamBench(app: app, report: report)
    let start = monotonicNanos()
    let imported = try bench.command(["import", file, "--database", url], home: home)
    guard imported == 0 else {
      throw PseudoTerminal.Failure(description: "standups import exited \(imported)")
    }
    report.add(
      "team", "standups import of 1 000 × 20 into an empty database",
      Format.duration(nanoseconds: Double(monotonicNanos() - start)))
    try bench.firstFrame(url: url, home: home, runs: runs)
    try bench.editReachesAnother(url: url, home: home, edits: runs)
  }

  func environment(home: String) -> [String: String] {
    [
      "TERM": "xterm-256color", "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "HOME": home,
      "XDG_CACHE_HOME": home + "/cache", "XDG_STATE_HOME": home + "/state",
      "PATH": "/usr/bin:/bin",
    ]
  }

  func launch(url: String, home: String) throws -> PseudoTerminal {
    try PseudoTerminal(
      executable: app, arguments: ["--database", url], columns: 80, rows: 24,
      environment: environment(home: home))
  }

  /// Runs a command to its end; its exit status.
  func command(_ arguments: [String], home: String) throws -> Int32 {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: app)
    process.arguments = arguments
    process.environment = environment(home: home)
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    return process.terminationStatus
  }

  func quit(_ terminal: PseudoTerminal) {
    terminal.send("q")
    if terminal.waitForExit(timeout: 5) == nil {
      terminal.signal(SIGTERM)
      terminal.waitForExit()
    }
  }

  func firstFrame(url: String, home: String, runs: Int) throws {
    var times: [Double] = []
    for _ in 0..<runs {
      let start = monotonicNanos()
      let terminal = try launch(url: url, home: home)
      let frame = terminal.readUntilQuiet(quiet: 0.3)
      guard frame.last != 0 else { throw PseudoTerminal.Failure(description: "no first frame") }
      times.append(Double(frame.last - start))
      quit(terminal)
    }
    report.add(
      "team", "to first frame from a local server, 1 000 × 20 (\(runs) runs)",
      times: Samples(times), target: "≤ 100 ms", limit: 100_000_000)
  }

  /// A standup added in one instance (Ctrl-S in its sheet) until the other
  /// starts redrawing.
  func editReachesAnother(url: String, home: String, edits: Int) throws {
    let editor = try launch(url: url, home: home)
    let viewer = try launch(url: url, home: home)
    _ = editor.readUntilQuiet(quiet: 0.3)
    _ = viewer.readUntilQuiet(quiet: 0.3)
    var times: [Double] = []
    for edit in 0..<edits {
      editor.send("a")
      _ = editor.readUntilQuiet(quiet: 0.1, limit: 2)
      editor.send("Bench \(edit)")
      _ = editor.readUntilQuiet(quiet: 0.1, limit: 2)
      let start = monotonicNanos()
      editor.send("\u{13}")  // Ctrl-S
      let shown = viewer.readUntilQuiet(quiet: 0.1, limit: 3)
      _ = editor.readUntilQuiet(quiet: 0.1, limit: 2)
      guard shown.first != 0 else {
        throw PseudoTerminal.Failure(description: "the second instance never redrew")
      }
      times.append(Double(shown.first - start))
    }
    quit(editor)
    quit(viewer)
    report.add(
      "team", "an edit visible in a second instance, loopback (\(edits) edits)",
      times: Samples(times), target: "≤ 200 ms", limit: 200_000_000)
  }
}
