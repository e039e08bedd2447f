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
/// With the platform's executors a one-second timer woke five threads a tick
/// (libdispatch's timer thread, a pool thread for the effect, the main thread,
/// the thread blocked in poll, the main thread again); here it wakes this one.
/// Installed by `install()` before any task starts (the `standups` executable
/// does so in `main`); code that also runs without it (tests) asks `installed`.
/// Work that must not hold up drawing goes to a `ThreadExecutor`.
public enum MainLoop {
  /// Whether `install()` made the loop this process's executor.
  public static var isInstalled: Bool { installed != nil }

  static var installed: LoopExecutor? { installedLoop.withLock { $0 } }
  private static let installedLoop = Mutex<LoopExecutor?>(nil)

  /// Makes a loop the process's main and default executor. Call once, from
  /// the main thread, before any task is created; then call `run()`.
  public static func install() {
    installedLoop.withLock { $0 = LoopExecutor() }
    _createExecutors(factory: Factory.self)
  }

  private enum Factory: ExecutorFactory {
    static var mainExecutor: any MainExecutor { MainLoop.installed! }
    static var defaultExecutor: any TaskExecutor { MainLoop.installed! }
  }

  /// Serves the installed loop on the calling thread until `stop()`.
  public static func run() { try? installed?.run() }

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

/// The executor behind `MainLoop` (internal: its protocols are SPI).
final class LoopExecutor: MainExecutor, TaskExecutor, SchedulingExecutor, @unchecked Sendable {
  private struct Timer {
    let deadline: ContinuousClock.Instant
    let order: Int
    let job: UnownedJob
  }

  private struct Watch {
    let id: Int
    let fds: [pollfd]
    let handler: @Sendable ([pollfd]) -> Void
  }

  private struct State {
    var ready: [UnownedJob] = []
    var timers: [Timer] = []
    var watches: [Watch] = []
    var nextOrder = 0
    var stopped = false
    /// In poll(2): a job from another thread must write to the wake pipe.
    var polling = false
    var wakePending = false
    var thread: pthread_t?
    /// Timers ever scheduled (for tests).
    var timersScheduled = 0

    /// Whether the loop sleeps in poll(2) and nobody has poked it yet. Only
    /// another thread can find it polling: the loop's own jobs run outside poll.
    mutating func needsWake() -> Bool {
      guard polling, !wakePending else { return false }
      wakePending = true
      return true
    }
  }

  private let state = Mutex(State())
  var timersScheduled: Int { state.withLock { $0.timersScheduled } }
  private let wakeRead: Int32
  private let wakeWrite: Int32

  init() {
    var fds: [Int32] = [-1, -1]
    precondition(pipe(&fds) == 0, "MainLoop: cannot create its wake pipe")
    for fd in fds {
      _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
      _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
    }
    wakeRead = fds[0]
    wakeWrite = fds[1]
  }

  deinit {
    close(wakeRead)
    close(wakeWrite)
  }

  // MARK: Executor

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    let wake = state.withLock { s in
      s.ready.append(job)
      return s.needsWake()
    }
    if wake { poke() }
  }

  func enqueue<C: Clock>(
    _ job: consuming ExecutorJob, at instant: C.Instant, tolerance: C.Duration?, clock: C
  ) {
    schedule(UnownedJob(job), after: clock.now.duration(to: instant))
  }

  func enqueue<C: Clock>(
    _ job: consuming ExecutorJob, after delay: C.Duration, tolerance: C.Duration?, clock: C
  ) {
    schedule(UnownedJob(job), after: delay)
  }

  /// Every clock the app sleeps on (continuous, suspending) counts in
  /// `Duration`; anything else runs at once rather than never.
  private func schedule(_ job: UnownedJob, after delay: some DurationProtocol) {
    let deadline = ContinuousClock.now.advanced(by: (delay as? Duration) ?? .zero)
    let wake = state.withLock { s in
      s.nextOrder += 1
      s.timersScheduled += 1
      s.timers.append(Timer(deadline: deadline, order: s.nextOrder, job: job))
      return s.needsWake()
    }
    if wake { poke() }
  }

  /// Calls `handler` on this loop's thread, once, when any of `fds` has an
  /// event (poll(2) semantics; `revents` filled in).
  func watch(_ fds: [pollfd], handler: @escaping @Sendable ([pollfd]) -> Void) {
    let wake = state.withLock { s in
      s.nextOrder += 1
      s.watches.append(Watch(id: s.nextOrder, fds: fds, handler: handler))
      return s.needsWake()
    }
    if wake { poke() }
  }

  func asUnownedSerialExecutor() -> UnownedSerialExecutor {
    UnownedSerialExecutor(ordinary: self)
  }

  var isMainExecutor: Bool { true }

  func checkIsolated() {
    precondition(isOnLoopThread, "not on the main loop's thread")
  }

  func isIsolatingCurrentContext() -> Bool? { isOnLoopThread }

  private var isOnLoopThread: Bool {
    state.withLock { s in s.thread.map { pthread_equal($0, pthread_self()) != 0 } ?? false }
  }

  // MARK: Run loop

  func run() throws { try runUntil { false } }

  /// Serves jobs, timers and watches on the calling thread until `stop()` or
  /// `condition` returns true.
  func runUntil(_ condition: () -> Bool) throws {
    state.withLock { $0.thread = pthread_self() }
    while !condition() {
      switch nextStep() {
      case .stop:
        return
      case .run(let jobs):
        for job in jobs {
          job.runSynchronously(
            isolatedTo: asUnownedSerialExecutor(), taskExecutor: asUnownedTaskExecutor())
        }
      case .wait(let deadline, let watched):
        wait(until: deadline, watching: watched)
      }
    }
  }

  func stop() {
    let wake = state.withLock { s in
      s.stopped = true
      return s.needsWake()
    }
    if wake { poke() }
  }

  private enum Step {
    case stop
    case run([UnownedJob])
    case wait(ContinuousClock.Instant?, [Watch])
  }

  private func nextStep() -> Step {
    state.withLock { s in
      if s.stopped { return .stop }
      if !s.timers.isEmpty {
        let now = ContinuousClock.now
        let due = s.timers.filter { $0.deadline <= now }
        if !due.isEmpty {
          s.timers.removeAll { $0.deadline <= now }
          s.ready += due.sorted { ($0.deadline, $0.order) < ($1.deadline, $1.order) }.map(\.job)
        }
      }
      if !s.ready.isEmpty {
        defer { s.ready.removeAll(keepingCapacity: true) }
        return .run(s.ready)
      }
      s.polling = true
      return .wait(s.timers.map(\.deadline).min(), s.watches)
    }
  }

  private func wait(until deadline: ContinuousClock.Instant?, watching watched: [Watch]) {
    var fds = [pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0)]
    for watch in watched { fds += watch.fds }
    var timeout: Int32 = -1
    if let deadline {
      // Rounded up: waking a little early would only poll again.
      let left = max(.zero, ContinuousClock.now.duration(to: deadline)).components
      let ms =
        left.seconds * 1000 + (left.attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
      timeout = Int32(clamping: ms)
    }
    let n = poll(&fds, nfds_t(fds.count), timeout)
    state.withLock { s in
      s.polling = false
      s.wakePending = false
    }
    guard n > 0 else { return }  // timed out, or a signal (its handler pokes a pipe)
    if fds[0].revents != 0 { drainWakePipe() }
    // Fire each watch with any event, in the order they were added.
    var offset = 1
    var fired: [(Watch, [pollfd])] = []
    for watch in watched {
      let mine = Array(fds[offset..<offset + watch.fds.count])
      offset += watch.fds.count
      if mine.contains(where: { $0.revents != 0 }) { fired.append((watch, mine)) }
    }
    guard !fired.isEmpty else { return }
    let firedIDs = Set(fired.map(\.0.id))
    state.withLock { s in s.watches.removeAll { firedIDs.contains($0.id) } }
    for (watch, revents) in fired { watch.handler(revents) }
  }

  private func poke() {
    var byte: UInt8 = 0
    _ = write(wakeWrite, &byte, 1)
  }

  private func drainWakePipe() {
    var buffer = [UInt8](repeating: 0, count: 64)
    while buffer.withUnsafeMutableBytes({ read(wakeRead, $0.baseAddress, $0.count) }) > 0 {}
  }
}
