import CNCurses

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The shell's job control, as a full-screen program meets it: whether it
/// can stop itself (Ctrl-Z), and waiting to be brought to the foreground.
enum JobControl {
  /// Whether stopping the process group would stop it. The kernel discards
  /// stop signals sent to an orphaned group (no member has a parent in
  /// another group of the same session: nobody could continue it), which is
  /// what a program started without job control (`sh -c`) is in. This looks
  /// at the chain of parents, which is where a shell with job control sits.
  static func canStop() -> Bool {
    let group = getpgrp()
    let session = getsid(0)
    var parent = getppid()
    for _ in 0..<64 {
      guard parent > 1 else { return false }
      let parentGroup = getpgid(parent)
      if parentGroup < 0 { return false }
      if parentGroup != group { return getsid(parent) == session }
      guard let next = parentOf(parent) else { return false }
      parent = next
    }
    return false
  }

  /// Returns true once the process group owns the terminal. A job started
  /// in the background (`standups &`) stops on SIGTTIN, as any program
  /// reading the terminal would, until the shell's `fg` brings it forward;
  /// drawing before that would garble the shell's screen. Returns false,
  /// still in the background, as soon as `stopWaiting` says so after a stop.
  @discardableResult
  static func waitForForeground(
    terminal fd: Int32 = 0, unless stopWaiting: () -> Bool = { false }
  ) throws(CursesError) -> Bool {
    while true {
      let foreground = tcgetpgrp(fd)
      if foreground < 0 || foreground == getpgrp() { return true }
      guard canStop(), cn_signal_is_ignored(SIGTTIN) == 0 else { throw .inBackground }
      if stopWaiting() { return false }
      kill(0, SIGTTIN)
      if stopWaiting() { return false }
    }
  }

  /// The parent of `pid`, from /proc (Linux); nil where that is not readable.
  private static func parentOf(_ pid: pid_t) -> pid_t? {
    let fd = open("/proc/\(pid)/stat", O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var buffer = [UInt8](repeating: 0, count: 512)
    let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
    guard count > 0 else { return nil }
    let line = String(decoding: buffer[0..<count], as: UTF8.self)
    // "pid (comm) state ppid …": comm may hold spaces and parentheses.
    guard let close = line.lastIndex(of: ")") else { return nil }
    let fields = line[line.index(after: close)...].split(separator: " ")
    return fields.count > 1 ? pid_t(fields[1]) : nil
  }
}
