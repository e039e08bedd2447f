import Foundation
import StandupsCore
import Testing

@testable import StandupsDatabase

/// The conflict rule, with the other member's change made behind the
/// store's back (SQL without a notification), so the store's save is the
/// one that finds it: an update applies only to the version it was made
/// from; otherwise the stored version stays and the user's is kept (in
/// `conflicts`, with who and when) and offered back; edit beats delete; a
/// meeting whose standup was deleted is saved into a new standup.
struct ConflictTests {
  /// A member with `start` saved.
  func member(_ start: IdentifiedArrayOf<Standup>) async throws -> (TestDatabase, Member) {
    let database = try TestDatabase()
    let alice = try await database.member()
    await alice.save(start)
    #expect(await alice.handle(until: \.isSaved) == .saved)
    return (database, alice)
  }

  let id = Standup.mock.id

  @Test func aStaleUpdateKeepsTheStoredVersionAndTheUsersAsAConflict() async throws {
    let (database, alice) = try await member([.mock, .engineeringMock])
    try database.psql(
      "UPDATE standups SET title = 'Theirs', version = version + 1 WHERE id = '\(id)'")
    await alice.edit {
      $0[id: id]?.title = "Mine"
      $0[id: id]?.attendees.removeLast()
    }
    var mine = alice.standups[id: id]!
    mine.meetings = []

    let changed = await alice.handle(until: \.isChangedElsewhere)
    guard case .changedElsewhere(let stored, _, let revision) = changed else {
      Issue.record("no change reported: \(String(describing: changed))")
      return
    }
    #expect(stored[id: id]?.title == "Theirs")
    #expect(stored[id: id]?.attendees == Standup.mock.attendees)
    #expect(revision == 1)
    let kept = await alice.handle(until: { $0.conflictsKept != nil })?.conflictsKept
    #expect(kept == [mine])
    #expect(alice.standups == stored)

    let conflicts = try database.conflicts()
    #expect(conflicts.map(\.standup) == [mine])
    #expect(conflicts.map(\.keptBy) == ["alice@test"])
    let age = try database.psql("SELECT now() - kept_at < interval '1 hour' FROM conflicts")
    #expect(age == "t")
    #expect(try await database.stored().versions[id] == 2)

    // Saved from the version now known: no conflict any more.
    await alice.edit { $0[id: id]?.title = "Mine, again" }
    #expect(
      try database.psql("SELECT title, version FROM standups WHERE id = '\(id)'") == "Mine, again|3"
    )
    #expect(try database.conflicts().count == 1)
    await alice.close()
  }

  /// The same change made on both sides is no conflict.
  @Test func theSameChangeOnBothSidesIsNoConflict() async throws {
    let (database, alice) = try await member([.mock])
    try database.psql(
      "UPDATE standups SET title = 'Same', version = version + 1 WHERE id = '\(id)'")
    await alice.edit { $0[id: id]?.title = "Same" }
    await alice.edit { $0[id: id]?.theme = .teal }
    #expect(try database.psql("SELECT title, theme, version FROM standups") == "Same|teal|3")
    #expect(try database.conflicts().isEmpty)
    #expect(await alice.closeAndDrain() == [.saved, .saved])
  }

  /// Edit beats delete: an update to a standup deleted meanwhile brings it
  /// back, as the user has it.
  @Test func anUpdateRestoresAStandupDeletedMeanwhile() async throws {
    let (database, alice) = try await member([.mock, .engineeringMock])
    try database.psql("DELETE FROM standups WHERE id = '\(id)'")
    await alice.edit { $0[id: id]?.title = "Design, edited" }
    let notice = await alice.handle(until: { $0.noticeText != nil })?.noticeText
    #expect(
      notice == "“Design, edited” was deleted by another member; your changes brought it back")
    let stored = try await database.stored()
    #expect(stored.standups[id: id] == alice.standups[id: id])
    #expect(stored.standups[id: id]?.title == "Design, edited")
    #expect(stored.standups[id: id]?.meetings == Standup.mock.meetings)
    #expect(alice.standups == stored.standups)
    #expect(try database.conflicts().isEmpty)
    await alice.close()
  }

  /// Deleting a standup changed meanwhile keeps it, as changed.
  @Test func aDeletionKeepsAStandupChangedMeanwhile() async throws {
    let (database, alice) = try await member([.mock, .engineeringMock])
    try database.psql(
      "UPDATE standups SET title = 'Theirs', version = version + 1 WHERE id = '\(id)'")
    await alice.edit { $0.remove(id: id) }
    let notice = await alice.handle(until: { $0.noticeText != nil })?.noticeText
    #expect(notice == "“Theirs” was changed by another member: kept, not deleted")
    let stored = try await database.stored()
    #expect(stored.standups.ids.elements == [id, Standup.engineeringMock.id])
    #expect(stored.standups[id: id]?.title == "Theirs")
    #expect(alice.standups == stored.standups)
    await alice.close()
  }

  /// Deleting what was deleted meanwhile is just done.
  @Test func deletingTwiceIsQuiet() async throws {
    let (database, alice) = try await member([.mock, .engineeringMock])
    try database.psql("DELETE FROM standups WHERE id = '\(id)'")
    await alice.edit { $0.remove(id: id) }
    #expect(await alice.handle(until: { _ in true }) == .saved)
    #expect(try await database.stored().standups == [.engineeringMock])
    await alice.close()
  }

  /// A meeting recorded for a standup deleted meanwhile is saved into a new
  /// standup like it.
  @Test func aMeetingOfADeletedStandupGoesIntoANewOne() async throws {
    let (database, alice) = try await member([.mock, .engineeringMock])
    try database.psql("DELETE FROM standups WHERE id = '\(id)'")
    let meeting = Fixtures.meeting("Recorded while it was deleted", at: 790_000_000.75)
    await alice.edit { $0[id: id]?.meetings.insert(meeting, at: 0) }
    let notice = await alice.handle(until: { $0.noticeText != nil })?.noticeText
    #expect(notice == "“Design” was deleted by another member: its meeting is in a new standup")

    let stored = try await database.stored()
    #expect(stored.standups[id: id] == nil)
    let copy = try #require(stored.standups.first { $0.id != Standup.engineeringMock.id })
    #expect(copy.title == "Design")
    #expect(copy.attendees == Standup.mock.attendees)
    #expect(copy.theme == Standup.mock.theme)
    #expect(copy.duration == Standup.mock.duration)
    #expect(copy.meetings.elements == [meeting])
    #expect(alice.standups == stored.standups)
    await alice.close()
  }

  /// A standup's own fields and a new meeting in one save, the standup
  /// deleted meanwhile: brought back with the meeting in it.
  @Test func anEditAndAMeetingOfADeletedStandupBringItBack() async throws {
    let (database, alice) = try await member([.mock])
    try database.psql("DELETE FROM standups WHERE id = '\(id)'")
    let meeting = Fixtures.meeting("New", at: 790_000_000)
    await alice.edit {
      $0[id: id]?.title = "Design 2"
      $0[id: id]?.meetings.insert(meeting, at: 0)
    }
    let stored = try await database.stored()
    #expect(stored.standups.ids.elements == [id])
    #expect(stored.standups[id: id]?.meetings.first == meeting)
    #expect(stored.standups[id: id] == alice.standups[id: id])
    await alice.close()
  }

  /// The app's own merge found a conflict (`keepConflicts`): the user's
  /// version goes to `conflicts`, or to the journal while offline and from
  /// there to `conflicts` once connected.
  @Test func theAppsConflictsAreKept() async throws {
    let (database, alice) = try await member([.mock, .engineeringMock])
    var mine = Standup.engineeringMock
    mine.title = "Mine"
    #expect(await alice.store.keepConflicts([mine]) == "the database's conflicts")
    #expect(try database.conflicts().map(\.standup) == [mine])
    #expect(try database.conflicts().map(\.keptBy) == ["alice@test"])
    await alice.close()

    let offline = try await database.member(
      url: try database.unreachableURL(), offlineOK: true)
    var other = Standup.mock
    other.title = "Mine, offline"
    other.meetings = []
    let copy = await offline.store.keepConflicts([other])
    #expect(copy == "the journal, for the database's conflicts")
    #expect(database.files.readJournal() == [[.conflict(other)]])
    await offline.close()

    let back = try await database.member()
    #expect(try database.conflicts().map(\.standup) == [mine, other])
    #expect(back.standups == [.mock, .engineeringMock])
    await back.close()
  }

  @Test func aSaveTheServerRefusesIsSentAgainWithoutAnotherChange() async throws {
    let (database, alice) = try await member([.mock])
    // The next insert of a standup fails once, as a serialization failure
    // would; the trigger lets the ones after it through.
    try database.psql(
      """
      CREATE SEQUENCE refusals;
      CREATE FUNCTION refuse_once() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        -- A sequence, not a table: the refusal rolls back its transaction.
        IF nextval('refusals') = 1 THEN
          RAISE EXCEPTION 'could not serialize access' USING ERRCODE = 'serialization_failure';
        END IF;
        RETURN NEW;
      END $$;
      CREATE TRIGGER refuse_once BEFORE INSERT ON standups
        FOR EACH ROW EXECUTE FUNCTION refuse_once();
      """)
    alice.submit { $0.append(.engineeringMock) }
    let failed = await alice.handle(until: { $0.failureText != nil })
    #expect(failed?.failureText?.contains("serialize") == true)
    // Nothing else is submitted: the store sends the same standups again.
    #expect(await alice.handle(until: \.isSaved) == .saved)
    #expect(try await database.stored().standups == [.mock, .engineeringMock])
    await alice.close()
  }
}
