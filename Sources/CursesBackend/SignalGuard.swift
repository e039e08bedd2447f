import CNCurses
import CTerminalGuard

/// Swift's face of the C signal guard (`CTerminalGuard`): the handlers that
/// put the terminal back when the process is stopped by a signal, a crash or
/// `exit`, and the stop of the process group for Ctrl-Z.
///
/// Signals and what they do while curses mode is on:
/// - SIGWINCH: pokes the self-pipe; the run loop resizes.
/// - SIGTERM, SIGHUP, SIGINT (Ctrl-C is a key in raw mode, so this only comes
///   from `kill`): poke the self-pipe; the app gets `.terminate(signal:)` and
///   should flush and shut down. A second SIGTERM or SIGINT restores and dies
///   at once; so does a third hang-up (a closing terminal sends two).
/// - SIGTSTP (from `kill`; Ctrl-Z is a key in raw mode): pokes the self-pipe;
///   the app gets `.suspend` and suspends as it does for Ctrl-Z.
/// - SIGQUIT and crash signals (SIGSEGV, SIGBUS, SIGILL, SIGABRT, SIGFPE,
///   SIGTRAP): restore, then hand the signal to its previous handler (the
///   Swift backtracer or the default action), so the process still dies of it.
/// - The other signals whose default ends the process (SIGUSR1, SIGALRM,
///   SIGPIPE…), where nobody set a handler: restore, then die of it.
/// - SIGXFSZ is ignored: a write past the file-size limit fails as a save.
enum SignalGuard {
  /// Saves the shell's terminal modes and where signal handlers report.
  /// Call before curses changes any mode.
  static func prepare(wakeFD: Int32) {
    _ = cn_guard_save_termios(0, 1)
    cn_guard_set_wake_fd(wakeFD)
    cn_guard_register_at_exit()
  }

  /// Installs the handlers. Done before `newterm`, which then leaves SIGINT,
  /// SIGTERM and SIGWINCH alone (ncurses only claims signals still at default).
  static func install() { cn_guard_install() }

  static func uninstall() { cn_guard_uninstall() }

  /// Turns the emergency restore on with the bytes that undo curses mode.
  static func arm(restoring bytes: [UInt8]) {
    bytes.withUnsafeBufferPointer { buffer in
      buffer.withMemoryRebound(to: CChar.self) {
        cn_guard_set_restore_bytes($0.baseAddress, $0.count)
      }
    }
    cn_guard_arm(1)
  }

  /// Sends stderr to a temp file while curses owns the screen (see terminal_guard.c).
  static func captureStandardError() { _ = cn_guard_capture_stderr() }

  /// Points stderr back at the terminal and replays what was written meanwhile.
  static func releaseStandardError() { cn_guard_release_stderr() }

  /// Turns the emergency restore off once the terminal was restored normally.
  static func disarm() { cn_guard_arm(0) }

  /// Puts back the terminal modes saved by `prepare`.
  static func restoreModes() { cn_guard_restore_termios() }

  /// Remembers the terminal's modes as they are now as the shell's (after a
  /// suspension, the shell may have changed them).
  static func rememberShellModes() { _ = cn_guard_save_termios(0, 1) }

  /// Stops the process group until it is continued (see terminal_guard.c),
  /// unless termination requests came since `requests`.
  static func stopProcessGroup(unlessRequestsDifferFrom requests: Int32) {
    cn_guard_stop_process_group(requests)
  }

  /// Writes to the terminal from the background no longer stop the process.
  static func ignoreBackgroundOutput() { cn_guard_ignore_background_output() }

  /// Flushes stdio, then dies of `signal` with its default action.
  static func end(asSignalledBy signal: Int32) -> Never { cn_guard_end_as_signalled(signal) }

  /// SIGTERMs, SIGINTs and SIGHUPs so far: one that came while the process was
  /// stopped shows as a change across the stop.
  static var terminationRequests: Int32 { cn_guard_termination_requests() }

  /// The bytes `endwin` would send, read from terminfo (needs the terminal set
  /// up): plain attributes, normal cursor, keypad off, bracketed paste off,
  /// main screen back.
  static func restoreSequence(bracketedPaste: Bool) -> [UInt8] {
    var bytes: [UInt8] = []
    for capability in ["sgr0", "cnorm", "rmkx"] { bytes += terminfo(capability) }
    if bracketedPaste { bytes += Array("\u{1B}[?2004l".utf8) }
    bytes += terminfo("rmcup")
    return bytes
  }

  /// A terminfo string capability's bytes, without delays; empty if absent.
  static func terminfo(_ name: String) -> [UInt8] {
    guard let value = cn_tigetstr(name) else { return [] }
    return withoutPadding(Array(String(cString: value).utf8))
  }

  /// Drops terminfo delay markers (`$<5>`): only tputs understands them, and
  /// these bytes are written raw.
  static func withoutPadding(_ bytes: [UInt8]) -> [UInt8] {
    var result: [UInt8] = []
    var i = 0
    while i < bytes.count {
      if bytes[i] == UInt8(ascii: "$"), i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "<"),
        let close = bytes[(i + 2)...].firstIndex(of: UInt8(ascii: ">"))
      {
        i = close + 1
        continue
      }
      result.append(bytes[i])
      i += 1
    }
    return result
  }
}
