import Foundation
import Logging
import PostgresNIO
import StandupsCore
import Synchronization

/// The standups store on PostgreSQL: every save's changes commit in a
/// transaction of their own and are announced with `NOTIFY`; other members'
/// changes arrive by `LISTEN` and go to the app as `.changedElsewhere`, the
/// protocol of the file store (`docs/SYNC.md`). While the server is out of
/// reach, changes go to a journal, replayed when it is back.
///
/// Runs on one event loop thread of its own (the actor's executor), started
/// only in team mode; the connection sends no keep-alives.
public actor TeamStore {
  static let channel = "standups_changes"

  nonisolated let group: MultiThreadedEventLoopGroup
  nonisolated let loop: any EventLoop
  /// Every task of the store prefers it: see `EventLoopTaskExecutor`.
  nonisolated let taskExecutor: EventLoopTaskExecutor
  public nonisolated var unownedExecutor: UnownedSerialExecutor {
    loop.executor.asUnownedSerialExecutor()
  }

  let url: DatabaseURL
  let files: TeamFiles
  /// How long a query may go unanswered before the server counts as out of
  /// reach (see `answered(on:_:)`).
  public nonisolated let answerTimeout: Duration
  /// Who changes are by, for `updated_by` and conflicts: user@host.
  let author: String
  let instance = UUID()
  let logger = Logger(label: "standups.database", factory: { _ in SwiftLogNoOpLogHandler() })

  var connection: PostgresConnection?
  /// What the database held at the last sync: what the app's standups
  /// derive from, with the versions changes are conditional on.
  var known: StoredStandups
  /// While offline: the standups as the journal leaves them.
  var pending: IdentifiedArrayOf<Standup>?
  var revision = 0
  var readOnly = false
  /// What the user changed while the database was read-only: kept in a
  /// data file on close, as a refused save is.
  var changedWhileReadOnly: IdentifiedArrayOf<Standup>?
  /// The schema version of a database set up by a newer standups.
  var newerSchema: Int?
  /// Why the server refused the last save, while it is being retried.
  var lastRefusal: String?
  /// Why the journal could not take the last changes made offline (they
  /// wait in `latest`, tried again with each save).
  var journalFailure: String?
  /// The app's last submission, when it was made before a change it had
  /// not seen yet: it merges that change and submits again (see `finish`,
  /// which keeps this one if no other comes).
  var lastStale: IdentifiedArrayOf<Standup>?
  /// `finish` waiting for that submission.
  var resubmissionWaiter: CheckedContinuation<Void, Never>?
  /// Whether a close has waited for it (tests: the actor may be gone).
  nonisolated let isWaitingForResubmission = Mutex(false)
  /// The data file the standups the server refused are kept in while they
  /// are retried (a crash would otherwise lose them), and what it holds.
  var heldCopy: (path: String, standups: IdentifiedArrayOf<Standup>)?
  var retryScheduled = false
  /// The standups the app starts with when the server refused some of the
  /// journal's changes: its own, with those changes (see `holdRefused`).
  var refusedAtStart: IdentifiedArrayOf<Standup>?
  var reconnectDelay = Duration.seconds(1)
  /// What the server said when it last refused a reconnection.
  var reconnectRefusal: String?
  var remoteIDs: Set<Standup.ID> = []
  var remoteAll = false
  var remoteScheduled = false
  var listening: Task<Void, Never>?
  var worker: Task<Void, Never>?
  var cacheScheduled = false
  var cacheIsStale = false
  /// False from a start without meetings until they are read.
  var meetingsLoaded = true
  /// The data files earlier sessions kept what the server refused in, as
  /// found at the start: named then, and on quit while they are there.
  var earlierUnsaved: [String] = []
  /// Whether this session has offered the conflicts earlier ones kept.
  var earlierConflictsOffered = false
  /// The kept versions the user dealt with, while their rows wait for the
  /// server.
  var reviewedConflicts: [Standup.ID: Standup] = [:]
  /// Standups whose versions this session kept: offered by this session,
  /// never as an earlier one's.
  var keptThisSession: Set<Standup.ID> = []
  /// Standups this member deleted, by title: another member's edit that
  /// brings one back (edit beats delete) is said, not just shown.
  var deletedThisSession: [Standup.ID: String] = [:]

  public nonisolated let events: AsyncStream<PersistenceEvent>
  nonisolated let emit: AsyncStream<PersistenceEvent>.Continuation
  nonisolated let latest = Mutex<(standups: IdentifiedArrayOf<Standup>, revision: Int)?>(nil)
  /// Set on close when changes the user made could not reach the database
  /// (refused, or neither sent nor journaled): the program ends with status 1.
  nonisolated let leftChangesUnsaved = Mutex(false)
  public nonisolated var changesWereLeftUnsaved: Bool { leftChangesUnsaved.withLock { $0 } }
  /// Set when a query went unanswered and the connection was closed for it:
  /// whoever notices the loss first (the save, the listener) says why.
  nonisolated let unansweredFor = Mutex<Duration?>(nil)
  nonisolated let work: AsyncStream<Work>.Continuation
  private let workQueue: AsyncStream<Work>

  enum Work: Sendable {
    case save
    /// A refused save's retry (see `scheduleRetry`).
    case retry
    case remote
    case reconnect
    case flush(CheckedContinuation<Void, Never>)
    case keepConflicts(IdentifiedArrayOf<Standup>, CheckedContinuation<String?, Never>)
    case conflictReviewed(Standup)
    case writeCache
    case loadMeetings
    /// The app's resubmission did not come in the time `finish` gives it.
    case resubmissionOverdue
  }

  init(
    url: DatabaseURL, files: TeamFiles, author: String, known: StoredStandups,
    answerTimeout: Duration
  ) {
    self.url = url
    self.files = files
    self.answerTimeout = answerTimeout
    self.author = author
    self.known = known
    group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
    loop = group.next()
    taskExecutor = EventLoopTaskExecutor(loop)
    (events, emit) = AsyncStream.makeStream(of: PersistenceEvent.self)
    (workQueue, work) = AsyncStream.makeStream(of: Work.self)
  }

  /// The standups the app starts with.
  public var standups: IdentifiedArrayOf<Standup> {
    pending ?? refusedAtStart ?? known.standups
  }

  /// Whether the server is out of reach (changes go to the journal).
  public var isOffline: Bool { connection == nil }

  // MARK: What the app calls

  /// Takes the app's newest standups; returns at once.
  public nonisolated func submit(_ standups: IdentifiedArrayOf<Standup>, revision: Int) {
    latest.withLock { $0 = (standups, revision) }
    work.yield(.save)
  }

  /// Waits for every change submitted so far to be written (or journaled).
  public func flush() async {
    await withCheckedContinuation { work.yield(.flush($0)) }
  }

  /// Flushes, then closes the connection and stops the thread; what the
  /// user should know, for standard error.
  public nonisolated func close() async -> [String] {
    let notes = await withTaskExecutorPreference(taskExecutor) { await finish() }
    // From outside the loop: it cannot wait for its own end.
    try? await group.shutdownGracefully()
    return notes
  }

  /// Keeps the user's versions of standups that lost a conflict, in the
  /// database's `conflicts` (the journal while offline); what to call them.
  public func keepConflicts(_ conflicts: IdentifiedArrayOf<Standup>) async -> String? {
    await withCheckedContinuation { work.yield(.keepConflicts(conflicts, $0)) }
  }

  /// The user saved or cancelled the sheet their kept version `mine` was
  /// reopened in: it is no longer offered.
  public nonisolated func conflictReviewed(_ mine: Standup) {
    work.yield(.conflictReviewed(mine))
  }

  private func keep(_ conflicts: IdentifiedArrayOf<Standup>) async -> String? {
    keptThisSession.formUnion(conflicts.ids)
    let changes = conflicts.map { StandupChange.conflict($0) }
    if let connection {
      var writer = ChangeWriter(author: author, logger: logger)
      let applied: Void? = try? await answered(on: connection) {
        try await writer.apply(changes, on: connection, notice: payload)
      }
      if applied != nil {
        return "the database's conflicts"
      }
    }
    guard (try? files.appendToJournal(changes)) != nil else { return nil }
    return "the journal, for the database's conflicts"
  }

  // MARK: The work, in order

  func startWorking() {
    worker = Task(executorPreference: taskExecutor) { await self.runWork() }
  }

  private func runWork() async {
    for await item in workQueue {
      switch item {
      case .save:
        await saveLatest()
        if lastStale == nil { resumeResubmissionWaiter() }
      case .resubmissionOverdue:
        resumeResubmissionWaiter()
      case .retry:
        retryScheduled = false
        await saveLatest()
      case .remote: await applyRemoteChanges()
      case .reconnect: await reconnect()
      case .flush(let done):
        await saveLatest()
        done.resume()
      case .keepConflicts(let conflicts, let done):
        done.resume(returning: await keep(conflicts))
      case .conflictReviewed(let mine):
        await reviewed(mine)
      case .writeCache:
        writeCacheNow()
      case .loadMeetings:
        await loadMeetings()
      }
    }
  }

  /// The newest standups the app handed over and not taken yet.
  nonisolated func takeLatest() -> (IdentifiedArrayOf<Standup>, Int)? {
    latest.withLock { value in
      defer { value = nil }
      return value.map { ($0.standups, $0.revision) }
    }
  }

  func saveLatest() async {
    guard let (standups, submitted) = takeLatest() else { return }
    // Made before the app saw a change: its changes come back merged.
    lastStale = submitted == revision ? nil : standups
    guard lastStale == nil else { return }
    guard !readOnly else {
      changedWhileReadOnly = standups == known.standups ? nil : standups
      return
    }
    guard let connection else { return journal(standups) }
    let changes = StandupChange.changes(
      from: known.standups, to: standups, versions: known.versions)
    guard !changes.isEmpty else {
      // The user undid what the server refused: nothing is held back now.
      if lastRefusal != nil || heldCopy != nil {
        saveWentThrough()
        emit.yield(.saved)
      }
      return
    }
    var writer = ChangeWriter(author: author, logger: logger)
    do {
      try await answered(on: connection) {
        try await writer.apply(changes, on: connection, notice: payload)
      }
    } catch  where Self.isConnectionTrouble(error) {
      await goOffline(error)
      return journal(standups)
    } catch {
      await refused(
        changes, error: error, standups: standups, submitted: submitted, on: connection)
      return
    }
    saveWentThrough()
    for change in changes {
      if case .delete(let id, _) = change {
        deletedThisSession[id] = known.standups[id: id]?.title
      }
    }
    if writer.outcome.deviated {
      await reportDeviation(writer.outcome, submitted: standups, on: connection)
    } else {
      known.standups = standups
      for change in changes {
        if case .delete(let id, _) = change { known.versions[id] = nil }
      }
      known.versions.merge(writer.ours) { _, new in new }
      writeCache()
    }
    emit.yield(.saved)
  }

  /// The database holds something else than what was sent (the conflict
  /// rule applied): the app gets it as a change to merge.
  func reportDeviation(
    _ outcome: WriteOutcome, submitted: IdentifiedArrayOf<Standup>,
    on connection: PostgresConnection
  ) async {
    do {
      let stored = try await answered(on: connection) {
        try await StandupRows.loadAll(connection, logger: self.logger)
      }
      revision += 1
      emit.yield(.changedElsewhere(stored: stored.standups, base: submitted, revision: revision))
      known = stored
      writeCache()
    } catch {
      await goOffline(error)
    }
    tell(outcome)
  }

  /// The conflict rule's outcomes, for the user.
  func tell(_ outcome: WriteOutcome) {
    if !outcome.conflicts.isEmpty {
      keptThisSession.formUnion(outcome.conflicts.ids)
      emit.yield(.conflictsKept(outcome.conflicts, copy: "the database's conflicts"))
    }
    for title in outcome.restored {
      emit.yield(.notice("“\(title)” was deleted by another member; your changes brought it back"))
    }
    for title in outcome.keptDespiteDeletion {
      emit.yield(.notice("“\(title)” was changed by another member: kept, not deleted"))
    }
    for title in outcome.savedAsNewStandup {
      emit.yield(
        .notice("“\(title)” was deleted by another member: its meeting is in a new standup"))
    }
  }

  func journal(_ standups: IdentifiedArrayOf<Standup>) {
    let base = pending ?? known.standups
    let changes = StandupChange.changes(from: base, to: standups, versions: known.versions)
    guard !changes.isEmpty else { return }
    do {
      try files.appendToJournal(changes)
      pending = standups
      journalFailure = nil
      writeCache()
    } catch {
      // Kept for the next try (each save, a retry each second, the close).
      let reason = "\(error)"
      if journalFailure != reason {
        emit.yield(.failed("offline, and the journal could not be written (\(reason))"))
      }
      journalFailure = reason
      latest.withLock { value in
        if value == nil { value = (standups, revision) }
      }
      scheduleRetry()
    }
  }

  /// Rewrites the cache 2 s after a sync (one write for a burst of them;
  /// encoding 1 000 × 20 takes a while), and on close.
  func writeCache() {
    cacheIsStale = true
    guard !cacheScheduled else { return }
    cacheScheduled = true
    loop.scheduleTask(in: .seconds(2)) { [work] in work.yield(.writeCache) }
  }

  func writeCacheNow() {
    cacheScheduled = false
    // Never a cache without the meetings.
    guard cacheIsStale, meetingsLoaded else { return }
    cacheIsStale = false
    var cached = known
    if let pending { cached.standups = pending }
    try? files.writeCache(cached)
  }

  /// What the database holds now becomes what the app's standups derive
  /// from; the app hears of it if the standups differ.
  func adopt(_ stored: StoredStandups) {
    if stored.standups != known.standups {
      revision += 1
      emit.yield(
        .changedElsewhere(stored: stored.standups, base: known.standups, revision: revision))
    }
    for standup in stored.standups
    where known.standups[id: standup.id] == nil
      && deletedThisSession.removeValue(forKey: standup.id) != nil
    {
      emit.yield(.notice("“\(standup.title)” was changed by another member: kept, not deleted"))
    }
    known = stored
    writeCache()
  }

  /// Starts reading the meetings a start left out, once the app has what
  /// it draws first: the reading holds the store's thread (and the actor).
  public nonisolated func readDeferredMeetings() {
    work.yield(.loadMeetings)
  }

  /// The meetings, after a start that left them out to draw sooner: they
  /// reach the app as a change to merge.
  func loadMeetings() async {
    guard !meetingsLoaded, let connection else { return }
    do {
      let stored = try await answered(on: connection) { [logger] in
        try await StandupRows.loadAll(connection, logger: logger)
      }
      meetingsLoaded = true
      adopt(stored)
    } catch {
      await goOffline(error)
    }
  }
}
