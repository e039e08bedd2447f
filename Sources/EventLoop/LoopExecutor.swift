import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The run loop behind `MainLoop`: one queue of jobs, the timers, the
/// descriptor watches, and one thread that serves them from poll(2). Its two
/// faces are the main actor's executor (`main`) and the default executor
/// (`tasks`); each job runs as the one it was given to.
final class LoopExecutor: @unchecked Sendable {
  private(set) var main: LoopMainExecutor!
  private(set) var tasks: LoopTaskExecutor!

  private struct Job {
    let job: UnownedJob
    let onMain: Bool
  }

  private struct Timer {
    let deadline: ContinuousClock.Instant
    let order: Int
    let job: Job
  }

  private struct Watch {
    let id: Int
    let fds: [pollfd]
    let handler: @Sendable ([pollfd]) -> Void
  }

  private struct State {
    var ready: [Job] = []
    var timers: [Timer] = []
    var watches: [Watch] = []
    var nextOrder = 0
    var stopped = false
    /// In a blocking poll(2): a job from another thread must write to the wake pipe.
    var polling = false
    var wakePending = false
    var thread: pthread_t?
    /// Timers ever scheduled (for tests).
    var timersScheduled = 0
    /// Polls of the descriptors ever made (for tests).
    var polls = 0

    /// Whether the loop sleeps in poll(2) and nobody has poked it yet. Only
    /// another thread can find it polling: the loop's own jobs run outside poll.
    mutating func needsWake() -> Bool {
      guard polling, !wakePending else { return false }
      wakePending = true
      return true
    }
  }

  private let state = Mutex(State())
  private let wakeRead: Int32
  private let wakeWrite: Int32

  var timersScheduled: Int { state.withLock { $0.timersScheduled } }
  var polls: Int { state.withLock { $0.polls } }

  init() {
    var fds: [Int32] = [-1, -1]
    precondition(pipe(&fds) == 0, "MainLoop: cannot create its wake pipe")
    for fd in fds {
      _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
      _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
    }
    wakeRead = fds[0]
    wakeWrite = fds[1]
    main = LoopMainExecutor(loop: self)
    tasks = LoopTaskExecutor(loop: self)
  }

  deinit {
    close(wakeRead)
    close(wakeWrite)
  }

  /// Makes the calling thread the one that counts as the main actor's.
  func adoptCurrentThread() { state.withLock { $0.thread = pthread_self() } }

  var isOnLoopThread: Bool {
    state.withLock { s in s.thread.map { pthread_equal($0, pthread_self()) != 0 } ?? false }
  }

  // MARK: Work in

  func enqueue(_ job: UnownedJob, onMain: Bool) {
    let wake = state.withLock { s in
      s.ready.append(Job(job: job, onMain: onMain))
      return s.needsWake()
    }
    if wake { poke() }
  }

  /// Every clock that sleeps through an executor in Swift 6.3 (continuous,
  /// suspending) counts in `Duration`; anything else runs at once rather than never.
  func schedule(_ job: UnownedJob, onMain: Bool, after delay: some DurationProtocol) {
    let deadline = ContinuousClock.now.advanced(by: (delay as? Duration) ?? .zero)
    let wake = state.withLock { s in
      s.nextOrder += 1
      s.timersScheduled += 1
      s.timers.append(
        Timer(deadline: deadline, order: s.nextOrder, job: Job(job: job, onMain: onMain)))
      return s.needsWake()
    }
    if wake { poke() }
  }

  /// Calls `handler` on the loop's thread, once, when any of `fds` has an
  /// event (poll(2) semantics; `revents` filled in).
  func watch(_ fds: [pollfd], handler: @escaping @Sendable ([pollfd]) -> Void) {
    let wake = state.withLock { s in
      s.nextOrder += 1
      s.watches.append(Watch(id: s.nextOrder, fds: fds, handler: handler))
      return s.needsWake()
    }
    if wake { poke() }
  }

  func stop() {
    let wake = state.withLock { s in
      s.stopped = true
      return s.needsWake()
    }
    if wake { poke() }
  }

  // MARK: The loop

  /// Serves jobs, timers and watches on the calling thread until `stop()` or
  /// `condition` holds. Jobs still queued then are not run.
  func run(until condition: () -> Bool = { false }) {
    adoptCurrentThread()
    let mainExecutor = main.asUnownedSerialExecutor()
    let taskExecutor = tasks.asUnownedTaskExecutor()
    while !condition() {
      switch nextStep() {
      case .stop:
        return
      case .run(var jobs, let watched):
        // What the batch makes ready (a task resumed on the default executor
        // hops to the main actor) runs straight after it, for a few rounds;
        // then jobs that keep coming must not starve the keyboard and the signals.
        var rounds = 0
        repeat {
          for job in jobs {
            if job.onMain {
              job.job.runSynchronously(on: mainExecutor)
            } else {
              job.job.runSynchronously(on: taskExecutor)
            }
          }
          rounds += 1
          jobs = rounds < Self.roundsBeforePolling && !condition() ? takeReady() : []
        } while !jobs.isEmpty
        if !watched.isEmpty { wait(timeout: 0, watching: watched) }
      case .wait(let deadline, let watched):
        wait(timeout: deadline.map(Self.milliseconds(until:)) ?? -1, watching: watched)
      }
    }
  }

  /// Rounds of jobs made ready by jobs that run before the loop looks at
  /// its descriptors again.
  private static let roundsBeforePolling = 4

  /// The jobs ready now, taken from the queue (none when stopped).
  private func takeReady() -> [Job] {
    state.withLock { s in
      guard !s.stopped, !s.ready.isEmpty else { return [] }
      defer { s.ready.removeAll(keepingCapacity: true) }
      return s.ready
    }
  }

  private enum Step {
    case stop
    case run([Job], watched: [Watch])
    case wait(ContinuousClock.Instant?, watched: [Watch])
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
        return .run(s.ready, watched: s.watches)
      }
      s.polling = true
      return .wait(s.timers.map(\.deadline).min(), watched: s.watches)
    }
  }

  /// Rounded up (waking early would only poll again), at most ~24 days.
  private static func milliseconds(until deadline: ContinuousClock.Instant) -> Int32 {
    let left = max(.zero, ContinuousClock.now.duration(to: deadline))
    guard left < .milliseconds(Int32.max) else { return Int32.max }
    let parts = left.components
    return Int32(
      parts.seconds * 1000 + (parts.attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000)
  }

  private func wait(timeout: Int32, watching watched: [Watch]) {
    var fds = [pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0)]
    for watch in watched { fds += watch.fds }
    let n = poll(&fds, nfds_t(fds.count), timeout)
    state.withLock { s in
      s.polling = false
      s.wakePending = false
      s.polls += 1
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
    // One or two watches fire at a time: a search beats building a `Set`.
    let firedIDs = fired.map { $0.0.id }
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
