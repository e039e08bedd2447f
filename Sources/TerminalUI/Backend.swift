/// What a terminal reports to the app's run loop.
public enum TerminalEvent: Hashable, Sendable {
  case key(Key)
  /// Text the terminal marked as pasted (bracketed paste): it goes where
  /// text goes, and is never taken for keys.
  case paste(String)
  /// Printable characters that arrived together in one read: a paste from
  /// a terminal without bracketed paste, or keys held down or delivered at
  /// once by a slow link. Where text goes it is typed as one paste; else
  /// each character is a key.
  case typed(String)
  /// The terminal now has this size; the next frame must be drawn at it.
  case resize(Size)
  /// SIGTERM / SIGHUP / SIGINT(when not a key) asked the app to quit; flush and exit.
  case terminate(signal: Int32)
  /// SIGTSTP from outside asked the app to suspend, as Ctrl-Z does.
  case suspend
}

/// A place frames are drawn and events come from: ncurses in the app, memory in tests.
@MainActor
public protocol TerminalBackend: AnyObject {
  /// The current size in cells.
  var size: Size { get }
  /// Draws one complete frame (the backend emits only what changed).
  func draw(_ frame: Frame)
  /// Rings the terminal bell.
  func bell()
  /// Waits (without spinning) for the next batch of events.
  func nextEvents() async -> [TerminalEvent]
  /// Gives the terminal back and stops the program until the shell continues
  /// it; then the next frame is drawn in full. False when nothing can stop
  /// and continue the program (no job control): nothing happened.
  func suspend() -> Bool
  /// Forgets what the terminal shows: the next frame is drawn in full, over
  /// whatever another program wrote on the screen.
  func forgetScreen()
  /// Restores the terminal. Safe to call more than once.
  func shutdown()
}
