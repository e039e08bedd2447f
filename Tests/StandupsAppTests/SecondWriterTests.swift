import Clocks
import ConcurrencyExtras
import EventLoop
import Foundation
import Persistence
import Testing

@testable import StandupsApp
@testable import StandupsCore

#if canImport(Glibc)
  import Glibc
#endif

typealias Doc = IdentifiedArrayOf<Standup>

/// The data file with a real second writer: another program replaces,
/// rewrites, damages or deletes the file while a saver holds it. The saver
/// reports what changed instead of overwriting it, waits for damage to
/// settle, keeps unreadable bytes and conflicting edits aside, and the
/// watcher tells it when to look.
final class SecondWriterTests {
  let directory: String = {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("standups-second-writer-\(UUID().uuidString)").path
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }()

  deinit {
    try? FileManager.default.removeItem(atPath: directory)
  }

  // MARK: - Another writer's change

  @Test func aRenameByAnotherWriterIsReportedAndOnlyTheNewRevisionIsWritten() async throws {
    let file = DataFile(path: directory + "/standups.json")
    try file.save([.mock])
    let (document, version) = try #require(try file.read())
    let events = LockIsolated<[Seen]>([])
    let saver = makeSaver(file, baseline: .loaded(document, version), events: events)

    let theirs: Doc = [.mock, .engineeringMock]
    try OtherWriter.replaceByRename(file.path, with: encoded(theirs))
    await saver.checkFile()
    #expect(events.value == [.changed(stored: theirs, base: [.mock], revision: 1)])

    // Made before the app saw the change: its merge replaces it, it is not written.
    await saver.schedule([.mock, .productMock], revision: 0)
    #expect(try file.load() == theirs)
    #expect(await saver.writeCount == 0)
    #expect(events.value.count == 1)

    // The app's merge, at the new revision, is.
    let merged: Doc = [.mock, .engineeringMock, .productMock]
    saver.submit(merged, revision: 1)
    try await waitUntil("the merge is written") { try file.load() == merged }
    try await waitUntil("the save is reported") { events.value.last == .saved }
    #expect(events.value == [.changed(stored: theirs, base: [.mock], revision: 1), .saved])
    #expect(await saver.writeCount == 1)
    #expect(try leftovers() == ["standups.json"])
  }

  @Test func anotherWritersMeetingsStayInACopyOfWhatItWrote() async throws {
    let file = DataFile(path: directory + "/standups.json")
    try file.save([.mock])
    let (document, version) = try #require(try file.read())
    let stored = LockIsolated<Doc?>(nil)
    let saver = Saver(
      file: file, executor: ThreadExecutor(), interval: .seconds(1),
      settleTime: .milliseconds(200), clock: TestClock(), baseline: .loaded(document, version),
      merge: .standups
    ) { event in
      if case .changed(let theirs, _, _) = event { stored.setValue(theirs) }
    }

    var theirs: Doc = [.mock, .engineeringMock]
    theirs[id: Standup.engineeringMock.id]?.meetings = Standup.mock.meetings
    try OtherWriter.replaceByRename(file.path, with: encoded(theirs))
    await saver.checkFile()
    let changed = try #require(stored.value)
    #expect(
      changed.allSatisfy { if case .inFile = $0.storedMeetings { true } else { false } })
    // Read from the copy, whatever the other writer does to the file next.
    try OtherWriter.writeInPlace(file.path, Data())
    #expect(changed == theirs)
  }

  @Test func aWriteInPlaceIsReportedLikeARename() async throws {
    let file = DataFile(path: directory + "/standups.json")
    try file.save([.mock])
    let (document, version) = try #require(try file.read())
    let events = LockIsolated<[Seen]>([])
    let saver = makeSaver(file, baseline: .loaded(document, version), events: events)

    // Same inode: truncated and rewritten, as `>` in a shell or an editor
    // that writes in place does.
    let theirs: Doc = [.mock, .engineeringMock]
    try OtherWriter.writeInPlace(file.path, encoded(theirs))
    let after = try #require(try FileSnapshot.read(file.path))
    #expect(after.version.inode == version.inode)
    await saver.checkFile()
    #expect(events.value == [.changed(stored: theirs, base: [.mock], revision: 1)])

    await saver.schedule([.mock, .productMock], revision: 0)
    #expect(try file.load() == theirs)
    #expect(await saver.writeCount == 0)

    let merged: Doc = [.mock, .engineeringMock, .productMock]
    saver.submit(merged, revision: 1)
    try await waitUntil("the merge is written") { try file.load() == merged }
    try await waitUntil("the save is reported") { events.value.last == .saved }
    #expect(events.value == [.changed(stored: theirs, base: [.mock], revision: 1), .saved])
  }

  // MARK: - Quitting

  @Test func flushMergesAStaleSubmissionWithAChangeAlreadyReported() async throws {
    let file = DataFile(path: directory + "/standups.json")
    try file.save([.mock])
    let (document, version) = try #require(try file.read())
    let events = LockIsolated<[Seen]>([])
    let saver = makeSaver(file, baseline: .loaded(document, version), events: events)

    let theirs: Doc = [.mock, .engineeringMock]
    try OtherWriter.replaceByRename(file.path, with: encoded(theirs))
    await saver.checkFile()
    #expect(events.value == [.changed(stored: theirs, base: [.mock], revision: 1)])
    // The app quits before it merged: its last state is from before the change.
    await saver.schedule([.mock, .productMock], revision: 0)
    #expect(try file.load() == theirs)

    let flushed = await saver.flushReporting()
    #expect(flushed.failure == nil)
    #expect(flushed.notes == [])
    #expect(try file.load() == [.mock, .engineeringMock, .productMock])
    #expect(try leftovers() == ["standups.json"])
  }

  @Test func flushMergesAPendingSubmissionWithAChangeNotSeenYet() async throws {
    let file = DataFile(path: directory + "/standups.json")
    try file.save([.mock])
    let (document, version) = try #require(try file.read())
    let events = LockIsolated<[Seen]>([])
    let saver = makeSaver(file, baseline: .loaded(document, version), events: events)

    // Written at once; the next change waits out the interval (the test clock never ends it).
    await saver.schedule([.mock, .productMock])
    await saver.schedule([.productMock])
    #expect(try file.load() == [.mock, .productMock])
    #expect(await saver.hasPendingChanges)

    // Another program adds a standup; the app quits before anyone looked.
    let theirs: Doc = [.mock, .productMock, .engineeringMock]
    try OtherWriter.replaceByRename(file.path, with: encoded(theirs))
    let flushed = await saver.flushReporting()
    #expect(flushed.failure == nil)
    #expect(flushed.notes == [])
    #expect(
      events.value == [
        .saved, .changed(stored: theirs, base: [.mock, .productMock], revision: 1), .saved,
      ])
    #expect(try file.load() == [.productMock, .engineeringMock])
    #expect(try leftovers() == ["standups.json"])
  }

  @Test func flushKeepsTheUsersSideOfAConflictInACopy() async throws {
    let file = DataFile(path: directory + "/standups.json")
    try file.save([.mock])
    let (document, version) = try #require(try file.read())
    let events = LockIsolated<[Seen]>([])
    let saver = makeSaver(file, baseline: .loaded(document, version), events: events)

    var theirsDesign = Standup.mock
    theirsDesign.title = "Design (theirs)"
    let theirs: Doc = [theirsDesign, .engineeringMock]
    try OtherWriter.replaceByRename(file.path, with: encoded(theirs))
    await saver.checkFile()
    #expect(events.value == [.changed(stored: theirs, base: [.mock], revision: 1)])

    var myDesign = Standup.mock
    myDesign.title = "Design (mine)"
    await saver.schedule([myDesign, .productMock], revision: 0)
    #expect(try file.load() == theirs)

    let flushed = await saver.flushReporting()
    #expect(flushed.failure == nil)
    // Both additions are kept; the standup both retitled keeps the other program's title.
    #expect(try file.load() == [theirsDesign, .engineeringMock, .productMock])
    let conflictCopies = try copies("conflict")
    try #require(conflictCopies.count == 1)
    let copy = conflictCopies[0]
    #expect(copy.wholeMatch(of: /standups\.conflict-\d{8}T\d{6}\.\d{3}Z\.json/) != nil)
    #expect(try DataFile(path: directory + "/" + copy).load() == [myDesign])
    try #require(flushed.notes.count == 1)
    #expect(flushed.notes[0].contains(copy))
    #expect(try leftovers() == [copy, "standups.json"].sorted())
  }

  // MARK: - Helpers

  func makeSaver(
    _ file: DataFile, baseline: Baseline<Doc>, clock: any Clock<Duration> = TestClock(),
    events: LockIsolated<[Seen]>
  ) -> Saver<Doc> {
    Saver(
      file: file, executor: ThreadExecutor(), interval: .seconds(1),
      settleTime: .milliseconds(200), clock: clock, baseline: baseline, merge: .standups
    ) { event in
      events.withValue { $0.append(Seen(event)) }
    }
  }

  func encoded(_ standups: Doc) throws -> Data {
    try DocumentFormat.standups.encode(standups)
  }

  /// The directory's entries, sorted.
  func leftovers() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
  }

  /// Copies beside the file: `standups.<kind>-…`.
  func copies(_ kind: String) throws -> [String] {
    try leftovers().filter { $0.hasPrefix("standups.\(kind)-") }
  }
}

/// A saver event, comparable.
enum Seen: Equatable, Sendable {
  case saved
  case failed(String)
  case changed(stored: Doc, base: Doc?, revision: Int)
  case notice(String)
  case becameReadOnly(String)
  case becameWritable(String)

  init(_ event: SaverEvent<Doc>) {
    switch event {
    case .saved: self = .saved
    case .failed(let failure): self = .failed(failure.summary)
    case .changed(let stored, let base, let revision):
      self = .changed(stored: stored, base: base, revision: revision)
    case .notice(let text): self = .notice(text)
    case .becameReadOnly(let text): self = .becameReadOnly(text)
    case .becameWritable(let text): self = .becameWritable(text)
    }
  }
}

/// Another program writing the file, with plain system calls.
enum OtherWriter {
  /// A temp file beside it, renamed over it (what most programs do).
  static func replaceByRename(_ path: String, with data: Data) throws {
    let temp = path + ".other-writer"
    try writeInPlace(temp, data, create: true)
    guard rename(temp, path) == 0 else { throw SystemError("rename", errno) }
  }

  /// Truncated and written again in the same inode (`>` in a shell).
  static func writeInPlace(_ path: String, _ data: Data, create: Bool = false) throws {
    let fd = open(path, O_WRONLY | O_TRUNC | O_CLOEXEC | (create ? O_CREAT : 0), 0o600)
    guard fd >= 0 else { throw SystemError("open", errno) }
    defer { close(fd) }
    try data.withUnsafeBytes { buffer in
      var offset = 0
      while offset < buffer.count {
        let n = write(fd, buffer.baseAddress! + offset, buffer.count - offset)
        if n < 0 {
          if errno == EINTR { continue }
          throw SystemError("write", errno)
        }
        offset += n
      }
    }
  }
}

struct SystemError: Error, CustomStringConvertible {
  let call: String
  let code: Int32
  init(_ call: String, _ code: Int32) {
    self.call = call
    self.code = code
  }
  var description: String { "\(call): \(String(cString: strerror(code)))" }
}
