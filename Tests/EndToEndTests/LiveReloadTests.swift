import Foundation
import StandupsApp
import StandupsCore
import Testing
import TmuxTesting

/// The data file changed by another program while the app is open: the change
/// shows within about a second and is merged with the user's; a file that goes
/// bad is written again from memory once it stays bad; a newer version makes
/// the app read-only; a conflict keeps the user's version beside the file.
@Suite(.serialized, .timeLimit(.minutes(3)))
struct LiveReloadTests {
  /// A standup another program adds.
  static let marketing = Standup(
    id: .init(UUID(uuidString: "DDDDDDDD-0000-0000-0000-000000000003")!),
    attendees: [
      Attendee(id: .init(UUID(uuidString: "DDDDDDDD-0000-0000-0000-0000000000D1")!), name: "Mae")
    ],
    duration: .seconds(15 * 60), theme: .purple, title: "Marketing")

  /// Another program's edit: reads the file, changes it, saves it by rename.
  static func changeElsewhere(
    _ path: String, _ change: (inout IdentifiedArrayOf<Standup>) -> Void
  ) throws {
    var standups = try #require(try DataFile(path: path).load())
    change(&standups)
    try DataFile(path: path).save(standups)
  }

  static func inode(_ path: String) -> ino_t? {
    var info = stat()
    return stat(path, &info) == 0 ? info.st_ino : nil
  }

  /// The files in `directory` whose names start with `prefix`.
  static func files(in directory: URL, prefix: String) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: directory.path)
      .filter { $0.hasPrefix(prefix) }
  }

  /// Waits for a screen that `done` accepts, checking that every screen seen
  /// before it is `unchanged` and that it took at least `atLeast`.
  /// Returns the screen that showed it: a notice goes by itself after a few
  /// seconds, so a second look might come too late under load.
  @discardableResult
  static func expectScreenUnchanged(
    _ app: AppSession, from unchanged: String, atLeast: Duration, until description: String,
    sourceLocation: SourceLocation = #_sourceLocation, _ done: @escaping (String) -> Bool
  ) async throws -> String {
    let clock = ContinuousClock()
    let start = clock.now
    var early: String?
    var shown = ""
    let held = try await Harness.waitFor(timeout: .seconds(10)) {
      let screen = try app.screen()
      if done(screen) {
        shown = screen
        return true
      }
      if screen != unchanged, early == nil { early = screen }
      return false
    }
    let elapsed = clock.now - start
    if !held {
      Issue.record(
        "screen never showed \(description); it shows:\n\(try app.screen())",
        sourceLocation: sourceLocation)
    }
    #expect(
      early == nil, "the screen changed before \(description):\n\(early ?? "")",
      sourceLocation: sourceLocation)
    #expect(
      elapsed >= atLeast, "\(description) after only \(elapsed)", sourceLocation: sourceLocation)
    return shown
  }

  /// The issue's scenario, with libdispatch's executors too and with polling.
  @Test(arguments: ["", "platform"], ["", "poll"])
  func anotherProgramsNewStandupShowsAndBothAreSaved(executors: String, watch: String)
    async throws
  {
    let app = try AppSession(
      environment: ["STANDUPS_EXECUTORS": executors, "STANDUPS_WATCH": watch])
    try await app.session.waitForText("2 standups")
    try Self.changeElsewhere(app.dataPath) { $0.append(Self.marketing) }
    try await app.session.waitForText("Marketing")
    try await app.session.waitForText("3 standups")

    try app.session.sendKeys("a")
    try await app.session.waitForText("New standup")
    try app.session.type("Retro")
    try app.session.sendKeys("C-s")
    try await app.session.waitForNoText("New standup")
    try await app.session.waitForText("Retro")
    try await app.session.waitForText("4 standups")
    try await app.quitAndExpectSaneTerminal(keys: ["q"])

    let saved = try #require(try DataFile(path: app.dataPath).load())
    #expect(Set(saved.map(\.title)) == ["Design", "Engineering", "Marketing", "Retro"])
    #expect(saved[id: Self.marketing.id] == Self.marketing)
    for standup in AppSession.sample { #expect(saved[id: standup.id] == standup) }
  }

  @Test(arguments: ["", "platform"])
  func anEditInPlaceShows(executors: String) async throws {
    let app = try AppSession(environment: ["STANDUPS_EXECUTORS": executors])
    try await app.session.waitForText("Engineering")
    let inode = Self.inode(app.dataPath)
    var standups = AppSession.sample
    standups[1].title = "Platform"
    // Same file, new contents: truncated, then written (no rename).
    let handle = try #require(FileHandle(forWritingAtPath: app.dataPath))
    try handle.truncate(atOffset: 0)
    try handle.write(contentsOf: StandupsFormat.encode(standups))
    try handle.close()
    #expect(Self.inode(app.dataPath) == inode, "the test edited another file")

    try await app.session.waitForText("Platform")
    try await app.session.waitForNoText("Engineering")
    try await app.quitAndExpectSaneTerminal(keys: ["q"])
    #expect(try DataFile(path: app.dataPath).load() == standups)
  }

  /// How another program can leave the file: written in place each time.
  enum Damage: String, CaseIterable, Sendable {
    case invalidJSON, truncated, halfWritten

    func bytes(replacing original: Data) -> Data {
      switch self {
      case .invalidJSON: Data("{\"version\": 1, \"standups\": [ {oops".utf8)
      case .truncated: Data()
      case .halfWritten: original.prefix(original.count / 2)
      }
    }
  }

  @Test(arguments: Damage.allCases, ["", "platform"])
  func aDamagedFileIsKeptAsideAndWrittenAgainFromMemory(damage: Damage, executors: String)
    async throws
  {
    // Wide enough for the whole banner, with the name of the copy.
    let app = try AppSession(width: 200, environment: ["STANDUPS_EXECUTORS": executors])
    try await app.session.waitForText("2 standups")
    // The bottom row too: the whole first frame is on screen.
    try await app.session.waitForText("? help")
    let before = try app.screen()
    let original = try Data(contentsOf: URL(fileURLWithPath: app.dataPath))
    let garbage = damage.bytes(replacing: original)
    try garbage.write(to: URL(fileURLWithPath: app.dataPath))

    // Maybe another program's write in progress: nothing happens for 2 s.
    let screen = try await Self.expectScreenUnchanged(
      app, from: before, atLeast: .milliseconds(1500), until: "the unreadable-file banner"
    ) { $0.contains("became unreadable") }
    #expect(screen.contains("standups.json became unreadable"))
    let copies = try Self.files(in: app.directory, prefix: "standups.unreadable-")
    #expect(copies.count == 1)
    let copy = try #require(copies.first)
    #expect(screen.contains("kept as \(copy)"), "the banner names the copy:\n\(screen)")
    #expect(screen.contains("saved again from memory ("), "and says what is wrong:\n\(screen)")
    #expect(try Data(contentsOf: app.directory.appendingPathComponent(copy)) == garbage)

    _ = try await app.waitForSavedData("the app's standups again") {
      $0 == AppSession.sample
    }
    #expect(try app.screen().contains("Design"))
    try await app.quitAndExpectSaneTerminal(keys: ["q"])
  }

  @Test(arguments: ["", "platform"])
  func aDeletedFileIsWrittenAgainFromMemory(executors: String) async throws {
    let app = try AppSession(width: 120, environment: ["STANDUPS_EXECUTORS": executors])
    try await app.session.waitForText("2 standups")
    try await app.session.waitForText("? help")
    let before = try app.screen()
    let clock = ContinuousClock()
    let deleted = clock.now
    try FileManager.default.removeItem(atPath: app.dataPath)

    let screen = try await Self.expectScreenUnchanged(
      app, from: before, atLeast: .milliseconds(1500), until: "the deleted-file banner"
    ) { $0.contains("was deleted by another program") }
    #expect(screen.contains("standups.json was deleted by another program"))
    let saved = try await app.waitForSavedData("the app's standups again") {
      $0 == AppSession.sample
    }
    #expect(saved != nil)
    #expect(clock.now - deleted >= .milliseconds(1500), "recreated before the file settled")
    try await app.quitAndExpectSaneTerminal(keys: ["q"])
    #expect(try DataFile(path: app.dataPath).load() == AppSession.sample)
  }

  @Test(arguments: ["", "platform"])
  func aNewerVersionMakesTheAppReadOnlyAndIsNeverReplaced(executors: String) async throws {
    // Wide enough for the whole banner.
    let app = try AppSession(width: 160, environment: ["STANDUPS_EXECUTORS": executors])
    try await app.session.waitForText("2 standups")
    let newer = Data("{\"standups\": [], \"version\": 99}\n".utf8)
    try newer.write(to: URL(fileURLWithPath: app.dataPath), options: .atomic)

    try await app.session.waitForText("newer standups")
    let screen = try await app.session.settledScreen()
    #expect(screen.contains("format version 99"), "the banner names the file's version")
    #expect(screen.contains("reads up to \(StandupsFormat.currentVersion)"))
    #expect(screen.contains("Read-only"))

    try app.session.sendKeys("a")
    try await app.session.waitForText("New standup")
    try app.session.type("Retro")
    try app.session.sendKeys("C-s")
    try await app.session.waitForNoText("New standup")
    try await app.session.waitForText("Retro")
    // The banner went with the keys; the status line still says saves are off.
    #expect(try app.screen().contains("Read-only: standups.json is now from a newer standups"))
    try await app.quitAndExpectSaneTerminal(keys: ["q"])
    #expect(try Data(contentsOf: URL(fileURLWithPath: app.dataPath)) == newer)
    // Never copied aside as unreadable; the user's changes, never written
    // over it, are kept beside it instead.
    #expect(try Self.files(in: app.directory, prefix: "standups.unreadable-").isEmpty)
    let copies = try Self.files(in: app.directory, prefix: "standups.conflict-")
    #expect(copies.count == 1)
    let yours = try copies.first.flatMap {
      try DataFile(path: app.directory.appendingPathComponent($0).path).load()
    }
    #expect(yours?.map(\.title) == ["Design", "Engineering", "Retro"])
  }

  @Test(arguments: ["", "platform"])
  func aLinkedDataFileIsWatchedAndStaysALink(executors: String) async throws {
    let linkDirectory = try Harness.temporaryDirectory("standups-link")
    let targetDirectory = try Harness.temporaryDirectory("standups-target")
    defer {
      try? FileManager.default.removeItem(at: linkDirectory)
      try? FileManager.default.removeItem(at: targetDirectory)
    }
    let link = linkDirectory.appendingPathComponent("standups.json").path
    let target = targetDirectory.appendingPathComponent("real.json").path
    try DataFile(path: target).save(AppSession.sample)
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)

    let app = try AppSession(
      standups: nil, dataPath: link, environment: ["STANDUPS_EXECUTORS": executors])
    try await app.session.waitForText("2 standups")
    // The target is replaced (a rename in its own directory).
    try Self.changeElsewhere(target) { $0.append(Self.marketing) }
    try await app.session.waitForText("Marketing")

    try app.session.sendKeys("a")
    try await app.session.waitForText("New standup")
    try app.session.type("Retro")
    try app.session.sendKeys("C-s")
    try await app.session.waitForNoText("New standup")
    try await app.session.waitForText("Retro")
    _ = try await app.waitForSavedData("Retro") { $0.contains { $0.title == "Retro" } }
    try await app.quitAndExpectSaneTerminal(keys: ["q"])

    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == target)
    let saved = try #require(try DataFile(path: target).load())
    #expect(Set(saved.map(\.title)) == ["Design", "Engineering", "Marketing", "Retro"])
  }

  @Test func aConflictKeepsTheirsAndTheUsersVersionBesideIt() async throws {
    let app = try AppSession(arguments: ["--open", "/Design/edit"])
    try await app.session.waitForText("Edit standup")
    try app.session.type(" Mine")
    try await app.session.waitForText("Design Mine")
    let design = AppSession.sample[0].id
    try Self.changeElsewhere(app.dataPath) { $0[id: design]?.title = "Design Theirs" }
    // The detail behind the sheet shows theirs; the sheet keeps the user's text.
    try await app.session.waitForText("Standups › Design Theirs")
    #expect(try app.screen().contains("Design Mine"))

    try app.session.sendKeys("C-s")
    try await app.session.waitForScreen("the conflict banner") {
      $0.contains("Changed elsewhere too: kept “Design Theirs”")
    }
    #expect(try !app.screen().contains("Edit standup"))
    let copies = try Self.files(in: app.directory, prefix: "standups.conflict-")
    #expect(copies.count == 1)
    let copy = try #require(copies.first)
    #expect(
      copy.wholeMatch(of: /standups\.conflict-\d{8}T\d{6}\.\d{3}Z\.json/) != nil,
      "unexpected name \(copy)")
    let yours = try DataFile(path: app.directory.appendingPathComponent(copy).path).load()
    #expect(yours?.map(\.title) == ["Design Mine"])
    let stored = try await app.waitForSavedData("theirs") {
      $0[id: design]?.title == "Design Theirs"
    }
    #expect(stored?.count == 2)

    try app.session.sendKeys("o")
    try await app.session.waitForText("Edit standup")
    try await app.session.waitForText("Title     Design Mine")
    // The reopened version is unsaved work: Esc warns, and again discards it.
    try app.session.sendKeys("Escape")
    try await app.session.waitForText("Unsaved: esc again discards")
    try app.session.sendKeys("Escape")
    try await app.session.waitForNoText("Edit standup")
    try await app.quitAndExpectSaneTerminal()
    #expect(try DataFile(path: app.dataPath).load()?[id: design]?.title == "Design Theirs")
  }

  @Test func anEditSheetOfAStandupDeletedElsewhereStaysAndSavingKeepsIt() async throws {
    let app = try AppSession(arguments: ["--open", "/Design/edit"], width: 120)
    try await app.session.waitForText("Edit standup")
    try app.session.type(" Mine")
    try await app.session.waitForText("Design Mine")
    let design = AppSession.sample[0].id
    try Self.changeElsewhere(app.dataPath) { $0.remove(id: design) }

    try await app.session.waitForText("saving keeps it")
    #expect(try app.screen().contains("Design Mine"), "the draft stays")
    // The banner goes at the next key; the sheet's title still says it.
    try await app.session.waitForText("Edit standup · deleted elsewhere")
    try app.session.sendKeys("Right")
    try await app.session.waitForNoText("saving keeps it")
    #expect(try app.screen().contains("Edit standup · deleted elsewhere"))
    try app.session.sendKeys("C-s")
    try await app.session.waitForText(
      "“Design Mine” is back: your save undid its deletion elsewhere")
    let saved = try await app.waitForSavedData("the edit, kept") {
      $0.contains { $0.title == "Design Mine" }
    }
    // Back where it stood, first.
    #expect(saved?.map(\.title) == ["Design Mine", "Engineering"])
    try await app.quitAndExpectSaneTerminal()
  }

  @Test func theOpenStandupDeletedElsewhereGoesBackToTheList() async throws {
    let app = try AppSession(arguments: ["--open", "/Design"])
    try await app.session.waitForText("Start meeting")
    let design = AppSession.sample[0].id
    try Self.changeElsewhere(app.dataPath) { $0.remove(id: design) }

    try await app.session.waitForText("“Design” was deleted elsewhere")
    try await app.session.waitForText("1 standup")
    let screen = try app.screen()
    #expect(!screen.contains("Start meeting"))
    #expect(screen.contains("Engineering"))
    try await app.quitAndExpectSaneTerminal(keys: ["q"])
    #expect(try DataFile(path: app.dataPath).load()?.map(\.title) == ["Engineering"])
  }
}
