import Foundation
import StandupsApp
import StandupsCore
import Testing
import TmuxTesting

/// Data is never lost or torn: saves survive SIGKILL at any moment, pending
/// saves are flushed on SIGTERM/SIGHUP, unreadable files are kept, failed saves
/// are shown and retried, and a second instance cannot overwrite the first.
@Suite(.serialized, .timeLimit(.minutes(3)))
struct DataSafetyTests {
  @Test func killDashNineDuringABurstOfSavesNeverLeavesAnUnreadableFile() async throws {
    let binary = try #require(AppSession.binary)
    let directory = try Harness.temporaryDirectory("standups-kill9")
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("standups.json").path
    try DataFile(path: path).save(AppSession.sample)
    var generator = SystemRandomNumberGenerator()
    var previous = try Data(contentsOf: URL(fileURLWithPath: path))
    // 100 rounds: well inside the suite's time limit on a loaded machine.
    for iteration in 0..<100 {
      let pid = try Harness.launch(binary, ["debug-save-burst", "--data", path])
      // Wait until the burst is writing (the file changed), then kill it at a
      // random moment within the next few writes.
      let writing = try await Harness.waitFor(timeout: .seconds(20)) {
        (try? Data(contentsOf: URL(fileURLWithPath: path))) != previous
      }
      // Not a synchronisation: the kill must land at an arbitrary point of a
      // write, which is what this random delay (0–20 ms) picks.
      usleep(UInt32.random(in: 0...20_000, using: &generator))
      kill(pid, SIGKILL)
      Harness.wait(pid)
      #expect(writing, "the burst never wrote before kill #\(iteration)")
      let loaded = try #require(
        try DataFile(path: path).load(), "the file vanished after kill #\(iteration)")
      #expect(loaded.count == AppSession.sample.count, "kill #\(iteration) tore the file")
      previous = try Data(contentsOf: URL(fileURLWithPath: path))
    }
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.path)
      .filter { $0.contains(".tmp-") }
    // Temp files of killed writers may remain, but never replace the data file.
    #expect(leftovers.allSatisfy { !$0.hasSuffix("standups.json") })
  }

  /// Two hang-ups is a terminal closing under a shell: the shell passes one
  /// on and the kernel sends its own. SIGINT can only come from `kill` (Ctrl-C
  /// is a key) and asks the same.
  @Test(arguments: [["TERM"], ["HUP"], ["HUP", "HUP"], ["INT"]])
  func pendingSavesAreFlushedOnTermination(signals: [String]) async throws {
    let app = try AppSession()
    try await app.session.waitForText("Design")
    // The first change saves at once; the next, within the second, waits…
    try app.session.sendKeys("a")
    try await app.session.waitForText("New standup")
    try app.session.type("First")
    try app.session.sendKeys("C-s")
    // The list's count, not the title: "First" shows in the sheet's field
    // before the sheet closes.
    try await app.session.waitForText("\(AppSession.sample.count + 1) standups")
    try app.session.sendKeys("a")
    try await app.session.waitForText("New standup")
    try app.session.type("Second")
    try app.session.sendKeys("C-s")
    try await app.session.waitForText("\(AppSession.sample.count + 2) standups")
    // …and the signal must flush it.
    let pid = try #require(try app.session.programPID())
    let numbers = ["TERM": SIGTERM, "HUP": SIGHUP, "INT": SIGINT]
    for signal in signals { kill(pid, numbers[signal]!) }
    // Saved, then ended by the first signal, as a shell expects of it.
    let status = try await app.session.waitForExit()
    #expect(status == 128 + Int(numbers[signals[0]]!))
    let saved = try #require(try DataFile(path: app.dataPath).load())
    #expect(saved.map(\.title).contains("Second"))
    let modes = try app.session.sttyWords()
    #expect(modes.contains("echo") && modes.contains("icanon"))
  }

  /// A signal ends the app with an edited sheet open: what was typed is not
  /// saved (only the quit key asks first), and standard error says so.
  @Test func aSignalWithAnEditedSheetOpenSaysItsChangesAreLost() async throws {
    let app = try AppSession(arguments: ["--open", "/Design/edit"])
    try await app.session.waitForText("Edit standup")
    try app.session.type(" TERMED")
    try await app.session.waitForText("Design TERMED")
    let pid = try #require(try app.session.programPID())
    kill(pid, SIGTERM)
    let status = try await app.session.waitForExit()
    #expect(status == 128 + Int(SIGTERM))
    let screen = try app.session.screen(history: true)
    #expect(screen.contains("its unsaved changes were not saved"), "\(screen)")
    let saved = try #require(try DataFile(path: app.dataPath).load())
    #expect(!saved.map(\.title).contains("Design TERMED"))
  }

  @Test func anUnreadableFileIsKeptAndTheAppStartsEmpty() async throws {
    let directory = try Harness.temporaryDirectory("standups-corrupt")
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("standups.json").path
    let garbage = Data("{\"version\": 1, \"standups\": [ {oops".utf8)
    try garbage.write(to: URL(fileURLWithPath: path))
    let app = try AppSession(standups: nil, dataPath: path)
    try await app.session.waitForText("not a valid standups file")
    try await app.session.waitForText("No standups yet.")
    // Said until the app quits, not only until the first key.
    try app.session.sendKeys("?")
    try await app.session.waitForText("Keys")
    try app.session.sendKeys("Escape")
    try await app.session.waitForNoText("Keys")
    #expect(try app.screen().contains("not a valid standups file"))
    let copies = try FileManager.default.contentsOfDirectory(atPath: directory.path)
      .filter { $0.contains(".unreadable-") }
    #expect(copies.count == 1)
    let copy = try Data(contentsOf: directory.appendingPathComponent(try #require(copies.first)))
    #expect(copy == garbage)
    // Until the user changes something, the original is left as it was.
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == garbage)
    try await app.quitAndExpectSaneTerminal(keys: ["q"])
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == garbage)
  }

  /// A data file made empty beforehand (`touch`) opens as an empty list,
  /// and the first standup added is saved into it.
  @Test func anEmptyFileIsFilledByTheFirstSave() async throws {
    let directory = try Harness.temporaryDirectory("standups-empty")
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("standups.json").path
    #expect(FileManager.default.createFile(atPath: path, contents: Data()))
    let app = try AppSession(standups: nil, dataPath: path)
    try await app.session.waitForText("No standups yet.")
    #expect(try !app.screen().contains("not a valid"))
    try app.session.sendKeys("a")
    try await app.session.waitForText("New standup")
    try app.session.type("Retro")
    try app.session.sendKeys("C-s")
    let saved = try await app.waitForSavedData("Retro") { $0.contains { $0.title == "Retro" } }
    #expect(saved?.count == 1)
    try await app.quitAndExpectSaneTerminal(keys: ["q"])
    let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
    #expect(!names.contains { $0.contains(".unreadable-") })
  }

  @Test func aPipeAtTheDataPathIsNeitherReadNorReplaced() async throws {
    let directory = try Harness.temporaryDirectory("standups-fifo")
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("standups.json").path
    #expect(mkfifo(path, 0o600) == 0)
    // Reading a pipe would block the start for good; the app says so instead.
    let app = try AppSession(standups: nil, dataPath: path)
    try await app.session.waitForText("not a regular file")
    try app.session.sendKeys("a")
    try await app.session.waitForText("New standup")
    try app.session.type("Kept")
    try app.session.sendKeys("C-s")
    try await app.session.waitForText("Kept")
    try await app.quitAndExpectSaneTerminal(keys: ["q"])
    var info = stat()
    #expect(stat(path, &info) == 0)
    #expect(info.st_mode & S_IFMT == S_IFIFO, "still the pipe, not a saved file")
    // What was typed is kept in a copy beside it.
    let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
    try #require(names.count == 2, "\(names)")
    #expect(names[0].hasPrefix("standups.conflict-") && names[1] == "standups.json", "\(names)")
    let kept = try StandupsFormat.decode(
      try Data(contentsOf: directory.appendingPathComponent(names[0])))
    #expect(kept.map(\.title) == ["Kept"])
  }

  @Test func aFailedSaveShowsABannerKeepsTheDataAndRetries() async throws {
    let directory = try Harness.temporaryDirectory("standups-unwritable")
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("standups.json").path
    try DataFile(path: path).save(AppSession.sample)
    let app = try AppSession(standups: nil, dataPath: path)
    try await app.session.waitForText("Design")
    // A directory where the file should be makes every write fail (even as root).
    try FileManager.default.removeItem(atPath: path)
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
    try app.session.sendKeys("a")
    try await app.session.waitForText("New standup")
    try app.session.type("Kept")
    try app.session.sendKeys("C-s")
    try await app.session.waitForText("Not saved")
    #expect(try app.screen().contains("Kept"), "the new standup stays in memory")
    // The obstacle goes; the retry succeeds and the banner goes away.
    try FileManager.default.removeItem(atPath: path)
    try await app.session.waitForNoText("Not saved")
    let saved = try await app.waitForSavedData("Kept") { $0.contains { $0.title == "Kept" } }
    #expect(saved?.count == 3)
    try await app.quitAndExpectSaneTerminal(keys: ["q"])
  }

  @Test func aSecondInstanceOpensReadOnly() async throws {
    let first = try AppSession()
    try await first.session.waitForText("Design")
    let second = try AppSession(standups: nil, dataPath: first.dataPath)
    try await second.session.waitForText(
      "Read-only: standups is already running on standups.json; changes go to a copy")
    // It follows the file: what the first instance saves shows here.
    try first.session.sendKeys("a")
    try await first.session.waitForText("New standup")
    try first.session.type("Shared")
    try first.session.sendKeys("C-s")
    try await second.session.waitForText("Shared")
    // Its edits are not written over the first instance's file.
    try second.session.sendKeys("a")
    try await second.session.waitForText("New standup")
    try second.session.type("Intruder")
    try second.session.sendKeys("C-s")
    try await second.session.waitForText("Intruder")
    try await second.quitAndExpectSaneTerminal(keys: ["q"])
    let saved = try #require(try DataFile(path: first.dataPath).load())
    #expect(!saved.contains { $0.title == "Intruder" })
    #expect(saved.contains { $0.title == "Shared" })
    // They are kept beside it, in a copy named on quitting.
    let copy = try #require(
      try FileManager.default.contentsOfDirectory(atPath: first.directory.path)
        .first { $0.contains(".conflict-") })
    #expect(try second.session.screen(history: true).contains(copy))
    let kept = try DataFile(path: first.directory.appendingPathComponent(copy).path).load()
    #expect(kept?.contains { $0.title == "Intruder" } == true)
    try await first.quitAndExpectSaneTerminal(keys: ["q"])
  }

  /// When the instance holding the file quits, the one following it takes
  /// over: it says so, and saves from then on, what was changed in it too.
  @Test func aSecondInstanceTakesOverWhenTheFirstQuits() async throws {
    let first = try AppSession()
    try await first.session.waitForText("Design")
    let second = try AppSession(standups: nil, dataPath: first.dataPath)
    try await second.session.waitForText("Read-only")
    try second.session.sendKeys("a")
    try await second.session.waitForText("New standup")
    try second.session.type("Waited")
    try second.session.sendKeys("C-s")
    try await second.session.waitForText("Waited")

    try await first.quitAndExpectSaneTerminal(keys: ["q"])
    try await second.session.waitForText("standups.json is no longer open elsewhere")
    #expect(!(try second.screen().contains("Read-only")))
    let saved = try await second.waitForSavedData("Waited") {
      $0.contains { $0.title == "Waited" }
    }
    #expect(saved?.contains { $0.title == "Design" } == true)
    // Saved as any change is: no copy beside the file.
    try second.session.sendKeys("a")
    try await second.session.waitForText("New standup")
    try second.session.type("After")
    try second.session.sendKeys("C-s")
    _ = try await second.waitForSavedData("After") { $0.contains { $0.title == "After" } }
    try await second.quitAndExpectSaneTerminal(keys: ["q"])
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: first.directory.path)
        .filter { $0.contains(".conflict-") } == [])
  }

  @Test func aCrashStillRestoresTheTerminal() async throws {
    let app = try AppSession(arguments: ["--debug-crash-after-first-frame"])
    let status = try await app.session.waitForExit()
    #expect(status != 0)
    let modes = try app.session.sttyWords()
    #expect(modes.contains("echo") && modes.contains("icanon"))
  }
}
