import Foundation
import Synchronization

/// Saves a document off the main actor, at most about once per `interval`,
/// without ever overwriting a change another program made to the file.
///
/// It knows which version of the file it last read or wrote (identity and
/// content hash). Before replacing the file it checks the file is still that
/// version; when it is not — or when the watcher reports a change — it tells
/// the app (`SaverEvent.changed`) instead of writing: the app merges its
/// state with what is stored, against the base it came from, and submits the
/// result with the new revision. Submissions made before the app saw the
/// change are not written (their changes are in the merge), except on
/// `flush()` at quit, where the saver merges them itself.
///
/// A file that goes bad (deleted, truncated, not valid) is only treated as
/// bad once it has stayed the same for `settleTime`, so another program's
/// write in progress is not mistaken for damage; then it is written again
/// from memory (an unreadable file is copied aside first). A file from a
/// newer version makes the saver read-only.
///
/// It runs on the executor it is given: the app gives it a thread of its own,
/// so that a large save never holds up a frame on the app's one thread.
public actor Saver<Document: Sendable & Equatable> {
  public let file: DocumentFile<Document>
  private let executor: any SerialExecutor
  public nonisolated var unownedExecutor: UnownedSerialExecutor {
    executor.asUnownedSerialExecutor()
  }
  /// Where the saver's own tasks start, when its executor can take them: on
  /// its thread, not waiting for a shared pool that may be busy.
  private nonisolated var taskExecutor: (any TaskExecutor)? { executor as? any TaskExecutor }
  private let interval: Duration
  private let settleTime: Duration
  private let clock: any Clock<Duration>
  let merge: DocumentMerge<Document>
  let onEvent: @Sendable (SaverEvent<Document>) -> Void
  /// Directories for a conflict copy the file's own directory does not take
  /// (the program's state directory, the temporary one), first to last.
  let elsewhere: @Sendable () -> [String]

  /// The file as last read or written here: its version (nil: no file) and
  /// document. Unknown until the first look when no baseline was given.
  var known: (version: FileVersion?, document: Document?)?
  /// Bumped each time another writer's change is reported.
  var revision = 0
  /// The base each superseded revision's submissions derive from.
  var staleBases: [Int: Document?] = [:]
  var pending: (document: Document, revision: Int)?
  var scheduled: Task<Void, Never>?
  /// While set, writes wait until the interval since the last one has passed.
  private var coolingDown = false
  public private(set) var isReadOnly = false
  /// False for an instance that only follows the file (another one holds
  /// its lock): it reports changes but never writes, copies or settles the
  /// file; that is the holder's job. What is changed in it is written to a
  /// conflict copy on quit — unless the holder lets go first (`startWriting`).
  public private(set) var writes: Bool
  /// Why it does not write, when it does not: what quitting says.
  public let notWrittenBecause: String
  /// A bad or missing file seen, waiting to be unchanged for `settleTime`.
  private var suspect: Suspect?
  private var suspectGeneration = 0
  /// How many writes were attempted (for tests and benchmarks).
  public private(set) var writeCount = 0

  private struct Suspect {
    var version: FileVersion?
    var data: Data?
    var settled = false
    /// What is wrong in it, for the banner (see `DocumentFailure.reasonSuffix`).
    var reason = ""
  }

  public init(
    file: DocumentFile<Document>, executor: any SerialExecutor, interval: Duration = .seconds(1),
    settleTime: Duration = .seconds(2), clock: any Clock<Duration> = ContinuousClock(),
    baseline: Baseline<Document> = .unknown, merge: DocumentMerge<Document> = .keepMine,
    writes: Bool = true, notWrittenBecause: String? = nil,
    elsewhere: (@Sendable () -> [String])? = nil,
    onEvent: @escaping @Sendable (SaverEvent<Document>) -> Void
  ) {
    self.file = file
    self.elsewhere =
      elsewhere ?? { [program = file.format.program] in
        DocumentFile<Document>.elsewhere(for: program)
      }
    self.writes = writes
    self.notWrittenBecause =
      notWrittenBecause ?? "another instance had it open when this one started"
    self.executor = executor
    self.interval = interval
    self.settleTime = settleTime
    self.clock = clock
    self.merge = merge
    self.onEvent = onEvent
    if case .loaded(let document, let version) = baseline { known = (version, document) }
  }

  /// A saver that reports only whether each write worked.
  public init(
    file: DocumentFile<Document>, executor: any SerialExecutor, interval: Duration = .seconds(1),
    clock: any Clock<Duration> = ContinuousClock(),
    onResult: @escaping @Sendable (DocumentFailure?) -> Void = { _ in }
  ) {
    self.init(
      file: file, executor: executor, interval: interval, clock: clock,
      onEvent: { event in
        switch event {
        case .saved: onResult(nil)
        case .failed(let failure): onResult(failure)
        default: break
        }
      })
  }

  /// The newest document handed over by `submit`, not yet taken in.
  private let inbox = Mutex<(document: Document, revision: Int)?>(nil)
  private let checkRequested = Mutex(false)

  /// Hands `document` over from any thread, without waiting: the app calls it
  /// after every change, with the revision its state is at. A `flush()` that
  /// follows writes it even if the saver's thread has not got to it yet.
  public nonisolated func submit(_ document: Document, revision: Int = 0) {
    let wasEmpty = inbox.withLock { submitted in
      defer { submitted = (document, revision) }
      return submitted == nil
    }
    // One hand-over at a time: a pending one takes the newest state anyway.
    if wasEmpty { Task(executorPreference: taskExecutor) { await self.takeInbox() } }
  }

  /// The file may have changed (a watcher's report): looks, from any thread.
  public nonisolated func fileMayHaveChanged() {
    let wasRequested = checkRequested.withLock { requested in
      defer { requested = true }
      return requested
    }
    if !wasRequested { Task(executorPreference: taskExecutor) { await self.checkFile() } }
  }

  private func takeInbox() {
    if let (document, revision) = takeSubmitted() { schedule(document, revision: revision) }
  }

  nonisolated func takeSubmitted() -> (document: Document, revision: Int)? {
    inbox.withLock { submitted in
      defer { submitted = nil }
      return submitted
    }
  }

  /// Remembers `document` as the state to save and makes sure a write follows.
  public func schedule(_ document: Document, revision: Int = 0) {
    guard pending == nil || revision >= pending!.revision else { return }
    pending = (document, revision)
    staleBases = staleBases.filter { $0.key >= revision }
    guard scheduled == nil else { return }
    if coolingDown {
      scheduleWrite(after: interval)
    } else {
      writePending()
    }
  }

  public var hasPendingChanges: Bool { pending != nil }

  /// Takes `lock` if its holder has let it go, and then writes from now on
  /// (`startWriting`), from any thread. `afterEvent`: told by the lock
  /// file's watch that the holder closed it. The kernel reports the close
  /// a moment before it drops the holder's lock, and no event follows:
  /// a lock still held then is tried again a few times.
  public nonisolated func startWritingOnceLocked(_ lock: FileLock?, afterEvent: Bool = false) {
    guard let lock, !lock.isHeld else { return }
    guard !lock.takeIfFree() else {
      Task(executorPreference: taskExecutor) { await self.startWriting() }
      return
    }
    guard afterEvent else { return }
    Task(executorPreference: taskExecutor) {
      // The kernel's own timing, whatever clock the saver's writes keep.
      for delay in FileLock.retryDelays {
        try? await ContinuousClock().sleep(for: delay)
        if lock.takeIfFree() {
          await self.startWriting()
          return
        }
      }
    }
  }

  /// The instance that held the file let it go and this one took its lock:
  /// from now on it writes, beginning with what was changed here (merged
  /// first, if the holder's last save is not merged yet).
  public func startWriting() {
    guard !writes else { return }
    writes = true
    // A newer version's file stays unwritten, lock or not (quitting keeps
    // the changes beside it, saying why).
    guard !isReadOnly else { return }
    onEvent(.becameWritable("\(name) is no longer open elsewhere: changes are saved"))
    if lookAtFile() == .unchanged, pending != nil, scheduled == nil, !coolingDown {
      writePending()
    }
  }

  /// Looks at the file now: reports another writer's change, settles a bad one.
  public func checkFile() {
    checkRequested.withLock { $0 = false }
    guard !isReadOnly else { return }
    if let version = known?.version, let now = FileSnapshot.statVersion(file.path),
      now.hasSameStat(as: version)
    {
      suspect = nil
      return
    }
    if known != nil, known?.version == nil, suspect == nil,
      FileSnapshot.statVersion(file.path) == nil
    {
      return
    }
    if lookAtFile() == .unchanged, pending != nil,
      scheduled == nil, !coolingDown
    {
      writePending()
    }
  }

  enum Look { case unchanged, changed, unsettled, readOnly }

  /// `examine` of the file as it is now. A file still at the version known
  /// is told by its hash, read a piece at a time; only another version is
  /// read whole (to decode, or to keep aside).
  func lookAtFile() -> Look {
    if let known, let version = known.version,
      let now = try? FileVersion.read(file.path), now.hasSameContent(as: version)
    {
      self.known = (now, known.document)
      suspect = nil
      return .unchanged
    }
    return examine(try? FileSnapshot.read(file.path))
  }

  /// What a look at the file found; reports a change, and starts the clock on
  /// a bad or missing file.
  func examine(_ snapshot: FileSnapshot?) -> Look {
    guard let known else {
      // No baseline: whatever is there now is what the app started from.
      self.known = (snapshot?.version, snapshot.flatMap { try? file.decode($0) })
      return .unchanged
    }
    guard let snapshot else {
      return known.version == nil || !writes ? .unchanged : settle(Suspect(version: nil))
    }
    if let version = known.version, snapshot.version.hasSameContent(as: version) {
      self.known = (snapshot.version, known.document)
      suspect = nil
      return .unchanged
    }
    let stored: Document
    do {
      stored = try file.decode(snapshot)
    } catch .newerVersion(_, let version, let program) {
      isReadOnly = true
      scheduled?.cancel()
      onEvent(
        .becameReadOnly(
          "Read-only: \(name) is now from a newer \(program) (format version \(version); this one reads up to \(file.format.version))"
        ))
      return .readOnly
    } catch {
      guard writes else { return .unchanged }
      return settle(
        Suspect(version: snapshot.version, data: snapshot.data, reason: error.reasonSuffix))
    }
    suspect = nil
    self.known = (snapshot.version, stored)
    if stored == known.document { return .unchanged }
    revision += 1
    staleBases[revision - 1] = known.document
    onEvent(.changed(stored: stored, base: known.document, revision: revision))
    return .changed
  }

  /// A missing or bad file counts once it has stayed so for `settleTime`.
  private func settle(_ seen: Suspect) -> Look {
    if let suspect, suspect.version == seen.version, suspect.settled {
      treatAsBad(suspect)
      return .unchanged
    }
    if suspect?.version != seen.version || suspect == nil {
      suspect = seen
      suspectGeneration += 1
      let generation = suspectGeneration
      Task { [clock, settleTime] in
        try? await clock.sleep(for: settleTime)
        self.settleTimeElapsed(generation)
      }
    }
    return .unsettled
  }

  private func settleTimeElapsed(_ generation: Int) {
    guard generation == suspectGeneration, suspect != nil else { return }
    suspect?.settled = true
    if lookAtFile() == .unchanged, pending != nil, scheduled == nil {
      writePending()
    }
  }

  /// Writes the data in memory over a file that went bad, keeping what was
  /// there: an unreadable file is copied aside first.
  private func treatAsBad(_ bad: Suspect) {
    suspect = nil
    var kept: String?
    if let data = bad.data {
      do {
        kept = try file.keepAside(data)
      } catch {
        onEvent(.failed(error))
        return
      }
    }
    // What is there now was seen and kept: it is the version to replace.
    known = (bad.version, known?.document)
    let document = pending.map { $0.revision == revision ? $0.document : nil } ?? nil
    guard let document = document ?? known?.document else { return }
    pending = (document, revision)
    let what =
      kept.map {
        "\(name) became unreadable: kept as \(($0 as NSString).lastPathComponent); saved again from memory"
          + bad.reason
      } ?? "\(name) was deleted by another program: saved again from memory"
    onEvent(.notice(what))
    writePending(force: true, evenIfUnchanged: true)
  }

  private var name: String { (file.path as NSString).lastPathComponent }

  @discardableResult
  func writePending(force: Bool = false, evenIfUnchanged: Bool = false)
    -> DocumentFailure?
  {
    scheduled = nil
    guard writes, !isReadOnly, let current = pending else { return nil }
    // Written before the app saw another writer's change: the merge it sends next replaces it.
    guard current.revision >= revision else { return nil }
    if !force {
      guard suspect == nil else { return nil }
      guard lookAtFile() == .unchanged else { return nil }
      guard pending != nil else { return nil }
    }
    if !evenIfUnchanged, let known, known.document == current.document, known.version != nil {
      pending = nil
      onEvent(.saved)
      return nil
    }
    writeCount += 1
    startCoolDown()
    do throws(DocumentFailure) {
      let before = known
      switch try replaceFile(with: current.document) {
      case .replaced(let version):
        known = (version, current.document)
        pending = nil
        onEvent(.saved)
      case .replacedOther(let version, let previous):
        known = (version, current.document)
        pending = nil
        onEvent(.saved)
        swappedOut(previous, base: before?.document)
      case .notReplaced(let now):
        // Changed since the look above: look again (reports or settles it).
        _ = examine(now)
        if pending != nil { scheduleWrite(after: interval) }
      }
      return nil
    } catch {
      onEvent(.failed(error))
      // Retry after the interval: the disk may have room, the directory may be writable.
      scheduleWrite(after: interval)
      return error
    }
  }

  /// Another writer's version, replaced by this save in the instant between
  /// the check and the swap: reported as a change to merge, or kept aside.
  private func swappedOut(_ previous: Data, base: Document?) {
    do {
      let theirs = try file.decode(previous)
      guard theirs != base else { return }
      revision += 1
      staleBases[revision - 1] = base
      onEvent(.changed(stored: theirs, base: base, revision: revision))
    } catch {
      if let kept = try? file.keepAside(previous) {
        onEvent(
          .notice(
            "another program wrote an unreadable \(name) while saving: kept as \((kept as NSString).lastPathComponent)"
          ))
      }
    }
  }

  private func scheduleWrite(after delay: Duration) {
    scheduled?.cancel()
    scheduled = Task { [clock] in
      try? await clock.sleep(for: delay)
      guard !Task.isCancelled else { return }
      self.writePending()
    }
  }

  private var coolDownGeneration = 0

  private func startCoolDown() {
    coolingDown = true
    coolDownGeneration += 1
    let generation = coolDownGeneration
    Task { [clock, interval] in
      try? await clock.sleep(for: interval)
      self.endCoolDown(generation)
    }
  }

  /// Only the latest write's cool-down ends it.
  private func endCoolDown(_ generation: Int) {
    if generation == coolDownGeneration { coolingDown = false }
  }
}
