import Foundation
import StandupsCore
import Testing

@testable import StandupsDatabase

/// `--offline-ok`: with the server out of reach at start, the last sync's
/// cache (mode 0600) opens instead; what is changed then goes to the
/// journal and reaches the database at the next start that connects.
struct OfflineOKTests {
  @Test func theLastCacheOpensWhenTheServerIsOutOfReach() async throws {
    let database = try TestDatabase()
    let alice = try await database.member()
    await alice.save(Fixtures.everything)
    #expect(await alice.close() == [])
    #expect(try permissions(database.files.cachePath) == 0o600)
    let directory = (database.files.cachePath as NSString).deletingLastPathComponent
    #expect(try permissions(directory) == 0o700)

    let unreachable = try database.unreachableURL()
    let offline = try await database.member(url: unreachable, offlineOK: true)
    #expect(offline.standups == Fixtures.everything)
    #expect(await offline.store.isOffline)
    let first = await offline.handle(until: { _ in true })
    #expect(
      first
        == .offline(
          "Offline: cannot reach the database server at 127.0.0.1:\(unreachable.port): "
            + "Connection refused"))

    let meeting = Fixtures.meeting("Recorded offline", at: 794_000_000.5)
    await offline.edit {
      $0[id: Standup.mock.id]?.meetings.insert(meeting, at: 0)
      $0[id: Standup.engineeringMock.id]?.title = "Platform"
    }
    #expect(database.files.readJournal().count == 1)
    #expect(try permissions(database.files.journalPath) == 0o600)
    let notes = await offline.close()
    #expect(notes.count == 1)
    #expect(notes.first?.contains("1 save is kept in \(database.files.journalPath)") == true)
    // The cache holds what was changed offline, for the next offline start.
    #expect(database.files.readCache()?.standups == offline.standups)
    #expect(try await database.stored().standups == Fixtures.everything)

    // Back on the server: the journal is sent.
    let back = try await database.member()
    #expect(back.standups == offline.standups)
    #expect(try await database.stored().standups == offline.standups)
    #expect(!database.files.hasJournal)
    await back.close()
  }

  /// A crash between a save's journal line and the cache's rewrite leaves
  /// the journal ahead: an offline start shows the journal's saves too, and
  /// a save made then is journaled once, not again.
  @Test func anOfflineStartShowsSavesTheCacheDoesNotHoldYet() async throws {
    let database = try TestDatabase()
    let alice = try await database.member()
    await alice.save([.mock, .engineeringMock])
    await alice.close()
    var renamed = Standup.engineeringMock
    renamed.title = "Platform"
    try database.files.appendToJournal([.insert(.productMock)])
    try database.files.appendToJournal([.update(renamed, seen: 1)])
    #expect(database.files.readCache()?.standups == [.mock, .engineeringMock])

    let unreachable = try database.unreachableURL()
    let offline = try await database.member(url: unreachable, offlineOK: true)
    #expect(offline.standups == [.mock, renamed, .productMock])
    await offline.edit { $0.remove(id: Standup.mock.id) }
    #expect(database.files.readJournal().count == 3)
    #expect(database.files.readJournal().last == [.delete(Standup.mock.id, seen: 1)])
    await offline.close()

    let back = try await database.member()
    #expect(back.standups.map(\.title) == ["Platform", Standup.productMock.title])
    await back.close()
  }

  /// A cache left with other permissions is replaced by one readable only
  /// by the user.
  @Test func theCacheIsMadePrivate() async throws {
    let database = try TestDatabase()
    try TeamFiles.makeDirectory(for: database.files.cachePath)
    #expect(
      FileManager.default.createFile(
        atPath: database.files.cachePath, contents: Data("{}".utf8),
        attributes: [.posixPermissions: 0o644]))
    let alice = try await database.member()
    await alice.save([.mock])
    await alice.close()
    #expect(try permissions(database.files.cachePath) == 0o600)
    #expect(database.files.readCache()?.standups == [.mock])
  }

  /// An unreadable cache is no cache: the start fails as without one.
  @Test func anUnreadableCacheIsNoCache() async throws {
    let database = try TestDatabase()
    try TeamFiles.makeDirectory(for: database.files.cachePath)
    #expect(
      FileManager.default.createFile(atPath: database.files.cachePath, contents: Data("{".utf8)))
    let unreachable = try database.unreachableURL()
    let error = await #expect(throws: TeamStartFailure.self) {
      try await TeamStore.open(
        url: unreachable, files: database.files, author: "alice@test", offlineOK: true)
    }
    #expect(error?.description.hasSuffix("no cache to open offline (connect once first)") == true)
  }
}
