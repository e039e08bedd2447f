import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Running the PostgreSQL client and server programs.
///
/// posix_spawn rather than Foundation's Process: the child gets an empty
/// signal mask (Process hands down the mask of the spawning thread, and pool
/// threads block SIGCHLD/SIGTERM/SIGINT), waiting needs no other thread
/// (Process's wait can starve when tests occupy the few pool threads), and
/// the child closes every descriptor but its three, so a postmaster can never
/// hold on to a pipe some concurrent test is reading to its end.
enum Subprocess {
  struct Output {
    var status: Int32
    var stdout: String
    var stderr: String
  }

  /// Runs `command` (program first) to completion in `directory`, stdin on
  /// /dev/null, both outputs captured.
  static func run(_ command: [String], in directory: String) throws -> Output {
    let out = try makePipe(command[0])
    let err = try makePipe(command[0])
    let pid: pid_t
    do {
      pid = try spawn(command, in: directory, stdin: nil, stdout: out.write, stderr: err.write)
    } catch {
      for fd in [out.read, out.write, err.read, err.write] { close(fd) }
      throw error
    }
    close(out.write)
    close(err.write)
    let (stdout, stderr) = readToEnd(out.read, err.read)
    return Output(status: wait(pid), stdout: stdout, stderr: stderr)
  }

  /// Starts `command` without waiting, reading `stdin`, its output discarded,
  /// in a process group of its own so a Ctrl-C meant for the tests spares it.
  static func launch(_ command: [String], in directory: String, stdin: Int32) throws -> pid_t {
    try spawn(command, in: directory, stdin: stdin, stdout: nil, stderr: nil, newGroup: true)
  }

  /// Waits for `pid` to end; returns its exit status (128 + signal if killed).
  @discardableResult
  static func wait(_ pid: pid_t) -> Int32 {
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    let signal = status & 0x7F
    return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
  }

  /// A close-on-exec pipe: atomic, so no child spawned meanwhile inherits it.
  static func makePipe(_ purpose: String) throws -> (read: Int32, write: Int32) {
    var fds: [Int32] = [-1, -1]
    guard GNU.pipe2(&fds, O_CLOEXEC) == 0 else {
      throw PostgresClusterError.cannot("create a pipe for \(purpose)", errno: errno)
    }
    return (fds[0], fds[1])
  }

  /// The environment of every child: ours without the PG* variables (a
  /// developer's PGHOST or PGDATABASE would redirect psql), messages in English.
  static let environment: [String] = {
    var environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("PG") }
    environment["LC_ALL"] = "C"
    environment["PGCLIENTENCODING"] = "UTF8"
    return environment.map { "\($0.key)=\($0.value)" }
  }()

  private static func spawn(
    _ command: [String], in directory: String, stdin: Int32?, stdout: Int32?, stderr: Int32?,
    newGroup: Bool = false
  ) throws -> pid_t {
    let argv = command.map { strdup($0) } + [nil]
    let envp = environment.map { strdup($0) } + [nil]
    defer { for pointer in argv + envp { free(pointer) } }

    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    for (fd, source) in [(Int32(0), stdin), (1, stdout), (2, stderr)] {
      if let source {
        posix_spawn_file_actions_adddup2(&actions, source, fd)
      } else {
        posix_spawn_file_actions_addopen(
          &actions, fd, "/dev/null", fd == 0 ? O_RDONLY : O_WRONLY, 0)
      }
    }
    _ = GNU.addclosefrom(&actions, 3)
    // The postgres user may not be allowed into our working directory.
    _ = GNU.addchdir(&actions, directory)

    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var noSignals = sigset_t()
    sigemptyset(&noSignals)
    posix_spawnattr_setsigmask(&attributes, &noSignals)
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for signal in [SIGINT, SIGQUIT, SIGTERM, SIGHUP, SIGPIPE, SIGCHLD, SIGUSR1, SIGUSR2] {
      sigaddset(&defaults, signal)
    }
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    var flags = POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF
    if newGroup {
      flags |= POSIX_SPAWN_SETPGROUP
      posix_spawnattr_setpgroup(&attributes, 0)
    }
    posix_spawnattr_setflags(&attributes, Int16(flags))

    var pid = pid_t()
    let result = posix_spawn(&pid, command[0], &actions, &attributes, argv, envp)
    guard result == 0 else { throw PostgresClusterError.cannot("run \(command[0])", errno: result) }
    return pid
  }

  /// Reads both pipes to their end at once, so a child filling one while we
  /// wait on the other cannot block us both; closes them.
  private static func readToEnd(_ out: Int32, _ err: Int32) -> (String, String) {
    var fds = [out, err].map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
    var data: [[UInt8]] = [[], []]
    var buffer = [UInt8](repeating: 0, count: 65536)
    while fds.contains(where: { $0.fd >= 0 }) {
      if poll(&fds, nfds_t(fds.count), -1) < 0 {
        if errno == EINTR { continue }
        break
      }
      for index in fds.indices where fds[index].fd >= 0 && fds[index].revents != 0 {
        let n = buffer.withUnsafeMutableBytes { read(fds[index].fd, $0.baseAddress, $0.count) }
        if n > 0 {
          data[index] += buffer[0..<n]
        } else if n < 0 && errno == EINTR {
          continue
        } else {
          close(fds[index].fd)
          fds[index].fd = -1
        }
      }
    }
    for fd in fds where fd.fd >= 0 { close(fd.fd) }
    return (String(decoding: data[0], as: UTF8.self), String(decoding: data[1], as: UTF8.self))
  }
}

/// glibc's GNU extensions, which the Glibc module leaves out (it is not built
/// with _GNU_SOURCE), looked up once by name; all there since glibc 2.34.
private enum GNU {
  typealias Pipe2 = @convention(c) (UnsafeMutablePointer<Int32>?, Int32) -> Int32
  typealias AddCloseFrom =
    @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>?, Int32)
    -> Int32
  typealias AddChdir =
    @convention(c) (
      UnsafeMutablePointer<posix_spawn_file_actions_t>?, UnsafePointer<CChar>?
    ) -> Int32

  static let pipe2 = function("pipe2", as: Pipe2.self)
  static let addclosefrom = function(
    "posix_spawn_file_actions_addclosefrom_np", as: AddCloseFrom.self)
  static let addchdir = function(
    "posix_spawn_file_actions_addchdir_np", as: AddChdir.self)

  private static func function<F>(_ name: String, as type: F.Type) -> F {
    guard let symbol = dlsym(dlopen(nil, RTLD_NOW), name) else {
      fatalError("PostgresTesting needs glibc 2.34 or later: \(name) is missing")
    }
    return unsafeBitCast(symbol, to: type)
  }
}
