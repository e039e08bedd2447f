import Foundation
import StandupsCore
import Testing

@testable import StandupsDatabase

/// Two members on one database: each one's changes reach the other through
/// LISTEN/NOTIFY as `.changedElsewhere`, and both end up with the same list
/// as the database, whoever saves first.
struct TwoStoresTests {
  /// Alice and Bob on one database (on files of their own), both with `start`.
  func team(_ start: IdentifiedArrayOf<Standup>) async throws -> (
    TestDatabase, alice: Member, bob: Member
  ) {
    let database = try TestDatabase()
    let alice = try await database.member("alice@test", files: database.otherFiles("alice"))
    await alice.save(start)
    let bob = try await database.member("bob@test", files: database.otherFiles("bob"))
    #expect(bob.standups == start)
    return (database, alice, bob)
  }

  /// A standup Alice deleted comes back through Bob's save: Alice is told,
  /// not left to find it back in her list.
  @Test func aStandupDeletedHereAndBroughtBackElsewhereIsSaid() async throws {
    let (_, alice, bob) = try await team([.mock, .engineeringMock])
    await alice.edit { $0.remove(id: Standup.mock.id) }
    #expect(await bob.handle(untilStandups: { $0.ids == [Standup.engineeringMock.id] }))
    var edited = Standup.mock
    edited.title = "Design, edited"
    await bob.edit { $0.insert(edited, at: 0) }
    let notice = await alice.handle(until: { $0.noticeText != nil })?.noticeText
    #expect(notice == "“Design, edited” was changed by another member: kept, not deleted")
    #expect(alice.standups[id: Standup.mock.id]?.title == "Design, edited")
    await alice.close()
    await bob.close()
  }

  @Test func eachKindOfChangeReachesTheOtherMember() async throws {
    let (database, alice, bob) = try await team([])
    func same(_ step: String, sourceLocation: SourceLocation = #_sourceLocation) async throws {
      let stored = try await database.stored().standups
      #expect(alice.standups == stored, "\(step)", sourceLocation: sourceLocation)
      #expect(bob.standups == stored, "\(step)", sourceLocation: sourceLocation)
      #expect(await alice.store.standups == stored, "\(step)", sourceLocation: sourceLocation)
      #expect(await bob.store.standups == stored, "\(step)", sourceLocation: sourceLocation)
    }
    func bobSees(_ step: String, sourceLocation: SourceLocation = #_sourceLocation) async throws {
      let expected = alice.standups
      let seen = await bob.handle(untilStandups: { $0 == expected })
      #expect(seen, "Bob did not see: \(step)", sourceLocation: sourceLocation)
      try await same(step, sourceLocation: sourceLocation)
    }
    func aliceSees(_ step: String, sourceLocation: SourceLocation = #_sourceLocation) async throws {
      let expected = bob.standups
      let seen = await alice.handle(untilStandups: { $0 == expected })
      #expect(seen, "Alice did not see: \(step)", sourceLocation: sourceLocation)
      try await same(step, sourceLocation: sourceLocation)
    }

    await alice.save([.mock, .engineeringMock])
    try await bobSees("standups added")
    await bob.edit { $0[id: Standup.engineeringMock.id]?.title = "Platform 🛠" }
    try await aliceSees("a title")
    await alice.edit { $0[id: Standup.engineeringMock.id]?.attendees.swapAt(0, 1) }
    try await bobSees("attendees reordered")
    let meeting = Fixtures.meeting("Recorded by Bob", at: 790_000_000.321)
    await bob.edit { $0[id: Standup.mock.id]?.meetings.insert(meeting, at: 0) }
    try await aliceSees("a meeting (the standup's version unchanged)")
    await alice.edit { $0[id: Standup.mock.id]?.meetings.remove(id: Standup.mock.meetings[0].id) }
    try await bobSees("a meeting deleted")
    await bob.edit { $0.append(Fixtures.international) }
    try await aliceSees("a standup with everything")
    await alice.edit { $0.move(fromOffsets: [2], toOffset: 0) }
    try await bobSees("the order")
    await bob.edit { $0.remove(id: Standup.mock.id) }
    try await aliceSees("a standup deleted")
    #expect(try database.psql("SELECT count(*) FROM conflicts") == "0")

    // Nothing but the other's changes and their own saves.
    for event in alice.heard + bob.heard {
      #expect(event.isSaved || event.isChangedElsewhere, "\(event)")
    }
    await alice.close()
    await bob.close()
  }

  /// Both save at once, each a different standup: both changes are kept,
  /// whichever commits first (a save made before hearing of the other's is
  /// dropped by the store and comes back merged).
  @Test func changesOfDifferentStandupsAtOnceAreBothKept() async throws {
    let (database, alice, bob) = try await team([.mock, .engineeringMock, .productMock])
    alice.submit { $0[id: Standup.mock.id]?.title = "Alice's" }
    bob.submit {
      $0[id: Standup.productMock.id]?.theme = .teal
      $0.append(Fixtures.bare)
    }
    await flush(alice, bob)

    var expected: IdentifiedArrayOf<Standup> = [
      .mock, .engineeringMock, .productMock, Fixtures.bare,
    ]
    expected[id: Standup.mock.id]?.title = "Alice's"
    expected[id: Standup.productMock.id]?.theme = .teal
    #expect(await handle(alice, bob, untilStandups: { $0 == expected }))
    await flush(alice, bob)
    #expect(try await database.stored().standups == expected)
    #expect(try database.psql("SELECT count(*) FROM conflicts") == "0")
    await alice.close()
    await bob.close()
  }

  /// Both change the same standup's title at once: one version is stored,
  /// the other is kept in `conflicts` (once, by its author), and both
  /// members end with what is stored.
  @Test func changesOfOneStandupAtOnceKeepOneAndTheOtherAsAConflict() async throws {
    let (database, alice, bob) = try await team([.mock, .engineeringMock])
    alice.submit { $0[id: Standup.mock.id]?.title = "Alice's" }
    bob.submit { $0[id: Standup.mock.id]?.title = "Bob's" }
    await flush(alice, bob)

    let title = try database.psql("SELECT title FROM standups WHERE id = '\(Standup.mock.id)'")
    #expect(["Alice's", "Bob's"].contains(title))
    #expect(await alice.handle(untilStandups: { $0[id: Standup.mock.id]?.title == title }))
    #expect(await bob.handle(untilStandups: { $0[id: Standup.mock.id]?.title == title }))
    let (loser, loserTitle) = title == "Alice's" ? ("bob@test", "Bob's") : ("alice@test", "Alice's")
    let conflicts = try database.conflicts()
    #expect(conflicts.map(\.keptBy) == [loser])
    #expect(conflicts.map(\.standup.title) == [loserTitle])
    #expect(conflicts.first?.standup.attendees == Standup.mock.attendees)

    await flush(alice, bob)
    let stored = try await database.stored()
    #expect(alice.standups == stored.standups)
    #expect(bob.standups == stored.standups)
    #expect(stored.versions[Standup.mock.id] == 2)
    await alice.close()
    await bob.close()
  }

  /// One moves a standup while the other adds one: both end with the same
  /// list, holding every standup.
  @Test func aMoveAndAnAdditionAtOnceConverge() async throws {
    let (database, alice, bob) = try await team([.mock, .engineeringMock, .productMock])
    alice.submit { $0.move(fromOffsets: [2], toOffset: 0) }
    bob.submit { $0.append(Fixtures.bare) }
    await flush(alice, bob)

    let all: Set<Standup.ID> = [
      Standup.mock.id, Standup.engineeringMock.id, Standup.productMock.id, Fixtures.bare.id,
    ]
    // Whichever store saw the other's change first dropped its member's save
    // until that member merged it.
    #expect(await handle(alice, bob, untilStandups: { Set($0.ids) == all }))
    await flush(alice, bob)
    let stored = try await database.stored().standups
    #expect(Set(stored.ids) == all)
    #expect(stored.ids.first == Standup.productMock.id, "the move is kept")
    #expect(await alice.handle(untilStandups: { $0 == stored }))
    #expect(await bob.handle(untilStandups: { $0 == stored }))
    await alice.close()
    await bob.close()
  }

  /// The order the previous test leaves to chance: Bob's store has heard of
  /// Alice's change before Bob saves. Bob's save is dropped (made before he
  /// merged it); once he does, his addition reaches the database and Alice,
  /// although his own list had it all along.
  @Test func aSaveMadeBeforeMergingIsSentAgainAfterTheMerge() async throws {
    let (database, alice, bob) = try await team([.mock, .engineeringMock, .productMock])
    await alice.edit { $0.move(fromOffsets: [2], toOffset: 0) }
    #expect(await bob.log.hasUnread(where: \.isChangedElsewhere))
    await bob.edit { $0.append(Fixtures.bare) }
    #expect(try await database.stored().standups.count == 3)

    let all = Set(alice.standups.ids).union([Fixtures.bare.id])
    #expect(await handle(alice, bob, untilStandups: { Set($0.ids) == all }))
    await flush(alice, bob)
    let stored = try await database.stored().standups
    #expect(stored.ids.first == Standup.productMock.id)
    #expect(Set(stored.ids) == all)
    #expect(await bob.handle(untilStandups: { $0 == stored }))
    await alice.close()
    await bob.close()
  }

  /// Bob's change reaches Alice's store as she quits, after her last edit
  /// was handed over: that edit, made before she saw Bob's, is dropped as
  /// stale, and the app merges and submits again while the store closes.
  /// The close waits for it: both changes are saved, and nothing is said
  /// to be refused.
  @Test func anEditResubmittedWhileQuittingIsSaved() async throws {
    let (database, alice, bob) = try await team([.mock, .engineeringMock])
    await bob.edit { $0[id: Standup.engineeringMock.id]?.title = "Bob's" }
    // Alice's store has Bob's change; the app has not merged it yet.
    var event = await alice.log.next()
    while let seen = event, !seen.isChangedElsewhere { event = await alice.log.next() }
    guard case .changedElsewhere(let stored, let base, let revision) = event else {
      Issue.record("no change from Bob: \(String(describing: event))")
      return
    }
    var mine = alice.standups
    mine[id: Standup.mock.id]?.title = "Alice's, on the way out"
    alice.store.submit(mine, revision: 0)
    // Dropped as stale before the close begins.
    await alice.store.flush()
    async let notes = alice.store.close()
    // The app's merge comes once the close has flushed and waits for it.
    let deadline = ContinuousClock.now + patience
    while !alice.store.isWaitingForResubmission.withLock({ $0 }), ContinuousClock.now < deadline {
      await Task.yield()
    }
    let merged = StandupsMerge(base: base, mine: mine, theirs: stored).standups
    alice.store.submit(merged, revision: revision)
    #expect(await notes == [])
    #expect(!alice.store.changesWereLeftUnsaved)
    let saved = try await database.stored().standups
    #expect(saved[id: Standup.mock.id]?.title == "Alice's, on the way out")
    #expect(saved[id: Standup.engineeringMock.id]?.title == "Bob's")
    await bob.close()
  }

  /// The app never submits again (it ended first): the stale edit is not
  /// sent (it would undo Bob's), but kept in a data file for an import, and
  /// the program is told changes were left unsaved.
  @Test func aStaleEditNobodyResubmitsIsKeptAtTheClose() async throws {
    let (database, alice, bob) = try await team([.mock, .engineeringMock])
    await bob.edit { $0[id: Standup.engineeringMock.id]?.title = "Bob's" }
    var event = await alice.log.next()
    while let seen = event, !seen.isChangedElsewhere { event = await alice.log.next() }
    #expect(event != nil)
    var mine = alice.standups
    mine[id: Standup.mock.id]?.title = "Alice's, never merged"
    alice.store.submit(mine, revision: 0)
    let notes = await alice.store.close()
    #expect(alice.store.changesWereLeftUnsaved)
    let note = try #require(notes.first, "\(notes)")
    #expect(note.hasPrefix("another member's change arrived as you quit"), "\(note)")
    let saved = try await database.stored().standups
    #expect(saved[id: Standup.engineeringMock.id]?.title == "Bob's")
    #expect(saved[id: Standup.mock.id]?.title == Standup.mock.title)
    let kept = try #require(
      FileManager.default.contentsOfDirectory(atPath: database.directory + "/alice")
        .first { $0.hasPrefix("unsaved") })
    let data = try Data(contentsOf: URL(fileURLWithPath: database.directory + "/alice/" + kept))
    #expect(try StandupsFormat.decode(data)[id: Standup.mock.id]?.title == "Alice's, never merged")
    await bob.close()
  }
}
