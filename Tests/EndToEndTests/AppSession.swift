import Foundation
import StandupsApp
import StandupsCore
import Testing
import TmuxTesting

/// The real `standups` binary in tmux, on a data file of its own.
final class AppSession {
  static let binary = Harness.builtProduct("standups")

  let session: TerminalSession
  let dataPath: String
  let directory: URL

  /// Starts the app on `standups` (written to a fresh data file first), or on
  /// no file at all when `standups` is nil.
  init(
    standups: IdentifiedArrayOf<Standup>? = AppSession.sample, arguments: [String] = [],
    dataPath: String? = nil, width: Int = 80, height: Int = 24, term: String? = nil,
    environment: [String: String] = [:]
  ) throws {
    let binary = try #require(Self.binary, "the standups binary was not built next to the tests")
    directory = try Harness.temporaryDirectory("standups-app")
    self.dataPath = dataPath ?? directory.appendingPathComponent("standups.json").path
    if let standups { try DataFile(path: self.dataPath).save(standups) }
    // tmux sets TERM for the pane itself; the shell's assignment wins over it.
    session = try TerminalSession(
      program: binary, arguments: ["--data", self.dataPath] + arguments,
      prefix: term.map { "TERM=\($0)" } ?? "", width: width, height: height,
      environment: environment)
  }

  /// From the sample list, `a`: the add sheet is up.
  func openTheAddSheet() async throws {
    try await session.waitForText("Design")
    try session.sendKeys("a")
    try await session.waitForText("New standup")
  }

  /// What `standups render` prints for `route` at a size: the frame the app
  /// draws there, as text (trailing blanks trimmed).
  func render(route: String = "/", width: Int, height: Int) throws -> [String] {
    try Self.render(dataPath: dataPath, route: route, width: width, height: height)
  }

  static func render(dataPath: String, route: String, width: Int, height: Int) throws -> [String] {
    let binary = try #require(binary)
    let output = try Harness.run(
      binary,
      ["render", "--data", dataPath, "--open", route, "--size", "\(width)x\(height)"],
      environment: TerminalSession.environment)
    #expect(output.status == 0, "render failed: \(output.stderr)")
    return output.stdout.split(separator: "\n", omittingEmptySubsequences: false)
      .prefix(height).map(String.init)
  }

  deinit { try? FileManager.default.removeItem(at: directory) }

  /// Two standups with known titles, ids and one past meeting.
  static let sample: IdentifiedArrayOf<Standup> = [
    Standup(
      id: .init(UUID(uuidString: "AAAAAAAA-0000-0000-0000-000000000001")!),
      attendees: [
        Attendee(id: .init(UUID(uuidString: "AAAAAAAA-0000-0000-0000-0000000000A1")!), name: "Ada"),
        Attendee(
          id: .init(UUID(uuidString: "AAAAAAAA-0000-0000-0000-0000000000A2")!), name: "Grace"),
      ],
      duration: .seconds(10 * 60),
      meetings: [
        Meeting(
          id: .init(UUID(uuidString: "BBBBBBBB-0000-0000-0000-000000000001")!),
          date: Date(timeIntervalSince1970: 1_763_632_800),
          transcript: "Ada: Shipped the colour picker.\nGrace: Reviewing copy.")
      ],
      theme: .orange,
      title: "Design"),
    Standup(
      id: .init(UUID(uuidString: "CCCCCCCC-0000-0000-0000-000000000002")!),
      attendees: [
        Attendee(
          id: .init(UUID(uuidString: "CCCCCCCC-0000-0000-0000-0000000000C1")!), name: "Linus")
      ],
      duration: .seconds(5 * 60),
      theme: .teal,
      title: "Engineering"),
  ]

  func screen() throws -> String { try session.screen() }

  /// The saved standups, once the file holds what `condition` wants.
  func waitForSavedData(
    _ description: String, timeout: Duration = .seconds(10),
    sourceLocation: SourceLocation = #_sourceLocation,
    _ condition: @escaping (IdentifiedArrayOf<Standup>) -> Bool
  ) async throws -> IdentifiedArrayOf<Standup>? {
    var last: IdentifiedArrayOf<Standup>?
    let held = try await Harness.waitFor(timeout: timeout) {
      last = (try? DataFile(path: dataPath).load()) ?? nil
      return last.map(condition) ?? false
    }
    if !held {
      Issue.record(
        "the data file never held \(description); it holds \(String(describing: last?.map(\.title)))",
        sourceLocation: sourceLocation)
    }
    return held ? last : nil
  }

  /// Quits and checks the terminal was left sane (echo and canonical mode on).
  func quitAndExpectSaneTerminal(
    keys: [String] = ["C-c"], sourceLocation: SourceLocation = #_sourceLocation
  ) async throws {
    for key in keys { try session.sendKeys(key) }
    let status = try await session.waitForExit()
    #expect(
      status == 0, "the screen then:\n\((try? session.screen()) ?? "?")",
      sourceLocation: sourceLocation)
    let modes = try session.sttyWords()
    #expect(modes.contains("echo"), "echo is off after quitting", sourceLocation: sourceLocation)
    #expect(modes.contains("icanon"), "canonical mode is off", sourceLocation: sourceLocation)
  }
}

/// Rows as compared between the terminal and `render`: trailing blanks off.
func trimmed(_ rows: [String]) -> [String] {
  rows.map { String($0.reversed().drop { $0 == " " }.reversed()) }
}

/// The "Elapsed m:ss" figure of a recording screen, in seconds.
func elapsedSeconds(in screen: String) -> Int? {
  guard let label = screen.range(of: "Elapsed ") else { return nil }
  let parts = screen[label.upperBound...].prefix { $0 == ":" || $0.isNumber }.split(separator: ":")
  guard parts.count == 2, let minutes = Int(parts[0]), let seconds = Int(parts[1]) else {
    return nil
  }
  return minutes * 60 + seconds
}
