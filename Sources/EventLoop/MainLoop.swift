import Synchronization
@_spi(ExperimentalCustomExecutors) @_spi(ExperimentalScheduling) import _Concurrency

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One thread for the whole app: the main actor, every task without an actor
/// of its own, every timer and the wait for the keyboard are served here, from
/// a single poll(2).
///
/// A timer tick or a key wakes this one thread and nothing else.
/// Installed by `install()` before any task starts (the `standups` executable
/// does so in `main`); code that also runs without it (tests) asks `isInstalled`.
/// Work that must not hold up drawing goes to a `ThreadExecutor`.
public enum MainLoop {
  /// Whether `install()` made the loop this process's executor.
  public static var isInstalled: Bool { installed != nil }

  static var installed: LoopExecutor? { installedLoop.withLock { $0 } }
  private static let installedLoop = Mutex<LoopExecutor?>(nil)

  /// Makes a loop the process's main and default executor. Call once, from
  /// the thread that will call `run()`, before any task is created.
  public static func install() {
    let loop = LoopExecutor()
    loop.adoptCurrentThread()
    let first = installedLoop.withLock { installed in
      guard installed == nil else { return false }
      installed = loop
      return true
    }
    precondition(first, "MainLoop.install() called twice")
    _createExecutors(factory: Factory.self)
  }

  private enum Factory: ExecutorFactory {
    static var mainExecutor: any MainExecutor { MainLoop.installed!.main }
    static var defaultExecutor: any TaskExecutor { MainLoop.installed!.tasks }
  }

  /// Serves the installed loop on the calling thread until `stop()`.
  public static func run() { installed?.run() }

  public static func stop() { installed?.stop() }

  /// On the installed loop: calls `handler` on the loop's thread, once, when
  /// any of `fds` has an event (`revents` filled in). Returns false when no
  /// loop is installed.
  public static func watch(
    _ fds: [pollfd], handler: @escaping @Sendable ([pollfd]) -> Void
  ) -> Bool {
    guard let loop = installed else { return false }
    loop.watch(fds, handler: handler)
    return true
  }
}

/// What the loop's two faces share: they hand it jobs and timers, tagged with
/// which of them the job was given to.
protocol LoopFace: SchedulingExecutor {
  var loop: LoopExecutor { get }
  var isMain: Bool { get }
}

extension LoopFace {
  func enqueue(_ job: consuming ExecutorJob) { loop.enqueue(UnownedJob(job), onMain: isMain) }

  func enqueue<C: Clock>(
    _ job: consuming ExecutorJob, at instant: C.Instant, tolerance: C.Duration?, clock: C
  ) {
    loop.schedule(UnownedJob(job), onMain: isMain, after: clock.now.duration(to: instant))
  }

  func enqueue<C: Clock>(
    _ job: consuming ExecutorJob, after delay: C.Duration, tolerance: C.Duration?, clock: C
  ) {
    loop.schedule(UnownedJob(job), onMain: isMain, after: delay)
  }
}

/// The main actor's executor: its jobs run isolated to it.
final class LoopMainExecutor: LoopFace, MainExecutor, @unchecked Sendable {
  unowned let loop: LoopExecutor
  let isMain = true
  init(loop: LoopExecutor) { self.loop = loop }

  func asUnownedSerialExecutor() -> UnownedSerialExecutor { UnownedSerialExecutor(ordinary: self) }
  var isMainExecutor: Bool { true }
  func checkIsolated() { precondition(loop.isOnLoopThread, "not on the main loop's thread") }
  func isIsolatingCurrentContext() -> Bool? { loop.isOnLoopThread }

  func run() throws { loop.run() }
  func runUntil(_ condition: () -> Bool) throws { loop.run(until: condition) }
  func stop() { loop.stop() }
}

/// The default executor: tasks without an actor, and default actors.
final class LoopTaskExecutor: LoopFace, TaskExecutor, @unchecked Sendable {
  unowned let loop: LoopExecutor
  let isMain = false
  init(loop: LoopExecutor) { self.loop = loop }
}
