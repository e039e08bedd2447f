import Foundation

/// Saves the standups off the main actor, at most about once a second: the
/// newest state wins, and `flush()` writes whatever is pending right away (on
/// quit and on SIGTERM/SIGHUP). A failed save keeps the data pending and is
/// retried with the next change or flush.
public actor Saver {
  public let file: DataFile
  private var pending: IdentifiedArrayOf<Standup>?
  private var lastWrite: ContinuousClock.Instant?
  private var scheduled: Task<Void, Never>?
  private let interval: Duration
  private let onResult: @Sendable (DataFile.Failure?) -> Void

  public init(
    file: DataFile, interval: Duration = .seconds(1),
    onResult: @escaping @Sendable (DataFile.Failure?) -> Void = { _ in }
  ) {
    self.file = file
    self.interval = interval
    self.onResult = onResult
  }

  /// Remembers `standups` as the state to save and schedules a write.
  public func schedule(_ standups: IdentifiedArrayOf<Standup>) {
    pending = standups
    guard scheduled == nil else { return }
    let now = ContinuousClock.now
    let due = lastWrite.map { $0.advanced(by: interval) } ?? now
    scheduled = Task {
      if due > now { try? await Task.sleep(until: due, clock: .continuous) }
      self.writePending()
    }
  }

  /// Writes what is pending now. Returns the failure, if the write failed.
  @discardableResult
  public func flush() -> DataFile.Failure? {
    scheduled?.cancel()
    return writePending()
  }

  public var hasPendingChanges: Bool { pending != nil }

  @discardableResult
  private func writePending() -> DataFile.Failure? {
    scheduled = nil
    guard let standups = pending else { return nil }
    lastWrite = .now
    do {
      try file.save(standups)
      if pending == standups { pending = nil }
      onResult(nil)
      return nil
    } catch {
      onResult(error)
      // Try again after the interval: the disk may have room by then.
      if scheduled == nil {
        scheduled = Task {
          try? await Task.sleep(for: interval)
          if !Task.isCancelled { self.writePending() }
        }
      }
      return error
    }
  }
}
