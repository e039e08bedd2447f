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

private typealias Doc = IdentifiedArrayOf<Standup>

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

  // MARK: - A file that goes bad

  enum Damage: String, CaseIterable, Sendable {
    case truncatedToZeroBytes, halfWrittenJSON, invalidJSON

    /// Another program damages the file in place.
    func apply(to path: String) throws {
      switch self {
      case .truncatedToZeroBytes:
        guard truncate(path, 0) == 0 else { throw SystemError("truncate", errno) }
      case .halfWrittenJSON:
        let full = try DocumentFormat.standups.encode([.mock, .engineeringMock])
        try OtherWriter.writeInPlace(path, full.prefix(full.count / 2))
      case .invalidJSON:
        try OtherWriter.writeInPlace(path, Data("{\"version\": 1, \"standups\": [nope".utf8))
      }
    }
  }

  /// With and without a change the app has not saved yet: either way what
  /// it holds is written back.
  @Test(arguments: Damage.allCases, [true, false])
  func aDamagedFileIsLeftAloneUntilItSettlesThenKeptAsideAndWrittenFromMemory(
    damage: Damage, withUnsavedChange: Bool
  ) async throws {
    let file = DataFile(path: directory + "/standups.json")
    try file.save([.mock])
    let (document, version) = try #require(try file.read())
    let clock = TestClock()
    let events = LockIsolated<[Seen]>([])
    let saver = makeSaver(
      file, baseline: .loaded(document, version), clock: clock, events: events)

    try damage.apply(to: file.path)
    let bad = try Data(contentsOf: URL(fileURLWithPath: file.path))

    await saver.checkFile()
    // The app's next change waits too: the file may be another program's write in progress.
    let mine: Doc = withUnsavedChange ? [.mock, .productMock] : [.mock]
    if withUnsavedChange { await saver.schedule(mine) }
    #expect(events.value == [])
    #expect(try Data(contentsOf: URL(fileURLWithPath: file.path)) == bad)
    #expect(await saver.writeCount == 0)

    try await waitUntil("the settle time is running") { await clock.hasSleepers() }
    await clock.advance(by: .milliseconds(199))
    await saver.checkFile()
    #expect(events.value == [])
    #expect(try Data(contentsOf: URL(fileURLWithPath: file.path)) == bad)
    #expect(try copies("unreadable") == [])

    await clock.advance(by: .milliseconds(1))
    try await waitUntil("the file is written again from memory") {
      events.value.count == 2
    }
    let kept = try copies("unreadable")
    try #require(kept.count == 1)
    #expect(kept[0].wholeMatch(of: /standups\.unreadable-\d{8}T\d{6}\.\d{3}Z/) != nil)
    #expect(try Data(contentsOf: URL(fileURLWithPath: directory + "/" + kept[0])) == bad)
    guard case .notice(let notice) = events.value.first else {
      Issue.record("expected a notice first, got \(events.value)")
      return
    }
    #expect(notice.contains("kept as \(kept[0]); saved again from memory"))
    #expect(events.value.last == .saved)
    // Fails without an unsaved change (see the report): the notice and
    // `.saved` claim a write that never happened; the bad bytes stay.
    let stored = try? file.load()
    #expect(stored == mine)
    #expect(await saver.writeCount == 1)
    #expect(try leftovers() == [kept[0], "standups.json"].sorted())
  }

  /// No file at launch and nothing saved yet (a first run left alone): an
  /// unreadable file another program leaves there is kept aside once, not
  /// once per look.
  @Test func anUnreadableFileWhereThereWasNoneIsKeptAsideOnce() async throws {
    let file = DataFile(path: directory + "/standups.json")
    let clock = TestClock()
    let events = LockIsolated<[Seen]>([])
    let saver = makeSaver(file, baseline: .loaded(nil, nil), clock: clock, events: events)

    try OtherWriter.writeInPlace(file.path, Data("{\"version\": 1, \"stand".utf8), create: true)
    // Three looks, each after the settle time, as the polling watcher makes them.
    for look in 0..<3 {
      await saver.checkFile()
      if look == 0 {
        try await waitUntil("the settle time starts") { await clock.hasSleepers() }
      }
      if await clock.hasSleepers() {
        await clock.advance(by: .seconds(1))
        try await waitUntil("the settle time is over") { await !clock.hasSleepers() }
        await Task.megaYield()
      }
      await saver.checkFile()
    }
    try await waitUntil("the file is kept aside") { try !copies("unreadable").isEmpty }
    // Not a new copy of the same bytes at every look.
    let kept = try copies("unreadable")
    #expect(kept.count == 1)
    #expect(await saver.writeCount == 0)
  }

  @Test func aBadFileThatBecomesValidBeforeItSettlesIsAChangeNotDamage() async throws {
    let file = DataFile(path: directory + "/standups.json")
    try file.save([.mock])
    let (document, version) = try #require(try file.read())
    let clock = TestClock()
    let events = LockIsolated<[Seen]>([])
    let saver = makeSaver(
      file, baseline: .loaded(document, version), clock: clock, events: events)

    // Another program's write in progress, seen half-way…
    let theirs: Doc = [.mock, .engineeringMock]
    let full = try encoded(theirs)
    try OtherWriter.writeInPlace(file.path, full.prefix(full.count / 2))
    await saver.checkFile()
    #expect(events.value == [])
    try await waitUntil("the settle time is running") { await clock.hasSleepers() }
    await clock.advance(by: .milliseconds(100))

    // …then finished before the settle time is up.
    try OtherWriter.writeInPlace(file.path, full)
    await saver.checkFile()
    #expect(events.value == [.changed(stored: theirs, base: [.mock], revision: 1)])

    // The settle time passing changes nothing now.
    await clock.advance(by: .seconds(1))
    try await waitUntil("the settle time is over") { await !clock.hasSleepers() }
    await Task.megaYield()
    await saver.checkFile()
    #expect(events.value == [.changed(stored: theirs, base: [.mock], revision: 1)])
    #expect(try copies("unreadable") == [])
    #expect(try file.load() == theirs)
    #expect(await saver.writeCount == 0)
  }

  @Test func aDeletedFileIsWrittenAgainFromMemoryAfterTheSettleTime() async throws {
    let file = DataFile(path: directory + "/standups.json")
    try file.save([.mock])
    let (document, version) = try #require(try file.read())
    let events = LockIsolated<[Seen]>([])
    let settleTime = Duration.milliseconds(200)
    let saver = makeSaver(
      file, baseline: .loaded(document, version), clock: ContinuousClock(), events: events)

    guard unlink(file.path) == 0 else { throw SystemError("unlink", errno) }
    let seen = ContinuousClock().now
    await saver.checkFile()
    #expect(events.value == [])
    #expect(!FileManager.default.fileExists(atPath: file.path))

    try await waitUntil("the file is written again") { events.value.count == 2 }
    #expect(ContinuousClock().now - seen >= settleTime)
    #expect(
      events.value == [
        .notice("standups.json was deleted by another program: saved again from memory"), .saved,
      ])
    #expect(try file.load() == [.mock])
    #expect(try leftovers() == ["standups.json"])
  }

  @Test func aFileFromANewerVersionMakesTheSaverReadOnly() async throws {
    let file = DataFile(path: directory + "/standups.json")
    try file.save([.mock])
    let (document, version) = try #require(try file.read())
    let events = LockIsolated<[Seen]>([])
    let saver = makeSaver(file, baseline: .loaded(document, version), events: events)

    let newer = Data(#"{"standups":[],"version":99}"#.utf8)
    try OtherWriter.replaceByRename(file.path, with: newer)
    await saver.checkFile()
    try #require(events.value.count == 1)
    guard case .becameReadOnly(let message) = events.value[0] else {
      Issue.record("expected read-only, got \(events.value)")
      return
    }
    #expect(message.contains("99"))
    #expect(await saver.isReadOnly)

    // Nothing is written over it any more: not a change, not after a look.
    await saver.schedule([.mock, .productMock])
    await saver.checkFile()
    #expect(await saver.writeCount == 0)
    #expect(try Data(contentsOf: URL(fileURLWithPath: file.path)) == newer)

    // Not on quit either: the last state goes to a copy beside it.
    saver.submit([.productMock], revision: 0)
    let flushed = await saver.flushReporting()
    #expect(flushed.failure == nil)
    #expect(await saver.writeCount == 0)
    #expect(try Data(contentsOf: URL(fileURLWithPath: file.path)) == newer)
    #expect(events.value.count == 1)
    let conflictCopies = try copies("conflict")
    try #require(conflictCopies.count == 1)
    #expect(try DataFile(path: directory + "/" + conflictCopies[0]).load() == [.productMock])
    try #require(flushed.notes.count == 1)
    #expect(flushed.notes[0].contains(conflictCopies[0]))
    #expect(try leftovers() == [conflictCopies[0], "standups.json"].sorted())

    // Nothing more to keep: a second flush writes nothing.
    #expect(await saver.flushReporting().notes == [])
    #expect(try copies("conflict").count == 1)
  }

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

  // MARK: - The file's primitives

  @Test func replaceSwapsAtomicallyAndHandsBackAnotherWritersBytes() throws {
    let file = DataFile(path: directory + "/standups.json")
    try file.save([.mock])
    let expected = try #require(try FileSnapshot.read(file.path)).version

    // Another writer got in between the check and the swap.
    let theirs = try encoded([.engineeringMock])
    try OtherWriter.replaceByRename(file.path, with: theirs)
    let mine = try encoded([.productMock])
    switch try file.replace(with: mine, expecting: expected) {
    case .replacedOther(let written, let previous):
      #expect(previous == theirs)
      let now = try #require(try FileSnapshot.read(file.path))
      #expect(now.data == mine)
      #expect(now.version.hasSameContent(as: written))
    case let other:
      Issue.record("expected replacedOther, got \(other)")
    }
    #expect(try leftovers() == ["standups.json"])

    // The version that is there: replaced, nothing handed back.
    let current = try #require(try FileSnapshot.read(file.path)).version
    let next = try encoded([.mock, .productMock])
    switch try file.replace(with: next, expecting: current) {
    case .replaced(let written):
      let now = try #require(try FileSnapshot.read(file.path))
      #expect(now.data == next)
      #expect(now.version.hasSameContent(as: written))
    case let other:
      Issue.record("expected replaced, got \(other)")
    }
    #expect(try leftovers() == ["standups.json"])

    // Expecting no file where there is one: nothing written.
    switch try file.replace(with: mine, expecting: nil) {
    case .notReplaced(let current?):
      #expect(current.data == next)
    case let other:
      Issue.record("expected notReplaced with the file, got \(other)")
    }
    #expect(try Data(contentsOf: URL(fileURLWithPath: file.path)) == next)
    #expect(try leftovers() == ["standups.json"])

    // Expecting a file that is gone: nothing written either.
    let last = try #require(try FileSnapshot.read(file.path)).version
    guard unlink(file.path) == 0 else { throw SystemError("unlink", errno) }
    switch try file.replace(with: mine, expecting: last) {
    case .notReplaced(nil): break
    case let other: Issue.record("expected notReplaced without a file, got \(other)")
    }
    #expect(try leftovers() == [])
  }

  /// A newer version's file, or one still being written, that appeared
  /// between the check and the swap is put back, never replaced or kept aside.
  @Test(arguments: [
    #"{ "version": 99, "standups": [], "teams": [] }"#, #"{ "version": 1, "standups": [ { "id"#,
  ])
  func replaceSwapsBackWhatItCannotMerge(_ theirs: String) throws {
    let file = DataFile(path: directory + "/standups.json")
    try file.save([.mock])
    let expected = try #require(try FileSnapshot.read(file.path)).version
    try OtherWriter.replaceByRename(file.path, with: Data(theirs.utf8))
    switch try file.replace(with: try encoded([.productMock]), expecting: expected) {
    case .notReplaced(let current?):
      #expect(current.data == Data(theirs.utf8))
    case let other:
      Issue.record("expected notReplaced with their file, got \(other)")
    }
    #expect(try String(contentsOfFile: file.path, encoding: .utf8) == theirs)
    #expect(try leftovers() == ["standups.json"])
  }

  /// Where the file system refuses `renameat2`: the version is checked just
  /// before a plain rename, and a file that is not the expected one (or one
  /// where none was expected) is left alone.
  @Test func withoutAtomicRenamesTheCheckComesJustBeforeTheRename() throws {
    let file = DataFile(path: directory + "/standups.json")
    let first = try encoded([.mock])
    switch try file.replace(with: first, expecting: nil, atomicRename: false) {
    case .replaced: break
    case let other: Issue.record("expected replaced, got \(other)")
    }
    let expected = try #require(try FileSnapshot.read(file.path)).version
    switch try file.replace(with: try encoded([.productMock]), expecting: nil, atomicRename: false)
    {
    case .notReplaced(let current?): #expect(current.data == first)
    case let other: Issue.record("expected notReplaced with the file, got \(other)")
    }

    let theirs = try encoded([.engineeringMock])
    try OtherWriter.replaceByRename(file.path, with: theirs)
    switch try file.replace(
      with: try encoded([.productMock]), expecting: expected, atomicRename: false)
    {
    case .notReplaced(let current?): #expect(current.data == theirs)
    case let other: Issue.record("expected notReplaced with theirs, got \(other)")
    }
    let now = try #require(try FileSnapshot.read(file.path)).version
    let mine = try encoded([.mock, .productMock])
    switch try file.replace(with: mine, expecting: now, atomicRename: false) {
    case .replaced(let written):
      #expect(try FileSnapshot.read(file.path)?.version.hasSameContent(as: written) == true)
    case let other: Issue.record("expected replaced, got \(other)")
    }
    #expect(try Data(contentsOf: URL(fileURLWithPath: file.path)) == mine)
    #expect(try leftovers() == ["standups.json"])
  }

  @Test func copiesMadeInTheSameMillisecondGetDistinctNames() throws {
    let file = DataFile(path: directory + "/standups.json")
    try file.save([.mock])
    let now = Date(timeIntervalSince1970: 1_700_000_000.5)
    let first = try file.writeConflictCopy([.mock], now: now)
    let second = try file.writeConflictCopy([.productMock], now: now)
    let third = try file.writeConflictCopy([.engineeringMock], now: now)
    #expect(first == directory + "/standups.conflict-20231114T221320.500Z.json")
    #expect(second == directory + "/standups.conflict-20231114T221320.500Z-2.json")
    #expect(third == directory + "/standups.conflict-20231114T221320.500Z-3.json")
    #expect(try DataFile(path: first).load() == [.mock])
    #expect(try DataFile(path: second).load() == [.productMock])
    #expect(try DataFile(path: third).load() == [.engineeringMock])

    let bytes = Data("not json".utf8)
    let kept = try file.keepAside(bytes, now: now)
    let keptAgain = try file.keepAside(Data(), now: now)
    #expect(kept == directory + "/standups.unreadable-20231114T221320.500Z")
    #expect(keptAgain == directory + "/standups.unreadable-20231114T221320.500Z-2")
    #expect(try Data(contentsOf: URL(fileURLWithPath: kept)) == bytes)
    #expect(try Data(contentsOf: URL(fileURLWithPath: keptAgain)) == Data())
    #expect(try file.load() == [.mock])
    #expect(try leftovers().count == 6)
  }

  // MARK: - Helpers

  private func makeSaver(
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

  private func encoded(_ standups: Doc) throws -> Data {
    try DocumentFormat.standups.encode(standups)
  }

  /// The directory's entries, sorted.
  private func leftovers() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
  }

  /// Copies beside the file: `standups.<kind>-…`.
  private func copies(_ kind: String) throws -> [String] {
    try leftovers().filter { $0.hasPrefix("standups.\(kind)-") }
  }
}

/// A saver event, comparable.
private enum Seen: Equatable, Sendable {
  case saved
  case failed(String)
  case changed(stored: Doc, base: Doc?, revision: Int)
  case notice(String)
  case becameReadOnly(String)

  init(_ event: SaverEvent<Doc>) {
    switch event {
    case .saved: self = .saved
    case .failed(let failure): self = .failed(failure.summary)
    case .changed(let stored, let base, let revision):
      self = .changed(stored: stored, base: base, revision: revision)
    case .notice(let text): self = .notice(text)
    case .becameReadOnly(let text): self = .becameReadOnly(text)
    }
  }
}

/// Another program writing the file, with plain system calls.
private enum OtherWriter {
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

private struct SystemError: Error, CustomStringConvertible {
  let call: String
  let code: Int32
  init(_ call: String, _ code: Int32) {
    self.call = call
    self.code = code
  }
  var description: String { "\(call): \(String(cString: strerror(code)))" }
}
