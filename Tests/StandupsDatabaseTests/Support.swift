import Foundation
import PostgresNIO
import PostgresTesting
import StandupsCore
import Synchronization
import Testing

@testable import StandupsDatabase

/// How long a test waits for something the store announces before it fails:
/// generous, for a machine loaded by the whole suite on 2 cores (a
/// reconnection alone can take 5 s). It only ever fails a test.
let patience = Duration.seconds(120)

/// A database of one test's own on the shared cluster, and a temporary
/// directory for the cache and journal of the stores opened on it.
final class TestDatabase: Sendable {
  let cluster: PostgresCluster
  let name: String
  let directory: String
  let url: DatabaseURL
  let files: TeamFiles

  init() throws {
    cluster = try PostgresCluster.shared()
    name = try cluster.createDatabase()
    directory = try makeTemporaryDirectory()
    url = try DatabaseURL(cluster.url(database: name), environment: [:], homeDirectory: nil)
    files = TeamFiles(
      cachePath: "\(directory)/cache/team.json", journalPath: "\(directory)/state/journal.jsonl")
  }

  deinit { try? FileManager.default.removeItem(atPath: directory) }

  /// Files of another machine (a member with a cache and journal of its own).
  func otherFiles(_ name: String) -> TeamFiles {
    TeamFiles(
      cachePath: "\(directory)/\(name)/cache.json",
      journalPath: "\(directory)/\(name)/journal.jsonl")
  }

  /// A member running the app on this database.
  func member(
    _ author: String = "alice@test", url: DatabaseURL? = nil, files: TeamFiles? = nil,
    offlineOK: Bool = false, answerTimeout: Duration = .seconds(10)
  ) async throws -> Member {
    // The start on a loaded machine can take longer than a short timeout
    // some tests give the queries after it.
    let store = try await TeamStore.open(
      url: url ?? self.url, files: files ?? self.files, author: author, offlineOK: offlineOK,
      answerTimeout: answerTimeout, startTimeout: patience)
    return await Member(store)
  }

  /// Runs SQL as the superuser over the socket (unaffected by what tests do
  /// to the stores' role or connections); returns psql's unaligned output.
  @discardableResult
  func psql(_ sql: String) throws -> String {
    try cluster.psql(sql, database: name)
  }

  /// A connection of the test's own.
  func connect() async throws -> PostgresConnection {
    let configuration = PostgresConnection.Configuration(
      host: "127.0.0.1", port: cluster.port, username: cluster.user, password: cluster.password,
      database: name, tls: .disable)
    return try await PostgresConnection.connect(
      configuration: configuration, id: 1, logger: quietLogger)
  }

  /// What the database holds, read as the stores read it.
  func stored() async throws -> StoredStandups {
    let connection = try await connect()
    do {
      let stored = try await StandupRows.loadAll(connection, logger: quietLogger)
      try await connection.close()
      return stored
    } catch {
      try? await connection.close()
      throw error
    }
  }

  /// The rows of `conflicts`: each user's version kept, by whom.
  func conflicts() throws -> [(standup: Standup, keptBy: String)] {
    let output = try psql(
      "SELECT kept_by || chr(9) || standup::text FROM conflicts WHERE kept_at IS NOT NULL "
        + "ORDER BY id")
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    return try output.split(separator: "\n").map { line in
      let fields = line.split(separator: "\t", maxSplits: 1)
      let standup = try decoder.decode(Standup.self, from: Data(fields[1].utf8))
      return (standup, String(fields[0]))
    }
  }
}

let quietLogger: Logger = {
  var logger = Logger(label: "standups.database.tests")
  logger.logLevel = .critical
  return logger
}()

func makeTemporaryDirectory() throws -> String {
  let path = NSTemporaryDirectory() + "standups-database-tests-" + UUID().uuidString
  try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  return path
}

/// The store's events as they come, read one at a time by a test.
actor EventLog {
  private var events: [PersistenceEvent] = []
  private var cursor = 0
  private var finished = false
  private var waiters: [CheckedContinuation<Void, Never>] = []

  static func start(_ stream: AsyncStream<PersistenceEvent>) -> EventLog {
    let log = EventLog()
    Task {
      for await event in stream { await log.append(event) }
      await log.finish()
    }
    return log
  }

  /// The next event not read yet; nil once the store is closed, or after
  /// `timeout` without one.
  func next(timeout: Duration = patience) async -> PersistenceEvent? {
    let deadline = ContinuousClock.now.advanced(by: timeout)
    while cursor == events.count {
      if finished || ContinuousClock.now >= deadline { return nil }
      await nextAppend(orDeadline: deadline)
    }
    cursor += 1
    return events[cursor - 1]
  }

  /// Waits until an event not read yet matches, and leaves it unread;
  /// false if none came within `patience`.
  func hasUnread(where matches: (PersistenceEvent) -> Bool) async -> Bool {
    let deadline = ContinuousClock.now.advanced(by: patience)
    while !events[cursor...].contains(where: matches) {
      if finished || ContinuousClock.now >= deadline { return false }
      await nextAppend(orDeadline: deadline)
    }
    return true
  }

  /// Not synchronisation: the wait ends on the next event (`wake` from
  /// `append`); the sleep only bounds it, so a store that never answers
  /// fails the test at the deadline instead of hanging the run.
  private func nextAppend(orDeadline deadline: ContinuousClock.Instant) async {
    let timer = Task {
      guard (try? await Task.sleep(until: deadline, clock: .continuous)) != nil else { return }
      self.wake()
    }
    await withCheckedContinuation { waiters.append($0) }
    timer.cancel()
  }

  private func append(_ event: PersistenceEvent) {
    events.append(event)
    wake()
  }

  private func finish() {
    finished = true
    wake()
  }

  private func wake() {
    let waiting = waiters
    waiters = []
    for waiter in waiting { waiter.resume() }
  }
}

/// A member of the team as the app drives the store: it submits its whole
/// list with the revision it derives from, and merges other members'
/// changes (`AppFeature+Sync`): `StandupsMerge`, the losing versions kept
/// with `keepConflicts`, the result saved with the new revision.
final class Member {
  let store: TeamStore
  let log: EventLog
  private(set) var standups: IdentifiedArrayOf<Standup>
  private(set) var revision = 0
  /// Every event handled so far, in order.
  private(set) var heard: [PersistenceEvent] = []

  init(_ store: TeamStore) async {
    self.store = store
    log = EventLog.start(store.events)
    standups = await store.standups
  }

  /// Saves as the app does after a change; returns once the store has
  /// written it (or journaled it, or dropped it as stale).
  func save(_ new: IdentifiedArrayOf<Standup>) async {
    standups = new
    store.submit(new, revision: revision)
    await flush()
  }

  func edit(_ change: (inout IdentifiedArrayOf<Standup>) -> Void) async {
    submit(change)
    await flush()
  }

  /// Waits for the store to have written what it was handed.
  func flush() async {
    await bounded("flush") { [store] in await store.flush() }
  }

  /// Changes the standups and hands them to the store, without waiting.
  func submit(_ change: (inout IdentifiedArrayOf<Standup>) -> Void) {
    change(&standups)
    store.submit(standups, revision: revision)
  }

  /// Handles the store's events until one matches; nil if none came in time.
  @discardableResult
  func handle(
    until matches: (PersistenceEvent) -> Bool, timeout: Duration = patience
  ) async -> PersistenceEvent? {
    while let event = await log.next(timeout: timeout) {
      heard.append(event)
      if case .changedElsewhere(let stored, let base, let revision) = event {
        let merge = StandupsMerge(base: base, mine: standups, theirs: stored)
        self.revision = revision
        standups = merge.standups
        if !merge.conflicts.isEmpty { _ = await store.keepConflicts(merge.conflicts) }
        store.submit(standups, revision: revision)
      }
      if matches(event) { return event }
    }
    return nil
  }

  /// Handles events until the member's standups satisfy `condition`; false
  /// if they did not in time.
  func handle(untilStandups condition: (IdentifiedArrayOf<Standup>) -> Bool) async -> Bool {
    if condition(standups) { return true }
    return await handle(until: { _ in condition(standups) }) != nil
  }

  /// The notices heard so far.
  var notices: [String] {
    heard.compactMap { if case .notice(let text) = $0 { text } else { nil } }
  }

  /// Flushes and closes the store; its notes for standard error.
  @discardableResult
  func close() async -> [String] {
    await bounded("close") { [store] in await store.close() } ?? []
  }

  /// Closes the store; the events not handled yet (all of them: the stream
  /// ends with the store).
  func closeAndDrain() async -> [PersistenceEvent] {
    await close()
    var rest: [PersistenceEvent] = []
    while let event = await log.next() { rest.append(event) }
    return rest
  }
}

/// Waits for both stores to have written what they were handed, at once.
func flush(_ one: Member, _ other: Member) async {
  let (first, second) = (one.store, other.store)
  async let flushed: Void? = bounded("flush") { await first.flush() }
  await bounded("flush") { await second.flush() }
  _ = await flushed
}

/// Handles both members' events, a turn each, until both members' standups
/// satisfy `condition`; false if they did not within `patience`. Two members
/// that change the list at once need each other: the store drops a save made
/// before its member saw the other's change, and the member saves again once
/// it has merged that change (as the app does), so waiting on one member
/// alone can wait for ever. That holds for a member whose own list already
/// satisfies `condition` too (its dropped save is what the other waits
/// for), so both get every turn. A turn ends after one event, or after a
/// short while without any: a deadline for that turn, not a wait for
/// something to happen.
func handle(
  _ one: Member, _ other: Member, untilStandups condition: (IdentifiedArrayOf<Standup>) -> Bool
) async -> Bool {
  let deadline = ContinuousClock.now + patience
  while ContinuousClock.now < deadline {
    if condition(one.standups), condition(other.standups) { return true }
    for member in [one, other] {
      await member.handle(until: { _ in true }, timeout: .milliseconds(50))
    }
  }
  guard condition(one.standups), condition(other.standups) else {
    // What each store said, for a failure that happens once in many runs.
    Issue.record(
      "no convergence; the first member heard \(one.heard.map(\.summary)), the second \(other.heard.map(\.summary))"
    )
    return false
  }
  return true
}

/// Runs `operation`, but gives up on it after `patience` (a test failure):
/// a store that hangs fails its test instead of holding up the whole run.
@discardableResult
func bounded<Value: Sendable>(
  _ what: String, sourceLocation: SourceLocation = #_sourceLocation,
  _ operation: @escaping @Sendable () async -> Value
) async -> Value? {
  let result = await withCheckedContinuation { (continuation: CheckedContinuation<Value?, Never>) in
    let waiting = Waiting(continuation)
    // A deadline, not synchronisation: the result arrives as soon as the
    // operation returns, and the timer is cancelled then.
    let timer = Task {
      guard (try? await Task.sleep(for: patience)) != nil else { return }
      waiting.resume(returning: nil)
    }
    Task {
      let value = await operation()
      waiting.resume(returning: value)
      timer.cancel()
    }
  }
  if result == nil { Issue.record("\(what) did not return", sourceLocation: sourceLocation) }
  return result
}

/// A continuation resumed by whichever comes first.
private final class Waiting<Value: Sendable>: Sendable {
  let continuation: Mutex<CheckedContinuation<Value?, Never>?>
  init(_ continuation: CheckedContinuation<Value?, Never>) {
    self.continuation = Mutex(continuation)
  }
  func resume(returning value: Value?) {
    continuation.withLock { $0.take() }?.resume(returning: value)
  }
}

extension PersistenceEvent {
  var isSaved: Bool { self == .saved }
  var isOffline: Bool { if case .offline = self { true } else { false } }
  var isChangedElsewhere: Bool { if case .changedElsewhere = self { true } else { false } }
  var conflictsKept: IdentifiedArrayOf<Standup>? {
    if case .conflictsKept(let kept, _) = self { kept } else { nil }
  }
  var noticeText: String? { if case .notice(let text) = self { text } else { nil } }
  var refusalText: String? {
    if case .refusedWhileOffline(let text) = self { text } else { nil }
  }
  var readOnlyText: String? { if case .readOnly(let text) = self { text } else { nil } }
  var failureText: String? { if case .failed(let text) = self { text } else { nil } }

  /// One line for a failure message.
  var summary: String {
    switch self {
    case .saved: "saved"
    case .failed(let text): "failed(\(text))"
    case .changedElsewhere(let stored, _, let revision):
      "changedElsewhere(revision \(revision), \(stored.count) standups)"
    case .notice(let text): "notice(\(text))"
    case .readOnly(let text): "readOnly(\(text))"
    case .writable(let text): "writable(\(text))"
    case .conflictsKept(let kept, _): "conflictsKept(\(kept.count))"
    case .conflictsFromEarlier(let kept): "conflictsFromEarlier(\(kept.count))"
    case .offline(let text): "offline(\(text))"
    case .refusedWhileOffline(let text): "refusedWhileOffline(\(text))"
    }
  }
}
