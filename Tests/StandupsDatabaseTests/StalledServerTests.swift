import Foundation
import PostgresNIO
import StandupsCore
import Testing

@testable import StandupsDatabase

/// A server that stops answering without closing anything (a stalled host,
/// a network that drops packets), played by a statement that waits for a
/// lock the test holds: the store gives up on it after its answer timeout,
/// as on a lost connection, and keeps the changes in the journal.
@Suite(.timeLimit(.minutes(2)))
struct StalledServerTests {
  /// A member that gives the server a second to answer, on a database
  /// that holds `standups`. They are saved by a member of the usual
  /// patience: a setup save slower than a second on a loaded machine would
  /// take this one offline before the test begins.
  func impatientMember(of database: TestDatabase, holding standups: IdentifiedArrayOf<Standup>)
    async throws -> Member
  {
    let seeder = try await database.member()
    await seeder.save(standups)
    #expect(await seeder.close() == [])
    return try await database.member(answerTimeout: .seconds(1))
  }

  @Test func aSaveTheServerLeavesUnansweredGoesToTheJournalAndIsSentLater() async throws {
    let database = try TestDatabase()
    let alice = try await impatientMember(of: database, holding: [.mock, .engineeringMock])

    let holder = try await database.connect()
    try await holder.query("BEGIN", logger: quietLogger)
    try await holder.query("LOCK TABLE standups IN ACCESS EXCLUSIVE MODE", logger: quietLogger)
    alice.submit { $0[id: Standup.mock.id]?.title = "Edited while stalled" }
    let offline = await alice.handle(until: \.isOffline)
    guard case .offline(let message) = offline else {
      Issue.record("not offline: \(String(describing: offline))")
      try await holder.query("ROLLBACK", logger: quietLogger)
      await alice.close()
      return
    }
    #expect(message.contains("the server did not answer for 1 second"), "\(message)")
    await alice.flush()
    #expect(database.files.readJournal().count == 1)
    try await holder.query("ROLLBACK", logger: quietLogger)
    try await holder.close()

    let back = await alice.handle(until: { $0.noticeText?.hasPrefix("Back online") == true })
    #expect(back?.noticeText == "Back online: 1 save made offline was sent")
    await alice.flush()
    let stored = try await database.stored()
    #expect(stored.standups[id: Standup.mock.id]?.title == "Edited while stalled")
    #expect(!database.files.hasJournal)
    #expect(await alice.close() == [])
  }

  /// A member whose network drops mid-transaction must not hold the
  /// team's rows for hours: the server ends an idle transaction, and a
  /// statement waiting on a lock, a while after the app stopped waiting.
  @Test func theServerEndsTransactionsAndLockWaitsTheAppGaveUpOn() async throws {
    let database = try TestDatabase()
    let alice = try await database.member(answerTimeout: .seconds(3))
    let settings = try #require(await alice.store.connection)
    for name in ["idle_in_transaction_session_timeout", "lock_timeout"] {
      let rows = try await settings.query("SHOW \(unescaped: name)", logger: quietLogger)
      var value: String?
      for try await (text) in rows.decode(String.self) { value = text }
      #expect(value == "6s", "\(name)")
    }
    #expect(await alice.close() == [])
  }

  /// Ctrl-Z waits a moment for a save in flight, not the answer timeout:
  /// with the server stalled, `flush(atMost:)` returns (the save goes on,
  /// and is written once the server answers).
  @Test func aBoundedFlushReturnsWhileTheServerIsStalled() async throws {
    let database = try TestDatabase()
    let alice = try await database.member(answerTimeout: .seconds(600))
    await alice.save([.mock])
    let holder = try await database.connect()
    try await holder.query("BEGIN", logger: quietLogger)
    try await holder.query("LOCK TABLE standups IN ACCESS EXCLUSIVE MODE", logger: quietLogger)
    alice.submit { $0[id: Standup.mock.id]?.title = "Saved after the stall" }
    await alice.store.flush(atMost: .milliseconds(200))
    // Returned with the lock still held: the save is still waiting on it.
    try await holder.query("ROLLBACK", logger: quietLogger)
    try await holder.close()
    await alice.flush()
    #expect(
      try await database.stored().standups[id: Standup.mock.id]?.title == "Saved after the stall")
    #expect(await alice.close() == [])
  }

  /// Quitting while the server does not answer: the store stops waiting
  /// after the timeout, and the user is told where the change is kept.
  @Test func quittingWhileTheServerDoesNotAnswerKeepsTheChangeAndEnds() async throws {
    let database = try TestDatabase()
    let alice = try await impatientMember(of: database, holding: [.mock])

    let holder = try await database.connect()
    try await holder.query("BEGIN", logger: quietLogger)
    try await holder.query("LOCK TABLE standups IN ACCESS EXCLUSIVE MODE", logger: quietLogger)
    alice.submit { $0[id: Standup.mock.id]?.title = "Saved on the way out" }
    let notes = await alice.close()
    #expect(notes.count == 1)
    #expect(notes.first?.contains("1 save is kept in \(database.files.journalPath)") == true)
    try await holder.query("ROLLBACK", logger: quietLogger)
    try await holder.close()

    // The next start sends it.
    let again = try await database.member()
    await again.flush()
    #expect(
      try await database.stored().standups[id: Standup.mock.id]?.title == "Saved on the way out")
    #expect(!database.files.hasJournal)
    #expect(await again.close() == [])
  }
}
