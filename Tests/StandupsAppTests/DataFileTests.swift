import Clocks
import ConcurrencyExtras
import EventLoop
import Foundation
import Persistence
import StandupsApp
import StandupsCore
import Testing

/// The data file: versioned JSON, atomic private writes, clear errors, and a
/// saver that writes at most once a second and retries failures.
struct DataFileTests {
  let directory: String = {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("standups-data-\(UUID().uuidString)").path
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }()

  @Test func roundTripsStandupsInAReadableVersionedFile() throws {
    let file = DataFile(path: directory + "/nested/standups.json")
    #expect(try file.load() == nil)
    let standups: IdentifiedArrayOf<Standup> = [.mock, .engineeringMock]
    try file.save(standups)
    #expect(try file.load() == standups)
    let text = try String(contentsOfFile: file.path, encoding: .utf8)
    #expect(text.contains("\"version\" : 1"))
    #expect(text.contains("\"minutes\" : 1"))
    #expect(text.contains("\"title\" : \"Design\""))
    // New files are private to the user.
    let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
    #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
    // No temp file is left behind.
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory + "/nested")
    #expect(leftovers == ["standups.json"])
  }

  /// A save replaces what the file says, not who may read it.
  @Test func aReplacedFileKeepsItsModeAndOwner() throws {
    let file = DataFile(path: directory + "/shared.json")
    try file.save([.mock])
    #expect(chmod(file.path, 0o664) == 0)
    // Only root can give a file away; elsewhere the owner is this user's anyway.
    let owner: uid_t = geteuid() == 0 ? 65534 : geteuid()
    let group: gid_t = geteuid() == 0 ? 65534 : getegid()
    #expect(chown(file.path, owner, group) == 0)
    try file.save([.mock, .engineeringMock])
    var info = stat()
    #expect(stat(file.path, &info) == 0)
    #expect(info.st_mode & 0o7777 == 0o664)
    #expect(info.st_uid == owner && info.st_gid == group)
    #expect(try file.load()?.count == 2)
  }

  /// A copy kept beside the file (a conflict, or a file that could not be
  /// read) is the user's to read, whatever the file's mode: a file that
  /// denies writing (or everything) must not make a copy the same.
  @Test func aCopyBesideTheFileIsTheUsersWhateverTheFilesMode() throws {
    let file = DataFile(path: directory + "/locked.json")
    try file.save([.mock])
    #expect(chmod(file.path, 0o000) == 0)
    let copy = try file.writeConflictCopy([.mock, .engineeringMock])
    var info = stat()
    #expect(stat(copy, &info) == 0)
    #expect(info.st_mode & 0o7777 == 0o600)
    #expect(info.st_uid == geteuid())
    #expect(chmod(file.path, 0o600) == 0)
    #expect(try DataFile(path: copy).load()?.count == 2)
  }

  /// A file the user may not write is left alone, and the app opens it
  /// read-only (root may write anything: not tested as root).
  @Test(.enabled(if: geteuid() != 0))
  func aFileTheUserMayNotWriteIsNotReplaced() throws {
    let file = DataFile(path: directory + "/locked.json")
    try file.save([.mock])
    #expect(chmod(file.path, 0o444) == 0)
    #expect(!file.mayBeWritten)
    #expect(throws: DocumentFailure.self) { try file.save([.engineeringMock]) }
    #expect(try file.load() == [.mock])
  }

  @Test func savingThroughASymbolicLinkKeepsTheLink() throws {
    let fileManager = FileManager.default
    try fileManager.createDirectory(
      atPath: directory + "/dotfiles", withIntermediateDirectories: true)
    let target = directory + "/dotfiles/standups.json"
    try DataFile(path: target).save([.mock])
    // A relative link, as dotfile managers make them, and a link to that link.
    try fileManager.createSymbolicLink(
      atPath: directory + "/link.json", withDestinationPath: "dotfiles/standups.json")
    try fileManager.createSymbolicLink(
      atPath: directory + "/link2.json", withDestinationPath: directory + "/link.json")
    let linked = DataFile(path: directory + "/link2.json")
    #expect(try linked.load() == [.mock])

    try linked.save([.mock, .engineeringMock])
    for link in ["/link.json", "/link2.json"] {
      let type = try fileManager.attributesOfItem(atPath: directory + link)[.type]
      #expect(type as? FileAttributeType == .typeSymbolicLink, "\(link) is still a link")
    }
    #expect(try DataFile(path: target).load() == [.mock, .engineeringMock])
    #expect(
      try fileManager.contentsOfDirectory(atPath: directory + "/dotfiles") == ["standups.json"])

    // A dangling link: the save creates the file it points to.
    try fileManager.createSymbolicLink(
      atPath: directory + "/dangling.json", withDestinationPath: "dotfiles/new.json")
    try DataFile(path: directory + "/dangling.json").save([.productMock])
    #expect(try DataFile(path: directory + "/dotfiles/new.json").load() == [.productMock])
  }

  @Test func corruptFilesAreReportedWithWhereAndWhy() throws {
    let path = directory + "/bad.json"
    try Data("{\"version\": 1, \"standups\": [{\"id\": 3}]}".utf8).write(
      to: URL(fileURLWithPath: path))
    #expect {
      try DataFile(path: path).load()
    } throws: { error in
      guard case .corrupt(let p, let reason, _) = error as? DocumentFailure else { return false }
      return p == path && reason.contains("standups[0]")
    }
    try Data("not json at all".utf8).write(to: URL(fileURLWithPath: path))
    #expect(throws: DocumentFailure.self) { try DataFile(path: path).load() }
    // No program wrote versions 0 or -1: not read as the current one.
    for version in [0, -1] {
      try Data(#"{"version": \#(version), "standups": []}"#.utf8).write(
        to: URL(fileURLWithPath: path))
      #expect {
        try DataFile(path: path).load()
      } throws: { error in
        guard case .corrupt(_, let reason, _) = error as? DocumentFailure else { return false }
        return reason == "version: \(version) is not a format version (they count from 1)"
      }
    }
  }

  @Test func invalidUTF8IsRepairedNotFatal() throws {
    let path = directory + "/latin1.json"
    var bytes = Array(
      #"{"version": 1, "standups": [{"id": "00000000-0000-0000-0000-000000000001", "title": "Caf"#
        .utf8)
    bytes.append(0xE9)  // Latin-1 "é": not UTF-8
    bytes += Array(#"", "theme": "teal", "minutes": 5, "attendees": [], "meetings": []}]}"#.utf8)
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    let loaded = try #require(try DataFile(path: path).load())
    #expect(loaded.first?.title == "Caf\u{FFFD}")
  }

  @Test func newerFormatVersionsAreRefused() throws {
    let path = directory + "/new.json"
    try Data("{\"version\": 99, \"standups\": []}".utf8).write(to: URL(fileURLWithPath: path))
    #expect(throws: DocumentFailure.newerVersion(path: path, version: 99, program: "standups")) {
      try DataFile(path: path).load()
    }
  }

  @Test func unwritableDirectoriesFailWithoutLosingTheOldFile() throws {
    guard getuid() != 0 else { return }  // root writes anywhere; covered by the e2e tests
    let readOnly = directory + "/ro"
    try FileManager.default.createDirectory(atPath: readOnly, withIntermediateDirectories: true)
    let file = DataFile(path: readOnly + "/standups.json")
    try file.save([.mock])
    chmod(readOnly, 0o500)
    defer { chmod(readOnly, 0o700) }
    #expect(throws: DocumentFailure.self) { try file.save([.mock, .productMock]) }
    #expect(try file.load() == [.mock])
  }

  @Test func saverWritesAtOnceThenAtMostOncePerInterval() async throws {
    let clock = TestClock()
    let file = DataFile(path: directory + "/throttled.json")
    let saver = Saver(file: file, executor: ThreadExecutor(), interval: .seconds(1), clock: clock)
    await saver.schedule([.mock])
    #expect(await saver.writeCount == 1)
    #expect(try file.load() == [.mock])

    // Two quick changes within the interval become one write, of the newest state.
    await saver.schedule([.mock, .engineeringMock])
    await saver.schedule([.mock, .engineeringMock, .productMock])
    #expect(await saver.writeCount == 1)
    #expect(await saver.hasPendingChanges)
    // The write's sleep and the first write's cool-down start from tasks of
    // their own: a sleep that starts after an advance needs another.
    try await waitUntil("the second write, an interval at a time") {
      await clock.advance(by: .seconds(1))
      return await saver.writeCount == 2
    }
    #expect(try file.load() == [.mock, .engineeringMock, .productMock])
    #expect(await !saver.hasPendingChanges)
  }

  @Test func flushWritesPendingChangesImmediately() async throws {
    let clock = TestClock()
    let file = DataFile(path: directory + "/flush.json")
    let saver = Saver(file: file, executor: ThreadExecutor(), clock: clock)
    await saver.schedule([.mock])
    await saver.schedule([.productMock])
    #expect(try file.load() == [.mock])
    #expect(await saver.flush() == nil)
    #expect(try file.load() == [.productMock])
  }

  @Test func aFlushRightAfterASubmitWritesTheSubmittedStandups() async throws {
    let clock = TestClock()
    let file = DataFile(path: directory + "/submit.json")
    let saver = Saver(file: file, executor: ThreadExecutor(), clock: clock)
    await saver.schedule([.mock])  // written; the next write waits out the interval
    // As when a key edits and the next one quits: the flush runs before the
    // saver's thread could take the submitted state in on its own.
    #expect(await submitThenFlush([.productMock], on: saver) == nil)
    #expect(try file.load() == [.productMock])
  }

  /// Runs on the saver's thread: `submit`'s own hand-over cannot come first.
  private func submitThenFlush(
    _ standups: IdentifiedArrayOf<Standup>, on saver: isolated Saver<IdentifiedArrayOf<Standup>>
  ) -> DocumentFailure? {
    saver.submit(standups)
    return saver.flush()
  }

  @Test func failedSavesAreReportedKeptAndRetried() async throws {
    let clock = TestClock()
    // A directory where the file should be makes every write fail.
    let blocked = directory + "/blocked"
    try FileManager.default.createDirectory(
      atPath: blocked + "/standups.json", withIntermediateDirectories: true)
    let results = LockIsolated<[Bool]>([])
    let saver = Saver(
      file: DataFile(path: blocked + "/standups.json"), executor: ThreadExecutor(), clock: clock
    ) { failure in
      results.withValue { $0.append(failure == nil) }
    }
    await saver.schedule([.mock])
    #expect(results.value == [false])
    #expect(await saver.hasPendingChanges)

    // The obstacle goes away; the retry after the interval succeeds.
    try FileManager.default.removeItem(atPath: blocked + "/standups.json")
    try await waitUntil("the retry's result, an interval at a time") {
      await clock.advance(by: .seconds(1))
      return results.value.count == 2
    }
    #expect(results.value == [false, true])
    #expect(try DataFile(path: blocked + "/standups.json").load() == [.mock])
  }

  /// Still failing when the program quits, the changes go to a copy beside
  /// the file, named on standard error: nothing would be left of them.
  @Test func aSaveStillFailingOnQuitIsKeptInACopy() async throws {
    let blocked = directory + "/blocked-quit"
    try FileManager.default.createDirectory(
      atPath: blocked + "/standups.json", withIntermediateDirectories: true)
    let saver = Saver(
      file: DataFile(path: blocked + "/standups.json"), executor: ThreadExecutor(),
      clock: TestClock()
    ) { _ in }
    await saver.schedule([.mock, .productMock])
    // Not before a suspend: the program goes on and retries.
    #expect(await saver.flush() != nil)
    #expect(try FileManager.default.contentsOfDirectory(atPath: blocked) == ["standups.json"])

    let flushed = await saver.flushReporting()
    #expect(flushed.failure != nil)
    let note = try #require(flushed.notes.first)
    #expect(note.contains("could not be saved"), "\(note)")
    let copies = try FileManager.default.contentsOfDirectory(atPath: blocked)
      .filter { $0.contains(".conflict-") }
    #expect(copies.count == 1)
    let copy = blocked + "/" + (copies.first ?? "")
    #expect(note.contains(copy), "\(note)")
    #expect(try DataFile(path: copy).load() == [.mock, .productMock])
  }

  /// Where the file's directory takes no new file either (no permission, a
  /// full disk; here a file where the directory should be), the copy goes to
  /// the program's state directory.
  @Test func aCopyTheFilesDirectoryCannotTakeGoesElsewhere() async throws {
    let notADirectory = directory + "/not-a-directory"
    let state = directory + "/state/standups"
    try Data().write(to: URL(fileURLWithPath: notADirectory))
    let saver = Saver(
      file: DataFile(path: notADirectory + "/standups.json"), executor: ThreadExecutor(),
      clock: TestClock(), elsewhere: { [state] }, onEvent: { _ in })
    await saver.schedule([.mock])

    let flushed = await saver.flushReporting()
    #expect(flushed.failure != nil)
    let note = try #require(flushed.notes.first)
    let copies = try FileManager.default.contentsOfDirectory(atPath: state)
    try #require(copies.count == 1, "\(copies)")
    #expect(copies[0].hasPrefix("standups.conflict-"))
    #expect(note.contains(state + "/" + copies[0]), "\(note)")
    #expect(try DataFile(path: state + "/" + copies[0]).load() == [.mock])
  }
}
