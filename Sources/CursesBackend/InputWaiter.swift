import Dispatch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What ended one wait for input.
struct Readiness: Sendable, Equatable {
  /// The keyboard has bytes to read.
  var input = false
  /// The keyboard's end of the terminal went away (hang-up, closed pty).
  var hangUp = false
  /// Signals the handlers reported through the pipe, oldest first.
  var signals: [Int32] = []
  /// `wake()` was called.
  var woken = false
}

/// Blocks, without spinning, until the keyboard has input or something pokes
/// the self-pipe: `wake()` from any thread, or a signal handler.
///
/// Given a `watch` (the app's main loop), the descriptors join the loop's own
/// poll(2), so waiting costs no thread; otherwise the wait blocks a private queue.
/// Either way the caller's actor stays free and is resumed when there is
/// something to do. Only the pipe is read here: keyboard bytes are left for
/// the terminal, on the main actor.
final class InputWaiter: Sendable {
  /// Watches descriptors on the caller's event loop: calls the handler once,
  /// on that loop, when any has an event; false when it cannot.
  typealias Watch = @Sendable ([pollfd], @escaping @Sendable ([pollfd]) -> Void) -> Bool

  /// Byte written for `wake()`; signal handlers write the signal number.
  static let wakeByte: UInt8 = 0
  let readFD: Int32
  let writeFD: Int32
  private let inputFD: Int32
  private let queue = DispatchQueue(label: "standups.curses.input-wait")
  private let watch: Watch?

  init(inputFD: Int32 = 0, watch: Watch? = nil) throws(CursesError) {
    var fds: [Int32] = [-1, -1]
    guard pipe(&fds) == 0 else { throw .setupFailed("cannot create a pipe") }
    for fd in fds {
      // Non-blocking: a full pipe already means "wake up", so writers never wait.
      _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
      _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
    }
    readFD = fds[0]
    writeFD = fds[1]
    self.inputFD = inputFD
    self.watch = watch
  }

  /// Makes the current or next `wait` return. Safe from any thread.
  func wake() {
    var byte = Self.wakeByte
    _ = write(writeFD, &byte, 1)
  }

  /// Waits until the keyboard (if `watchInput`) or the pipe is ready, and
  /// resumes the caller on its own actor.
  func wait(
    watchInput: Bool, isolation: isolated (any Actor)? = #isolation
  ) async -> Readiness {
    await withTaskCancellationHandler {
      // Captured, the caller's actor isolates this closure: the wait ends
      // with one job on that actor, not a hop through the default executor.
      _ = isolation
      // Resumed exactly once: a watch fires once, and so does the queue's block.
      return await withUnsafeContinuation { continuation in
        var fds = [pollfd(fd: readFD, events: Int16(POLLIN), revents: 0)]
        if watchInput { fds.append(pollfd(fd: inputFD, events: Int16(POLLIN), revents: 0)) }
        let onLoop =
          watch?(fds) { [readFD] ready in
            continuation.resume(returning: Self.readiness(of: ready, pipeFD: readFD))
          } ?? false
        guard !onLoop else { return }
        queue.async { [readFD, inputFD] in
          continuation.resume(
            returning: Self.block(pipeFD: readFD, inputFD: watchInput ? inputFD : nil))
        }
      }
    } onCancel: {
      wake()
    }
  }

  private static func block(pipeFD: Int32, inputFD: Int32?) -> Readiness {
    var fds = [pollfd(fd: pipeFD, events: Int16(POLLIN), revents: 0)]
    if let inputFD { fds.append(pollfd(fd: inputFD, events: Int16(POLLIN), revents: 0)) }
    while true {
      let n = poll(&fds, nfds_t(fds.count), -1)
      if n >= 0 { break }
      // Signals interrupt poll; the handlers already wrote to the pipe.
      if errno != EINTR { return Readiness(woken: true) }
    }
    return readiness(of: fds, pipeFD: pipeFD)
  }

  /// What a poll of the pipe (first) and the keyboard (second, if watched) found.
  private static func readiness(of fds: [pollfd], pipeFD: Int32) -> Readiness {
    var readiness = Readiness()
    if fds[0].revents & Int16(POLLIN) != 0 { drainPipe(pipeFD, into: &readiness) }
    if fds.count > 1 {
      let events = fds[1].revents
      readiness.input = events & Int16(POLLIN) != 0
      readiness.hangUp = events & Int16(POLLHUP | POLLERR | POLLNVAL) != 0
    }
    return readiness
  }

  private static func drainPipe(_ fd: Int32, into readiness: inout Readiness) {
    var buffer = [UInt8](repeating: 0, count: 64)
    while true {
      let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
      guard n > 0 else { return }
      for byte in buffer[0..<n] {
        if byte == wakeByte {
          readiness.woken = true
        } else {
          readiness.signals.append(Int32(byte))
        }
      }
    }
  }
}
