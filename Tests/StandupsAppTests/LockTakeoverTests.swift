import ConcurrencyExtras
import EventLoop
import Foundation
import Persistence
import StandupsCore
import Testing

@testable import StandupsApp

/// A second instance follows the file while the first holds its lock; when
/// the first lets go (quits, or dies), the second takes the lock and saves
/// from then on, beginning with what was changed in it.
struct LockTakeoverTests {
  let directory = makeTestDirectory("standups-takeover")

  @Test func aLockIsTakenOnceItsHolderLetsGo() {
    let path = directory + "/standups.json"
    var holder: FileLock? = FileLock(dataPath: path)
    #expect(holder?.isHeld == true)
    let follower = FileLock(dataPath: path)
    #expect(!follower.isHeld)
    #expect(!follower.takeIfFree())
    #expect(!follower.isHeld)

    holder = nil
    #expect(follower.takeIfFree())
    #expect(follower.isHeld)
    // Now it is the follower's: a third one follows it.
    #expect(!FileLock(dataPath: path).isHeld)
    withExtendedLifetime(holder) {}
  }

  @Test func theWatcherHearsTheHolderLetGo() async throws {
    let path = directory + "/standups.json"
    try DataFile(path: path).save([.mock])
    var holder: FileLock? = FileLock(dataPath: path)
    let follower = FileLock(dataPath: path)
    let lockEvents = LockIsolated(0)
    let fileEvents = LockIsolated(0)
    let watcher = FileWatcher(
      path: path, mode: .inotify, lockPath: FileLock.path(forData: path),
      onLockEvent: { lockEvents.withValue { $0 += 1 } },
      onChange: { fileEvents.withValue { $0 += 1 } })
    defer { watcher.stop() }
    #expect(watcher.mode == .inotify)

    holder = nil
    try await waitUntil("the lock's release is heard") { lockEvents.value > 0 }
    #expect(follower.takeIfFree())
    // The lock file is not the data file.
    #expect(fileEvents.value == 0)
    withExtendedLifetime(holder) {}
  }

  /// The kernel reports the holder's close before it drops the lock: a
  /// lock still held when the event is handled is tried again, and taken
  /// once it is free, though no other event comes.
  @Test func aCloseHeardBeforeTheLockIsDroppedIsTriedAgain() async throws {
    let file = DataFile(path: directory + "/standups.json")
    try file.save([.mock])
    let loaded = try #require(try FileSnapshot.read(file.path)).version
    var holder: FileLock? = FileLock(dataPath: file.resolvedPath)
    let follower = FileLock(dataPath: file.resolvedPath)
    let saver = Saver(
      file: file, executor: ThreadExecutor(), baseline: .loaded([.mock], loaded),
      merge: .standups, writes: false
    ) { _ in }
    saver.startWritingOnceLocked(follower, afterEvent: true)
    #expect(!follower.isHeld)
    holder = nil
    try await waitUntil("the lock is tried again and taken") { await saver.writes }
    #expect(follower.isHeld)
    withExtendedLifetime(holder) {}
  }

  /// A holder that let go after the follower's try and before its watch
  /// began made no event the watch could hear: the store tries once more.
  @Test func aHolderThatLetGoBeforeTheWatchBeganIsNoticed() async throws {
    let file = DataFile(path: directory + "/standups.json")
    try file.save([.mock])
    var holder: FileLock? = FileLock(dataPath: file.resolvedPath)
    let follower = FileLock(dataPath: file.resolvedPath)
    #expect(!follower.isHeld)
    let launch = try Launch.prepare(file: file, route: nil)
    holder = nil
    let store = FileStore(
      file: file, launch: launch, watchMode: .inotify, writes: false, waitingFor: follower)
    defer { store.watcher.stop() }
    try await waitUntil("the store writes") { await store.saver.writes }
    #expect(follower.isHeld)
    withExtendedLifetime(holder) {}
  }

  @Test func aFollowerThatTakesTheLockSavesWhatChangedInIt() async throws {
    let file = DataFile(path: directory + "/standups.json")
    try file.save([.mock])
    let loaded = try #require(try FileSnapshot.read(file.path)).version
    let events = LockIsolated<[String]>([])
    let changes = LockIsolated<[(IdentifiedArrayOf<Standup>, Int)]>([])
    let saver = Saver(
      file: file, executor: ThreadExecutor(), baseline: .loaded([.mock], loaded),
      merge: .standups, writes: false
    ) { event in
      switch event {
      case .changed(let stored, _, let revision):
        changes.withValue { $0.append((stored, revision)) }
      case .becameWritable(let text): events.withValue { $0.append("writable: \(text)") }
      case .saved: events.withValue { $0.append("saved") }
      default: events.withValue { $0.append("\(event)") }
      }
    }
    saver.submit([.mock, .productMock], revision: 0)
    // The holder's last save, before it lets go.
    try DataFile(path: file.path).save([.mock, .engineeringMock])

    let lock = FileLock(dataPath: file.path)
    #expect(lock.isHeld)
    await saver.startWriting()
    #expect(await saver.writes)
    #expect(
      events.value.first == "writable: standups.json is no longer open elsewhere: changes are saved"
    )
    // The holder's save is reported to merge first; the merge is what is written.
    try await waitUntil("the holder's save is reported") { !changes.value.isEmpty }
    #expect(changes.value.map(\.0) == [[.mock, .engineeringMock]])
    #expect(try file.load() == [.mock, .engineeringMock])
    let merged: IdentifiedArrayOf<Standup> = [.mock, .engineeringMock, .productMock]
    saver.submit(merged, revision: changes.value[0].1)
    // The event follows the write, from the saver's executor: wait for it, not for the file.
    try await waitUntil("the merge is written and said") { events.value.last == "saved" }
    #expect(try file.load() == merged)

    // From now on each change is written, and quitting leaves no copy.
    saver.submit([.productMock], revision: changes.value[0].1)
    let flushed = await saver.flushReporting()
    #expect(flushed.failure == nil)
    #expect(flushed.notes.isEmpty)
    #expect(try file.load() == [.productMock])
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: directory).sorted() == [
        "standups.json", "standups.json.lock",
      ])
  }
}
