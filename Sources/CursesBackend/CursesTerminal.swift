import CNCurses
import TerminalUI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The real terminal, through ncurses: draws frames, reads keys, follows
/// resizes, and always gives the terminal back as it found it.
///
/// Create it on the main actor; `init` throws `CursesError` before touching
/// the screen when there is no usable terminal. Call `shutdown()` before
/// exiting; a crash, a fatal signal or `exit` restore the terminal anyway.
@MainActor
public final class CursesTerminal: TerminalBackend {
  public struct Options: Sendable {
    /// Whether to use colours at all; `NO_COLOR` turns them off in any case.
    public var colors: Bool
    /// How long (ms) a lone Esc waits for the rest of a key sequence.
    public var escapeDelay: Int
    /// Asks the terminal to mark pastes, so pasted text never runs as keys.
    public var bracketedPaste: Bool
    /// The caller's event loop, to wait on the keyboard without a thread of
    /// its own: it calls the handler once, on the loop, when any of the
    /// descriptors has an event, or returns false. Nil: a private queue waits.
    public var watch: (@Sendable ([pollfd], @escaping @Sendable ([pollfd]) -> Void) -> Bool)?

    public init(
      colors: Bool = true, escapeDelay: Int = 25, bracketedPaste: Bool = true,
      watch: (@Sendable ([pollfd], @escaping @Sendable ([pollfd]) -> Void) -> Bool)? = nil
    ) {
      self.colors = colors
      self.escapeDelay = escapeDelay
      self.bracketedPaste = bracketedPaste
      self.watch = watch
    }
  }

  public private(set) var size: Size
  /// Whether cells are drawn in colour (false under `NO_COLOR` or on mono terminals).
  public var colorsEnabled: Bool { palette.colorsEnabled }
  /// How many colours the terminal has (0 when colours are off).
  public var colorCount: Int { palette.colorCount }

  private let options: Options
  private let screen: OpaquePointer
  private let waiter: InputWaiter
  private let palette: ColorPalette
  private let renderer: CursesRenderer
  private var decoder = InputDecoder()
  private let keySequences: KeySequences
  private var isShutDown = false
  /// Set when the app was asked to end while it was stopped (`kill %1`
  /// continues a stopped job in the background; a closing terminal sends a
  /// hang-up): the terminal is the shell's, or gone, and stays untouched —
  /// a background process that reads it or sets its modes is stopped again.
  private var isOffTerminal = false
  /// The count of termination requests when events were last collected:
  /// one that came after (during the save before a suspend, say) is not
  /// yet handled, and the app must not stop for it.
  private var seenTerminationRequests: Int32 = 0
  /// Set once the keyboard hung up, so the wait stops watching it.
  private var inputClosed = false
  /// Waits that said "readable" but yielded nothing: a closed terminal that
  /// poll(2) does not report as hung up would otherwise make the loop spin.
  private var emptyReads = 0

  /// Without a locale set (the C locale: no LANG, as in containers and over
  /// some ssh setups) ncurses would draw every character beyond ASCII as
  /// `?`; terminals are UTF-8 nearly everywhere now, so the characters go as
  /// UTF-8. A locale named with another encoding is left as it is.
  static func assumeUTF8WhereTheLocaleSaysNothing() {
    guard let current = setlocale(LC_CTYPE, nil).map({ String(cString: $0) }),
      current == "C" || current == "POSIX"
    else { return }
    _ = setlocale(LC_CTYPE, "C.UTF-8")
  }

  public init(options: Options = Options()) throws(CursesError) {
    let term = try Self.checkTerminal()
    try JobControl.waitForForeground()
    let waiter = try InputWaiter(watch: options.watch)
    setlocale(LC_ALL, "")
    Self.assumeUTF8WhereTheLocaleSaysNothing()
    SignalGuard.prepare(wakeFD: waiter.writeFD)
    SignalGuard.install()
    // The size comes from the kernel (TIOCGWINSZ), not from stale LINES/COLUMNS
    // variables nor from the terminfo entry, which for many types (`linux`)
    // has no size at all.
    use_env(false)
    use_tioctl(true)
    guard let screen = newterm(nil, cn_stdout(), cn_stdin()) else {
      SignalGuard.uninstall()
      throw .unknownTerminal(term)
    }
    _ = set_term(screen)
    SignalGuard.captureStandardError()
    SignalGuard.arm(restoring: SignalGuard.restoreSequence(bracketedPaste: options.bracketedPaste))

    // Raw rather than cbreak: Ctrl-C, Ctrl-Z, Ctrl-S and Ctrl-\ arrive as keys.
    // Ctrl-Z still suspends: the app saves, then calls `suspend()`.
    raw()
    noecho()
    nonl()
    // Keypad mode: the terminal sends the key sequences its description
    // lists, and ncurses gathers them for `KeySequences`.
    keypad(cn_stdscr(), true)
    // Lets doupdate move lines that moved (a scrolled list) with the
    // terminal's scrolling region instead of redrawing each of them.
    idlok(cn_stdscr(), true)
    // No typeahead check inside doupdate: ncurses would otherwise flush what
    // it has and poll the keyboard every few lines, so a frame went out in
    // several writes after extra polls. The runtime reads every pending key
    // before it draws, so a frame is never stale when it is sent.
    typeahead(-1)
    _ = set_escdelay(Int32(options.escapeDelay))
    let palette = ColorPalette(wanted: options.colors && !Self.noColorRequested())
    if options.bracketedPaste { Self.writeToTerminal("\u{1B}[?2004h") }

    self.options = options
    self.screen = screen
    self.keySequences = KeySequences.ofCurrentTerminal()
    self.waiter = waiter
    self.palette = palette
    self.renderer = CursesRenderer(palette: palette)
    self.size = Size(width: Int(cn_cols()), height: Int(cn_lines()))
    curs_set(0)
    // Until a screen has once been left and resumed, ncurses flushes its
    // output after every cursor move (its `_endwin` stays "initial" after
    // newterm), so a frame would reach the terminal in one write per move:
    // each wakes the terminal, which may paint half a frame. Leaving and
    // resuming now, before anything is drawn, sends every frame in one write.
    endwin()
    doupdate()
    Self.sendKeypadMode()
  }

  /// Resuming leaves the terminal's keypad mode off (ncurses would turn it
  /// on at its next read, but keys are read without it): a first arrow key
  /// would arrive in the other mode's sequence, which the terminal's
  /// description does not list, and be lost.
  private static func sendKeypadMode() {
    keypad(cn_stdscr(), true)
  }

  public func draw(_ frame: Frame) {
    guard !isShutDown, !isOffTerminal else { return }
    renderer.draw(frame, screen: size)
  }

  public func bell() {
    guard !isShutDown, !isOffTerminal else { return }
    beep()
  }

  /// Sends base64-encoded text to the terminal's clipboard with OSC 52
  /// (xterm, kitty, iTerm2, tmux with `set-clipboard on`…). Terminals without
  /// it ignore the sequence; it moves no cursor, so curses' picture of the
  /// screen holds.
  public func copyToClipboard(base64: String) {
    guard !isShutDown, !isOffTerminal else { return }
    fflush(cn_stdout())
    Self.writeToTerminal("\u{1B}]52;c;" + base64 + "\u{07}")
  }

  /// Ctrl-L: the next frame is painted in full, over whatever another
  /// program wrote on the screen.
  public func forgetScreen() {
    // What another program left switched on would spoil the redraw: ncurses
    // believes the terminal is as it left it. Reset first, straight to the
    // terminal (nothing of ncurses' is waiting between frames).
    if !isShutDown, !isOffTerminal { Self.writeToTerminal(Self.resetSequence(rows: size.height)) }
    renderer.forgetScreen()
  }

  /// Plain attributes and colours (a colour left on would fill every cell
  /// the redraw clears), the line-drawing set off and ASCII in G0 (text
  /// drawn as lines otherwise), insert mode off (each character written
  /// would push the rest of the row right) and the whole screen as the
  /// scrolling region.
  static func resetSequence(rows: Int) -> [UInt8] {
    var bytes = SignalGuard.terminfo("sgr0") + SignalGuard.terminfo("op")
    bytes += SignalGuard.terminfo("rmacs") + Array("\u{1B}(B\u{0F}".utf8)
    // A description without insert mode (vt100) does not say how to end it;
    // ANSI's reset of mode 4 does, and terminals without it ignore it.
    let endInsert = SignalGuard.terminfo("rmir")
    bytes += endInsert.isEmpty ? Array("\u{1B}[4l".utf8) : endInsert
    if rows > 0, let region = cn_scroll_region(0, Int32(rows - 1)) {
      bytes += SignalGuard.withoutPadding(Array(String(cString: region).utf8))
    }
    return bytes
  }

  /// Gives the terminal back to the shell and stops the process group, as
  /// Ctrl-Z does to any program; returns once it is continued (`fg`), with
  /// curses mode back and the next frame painted in full at the current size.
  /// Returns false, touching nothing, when there is no job control to stop
  /// and continue it. Asked to end while stopped, it returns without taking
  /// the terminal back, and the app's `.terminate` follows.
  public func suspend() -> Bool {
    guard !isShutDown, !isOffTerminal, JobControl.canStop() else { return false }
    leaveCursesMode()
    let requests = seenTerminationRequests
    SignalGuard.stopProcessGroup(unlessRequestsDifferFrom: requests)
    let askedToEnd = { SignalGuard.terminationRequests != requests }
    // Continued; `bg` would continue it in the background, where it waits.
    guard !askedToEnd(), (try? JobControl.waitForForeground(unless: askedToEnd)) != false else {
      isOffTerminal = true
      inputClosed = true
      return true
    }
    enterCursesMode()
    return true
  }

  /// Restores the shell's terminal: cursor, modes, bracketed paste off and
  /// the main screen, or, where the terminal has no alternate screen, a clear
  /// screen with the cursor on its last line.
  private func leaveCursesMode() {
    renderer.forgetScreen()
    curs_set(1)
    endwin()
    if options.bracketedPaste { Self.writeToTerminal("\u{1B}[?2004l") }
    Self.clearWithoutAlternateScreen()
    SignalGuard.disarm()
    SignalGuard.releaseStandardError()
  }

  /// Where the terminal has no alternate screen (linux, vt220), leaving
  /// curses would leave the app's last frame under the shell's prompt: the
  /// screen is cleared instead and the cursor put on its last line.
  private static func clearWithoutAlternateScreen() {
    guard cn_tigetstr("rmcup") == nil else { return }
    var bytes = SignalGuard.terminfo("clear")
    if let move = cn_cursor_address(cn_lines() - 1, 0) {
      bytes += SignalGuard.withoutPadding(Array(String(cString: move).utf8))
    }
    writeToTerminal(String(decoding: bytes, as: UTF8.self))
  }

  /// Takes the terminal again after `leaveCursesMode`: the modes the shell
  /// left become the ones to restore; the next `doupdate` re-enters curses mode.
  private func enterCursesMode() {
    SignalGuard.rememberShellModes()
    def_shell_mode()
    SignalGuard.captureStandardError()
    SignalGuard.arm(restoring: SignalGuard.restoreSequence(bracketedPaste: options.bracketedPaste))
    reset_prog_mode()
    Self.sendKeypadMode()
    if options.bracketedPaste { Self.writeToTerminal("\u{1B}[?2004h") }
    var ignored: [TerminalEvent] = []
    followResize(into: &ignored)
    renderer.forgetScreen()
  }

  public func nextEvents() async -> [TerminalEvent] {
    guard !isShutDown else { return [] }
    let readiness = await waiter.wait(watchInput: !inputClosed)
    guard !isShutDown else { return [] }
    seenTerminationRequests = SignalGuard.terminationRequests

    var events: [TerminalEvent] = []
    var terminateSignal: Int32?
    for signal in readiness.signals {
      if signal == SIGWINCH {
        followResize(into: &events)
      } else if signal == SIGTSTP {
        if !events.contains(.suspend) { events.append(.suspend) }
      } else if terminateSignal == nil {
        terminateSignal = signal
      }
    }
    if !inputClosed {
      let (keys, readAny) = readiness.input ? readKeys() : ([], false)
      events += keys
      emptyReads = readiness.input && !readAny ? emptyReads + 1 : 0
    }
    if (readiness.hangUp || emptyReads >= 64) && !inputClosed {
      // The terminal is gone; reading again would spin. Ask the app to quit.
      inputClosed = true
      terminateSignal = terminateSignal ?? SIGHUP
    }
    if let terminateSignal { events.append(.terminate(signal: terminateSignal)) }
    return events
  }

  public func shutdown() {
    guard !isShutDown else { return }
    isShutDown = true
    renderer.teardown()
    // Off the terminal, curses mode was already left when the app stopped.
    if isOffTerminal {
      SignalGuard.ignoreBackgroundOutput()
    } else {
      curs_set(1)
      endwin()
      if options.bracketedPaste { Self.writeToTerminal("\u{1B}[?2004l") }
      Self.clearWithoutAlternateScreen()
      SignalGuard.disarm()
      SignalGuard.restoreModes()
    }
    SignalGuard.releaseStandardError()
    SignalGuard.uninstall()
    delscreen(screen)
    waiter.wake()  // lets a pending wait return
  }

  /// Ends the process as `signal` would have, for the parent to see (a
  /// shell stops a loop or a script on it). Called last: the app has
  /// saved, put the terminal back and said what it had to.
  public static func end(asSignalledBy signal: Int32) -> Never {
    SignalGuard.end(asSignalledBy: signal)
  }

  /// Everything the keyboard has sent, decoded. One read takes what is
  /// there; only an incomplete key at its end (an Esc alone, half a
  /// sequence) waits, up to the escape delay, for the rest.
  private func readKeys() -> (events: [TerminalEvent], readAny: Bool) {
    var bytes = Self.readAvailable()
    guard !bytes.isEmpty else { return ([], false) }
    var raw: [RawInput] = []
    while true {
      let (decoded, rest) = keySequences.decode(bytes, final: false)
      raw += decoded
      guard !rest.isEmpty else { break }
      let more = Self.waitForInput(milliseconds: options.escapeDelay) ? Self.readAvailable() : []
      if more.isEmpty {
        raw += keySequences.decode(rest, final: true).input
        break
      }
      bytes = rest + more
    }
    return (decoder.decode(raw), true)
  }

  /// One read of the keyboard: what it has sent, up to a terminal's input
  /// buffer. Called only when poll(2) has said it is readable, so it does
  /// not block.
  private static func readAvailable() -> [UInt8] {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 4096) { buffer in
      let count = read(0, buffer.baseAddress, buffer.count)
      return count > 0 ? Array(buffer[..<count]) : []
    }
  }

  private static func waitForInput(milliseconds: Int) -> Bool {
    var fds = [pollfd(fd: 0, events: Int16(POLLIN), revents: 0)]
    return poll(&fds, 1, Int32(milliseconds)) > 0 && fds[0].revents & Int16(POLLIN) != 0
  }

  /// Adopts the kernel's idea of the terminal size; reports it if it changed.
  private func followResize(into events: inout [TerminalEvent]) {
    var rows: Int32 = 0
    var columns: Int32 = 0
    if cn_window_size(1, &rows, &columns) == 0, rows > 0, columns > 0,
      rows != cn_lines() || columns != cn_cols()
    {
      resizeterm(rows, columns)
    }
    let current = Size(width: Int(cn_cols()), height: Int(cn_lines()))
    guard current != size else { return }
    size = current
    renderer.forgetScreen()
    events.append(.resize(current))
  }

  /// Sends a mode switch ncurses knows nothing about. It goes straight to the
  /// terminal: putp would leave it in stdio's buffer until exit.
  private static func writeToTerminal(_ sequence: String) {
    writeToTerminal(Array(sequence.utf8))
  }

  private static func writeToTerminal(_ bytes: [UInt8]) {
    _ = bytes.withUnsafeBytes { write(1, $0.baseAddress, $0.count) }
  }

  /// Why there is no terminal to draw on (see `checkTerminal`), as said
  /// to the user; nil when there is one.
  public static var missingTerminal: String? {
    do {
      _ = try checkTerminal()
      return nil
    } catch {
      return "\(error)"
    }
  }

  /// Fails early, before any output, when there is no terminal to take over
  /// (also for an app to ask before it takes its data file's lock); the
  /// terminal's name otherwise.
  @discardableResult
  public static func checkTerminal() throws(CursesError) -> String {
    if isatty(0) == 0 { throw .notATerminal(stream: "standard input") }
    if isatty(1) == 0 { throw .notATerminal(stream: "standard output") }
    guard let value = getenv("TERM"), value.pointee != 0 else { throw .unknownTerminal("") }
    let name = String(cString: value)
    switch cn_terminal_kind(value) {
    case -1: throw .unknownTerminal(name)
    case 0: throw .noCursorAddressing(name)
    default: return name
    }
  }

  static func noColorRequested() -> Bool {
    NoColor.isRequested(value: getenv("NO_COLOR").map { String(cString: $0) })
  }
}
