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
    let clock = TestClock()
    let saver = makeSaver(file, baseline: .loaded(document, version), clock: clock, events: events)

    guard unlink(file.path) == 0 else { throw SystemError("unlink", errno) }
    await saver.checkFile()
    #expect(events.value == [])
    #expect(!FileManager.default.fileExists(atPath: file.path))

    // Another program's save may be a delete and a rename: it waits the settle time.
    try await waitUntil("the settle time is running") { await clock.hasSleepers() }
    await clock.advance(by: .milliseconds(199))
    await saver.checkFile()
    #expect(events.value == [])
    #expect(!FileManager.default.fileExists(atPath: file.path))

    await clock.advance(by: .milliseconds(1))
    try await waitUntil("the file is written again") { events.value.count == 2 }
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
}
