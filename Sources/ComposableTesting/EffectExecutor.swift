import ConcurrencyExtras
import Dispatch

/// Runs a TestStore's effects (their code off the main actor) and counts the
/// jobs queued or running, so the store can tell when every effect has run as
/// far as it can: finished, or waiting on something (a clock, another task).
/// Jobs run one at a time, in the order they were enqueued, as under TCA's
/// main serial executor: effects merged in one action send their actions in
/// the same order at every run, so a test's `receive`s never flake.
final class EffectExecutor: TaskExecutor, @unchecked Sendable {
  // `queue` is thread-safe; `pending` is behind its lock.
  private let queue = DispatchQueue(label: "TestStore.effects")
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
