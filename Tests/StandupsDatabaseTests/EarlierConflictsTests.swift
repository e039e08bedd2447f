import Foundation
import StandupsCore
import Testing

@testable import StandupsDatabase

/// The user's versions kept in `conflicts` outlive the session that kept
/// them: the next start of the same user offers them again, until the user
/// reopens them, which removes their rows.
struct EarlierConflictsTests {
  let id = Standup.mock.id

  /// Alice's title change lost to one made behind her store's back; her
  /// version, as kept.
  func aliceLosesAConflict(in database: TestDatabase) async throws -> Standup {
    let alice = try await database.member()
    await alice.save([.mock, .engineeringMock])
    #expect(await alice.handle(until: \.isSaved) == .saved)
    try database.psql(
      "UPDATE standups SET title = 'Theirs', version = version + 1 WHERE id = '\(id)'")
    await alice.edit { $0[id: id]?.title = "Mine" }
    let kept = await alice.handle(until: { $0.conflictsKept != nil })?.conflictsKept
    await alice.close()
    let mine = try #require(kept?.first)
    #expect(mine.title == "Mine")
    return mine
  }

  @Test func theNextStartOffersThemUntilTheUserReopensThem() async throws {
    let database = try TestDatabase()
    let mine = try await aliceLosesAConflict(in: database)

    let again = try await database.member()
    let offered = await again.handle(until: { $0.earlierConflicts != nil })?.earlierConflicts
    #expect(offered == [mine])
    // Another member's start offers nothing of Alice's.
    let bob = try await database.member("bob@test", files: database.otherFiles("bob"))
    #expect(await bob.closeAndDrain().allSatisfy { $0.earlierConflicts == nil })

    again.store.conflictReviewed(mine)
    await again.flush()
    #expect(try database.conflicts().isEmpty)
    await again.close()

    let third = try await database.member()
    #expect(await third.closeAndDrain().allSatisfy { $0.earlierConflicts == nil })
  }

  @Test func aVersionTheStoredStandupCaughtUpWithIsNotOfferedAndGoes() async throws {
    let database = try TestDatabase()
    _ = try await aliceLosesAConflict(in: database)
    try database.psql(
      "UPDATE standups SET title = 'Mine', version = version + 1 WHERE id = '\(id)'")

    let again = try await database.member()
    #expect(await again.closeAndDrain().allSatisfy { $0.earlierConflicts == nil })
    #expect(try database.conflicts().isEmpty)
  }

  @Test func onlyTheNewestVersionOfAStandupIsOffered() async throws {
    let database = try TestDatabase()
    _ = try await aliceLosesAConflict(in: database)
    // A second session lost another edit of the same standup.
    let second = try await database.member()
    _ = await second.handle(until: { $0.earlierConflicts != nil })
    try database.psql(
      "UPDATE standups SET title = 'Theirs again', version = version + 1 WHERE id = '\(id)'")
    await second.edit { $0[id: id]?.title = "Mine again" }
    let kept = await second.handle(until: { $0.conflictsKept != nil })?.conflictsKept
    #expect(kept?.first?.title == "Mine again")
    await second.close()
    #expect(try database.conflicts().count == 2)

    let third = try await database.member()
    let offered = await third.handle(until: { $0.earlierConflicts != nil })?.earlierConflicts
    #expect(offered?.map(\.title) == ["Mine again"])
    // Dealing with an older version leaves a newer one it never saw.
    var older = try #require(offered?.first)
    older.title = "Mine"
    third.store.conflictReviewed(older)
    await third.flush()
    #expect(try database.conflicts().map(\.standup.title) == ["Mine again"])
    third.store.conflictReviewed(try #require(offered?.first))
    await third.flush()
    #expect(try database.conflicts().isEmpty)
    await third.close()
  }

  /// A session that cannot read the kept versions (no permission on
  /// `conflicts`) still starts.
  @Test func aStartThatCannotReadTheConflictsStillOpens() async throws {
    let database = try TestDatabase()
    _ = try await aliceLosesAConflict(in: database)
    try database.psql("ALTER TABLE conflicts RENAME TO conflicts_elsewhere")
    let again = try await database.member()
    #expect(await again.closeAndDrain().allSatisfy { $0.earlierConflicts == nil })
    try database.psql("ALTER TABLE conflicts_elsewhere RENAME TO conflicts")
  }
}

extension PersistenceEvent {
  var earlierConflicts: IdentifiedArrayOf<Standup>? {
    if case .conflictsFromEarlier(let kept) = self { kept } else { nil }
  }
}
