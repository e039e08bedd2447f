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
  let directory: String = {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("standups-follower-\(UUID().uuidString)").path
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }()

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

    // What the follower is handed is never written, not even on quitting;
    // a change made here is said to be lost.
    saver.submit([.productMock], revision: 1)
    let flushed = await saver.flushReporting()
    #expect(flushed.failure == nil)
    #expect(flushed.notes.count == 1)
    #expect(flushed.notes.first?.contains("was not saved") == true, "\(flushed.notes)")
    #expect(try file.load() == [.mock, .engineeringMock])
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
}
