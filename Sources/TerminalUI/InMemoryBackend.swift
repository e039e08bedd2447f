/// A terminal in memory, for tests: frames drawn to it are composited into a
/// text grid (`text`, `styleDescription`), and events come from a script the
/// test enqueues.
@MainActor
public final class InMemoryBackend: TerminalBackend {
  /// What `nextEvents()` does once every scripted batch has been delivered.
  public enum ScriptEnd: Sendable {
    /// Wait for `enqueue`, like a real terminal with an idle user.
    case wait
    /// Report `.terminate(signal: 15)`, so a run loop under test ends by itself.
    case terminate
  }

  public private(set) var size: Size
  /// Every frame drawn, oldest first.
  public private(set) var frames: [Frame] = []
  /// The last frame, composited.
  public private(set) var screen: Canvas
  public private(set) var bellCount = 0
  public private(set) var shutdownCount = 0
  /// How many times the program was suspended (stopped and continued).
  public private(set) var suspendCount = 0
  /// How many times the runtime had the screen drawn again in full.
  public private(set) var forgetScreenCount = 0
  /// Whether `suspend()` can stop the program (a shell with job control).
  public var hasJobControl = true
  /// Runs while "stopped", between giving the terminal back and continuing:
  /// a test can change the size or check what was done before stopping.
  public var whileSuspended: (@MainActor (InMemoryBackend) -> Void)?
  public var whenScriptEnds: ScriptEnd

  private var batches: [[TerminalEvent]] = []
  private var waiter: CheckedContinuation<[TerminalEvent], Never>?

  public init(size: Size, whenScriptEnds: ScriptEnd = .wait) {
    self.size = size
    self.screen = Canvas(size: size)
    self.whenScriptEnds = whenScriptEnds
  }

  // MARK: TerminalBackend

  public func draw(_ frame: Frame) {
    frames.append(frame)
    screen = frame.composited()
  }

  public func bell() { bellCount += 1 }

  public func nextEvents() async -> [TerminalEvent] {
    if !batches.isEmpty { return batches.removeFirst() }
    if whenScriptEnds == .terminate { return [.terminate(signal: 15)] }
    precondition(waiter == nil, "nextEvents() awaited twice at once")
    return await withTaskCancellationHandler {
      await withCheckedContinuation { waiter = $0 }
    } onCancel: {
      // A cancelled run loop must not hang the test; it gets an empty batch.
      Task { @MainActor in self.resumeWaiter(with: []) }
    }
  }

  public func suspend() -> Bool {
    guard hasJobControl else { return false }
    suspendCount += 1
    whileSuspended?(self)
    return true
  }

  public func forgetScreen() { forgetScreenCount += 1 }

  public func shutdown() { shutdownCount += 1 }

  // MARK: Scripting

  /// Adds one batch of events; a waiting `nextEvents()` gets it at once.
  public func enqueue(_ events: [TerminalEvent]) {
    if !resumeWaiter(with: events) { batches.append(events) }
  }

  public func enqueue(_ events: TerminalEvent...) { enqueue(events) }

  /// One batch per key, as if typed slowly.
  public func press(_ keys: Key...) {
    for key in keys { enqueue([.key(key)]) }
  }

  /// One batch per character of `text`, each a `.char` key.
  public func type(_ text: String) {
    for ch in text { enqueue([.key(.char(ch))]) }
  }

  /// Changes the size and reports it, as a terminal window resize would.
  public func resize(to newSize: Size) {
    size = newSize
    enqueue([.resize(newSize)])
  }

  /// Changes the size without reporting it, as a resize while the program
  /// is stopped: the program learns it only when it looks again.
  public func resizeSilently(to newSize: Size) { size = newSize }

  /// Scripted batches not yet delivered.
  public var pendingBatches: [[TerminalEvent]] { batches }

  @discardableResult
  private func resumeWaiter(with events: [TerminalEvent]) -> Bool {
    guard let waiter else { return false }
    self.waiter = nil
    waiter.resume(returning: events)
    return true
  }

  // MARK: Inspecting

  /// The screen as text: `size.height` lines of exactly `size.width` columns.
  public var text: String { screen.text }
  public var lines: [String] { screen.lines }
  /// See `Canvas.styleDescription`.
  public var styleDescription: String { screen.styleDescription }
  /// Where the last frame put the cursor (screen coordinates), nil if hidden.
  public var cursor: Point? { frames.last?.cursor }
}
