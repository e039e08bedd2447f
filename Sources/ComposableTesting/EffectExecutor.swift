import ConcurrencyExtras
import Dispatch

/// Runs a TestStore's effects (their code off the main actor) and counts the
/// jobs queued or running, so the store can tell when every effect has run as
/// far as it can: finished, or waiting on something (a clock, another task).
/// Jobs run concurrently, as they would on the global executor.
final class EffectExecutor: TaskExecutor, @unchecked Sendable {
  // `queue` is thread-safe; `pending` is behind its lock.
  private let queue = DispatchQueue(label: "TestStore.effects", attributes: .concurrent)
  private let pending = LockIsolated(0)

  var pendingJobs: Int { pending.value }

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    pending.withValue { $0 += 1 }
    queue.async {
      job.runSynchronously(on: self.asUnownedTaskExecutor())
      self.pending.withValue { $0 -= 1 }
    }
  }
}
