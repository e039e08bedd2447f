import EventLoop
import Foundation
import Synchronization

/// Saves the standups off the main actor, at most about once per `interval`:
/// the newest state wins, and `flush()` writes whatever is pending right away
/// (on quit and on SIGTERM/SIGHUP). A failed save keeps the data pending and
/// is retried after the interval, and with every later change or flush.
///
/// It runs on a thread of its own: the app's main loop (`MainLoop`) is a
/// single thread, and a large save must not hold up the next frame.
public actor Saver {
  public let file: DataFile
  private let executor = ThreadExecutor()
  public nonisolated var unownedExecutor: UnownedSerialExecutor {
    executor.asUnownedSerialExecutor()
  }
  private var pending: IdentifiedArrayOf<Standup>?
  private var scheduled: Task<Void, Never>?
  /// While set, writes wait until the interval since the last one has passed.
  private var coolingDown = false
  private let interval: Duration
  private let clock: any Clock<Duration>
  private let onResult: @Sendable (DataFile.Failure?) -> Void
  /// How many writes were attempted (for tests and benchmarks).
  public private(set) var writeCount = 0

  public init(
    file: DataFile, interval: Duration = .seconds(1),
    clock: any Clock<Duration> = ContinuousClock(),
    onResult: @escaping @Sendable (DataFile.Failure?) -> Void = { _ in }
  ) {
    self.file = file
    self.interval = interval
    self.clock = clock
    self.onResult = onResult
  }

  /// The newest standups handed over by `submit`, not yet taken in.
  private let inbox = Mutex<IdentifiedArrayOf<Standup>?>(nil)

  /// Hands `standups` over from any thread, without waiting: the app calls it
  /// after every change. A `flush()` that follows writes them even if the
  /// saver's thread has not got to them yet (quitting right after an edit).
  public nonisolated func submit(_ standups: IdentifiedArrayOf<Standup>) {
    let wasEmpty = inbox.withLock { submitted in
      defer { submitted = standups }
      return submitted == nil
    }
    // One hand-over at a time: a pending one takes the newest state anyway.
    if wasEmpty { Task { await self.takeInbox() } }
  }

  private func takeInbox() {
    if let standups = takeSubmitted() { schedule(standups) }
  }

  private nonisolated func takeSubmitted() -> IdentifiedArrayOf<Standup>? {
    inbox.withLock { submitted in
      defer { submitted = nil }
      return submitted
    }
  }

  /// Remembers `standups` as the state to save and makes sure a write follows.
  public func schedule(_ standups: IdentifiedArrayOf<Standup>) {
    pending = standups
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
  public func flush() -> DataFile.Failure? {
    if let submitted = takeSubmitted() { pending = submitted }
    scheduled?.cancel()
    scheduled = nil
    return writePending()
  }

  public var hasPendingChanges: Bool { pending != nil }

  @discardableResult
  private func writePending() -> DataFile.Failure? {
    scheduled = nil
    guard let standups = pending else { return nil }
    writeCount += 1
    startCoolDown()
    do {
      try file.save(standups)
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
