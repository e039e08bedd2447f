import NIOCore

/// Runs a task's nonisolated async code on the store's event loop. postgres-nio's
/// row sequence hops to the task's executor for every row it hands out; without
/// a preference that is the global executor (in this app, the main thread's
/// loop), and every row would wake the main thread and then the event loop.
final class EventLoopTaskExecutor: TaskExecutor {
  let loop: any EventLoop

  init(_ loop: any EventLoop) { self.loop = loop }

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    loop.execute { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
  }
}
