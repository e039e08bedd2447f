import Foundation
import Synchronization

/// Saves a document off the main actor, at most about once per `interval`:
/// the newest state wins, and `flush()` writes whatever is pending right away
/// (on quit and on SIGTERM/SIGHUP). A failed save keeps the data pending and
/// is retried after the interval, and with every later change or flush.
///
/// It runs on the executor it is given: the app gives it a thread of its own,
/// so that a large save never holds up a frame on the app's one thread.
public actor Saver<Document: Sendable & Equatable> {
  public let file: DocumentFile<Document>
  private let executor: any SerialExecutor
  public nonisolated var unownedExecutor: UnownedSerialExecutor {
    executor.asUnownedSerialExecutor()
  }
  private var pending: Document?
  private var scheduled: Task<Void, Never>?
  /// While set, writes wait until the interval since the last one has passed.
  private var coolingDown = false
  private let interval: Duration
  private let clock: any Clock<Duration>
  private let onResult: @Sendable (DocumentFailure?) -> Void
  /// How many writes were attempted (for tests and benchmarks).
  public private(set) var writeCount = 0

  public init(
    file: DocumentFile<Document>, executor: any SerialExecutor, interval: Duration = .seconds(1),
    clock: any Clock<Duration> = ContinuousClock(),
    onResult: @escaping @Sendable (DocumentFailure?) -> Void = { _ in }
  ) {
    self.file = file
    self.executor = executor
    self.interval = interval
    self.clock = clock
    self.onResult = onResult
  }

  /// The newest document handed over by `submit`, not yet taken in.
  private let inbox = Mutex<Document?>(nil)

  /// Hands `document` over from any thread, without waiting: the app calls it
  /// after every change. A `flush()` that follows writes them even if the
  /// saver's thread has not got to them yet (quitting right after an edit).
  public nonisolated func submit(_ document: Document) {
    let wasEmpty = inbox.withLock { submitted in
      defer { submitted = document }
      return submitted == nil
    }
    // One hand-over at a time: a pending one takes the newest state anyway.
    if wasEmpty { Task { await self.takeInbox() } }
  }

  private func takeInbox() {
    if let document = takeSubmitted() { schedule(document) }
  }

  private nonisolated func takeSubmitted() -> Document? {
    inbox.withLock { submitted in
      defer { submitted = nil }
      return submitted
    }
  }

  /// Remembers `document` as the state to save and makes sure a write follows.
  public func schedule(_ document: Document) {
    pending = document
    guard scheduled == nil else { return }
    if coolingDown {
      scheduled = Task { [clock, interval] in
        try? await clock.sleep(for: interval)
        guard !Task.isCancelled else { return }
        self.writePending()
      }
    } else {
      writePending()
    }
  }

  /// Writes what is pending now. Returns the failure, if the write failed.
  @discardableResult
  public func flush() -> DocumentFailure? {
    if let submitted = takeSubmitted() { pending = submitted }
    scheduled?.cancel()
    scheduled = nil
    return writePending()
  }

  public var hasPendingChanges: Bool { pending != nil }

  @discardableResult
  private func writePending() -> DocumentFailure? {
    scheduled = nil
    guard let document = pending else { return nil }
    writeCount += 1
    startCoolDown()
    do {
      try file.save(document)
      pending = nil
      onResult(nil)
      return nil
    } catch {
      onResult(error)
      // Retry after the interval: the disk may have room, the directory may be writable.
      scheduled = Task { [clock, interval] in
        try? await clock.sleep(for: interval)
        guard !Task.isCancelled else { return }
        self.writePending()
      }
      return error
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
