import Foundation
import StandupsCore
import Testing

@testable import StandupsDatabase

/// Saves the server refuses (a trigger's error here): only the refused
/// standup's changes wait, and they are on disk while they do.
struct RefusalTests {
  let mockID = Standup.mock.id
  let engineeringID = Standup.engineeringMock.id

  /// A member with `.mock` and `.engineeringMock` saved, and a trigger that
  /// refuses updates of standups matching `condition` (on OLD and NEW).
  func member(refusing condition: String) async throws -> (TestDatabase, Member) {
    let database = try TestDatabase()
    let alice = try await database.member()
    await alice.save([.mock, .engineeringMock])
    #expect(await alice.handle(until: \.isSaved) == .saved)
    try database.psql(
      """
      CREATE SEQUENCE refusals;
      CREATE FUNCTION refuse() RETURNS trigger AS $$
      BEGIN RAISE EXCEPTION 'refused by the test'; END $$ LANGUAGE plpgsql;
      CREATE TRIGGER refuse BEFORE UPDATE ON standups FOR EACH ROW
        WHEN (\(condition)) EXECUTE FUNCTION refuse();
      """)
    return (database, alice)
  }

  /// The data file a failure says the held changes are kept in.
  func heldCopy(_ failure: String?) throws -> String {
    let text = try #require(failure)
    let range = try #require(text.range(of: "; kept in "))
    return String(text[range.upperBound...])
  }

  @Test func oneStandupsRefusalHoldsBackThatStandupOnly() async throws {
    let (database, alice) = try await member(refusing: "NEW.title = 'Refused title'")
    let meeting = Meeting(id: .init(UUID()), date: Date(timeIntervalSince1970: 0), transcript: "Hi")
    alice.submit {
      $0[id: mockID]?.title = "Refused title"
      $0[id: engineeringID]?.title = "Accepted title"
      $0[id: engineeringID]?.meetings.insert(meeting, at: 0)
    }
    let failure = await alice.handle(until: { $0.failureText != nil })?.failureText
    #expect(failure?.hasPrefix("“Refused title”: ") == true, "\(failure ?? "")")
    #expect(failure?.contains("refused by the test") == true)

    // The other standup's changes are in; the refused one is as it was.
    let stored = try await database.stored().standups
    #expect(stored[id: engineeringID]?.title == "Accepted title")
    #expect(stored[id: engineeringID]?.meetings.first == meeting)
    #expect(stored[id: mockID] == .mock)

    // Held on disk while it is retried: a crash now would not lose it.
    let path = try heldCopy(failure)
    let kept = try StandupsFormat.decode(try #require(FileManager.default.contents(atPath: path)))
    #expect(kept[id: mockID]?.title == "Refused title")

    // Accepted now: sent again with no other change, and the copy is gone.
    try database.psql("DROP TRIGGER refuse ON standups")
    #expect(await alice.handle(until: \.isSaved) == .saved)
    #expect(try await database.stored().standups == alice.standups)
    #expect(!FileManager.default.fileExists(atPath: path))
    #expect(await alice.close() == [])
  }

  @Test func changesMadeWhileAStandupIsRefusedAreSaved() async throws {
    let (database, alice) = try await member(refusing: "NEW.title = 'Refused title'")
    alice.submit { $0[id: mockID]?.title = "Refused title" }
    let first = await alice.handle(until: { $0.failureText != nil })?.failureText
    let path = try heldCopy(first)

    await alice.edit { $0[id: engineeringID]?.title = "Later change" }
    #expect(try await database.stored().standups[id: engineeringID]?.title == "Later change")
    // The same copy, holding what is held back and only that: the later
    // change went in (importing the copy must not undo what others do).
    let again = await alice.handle(until: { $0.failureText != nil })?.failureText
    #expect(try heldCopy(again) == path)
    let kept = try StandupsFormat.decode(try #require(FileManager.default.contents(atPath: path)))
    #expect(kept.map(\.title) == ["Refused title"])

    // Still refused on quit: the note names that copy.
    let notes = await alice.close()
    #expect(notes.count == 1)
    #expect(notes.first?.contains("kept in \(path),") == true, "\(notes)")
    #expect(try await database.stored().standups[id: mockID] == .mock)
  }

  @Test func undoingTheRefusedChangeEndsTheRefusal() async throws {
    let (database, alice) = try await member(refusing: "NEW.title = 'Refused title'")
    alice.submit { $0[id: mockID]?.title = "Refused title" }
    let path = try heldCopy(await alice.handle(until: { $0.failureText != nil })?.failureText)

    alice.submit { $0[id: mockID]?.title = Standup.mock.title }
    #expect(await alice.handle(until: \.isSaved) == .saved)
    #expect(!FileManager.default.fileExists(atPath: path))
    #expect(await alice.close() == [])
    #expect(try await database.stored().standups == [.mock, .engineeringMock])
  }

  /// A serialization failure of the whole save that passes when each
  /// standup is sent on its own: saved, with nothing said or kept.
  @Test func aRefusalThatPassesStandupByStandupIsNoFailure() async throws {
    let (database, alice) = try await member(refusing: "nextval('refusals') = 1")
    alice.submit {
      $0[id: mockID]?.title = "First"
      $0[id: engineeringID]?.title = "Second"
    }
    #expect(await alice.handle(until: { $0.isSaved || $0.failureText != nil }) == .saved)
    let stored = try await database.stored().standups
    #expect(stored[id: mockID]?.title == "First")
    #expect(stored[id: engineeringID]?.title == "Second")
    let directory = (database.files.unsavedStem as NSString).deletingLastPathComponent
    let kept = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
    #expect(!kept.contains { $0.hasPrefix("unsaved") }, "\(kept)")
    #expect(await alice.close() == [])
  }

  @Test func aRefusedOrderHoldsBackTheOrderOnly() async throws {
    let (database, alice) = try await member(
      refusing: "OLD.position IS DISTINCT FROM NEW.position")
    alice.submit {
      $0[id: mockID]?.title = "Renamed"
      $0.move(fromOffsets: [1], toOffset: 0)
    }
    let failure = await alice.handle(until: { $0.failureText != nil })?.failureText
    #expect(failure?.hasPrefix("the list's order: ") == true, "\(failure ?? "")")
    let stored = try await database.stored().standups
    #expect(stored.ids.elements == [mockID, engineeringID])
    #expect(stored[id: mockID]?.title == "Renamed")

    try database.psql("DROP TRIGGER refuse ON standups")
    #expect(await alice.handle(until: \.isSaved) == .saved)
    #expect(try await database.stored().standups.ids.elements == [engineeringID, mockID])
    await alice.close()
  }

  // MARK: What the database holds after part of a save

  let a = Standup(id: .init(UUID()), title: "A")
  let b = Standup(id: .init(UUID()), title: "B")
  let c = Standup(id: .init(UUID()), title: "C")

  @Test func refusedStandupsStayAsTheyWere() {
    var changedA = a
    changedA.title = "A2"
    var changedB = b
    changedB.title = "B2"
    let partial = StandupChange.partiallySaved(
      from: [a, b, c], to: [changedA, changedB], accepted: [a.id, c.id], orderAccepted: false)
    // A's change and C's deletion went in; B's change did not.
    #expect(partial == [changedA, b])
  }

  @Test func insertionsGoInAtTheEndAndOnlyIfAccepted() {
    let partial = StandupChange.partiallySaved(
      from: [a], to: [c, b, a], accepted: [b.id], orderAccepted: false)
    #expect(partial == [a, b])
  }

  @Test func anAcceptedOrderKeepsRefusedDeletionsAtTheEnd() {
    let partial = StandupChange.partiallySaved(
      from: [a, b, c], to: [c, a], accepted: [], orderAccepted: true)
    #expect(partial == [c, a, b])
  }

  @Test func changesAreGroupedByStandupWithTheOrderLast() {
    let groups = StandupChange.groupedByStandup([
      .reorder([b.id, a.id]), .update(a, seen: 1), .insert(b), .delete(c.id, seen: 2),
      .deleteMeeting(.init(UUID()), standup: a.id),
    ])
    #expect(groups.map(\.id) == [a.id, b.id, c.id, nil])
    #expect(groups.map(\.changes.count) == [2, 1, 1, 1])
  }
}
