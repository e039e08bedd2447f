import Clocks
import ConcurrencyExtras
import EventLoop
import Foundation
import Persistence
import StandupsCore
import Testing

@testable import StandupsApp

/// An instance without the file's lock (another one holds it) follows the
/// file: it reports what others write, and leaves writing, copying aside and
/// rewriting a damaged file to the holder.
struct FollowingSaverTests {
  let directory = makeTestDirectory("standups-follower")

  @Test func aFollowerReportsChangesAndNeverWrites() async throws {
    let file = DataFile(path: directory + "/standups.json")
    try file.save([.mock])
    let loaded = try #require(try FileSnapshot.read(file.path)).version
    let changes = LockIsolated<[IdentifiedArrayOf<Standup>]>([])
    let others = LockIsolated<[String]>([])
    let clock = TestClock()
    let saver = Saver(
      file: file, executor: ThreadExecutor(), settleTime: .milliseconds(100), clock: clock,
      baseline: .loaded([.mock], loaded), merge: .standups, writes: false
    ) { event in
      if case .changed(let stored, _, _) = event {
        changes.withValue { $0.append(stored) }
      } else {
        others.withValue { $0.append("\(event)") }
      }
    }

    // The holder saves: the follower sees it.
    try DataFile(path: file.path).save([.mock, .engineeringMock])
    await saver.checkFile()
    #expect(changes.value == [[.mock, .engineeringMock]])

    // What the follower is handed is never written to the file, not even on
    // quitting: a change made here goes to a conflict copy, named.
    saver.submit([.productMock], revision: 1)
    // Not before a suspend (the program may go on and change more).
    #expect(await saver.flush() == nil)
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["standups.json"])
    let flushed = await saver.flushReporting()
    #expect(flushed.failure == nil)
    #expect(flushed.notes.count == 1)
    let note = try #require(flushed.notes.first)
    #expect(note.contains("another instance had it open when this one started"), "\(note)")
    let copies = try FileManager.default.contentsOfDirectory(atPath: directory)
      .filter { $0.contains(".conflict-") }
    #expect(copies.count == 1)
    let copy = directory + "/" + (copies.first ?? "")
    #expect(note.contains(copy), "\(note)")
    #expect(try DataFile(path: copy).load() == [.productMock])
    #expect(try file.load() == [.mock, .engineeringMock])
    try FileManager.default.removeItem(atPath: copy)
    // Handed what the file holds: nothing to say.
    saver.submit([.mock, .engineeringMock], revision: 1)
    #expect(await saver.flushReporting().notes.isEmpty)

    // A damaged file, however long it stays so, is the holder's to handle.
    try Data("{ not json".utf8).write(to: URL(fileURLWithPath: file.path))
    await saver.checkFile()
    await clock.advance(by: .seconds(10))
    await saver.checkFile()
    #expect(try String(contentsOfFile: file.path, encoding: .utf8) == "{ not json")
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["standups.json"])
    #expect(others.value.isEmpty, "events: \(others.value)")
    #expect(await saver.writeCount == 0)
  }
  /// A file this user may not write: quitting keeps the changes in a copy
  /// beside it and says why the file itself was not written.
  @Test func aSaverThatMayNotWriteSaysWhyWhereItKeptTheChanges() async throws {
    let file = DataFile(path: directory + "/standups.json")
    try file.save([.mock])
    let loaded = try #require(try FileSnapshot.read(file.path)).version
    let saver = Saver(
      file: file, executor: ThreadExecutor(), baseline: .loaded([.mock], loaded),
      merge: .standups, writes: false, notWrittenBecause: "you may not write it"
    ) { _ in }
    saver.submit([.mock, .productMock], revision: 1)
    let flushed = await saver.flushReporting()
    let note = try #require(flushed.notes.first)
    #expect(note.contains("(you may not write it)"), "\(note)")
    #expect(!note.contains("another instance"), "\(note)")
    let copies = try FileManager.default.contentsOfDirectory(atPath: directory)
      .filter { $0.contains(".conflict-") }
    #expect(copies.count == 1)
    let copy = DataFile(path: directory + "/" + (copies.first ?? ""))
    #expect(try copy.load() == [.mock, .productMock])
    #expect(try file.load() == [.mock])
  }
}
