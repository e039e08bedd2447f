import ConcurrencyExtras
import Foundation
import Synchronization
import Testing

@testable import EventLoop

/// A `LoopExecutor` served by a thread of the test's own, so that its jobs,
/// timers and watches can be observed without installing it for the process.
final class LoopThread: Sendable {
  let loop = LoopExecutor()
  private let thread = Mutex<pthread_t?>(nil)
  private let ended = Mutex<CheckedContinuation<Void, Never>?>(nil)
  private let hasEnded = Mutex(false)

  init() {
    let started = DispatchSemaphore(value: 0)
    Thread { [self] in
      thread.withLock { $0 = pthread_self() }
      started.signal()
      loop.run()
      let waiter = ended.withLock { waiter in
        hasEnded.withLock { $0 = true }
        return waiter
      }
      waiter?.resume()
    }.start()
    started.wait()
  }

  var id: pthread_t { thread.withLock { $0! } }

  /// Returns once `run()` has returned on the loop's thread.
  func untilEnded() async {
    await withCheckedContinuation { continuation in
      let done = ended.withLock { waiter in
        if hasEnded.withLock({ $0 }) { return true }
        waiter = continuation
        return false
      }
      if done { continuation.resume() }
    }
  }

  /// A task on the loop sleeping for `duration`, once its timer is in the
  /// loop's list. (The sleeps in these tests are what is tested — the loop's
  /// timers — never a way to wait for something else.)
  func sleeperOnItsTimer(for duration: Duration) async throws -> Task<Void, any Error> {
    let scheduled = loop.timersScheduled
    let sleeper = Task(executorPreference: loop.tasks) { try await Task.sleep(for: duration) }
    try await until { loop.timersScheduled == scheduled + 1 }
    return sleeper
  }

  /// Runs `body` on the loop, as a task that prefers it.
  func run<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) async throws -> T {
    try await Task(executorPreference: loop.tasks) { try await body() }.value
  }
}

/// Yields until `condition` holds; fails after 30 s.
func until(_ condition: () -> Bool, sourceLocation: SourceLocation = #_sourceLocation) async throws
{
  let deadline = ContinuousClock.now.advanced(by: .seconds(30))
  while !condition() {
    try #require(ContinuousClock.now < deadline, "timed out", sourceLocation: sourceLocation)
    await Task.yield()
  }
}

func isCurrent(_ thread: pthread_t) -> Bool { pthread_equal(thread, pthread_self()) != 0 }

/// A pipe for a test to watch; `closeBoth()` when done (a `defer` also keeps
/// it open until then).
final class TestPipe: Sendable {
  let readFD: Int32
  let writeFD: Int32

  init() throws {
    var fds: [Int32] = [-1, -1]
    try #require(pipe(&fds) == 0)
    (readFD, writeFD) = (fds[0], fds[1])
  }

  func closeBoth() {
    close(readFD)
    close(writeFD)
  }

  /// What a watch for its read end to become readable polls.
  var readable: pollfd { pollfd(fd: readFD, events: Int16(POLLIN), revents: 0) }

  func writeByte() {
    var byte: UInt8 = 1
    _ = write(writeFD, &byte, 1)
  }
}

@Suite(.timeLimit(.minutes(1)))
struct MainLoopTests {
  @Test func aJobFromAnotherThreadRunsOnTheLoopThread() async throws {
    let loop = LoopThread()
    defer { loop.loop.stop() }
    #expect(!isCurrent(loop.id))
    let onLoop = try await loop.run { isCurrent(loop.id) }
    #expect(onLoop)
  }

  @Test func aSleepIsATimerOfTheLoopAndEndsNoSoonerThanAsked() async throws {
    let loop = LoopThread()
    defer { loop.loop.stop() }
    let (elapsed, onLoop) = try await loop.run {
      let elapsed = try await ContinuousClock().measure {
        // The sleep is what is tested here (a timer of the loop), not a wait.
        try await Task.sleep(for: .milliseconds(50))
      }
      return (elapsed, isCurrent(loop.id))
    }
    #expect(elapsed >= .milliseconds(50))
    #expect(onLoop)
    #expect(loop.loop.timersScheduled >= 1)
  }

  @Test func timersFireInDeadlineOrder() async throws {
    let loop = LoopThread()
    defer { loop.loop.stop() }
    let order = LockIsolated<[Int]>([])
    // One starting point for the three deadlines, so that however late
    // each task starts, their order is the delays'.
    let start = ContinuousClock.now + .milliseconds(200)
    try await withThrowingTaskGroup(of: Void.self) { group in
      for delay in [60, 20, 40] {
        group.addTask(executorPreference: loop.loop.tasks) {
          // The sleeps are the timers under test, not a synchronisation.
          try await Task.sleep(until: start + .milliseconds(delay), clock: .continuous)
          order.withValue { $0.append(delay) }
        }
      }
      try await group.waitForAll()
    }
    #expect(order.value == [20, 40, 60])
  }

  @Test func aCancelledSleepEndsWithoutWaitingForItsDeadline() async throws {
    let loop = LoopThread()
    defer { loop.loop.stop() }
    let sleeper = try await loop.sleeperOnItsTimer(for: .seconds(3600))
    sleeper.cancel()
    await #expect(throws: CancellationError.self) { try await sleeper.value }
  }

  @Test func aSleepTooLongForPollsTimeoutIsNoTrouble() async throws {
    let loop = LoopThread()
    defer { loop.loop.stop() }
    let sleeper = try await loop.sleeperOnItsTimer(for: .seconds(Int64.max / 4))
    // The loop now waits with that deadline in its timers, and still serves work.
    #expect(try await loop.run { isCurrent(loop.id) })
    sleeper.cancel()
    await #expect(throws: CancellationError.self) { try await sleeper.value }
  }

  @Test func jobsThatKeepComingDoNotStarveAWatch() async throws {
    let loop = LoopThread()
    defer { loop.loop.stop() }
    let pipe = try TestPipe()
    defer { pipe.closeBoth() }
    let fired = LockIsolated(false)
    loop.loop.watch([pipe.readable]) { _ in
      fired.withValue { $0 = true }
    }
    // A task on the loop that yields until the watch fires: the loop always
    // has a job ready, and must still look at the descriptors.
    let sawIt = try await loop.run {
      pipe.writeByte()
      let deadline = ContinuousClock.now.advanced(by: .seconds(30))
      while !fired.value, ContinuousClock.now < deadline { await Task.yield() }
      return fired.value
    }
    #expect(sawIt)
  }

  /// A task resumed on one of the loop's faces often hops to the other: the
  /// job that makes ready runs in the same turn of the loop, without a poll
  /// of the descriptors (a syscall on the way from a key to its frame).
  @Test func jobsThatJobsMakeReadyRunBeforeTheNextPoll() async throws {
    let loop = LoopThread()
    defer { loop.loop.stop() }
    let pipe = try TestPipe()
    defer { pipe.closeBoth() }
    // A watch that never fires: with it, the loop polls after each turn.
    loop.loop.watch([pipe.readable]) { _ in }
    let polls = try await loop.run {
      let before = loop.loop.polls
      // Made ready by this job, on the loop's thread.
      let next = Task(executorPreference: loop.loop.tasks) { loop.loop.polls }
      return await next.value - before
    }
    #expect(polls == 0)
  }

  @Test func aWatchFiresOnceOnTheLoopWhenItsDescriptorIsReady() async throws {
    let loop = LoopThread()
    defer { loop.loop.stop() }
    let pipe = try TestPipe()
    defer { pipe.closeBoth() }
    let calls = LockIsolated(0)
    let (revents, onLoop) = await withCheckedContinuation { continuation in
      loop.loop.watch([pipe.readable]) { ready in
        calls.withValue { $0 += 1 }
        continuation.resume(returning: (ready[0].revents, isCurrent(loop.id)))
      }
      pipe.writeByte()
    }
    #expect(revents & Int16(POLLIN) != 0)
    #expect(onLoop)
    // Still readable (nobody read the byte), yet the watch was one-shot: a
    // second watch on the same pipe fires, the first does not again.
    await withCheckedContinuation { continuation in
      loop.loop.watch([pipe.readable]) { _ in
        continuation.resume()
      }
    }
    #expect(calls.value == 1)
  }

  @Test func stopEndsRun() async {
    let loop = LoopThread()
    loop.loop.stop()
    await loop.untilEnded()
  }

  @Test func withoutAnInstalledLoopWatchSaysSo() {
    #expect(!MainLoop.isInstalled)
    #expect(!MainLoop.watch([]) { _ in })
  }
}

@Suite struct ThreadExecutorTests {
  actor Probe {
    private let executor = ThreadExecutor()
    nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }
    private var threads: [pthread_t] = []

    func record() { threads.append(pthread_self()) }
    var recorded: [pthread_t] { threads }
  }

  @Test func anActorOnItRunsOnOneThreadOfItsOwn() async {
    let probe = Probe()
    for _ in 0..<5 { await probe.record() }
    let threads = await probe.recorded
    #expect(threads.count == 5)
    #expect(threads.allSatisfy { pthread_equal($0, threads[0]) != 0 })
    #expect(!isCurrent(threads[0]))
  }
}
