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

extension SecondWriterTests {
  // MARK: - The watcher

  @Test func aChangeToTheTargetOfALinkIsSeenAndTheLinkStaysALink() async throws {
    let fileManager = FileManager.default
    try fileManager.createDirectory(
      atPath: directory + "/dotfiles", withIntermediateDirectories: true)
    let target = directory + "/dotfiles/standups.json"
    try DataFile(path: target).save([.mock])
    try fileManager.createSymbolicLink(
      atPath: directory + "/standups.json", withDestinationPath: "dotfiles/standups.json")
    let file = DataFile(path: directory + "/standups.json")
    let (document, version) = try #require(try file.read())
    let events = LockIsolated<[Seen]>([])
    let saver = makeSaver(file, baseline: .loaded(document, version), events: events)
    let watcher = FileWatcher(path: file.path, mode: .inotify, watch: nil) {
      saver.fileMayHaveChanged()
    }
    defer { watcher.stop() }
    #expect(watcher.mode == .inotify)

    let theirs: Doc = [.mock, .engineeringMock]
    try OtherWriter.replaceByRename(target, with: encoded(theirs))
    try await waitUntil("the change is reported") { !events.value.isEmpty }
    #expect(events.value == [.changed(stored: theirs, base: [.mock], revision: 1)])

    let merged: Doc = [.mock, .engineeringMock, .productMock]
    saver.submit(merged, revision: 1)
    try await waitUntil("the merge is written") { try DataFile(path: target).load() == merged }
    let type = try fileManager.attributesOfItem(atPath: file.path)[.type]
    #expect(type as? FileAttributeType == .typeSymbolicLink)
    #expect(
      try fileManager.destinationOfSymbolicLink(atPath: file.path) == "dotfiles/standups.json")
    #expect(try file.load() == merged)

    // The app's own save is no change: the next one reported is the other writer's.
    let again: Doc = [.productMock]
    try OtherWriter.replaceByRename(target, with: encoded(again))
    try await waitUntil("the second change is reported") { events.value.count >= 3 }
    #expect(
      events.value == [
        .changed(stored: theirs, base: [.mock], revision: 1), .saved,
        .changed(stored: again, base: merged, revision: 2),
      ])
    #expect(try leftovers() == ["dotfiles", "standups.json"])
    #expect(
      try fileManager.contentsOfDirectory(atPath: directory + "/dotfiles") == ["standups.json"])
  }

  @Test(arguments: [FileWatcher.Mode.inotify, .polling(.milliseconds(100))])
  func theWatcherReportsAnotherWritersChangeButNotTheSaversOwn(mode: FileWatcher.Mode)
    async throws
  {
    let file = DataFile(path: directory + "/standups.json")
    try file.save([.mock])
    let (document, version) = try #require(try file.read())
    let events = LockIsolated<[Seen]>([])
    let saver = makeSaver(file, baseline: .loaded(document, version), events: events)
    let reports = LockIsolated(0)
    let watcher = FileWatcher(path: file.path, mode: mode) {
      reports.withValue { $0 += 1 }
      saver.fileMayHaveChanged()
    }
    defer { watcher.stop() }
    #expect(watcher.mode == mode)

    if mode == .inotify {
      // Files beside it that are not it: other data, another program's temp file, a lock.
      try Data("{}".utf8).write(to: URL(fileURLWithPath: directory + "/other.json"))
      try Data("partial".utf8).write(to: URL(fileURLWithPath: file.path + ".tmp-1"))
      try Data().write(to: URL(fileURLWithPath: file.path + ".lock"))
      guard rename(file.path + ".tmp-1", directory + "/other2.json") == 0 else {
        throw SystemError("rename", errno)
      }
    }
    let theirs: Doc = [.mock, .engineeringMock]
    try OtherWriter.replaceByRename(file.path, with: encoded(theirs))
    try await waitUntil("the change is reported") { !events.value.isEmpty }
    #expect(events.value == [.changed(stored: theirs, base: [.mock], revision: 1)])
    if mode == .inotify {
      // Queued before the rename, the other files' events came first: only the rename counted.
      #expect(reports.value == 1)
    }

    // The saver's own save: seen by the watcher, not reported as a change.
    let merged: Doc = [.mock, .engineeringMock, .productMock]
    let before = reports.value
    saver.submit(merged, revision: 1)
    try await waitUntil("the merge is written") { try file.load() == merged }
    // One report at least (inotify), two polls at least (polling): one came after the save.
    let after = mode == .inotify ? before + 1 : before + 2
    try await waitUntil("the watcher saw the save") { reports.value >= after }
    await saver.checkFile()
    #expect(events.value == [.changed(stored: theirs, base: [.mock], revision: 1), .saved])

    let again: Doc = [.productMock]
    try OtherWriter.replaceByRename(file.path, with: encoded(again))
    try await waitUntil("the second change is reported") { events.value.count >= 3 }
    #expect(
      events.value == [
        .changed(stored: theirs, base: [.mock], revision: 1), .saved,
        .changed(stored: again, base: merged, revision: 2),
      ])
  }

  /// Thousands of events for another file beside it (a log being written)
  /// are read a few buffers a turn, and the watched file's change after them
  /// is still reported.
  @Test func aFloodOfEventsForAnotherFileStillLetsTheFilesChangeThrough() async throws {
    let path = directory + "/standups.json"
    try Data("{}".utf8).write(to: URL(fileURLWithPath: path))
    let reports = LockIsolated(0)
    let watcher = FileWatcher(path: path, mode: .inotify) { reports.withValue { $0 += 1 } }
    defer { watcher.stop() }
    #expect(watcher.mode == .inotify)
    // Two events a write (modify, close): more than the few buffers one turn reads.
    for i in 0..<4000 {
      try OtherWriter.writeInPlace(directory + "/log.txt", Data("\(i)\n".utf8), create: true)
    }
    #expect(reports.value == 0, "events for another file were reported")
    try OtherWriter.writeInPlace(path, Data("{ }".utf8))
    try await waitUntil("the file's change is reported") { reports.value > 0 }
  }
}
