import Foundation
import StandupsCore
import Testing

@testable import StandupsDatabase

/// A standup copied by hand with its meetings shares their ids, which the
/// database allows once: the copies' meetings come in under ids of their
/// own, the same at every import, so nothing of the file is dropped.
extension ImportTests {
  static func meeting(_ id: Int, _ transcript: String) -> Meeting {
    Meeting(
      id: .init(UUID(id)), date: Date(timeIntervalSince1970: 1_700_000_000), transcript: transcript)
  }

  @Test func aMeetingWhoseIdIsAnotherStandupsIsImportedUnderANewId() async throws {
    let original = Standup(
      id: .init(UUID(100)), attendees: [], meetings: [Self.meeting(1, "In the original")],
      title: "Original")
    let copy = Standup(
      id: .init(UUID(200)), attendees: [], meetings: [Self.meeting(1, "Only in the copy")],
      title: "Copy")
    let database = try TestDatabase()
    let alice = try await database.member()
    // The original is there already; the file brings the copy.
    _ = try await alice.store.importStandups([original])
    let summary = try await alice.store.importStandups([original, copy])
    #expect(summary.added == 1)
    #expect(summary.meetingsRenumbered == 1)
    #expect(
      try database.psql("SELECT count(*) FROM meetings WHERE transcript = 'Only in the copy'")
        == "1")
    #expect(
      try database.psql("SELECT count(*) FROM meetings WHERE transcript = 'In the original'")
        == "1")
    let stored = await alice.store.standups
    #expect(stored[id: original.id]?.meetings.map(\.id) == [Self.meeting(1, "").id])
    let copied = try #require(stored[id: copy.id]?.meetings.first)
    #expect(copied.id != original.meetings[0].id)
    #expect(copied.transcript == "Only in the copy")

    // The same file again: the same new id, so nothing changes.
    let before = try snapshot(database)
    let again = try await alice.store.importStandups([original, copy])
    #expect(again.unchanged == 2)
    #expect(again.added == 0 && again.meetingsAdded == 0 && again.meetingsRenumbered == 0)
    #expect(try snapshot(database) == before)

    // The original deleted, the copy alone imported again: its meetings are
    // the ones it was given, not new ones under the original ids.
    await alice.save(
      IdentifiedArray(
        uniqueElements: await alice.store.standups.filter {
          $0.id != original.id
        }))
    #expect(try database.psql("SELECT count(*) FROM meetings") == "1")
    let alone = try await alice.store.importStandups([copy])
    #expect(alone.unchanged == 1 && alone.meetingsAdded == 0, "\(alone)")
    #expect(try database.psql("SELECT count(*) FROM meetings") == "1")
    await alice.close()
  }

  /// A new id never lands on one already used, not even one made the same
  /// way before (a file put together from an export and its original), and
  /// nothing is lost or doubled.
  @Test func aNewIdIsNeverOneAlreadyUsed() {
    let other = Standup.ID(UUID(300))
    let copyID = Standup.ID(UUID(400))
    let shared = Self.meeting(1, "shared")
    let made = TeamStore.derivedID(shared.id.rawValue, copyID.rawValue, 0)
    let renumberedBefore = Meeting(
      id: .init(made), date: shared.date, transcript: "already renumbered")
    var copy = Standup(
      id: copyID, attendees: [], meetings: [shared, renumberedBefore], title: "Copy")
    var owners: [Meeting.ID: Standup.ID] = [shared.id: other]
    let renumbered = TeamStore.renumberMeetingsOfOthers(in: &copy, owners: &owners)
    #expect(renumbered.count == 1)
    #expect(copy.meetings.count == 2)
    #expect(Set(copy.meetings.ids).count == 2)
    #expect(!copy.meetings.ids.contains(shared.id))
    #expect(copy.meetings[id: Meeting.ID(made)]?.transcript == "already renumbered")
    #expect(TeamStore.derivedID(shared.id.rawValue, copyID.rawValue, 0) == made)
  }
}
