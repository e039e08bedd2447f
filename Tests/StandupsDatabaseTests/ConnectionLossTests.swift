import Foundation
import PostgresNIO
import StandupsCore
import Testing

@testable import StandupsDatabase

/// The connection lost while the app runs: the edits go to the journal,
/// replayed in order when the server is back, each update under the
/// conflict rule; nothing is lost, nothing applied twice.
struct ConnectionLossTests {
  /// The store's backend ended in the middle of a save's transaction (its
  /// statement waits for a test's lock): the save is rolled back, kept in
  /// the journal and sent again once the store has reconnected.
  @Test func aConnectionKilledMidTransactionLosesNothing() async throws {
    let database = try TestDatabase()
    let alice = try await database.member()
    await alice.save([.mock, .engineeringMock])

    let holder = try await database.connect()
    try await holder.query("BEGIN", logger: quietLogger)
    try await holder.query("LOCK TABLE standups IN ACCESS EXCLUSIVE MODE", logger: quietLogger)
    let meeting = Fixtures.meeting("During the outage", at: 790_000_000.5)
    alice.submit {
      $0[id: Standup.mock.id]?.title = "Edited while blocked"
      $0[id: Standup.engineeringMock.id]?.meetings.insert(meeting, at: 0)
      $0.insert(Fixtures.international, at: 0)
    }
    let pid = try await database.blockedBackend()
    #expect(try database.psql("SELECT pg_terminate_backend(\(pid))") == "t")
    try await holder.query("ROLLBACK", logger: quietLogger)
    try await holder.close()

    let offline = await alice.handle(until: \.isOffline)
    #expect(offline != nil)
    let back = await alice.handle(until: { $0.noticeText?.hasPrefix("Back online") == true })
    #expect(back?.noticeText == "Back online: 1 save made offline was sent")
    #expect(await alice.store.isOffline == false)
    await alice.flush()

    let stored = try await database.stored()
    #expect(stored.standups == alice.standups)
    #expect(stored.standups.first == Fixtures.international)
    #expect(stored.standups[id: Standup.mock.id]?.title == "Edited while blocked")
    #expect(stored.standups[id: Standup.engineeringMock.id]?.meetings.elements == [meeting])
    #expect(stored.versions[Standup.mock.id] == 2)
    #expect(try database.conflicts().isEmpty)
    #expect(!database.files.hasJournal)
    #expect(await alice.close() == [])
  }

  /// Offline while idle: saves go to the journal (mode 0600) and the list
  /// the store holds follows them; another member's change meanwhile makes
  /// one of them stale: on reconnect the stored version stays, the user's
  /// is kept as a conflict and offered back, the rest is applied in order.
  @Test func editsWhileOfflineAreReplayedOnReconnect() async throws {
    let database = try TestDatabase()
    let url = try database.roleURL()
    let alice = try await database.member(url: url)
    await alice.save([.mock, .engineeringMock, .productMock])

    try database.refuseLogins()
    let offline = await alice.handle(until: \.isOffline)
    guard case .offline(let message) = offline else {
      Issue.record("not offline: \(String(describing: offline))")
      await alice.close()
      return
    }
    #expect(message.hasPrefix("Offline: "))
    // Only why: what it means for the changes is the app's standing status.
    #expect(!message.contains(";"), "\(message)")
    #expect(await alice.store.isOffline)

    let meeting = Fixtures.meeting("Offline meeting", at: 791_000_000.125)
    await alice.edit { $0[id: Standup.mock.id]?.title = "Mine, offline" }
    await alice.edit { $0[id: Standup.engineeringMock.id]?.meetings.insert(meeting, at: 0) }
    await alice.edit { $0.remove(id: Standup.productMock.id) }
    await alice.edit { $0[id: Standup.mock.id]?.theme = .poppy }
    await alice.edit { $0.append(Fixtures.bare) }
    #expect(database.files.readJournal().count == 5)
    #expect(try permissions(database.files.journalPath) == 0o600)
    #expect(await alice.store.standups == alice.standups)
    var mine = alice.standups[id: Standup.mock.id]!
    mine.meetings = []

    // Meanwhile, another member.
    try database.psql(
      "UPDATE standups SET title = 'Theirs', version = version + 1 "
        + "WHERE id = '\(Standup.mock.id)'")
    try database.allowLogins()

    let back = await alice.handle(until: { $0.noticeText?.hasPrefix("Back online") == true })
    #expect(back?.noticeText == "Back online: 5 saves made offline were sent")
    let kept = await alice.handle(until: { $0.conflictsKept != nil })?.conflictsKept
    #expect(kept == [mine])
    await alice.flush()

    let stored = try await database.stored()
    #expect(
      stored.standups.ids.elements == [
        Standup.mock.id, Standup.engineeringMock.id, Fixtures.bare.id,
      ])
    #expect(stored.standups[id: Standup.mock.id]?.title == "Theirs")
    #expect(stored.standups[id: Standup.mock.id]?.theme == Standup.mock.theme)
    #expect(stored.standups[id: Standup.engineeringMock.id]?.meetings.elements == [meeting])
    #expect(alice.standups == stored.standups)
    // Each replayed save of it lost: the last is what is offered back.
    let conflicts = try database.conflicts()
    #expect(conflicts.count == 2)
    #expect(conflicts.last?.standup == mine)
    #expect(conflicts.allSatisfy { $0.keptBy == "alice@test" })
    #expect(!database.files.hasJournal)
    #expect(await alice.close() == [])
  }

  /// Closed while offline: the journal stays (the note says where), and
  /// the next start replays it under the conflict rule — a stale update, an
  /// edit of a standup deleted meanwhile, a meeting of another.
  @Test func theJournalIsReplayedAtTheNextStart() async throws {
    let database = try TestDatabase()
    let url = try database.roleURL()
    let alice = try await database.member(url: url)
    await alice.save([.mock, .engineeringMock, .productMock])
    try database.refuseLogins()
    #expect(await alice.handle(until: \.isOffline) != nil)

    let meeting = Fixtures.meeting("Recorded offline", at: 792_000_000.875)
    await alice.edit { $0[id: Standup.engineeringMock.id]?.title = "Mine" }
    await alice.edit { $0[id: Standup.mock.id]?.title = "Design, edited offline" }
    await alice.edit { $0[id: Standup.productMock.id]?.meetings.insert(meeting, at: 0) }
    let edited = alice.standups
    let notes = await alice.close()
    // Out of reach, or refused if a reconnection was tried meanwhile.
    let note = try #require(notes.count == 1 ? notes.first : nil, "\(notes)")
    #expect(
      note.hasPrefix("the database was out of reach: ")
        || note.hasPrefix("the database refused the connection ("), "\(note)")
    #expect(
      note.hasSuffix(
        ": 3 saves are kept in \(database.files.journalPath) "
          + "and sent the next time standups connects"), "\(note)")
    #expect(database.files.readCache()?.standups == edited)

    // Meanwhile, another member.
    try database.psql(
      """
      UPDATE standups SET title = 'Theirs', version = version + 1
        WHERE id = '\(Standup.engineeringMock.id)';
      DELETE FROM standups WHERE id IN ('\(Standup.mock.id)', '\(Standup.productMock.id)');
      """)
    try database.allowLogins()

    let again = try await database.member(url: url)
    #expect(!database.files.hasJournal)
    let stored = try await database.stored()
    #expect(again.standups == stored.standups)
    #expect(stored.standups[id: Standup.engineeringMock.id]?.title == "Theirs")
    #expect(stored.standups[id: Standup.mock.id] == edited[id: Standup.mock.id])
    let copy = try #require(stored.standups.first { $0.title == "Product" })
    #expect(copy.id != Standup.productMock.id)
    #expect(copy.meetings.elements == [meeting])
    #expect(try database.conflicts().map(\.standup.title) == ["Mine"])

    let events = await again.closeAndDrain()
    #expect(events.contains(.notice("3 saves made offline in an earlier session were sent")))
    #expect(events.contains { $0.conflictsKept?.map(\.title) == ["Mine"] })
    #expect(
      events.contains(
        .notice(
          "“Design, edited offline” was deleted by another member; your changes brought it back")))
    #expect(
      events.contains(
        .notice("“Product” was deleted by another member: its meeting is in a new standup")))
  }

  /// Offline, and the journal's directory takes no file (a full disk, a
  /// read-only home): the change is said not saved, tried again, and on
  /// close kept in a data file in the temporary directory and named; the
  /// program is told it ends with changes unsaved.
  @Test func changesTheJournalCannotTakeAreKeptOnClose() async throws {
    let database = try TestDatabase()
    let url = try database.roleURL()
    // Blocked: a file where the journal's directory belongs.
    let blocked = "\(database.directory)/blocked"
    try Data("x".utf8).write(to: URL(fileURLWithPath: blocked))
    let files = TeamFiles(
      cachePath: "\(database.directory)/cache.json", journalPath: "\(blocked)/state/journal.jsonl")
    let alice = try await database.member(url: url, files: files)
    await alice.save([.mock, .engineeringMock])
    try database.refuseLogins()
    #expect(await alice.handle(until: \.isOffline) != nil)

    alice.submit { $0[id: Standup.mock.id]?.title = "Mine, nowhere to go" }
    let failed = await alice.handle(until: { $0.failureText != nil })?.failureText
    #expect(
      failed == "offline, and the journal could not be written (\(blocked): Not a directory)")
    let notes = await alice.close()
    #expect(alice.store.changesWereLeftUnsaved)
    let note = try #require(notes.first, "\(notes)")
    // Out of reach, or refused if a reconnection was tried meanwhile.
    #expect(
      note.hasPrefix("the database was out of reach and the journal could not be written")
        || (note.hasPrefix("the database refused the connection (")
          && note.contains(") and the journal could not be written")),
      "\(note)")
    #expect(note.contains(": your changes are kept in "), "\(note)")
    let path = try #require(
      note.split(separator: " ").first { $0.hasSuffix(".json,") }.map { String($0.dropLast()) },
      Comment(rawValue: note))
    defer { unlink(path) }
    #expect(!path.contains("//"), "\(path)")
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    let kept = try StandupsFormat.decode(data)
    #expect(kept.map(\.title) == ["Mine, nowhere to go"])
    try database.allowLogins()
  }

  /// Closed after a refusal, the note says the server refused, not that it
  /// was out of reach: starting again as before will not help.
  @Test func closedAfterARefusalTheNoteSaysSo() async throws {
    let database = try TestDatabase()
    let url = try database.roleURL()
    let alice = try await database.member(url: url)
    await alice.save([.mock])
    try database.refuseLogins()
    #expect(await alice.handle(until: { $0.refusalText != nil }) != nil)
    await alice.edit { $0[id: Standup.mock.id]?.title = "Edited while refused" }
    let notes = await alice.close()
    #expect(notes.count == 1, "\(notes)")
    #expect(
      notes.first?.hasPrefix("the database refused the connection (the server said: ") == true,
      "\(notes)")
    try database.allowLogins()
  }

  /// A server that answers the reconnection with a refusal (here: the role
  /// may no longer log in) is said as such, once, not left to look like a
  /// network outage; the store goes on trying and is back once allowed.
  @Test func aRefusedReconnectionSaysWhatTheServerSaid() async throws {
    let database = try TestDatabase()
    let url = try database.roleURL()
    let alice = try await database.member(url: url)
    await alice.save([.mock])
    try database.refuseLogins()
    #expect(await alice.handle(until: \.isOffline) != nil)
    let said = await alice.handle(until: { $0.refusalText != nil })
    let text = try #require(said?.refusalText)
    #expect(text.contains("is not permitted to log in"), "\(text)")
    #expect(text.hasSuffix("; trying again"))
    try database.allowLogins()
    let back = await alice.handle(until: { $0.noticeText?.hasPrefix("Back online") == true })
    #expect(back != nil)
    #expect(alice.heard.filter { $0.refusalText != nil }.count == 1)
    await alice.close()
  }
}
