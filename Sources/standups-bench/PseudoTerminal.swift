import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The real `standups` binary in a pseudo-terminal of a fixed size, its
/// output read from the master side byte by byte as ncurses writes it.
final class PseudoTerminal {
  let pid: pid_t
  private let master: Int32
  private(set) var exitStatus: Int32?

  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  init(
    executable: String, arguments: [String], columns: Int, rows: Int,
    environment: [String: String]
  ) throws {
    let master = PTY.openpt(O_RDWR | O_NOCTTY | O_CLOEXEC)
    guard master >= 0, PTY.grantpt(master) == 0, PTY.unlockpt(master) == 0,
      let name = PTY.ptsname(master)
    else { throw Failure(description: "cannot open a pseudo-terminal: \(errno)") }
    let slavePath = String(cString: name)
    var size = winsize(
      ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
    guard ioctl(master, UInt(TIOCSWINSZ), &size) == 0 else {
      close(master)
      throw Failure(description: "cannot set the pty size: \(errno)")
    }

    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    // After setsid, opening the slave makes it the child's controlling terminal.
    posix_spawn_file_actions_addopen(&actions, 0, slavePath, O_RDWR, 0)
    posix_spawn_file_actions_adddup2(&actions, 0, 1)
    posix_spawn_file_actions_adddup2(&actions, 0, 2)

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
    posix_spawnattr_setflags(
      &attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | PTY.spawnSetSID))

    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { for pointer in argv + envp { free(pointer) } }
    var pid = pid_t()
    let result = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
    guard result == 0 else {
      close(master)
      throw Failure(description: "cannot run \(executable): error \(result)")
    }
    self.pid = pid
    self.master = master
    _ = fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK)
  }

  deinit {
    if exitStatus == nil {
      kill(pid, SIGKILL)
      _ = waitForExit()
    }
    close(master)
  }

  /// Output that arrived in one burst and when its last byte came.
  struct Burst {
    var bytes: [UInt8] = []
    /// Monotonic time of the first and last byte read (0 if none).
    var first: UInt64 = 0
    var last: UInt64 = 0
    /// Separate writes: output after a gap of more than 50 ms starts a new one.
    var writes = 0
  }

  /// Reads until no byte has arrived for `quiet` seconds (counting from the
  /// first byte once there is one), or `limit` seconds in all.
  func readUntilQuiet(quiet: Double = 0.15, limit: Double = 10) -> Burst {
    var burst = Burst()
    let start = monotonicNanos()
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while true {
      let now = monotonicNanos()
      let elapsed = Double(now - start) / 1e9
      if elapsed >= limit { return burst }
      let sinceLast = burst.last == 0 ? 0 : Double(now - burst.last) / 1e9
      if burst.last != 0, sinceLast >= quiet { return burst }
      let wait = burst.last == 0 ? limit - elapsed : quiet - sinceLast
      var pfd = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
      let ready = poll(&pfd, 1, Int32(max(1, wait * 1000)))
      if ready < 0, errno == EINTR { continue }
      guard ready > 0 else { continue }
      let n = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
      if n > 0 {
        let t = monotonicNanos()
        if burst.first == 0 { burst.first = t }
        if burst.last == 0 || t - burst.last > 50_000_000 { burst.writes += 1 }
        burst.last = t
        burst.bytes += buffer[0..<n]
      } else if n == 0 || (errno != EAGAIN && errno != EINTR) {
        return burst  // the child closed the terminal (exited)
      }
    }
  }

  /// Types `text` as if from a keyboard.
  func send(_ text: String) {
    let bytes = Array(text.utf8)
    _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
  }

  func signal(_ signal: Int32) { kill(pid, signal) }

  /// Waits for the child to exit (draining its output so it never blocks).
  @discardableResult
  func waitForExit(timeout: Double = 10) -> Int32? {
    if let exitStatus { return exitStatus }
    let start = monotonicNanos()
    while Double(monotonicNanos() - start) / 1e9 < timeout {
      var status: Int32 = 0
      if waitpid(pid, &status, WNOHANG) == pid {
        exitStatus = status
        return status
      }
      _ = readUntilQuiet(quiet: 0.02, limit: 0.05)
    }
    return nil
  }

  // MARK: /proc

  /// The write system calls the process has made so far, all threads.
  func writeCalls() -> Int {
    let text = (try? String(contentsOfFile: "/proc/\(pid)/io", encoding: .utf8)) ?? ""
    let line = text.split(separator: "\n").first { $0.hasPrefix("syscw:") } ?? ""
    return Int(line.dropFirst("syscw:".count).trimmingCharacters(in: .whitespaces)) ?? 0
  }

  /// CPU time (user + system) of the whole process, in seconds.
  func cpuSeconds() -> Double? {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
      let close = stat.lastIndex(of: ")")
    else { return nil }
    // Fields after "(comm)": state is field 3; utime and stime are 14 and 15.
    let fields = stat[stat.index(after: close)...].split(separator: " ")
    guard fields.count > 13, let utime = Double(fields[11]), let stime = Double(fields[12])
    else { return nil }
    return (utime + stime) / Double(sysconf(Int32(_SC_CLK_TCK)))
  }

  /// CPU time of the live threads so far, in nanoseconds (schedstat: exact,
  /// unlike the 10 ms ticks of /proc/PID/stat).
  func cpuNanosOfLiveThreads() -> UInt64 {
    let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
    var total: UInt64 = 0
    for task in tasks {
      guard
        let text = try? String(
          contentsOfFile: "/proc/\(pid)/task/\(task)/schedstat", encoding: .utf8),
        let onCPU = text.split(separator: " ").first.flatMap({ UInt64($0) })
      else { continue }
      total += onCPU
    }
    return total
  }

  /// Resident memory (kB) by kind: "VmHWM" (peak), "RssAnon" (the process's
  /// own), "RssFile" (pages of the binary and shared libraries).
  func memoryKB() -> [String: Int] {
    Self.status(path: "/proc/\(pid)/status").filter {
      ["VmHWM", "RssAnon", "RssFile"].contains($0.key)
    }
  }

  /// Context switches of each thread, by thread id: (voluntary, involuntary).
  /// A voluntary switch is a thread going to sleep — each one is a wake-up.
  func contextSwitches() -> [Int: (voluntary: Int, involuntary: Int)] {
    let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
    var result: [Int: (voluntary: Int, involuntary: Int)] = [:]
    for task in tasks {
      guard let tid = Int(task) else { continue }
      let status = Self.status(path: "/proc/\(pid)/task/\(task)/status")
      result[tid] = (
        status["voluntary_ctxt_switches"] ?? 0, status["nonvoluntary_ctxt_switches"] ?? 0
      )
    }
    return result
  }

  /// What a thread is blocked in (the number from /proc/PID/task/TID/syscall):
  /// 232/281 epoll_wait — libdispatch's manager thread; 7 poll — the input
  /// wait; 202 futex — idle pool threads; 130 rt_sigsuspend — the main thread.
  func blockingSyscall(thread tid: Int) -> Int? {
    guard
      let text = try? String(contentsOfFile: "/proc/\(pid)/task/\(tid)/syscall", encoding: .utf8)
    else { return nil }
    return text.split(separator: " ").first.flatMap { Int($0) }
  }

  var threadCount: Int {
    ((try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []).count
  }

  private static func status(path: String) -> [String: Int] {
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return [:] }
    var result: [String: Int] = [:]
    // Lines like "VmHWM:\t   52300 kB" and "voluntary_ctxt_switches:\t12".
    for line in text.split(separator: "\n") {
      let parts = line.split(separator: ":", maxSplits: 1)
      guard parts.count == 2 else { continue }
      let number = parts[1].split(whereSeparator: { $0 == " " || $0 == "\t" }).first
        .flatMap { Int($0) }
      if let number { result[String(parts[0])] = number }
    }
    return result
  }
}

/// The pty functions glibc declares only for _XOPEN_SOURCE, which Swift's
/// Glibc module doesn't define: looked up at run time instead.
private enum PTY {
  typealias IntFunction = @convention(c) (Int32) -> Int32
  typealias NameFunction = @convention(c) (Int32) -> UnsafeMutablePointer<CChar>?

  private static func symbol<T>(_ name: String, as type: T.Type) -> T {
    guard let pointer = dlsym(dlopen(nil, RTLD_NOW), name) else {
      fatalError("\(name) is missing from the C library")
    }
    return unsafeBitCast(pointer, to: type)
  }

  static let openpt = symbol("posix_openpt", as: IntFunction.self)
  static let grantpt = symbol("grantpt", as: IntFunction.self)
  static let unlockpt = symbol("unlockpt", as: IntFunction.self)
  static let ptsname = symbol("ptsname", as: NameFunction.self)
  /// glibc's POSIX_SPAWN_SETSID (2.26+), also hidden behind _GNU_SOURCE.
  static let spawnSetSID: Int32 = 0x80
}
