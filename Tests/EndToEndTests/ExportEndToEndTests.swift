import Foundation
import StandupsApp
import StandupsCore
import Testing
import TmuxTesting

/// `standups export`, the real binary without a terminal: Markdown or JSON on
/// standard output, narrowed by a route and `--since`, dated in `TZ`, and
/// never a file created, copied or changed.
@Suite(.timeLimit(.minutes(2)))
struct ExportEndToEndTests {
  /// A data file of `standups` in a directory of its own.
  final class DataDirectory {
    let directory: URL
    let path: String

    init(_ standups: IdentifiedArrayOf<Standup>? = ExportEndToEndTests.standups) throws {
      directory = try Harness.temporaryDirectory("standups-export")
      path = directory.appendingPathComponent("s.json").path
      if let standups { try DataFile(path: path).save(standups) }
    }

    deinit { try? FileManager.default.removeItem(at: directory) }

    var contents: Data? { FileManager.default.contents(atPath: path) }
    var entries: [String] {
      ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).sorted()
    }

    /// Runs `standups export --data <file>` with `arguments`, in `TZ`.
    func export(_ arguments: [String] = [], timeZone: String = "UTC") throws -> Harness.Output {
      let binary = try #require(AppSession.binary)
      var environment = TerminalSession.environment
      environment["TZ"] = timeZone
      return try Harness.run(
        binary, ["export", "--data", path] + arguments, environment: environment)
    }
  }

  /// The end-to-end sample, Design with a second, older meeting (stored
  /// second, as the app stores them: newest first).
  static let standups: IdentifiedArrayOf<Standup> = {
    var standups = AppSession.sample
    standups[0].meetings.append(
      Meeting(
        id: .init(UUID(uuidString: "BBBBBBBB-0000-0000-0000-000000000002")!),
        date: Date(timeIntervalSince1970: 1_763_546_400),  // 2025-11-19 10:00 UTC
        transcript: "Grace: Planning the sprint.\nA note with no speaker."))
    return standups
  }()

  @Test func printsEveryStandupAsMarkdown() throws {
    let data = try DataDirectory()
    let result = try data.export()
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.isEmpty)
    #expect(
      result.stdout == """
        # Design
        10 min · Orange · Ada, Grace

        ## 2025-11-20 10:00
        - **Ada:** Shipped the colour picker.
        - **Grace:** Reviewing copy.

        ## 2025-11-19 10:00
        - **Grace:** Planning the sprint.
        - A note with no speaker.

        # Engineering
        5 min · Teal · Linus

        _No meetings._

        """)
  }

  @Test func aMeetingRoutePrintsThatMeetingUnderItsStandup() throws {
    let data = try DataDirectory()
    let result = try data.export(["--open", "/Design/meetings/2"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      result.stdout == """
        # Design
        10 min · Orange · Ada, Grace

        ## 2025-11-19 10:00
        - **Grace:** Planning the sprint.
        - A note with no speaker.

        """)
    // The first meeting, by position and by id prefix; the route's standup alone.
    // Its delete alert's route names it too (the standup's screen with
    // the meeting highlighted, which `y` copies).
    for route in [
      "/Design/meetings/1", "standups:///1/meetings/bbbbbbbb-0000-0000-0000-000000000001",
      "/Design/meetings/1/delete",
    ] {
      let first = try data.export(["--open", route])
      #expect(first.status == 0, "\(first.stderr)")
      #expect(first.stdout.contains("## 2025-11-20 10:00\n- **Ada:** Shipped the colour picker."))
      #expect(!first.stdout.contains("2025-11-19") && !first.stdout.contains("Engineering"))
    }
  }

  @Test(arguments: [
    "/design", "/1/edit", "/Design/edit/attendees/2", "/design/delete", "/1/record",
    "/?delete=1", "/?delete=Design",
  ])
  func aStandupRoutePrintsThatStandup(route: String) throws {
    let data = try DataDirectory()
    let result = try data.export(["--open", route])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.hasPrefix("# Design\n"))
    #expect(
      result.stdout.contains("## 2025-11-20 10:00") && result.stdout.contains("## 2025-11-19 10:00")
    )
    #expect(!result.stdout.contains("Engineering"))
  }

  @Test func sinceKeepsMeetingsOnOrAfterTheLocalDate() throws {
    let data = try DataDirectory()
    let result = try data.export(["--since", "2025-11-20"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("## 2025-11-20 10:00"))
    #expect(!result.stdout.contains("2025-11-19"))
    #expect(result.stdout.contains("# Engineering"))
    // A day later: the standups, no meeting.
    let later = try data.export(["--since", "2025-11-21"])
    #expect(later.status == 0)
    #expect(!later.stdout.contains("## "))
    #expect(later.stdout.contains("_No meetings since 2025-11-21._"), "\(later.stdout)")
    #expect(!later.stdout.contains("_No meetings._"))
  }

  @Test func jsonIsADataFileOfTheSelectionAndNoFileChanges() throws {
    let data = try DataDirectory()
    let before = try #require(data.contents)
    let entries = data.entries
    #expect(entries == ["s.json"])

    let everything = try data.export(["--format", "json"])
    #expect(everything.status == 0, "\(everything.stderr)")
    // Exactly what the app saves: the output is the data file itself.
    #expect(Data(everything.stdout.utf8) == before)
    #expect(try StandupsFormat.decode(Data(everything.stdout.utf8)) == Self.standups)

    let meeting = try data.export(["--format", "json", "--open", "/Design/meetings/2"])
    #expect(meeting.status == 0, "\(meeting.stderr)")
    var design = Self.standups[0]
    design.meetings = [Self.standups[0].meetings[1]]
    #expect(try StandupsFormat.decode(Data(meeting.stdout.utf8)) == [design])

    let since = try data.export(["--format", "json", "--since", "2025-11-20"])
    #expect(since.status == 0, "\(since.stderr)")
    var filtered = Self.standups
    filtered[0].meetings.removeLast()
    #expect(try StandupsFormat.decode(Data(since.stdout.utf8)) == filtered)

    // Only read: the file as it was, nothing beside it (no lock, copy or temp file).
    #expect(data.contents == before)
    #expect(data.entries == entries)
  }

  @Test func jsonKeepsHostileStringsByteExact() throws {
    var standups = Self.standups
    standups[0].title = "Quote \" back\\slash\nnew line\u{1B}[31m\u{202E}\u{0}"
    standups[0].meetings[0].transcript = "Ada: \u{1B}]0;pwned\u{07} tab\t\"q\" 李雷 🚀"
    let data = try DataDirectory(standups)
    let result = try data.export(["--format", "json"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(try StandupsFormat.decode(Data(result.stdout.utf8)) == standups)
    #expect(!result.stdout.contains("\u{1B}") && !result.stdout.contains("␛"))
    // Markdown shows the same strings inert instead.
    let markdown = try data.export()
    #expect(markdown.status == 0)
    #expect(!markdown.stdout.contains("\u{1B}") && !markdown.stdout.contains("\u{202E}"))
    #expect(markdown.stdout.hasPrefix(#"# Quote " back\\slash new line␛\[31m�␀"#))
  }

  @Test(arguments: [
    ("/new", "nothing to export"),
    ("/?delete=3", "no standup at position 3"),
    ("/?filter=zzz", "'/?filter=zzz' matches no standup: nothing to export"),
    ("/?filter=%", "'/?filter=%' filters on no words; leave --open out"),
    ("/?filter=%20-", "filters on no words"),
    ("/nope", "no standup matches \"nope\""),
    ("/3", "no standup at position 3"),
    ("/design/bogus", "is not a route"),
    ("/design/meetings/9", "no meeting 9"),
    ("/design/edit/attendees/3", "there is no attendee 3"),
  ])
  func routesThatNameNothingToExportExitWithStatus2(route: String, message: String) throws {
    let data = try DataDirectory()
    let result = try data.export(["--open", route])
    #expect(result.status == 2)
    #expect(result.stderr.contains(message), "\(result.stderr)")
    #expect(result.stdout.isEmpty)
  }

  @Test(arguments: ["2025-02-30", "2025-11-1", "20251120", "yesterday", ""])
  func aMalformedSinceIsAUsageError(since: String) throws {
    let data = try DataDirectory()
    let result = try data.export(["--since", since])
    #expect(result.status == 64)
    #expect(result.stderr.contains("YYYY-MM-DD"), "\(result.stderr)")
    #expect(result.stdout.isEmpty)
  }

  @Test(arguments: [
    ("UTC", "## 2025-11-20 10:00"),
    ("Asia/Tokyo", "## 2025-11-20 19:00"),
    ("America/New_York", "## 2025-11-20 05:00"),
    // POSIX forms, as the C library reads them.
    ("JST-9", "## 2025-11-20 19:00"),
    (":Europe/Paris", "## 2025-11-20 11:00"),
  ])
  func theTZEnvironmentChangesThePrintedTimes(timeZone: String, heading: String) throws {
    let data = try DataDirectory()
    let result = try data.export(["--open", "/Design/meetings/1"], timeZone: timeZone)
    #expect(result.status == 0, "\(result.stderr)")
    let headings = result.stdout.split(separator: "\n").filter { $0.hasPrefix("## ") }
    #expect(headings == [Substring(heading)])
  }

  @Test func sinceComparesLocalDates() throws {
    // The meeting at 10:00 UTC on the 20th is at 23:00 on the 19th in UTC-11.
    let data = try DataDirectory()
    let pagoPago = try data.export(["--since", "2025-11-20"], timeZone: "Pacific/Pago_Pago")
    #expect(pagoPago.status == 0, "\(pagoPago.stderr)")
    #expect(!pagoPago.stdout.contains("## "))
    #expect(pagoPago.stdout.contains("# Design"))
    let previousDay = try data.export(["--since", "2025-11-19"], timeZone: "Pacific/Pago_Pago")
    #expect(previousDay.stdout.contains("## 2025-11-19 23:00"))
    #expect(!previousDay.stdout.contains("## 2025-11-18"))
    let tokyo = try data.export(["--since", "2025-11-20"], timeZone: "Asia/Tokyo")
    #expect(
      tokyo.stdout.split(separator: "\n").filter { $0.hasPrefix("## ") } == ["## 2025-11-20 19:00"])
  }

  @Test func aMissingFileIsNothingToExportAndIsNotCreated() throws {
    let data = try DataDirectory(nil)
    let markdown = try data.export()
    #expect(markdown.status == 0, "\(markdown.stderr)")
    #expect(markdown.stdout.isEmpty)
    // Said, so that a mistyped path is not mistaken for an empty file.
    #expect(markdown.stderr.contains("no data file at \(data.path)"), "\(markdown.stderr)")
    let json = try data.export(["--format", "json"])
    #expect(json.status == 0)
    #expect(try StandupsFormat.decode(Data(json.stdout.utf8)).isEmpty)
    #expect(data.entries.isEmpty)
  }

  /// A file of white space is a data file yet to be filled (the app opens
  /// it empty): nothing to export, said, and left as it is.
  @Test(arguments: ["", " \n\t\n"])
  func anEmptyFileIsNothingToExport(contents: String) throws {
    let data = try DataDirectory(nil)
    try Data(contents.utf8).write(to: URL(fileURLWithPath: data.path))
    let markdown = try data.export()
    #expect(markdown.status == 0, "\(markdown.stderr)")
    #expect(markdown.stdout.isEmpty)
    #expect(markdown.stderr.contains("\(data.path) is empty"), "\(markdown.stderr)")
    let json = try data.export(["--format", "json"])
    #expect(json.status == 0, "\(json.stderr)")
    #expect(try StandupsFormat.decode(Data(json.stdout.utf8)).isEmpty)
    #expect(try String(contentsOfFile: data.path, encoding: .utf8) == contents)
  }

  @Test func anUnreadableFileIsReportedAndLeftAsItIs() throws {
    let data = try DataDirectory(nil)
    let garbage = Data("{ not json".utf8)
    try garbage.write(to: URL(fileURLWithPath: data.path))
    let result = try data.export()
    #expect(result.status == 1)
    #expect(
      result.stderr.contains(
        "is not a valid standups file: not valid JSON at line 1, column 3: unexpected `n` where a key in quotes belongs"
      ),
      "\(result.stderr)")
    #expect(result.stdout.isEmpty)
    // `render` draws the empty list, says why as export does, the path in
    // full, and exits 1 (the file could not be read).
    let binary = try #require(AppSession.binary)
    let render = try Harness.run(
      binary, ["render", "--data", data.path, "--size", "80x24"],
      environment: TerminalSession.environment)
    #expect(render.status == 1)
    #expect(render.stdout.contains("No standups yet"), "\(render.stdout)")
    #expect(
      render.stderr.hasPrefix(
        "standups: \(data.path) is not a valid standups file: not valid JSON at line 1, column 3:"),
      "\(render.stderr)")
    #expect(data.contents == garbage)
    #expect(data.entries == ["s.json"], "nothing kept aside")
  }
}
