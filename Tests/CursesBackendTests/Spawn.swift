import Foundation

/// Running a program to completion, for the end-to-end tests.
extension Harness {
  struct Output {
    var status: Int32
    var stdout: String
    var stderr: String
  }

  /// Runs `executable` to completion, its stdin on /dev/null and its output
  /// captured. posix_spawn rather than Foundation's Process: the child gets
  /// an empty signal mask (Process hands down the blocked mask of the thread
  /// that spawns it, and a tmux server started that way never sees SIGCHLD),
  /// and waiting here needs no other thread (Process's wait can starve on a
  /// two-core machine whose few pool threads are all waiting).
  static func run(
    _ executable: String, _ arguments: [String], environment: [String: String]? = nil
  ) throws -> Output {
    let environment = environment ?? ProcessInfo.processInfo.environment
    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { for pointer in argv + envp { free(pointer) } }

    let (pid, out, err) = try spawn(executable, argv, envp)
    defer {
      close(out)
      close(err)
    }
    let stdout = readAll(out)
    let stderr = readAll(err)
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    let signal = status & 0x7F
    return Output(
      status: signal == 0 ? (status >> 8) & 0xFF : 128 + signal,
      stdout: String(decoding: stdout, as: UTF8.self),
      stderr: String(decoding: stderr, as: UTF8.self))
  }

  private static let spawnLock = NSLock()

  /// Starts the child; returns its pid and the read ends of its stdout/stderr.
  private static func spawn(
    _ executable: String, _ argv: [UnsafeMutablePointer<CChar>?],
    _ envp: [UnsafeMutablePointer<CChar>?]
  ) throws -> (pid_t, Int32, Int32) {
    // Pipes are made close-on-exec under a lock every spawn here takes, so a
    // concurrently spawned child (say, a long-lived tmux server) cannot
    // inherit them and keep our reads from ever ending.
    spawnLock.lock()
    defer { spawnLock.unlock() }
    let out = try makePipe(executable)
    let err = try makePipe(executable)

    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_adddup2(&actions, out.write, 1)
    posix_spawn_file_actions_adddup2(&actions, err.write, 2)

    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var noSignals = sigset_t()
    sigemptyset(&noSignals)
    posix_spawnattr_setsigmask(&attributes, &noSignals)
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for signal in [SIGINT, SIGQUIT, SIGTERM, SIGHUP, SIGPIPE, SIGCHLD, SIGWINCH, SIGTSTP] {
      sigaddset(&defaults, signal)
    }
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

    var pid = pid_t()
    let result = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
    close(out.write)
    close(err.write)
    guard result == 0 else {
      close(out.read)
      close(err.read)
      throw SpawnError(executable: executable, code: result)
    }
    return (pid, out.read, err.read)
  }

  /// A close-on-exec pipe that no concurrently spawned child can inherit.
  static func makePrivatePipe() throws -> (read: Int32, write: Int32) {
    spawnLock.lock()
    defer { spawnLock.unlock() }
    return try makePipe("pipe")
  }

  private static func makePipe(_ executable: String) throws -> (read: Int32, write: Int32) {
    var fds: [Int32] = [-1, -1]
    guard pipe(&fds) == 0 else { throw SpawnError(executable: executable, code: errno) }
    for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
    return (fds[0], fds[1])
  }

  private static func readAll(_ fd: Int32) -> [UInt8] {
    var result: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
      if n > 0 {
        result += buffer[0..<n]
      } else if n < 0 && errno == EINTR {
        continue
      } else {
        return result
      }
    }
  }
}

struct SpawnError: Error, CustomStringConvertible {
  var executable: String
  var code: Int32
  var description: String { "cannot run \(executable): error \(code)" }
}
