import Composable
import TerminalUI

/// The loop every app runs on: terminal events → keymap → action → store →
/// view → frame → backend. One frame per batch of events, and one when an
/// effect changes state while the loop waits; idle, it waits on the backend
/// and uses no CPU. It knows nothing of any app: the app is its `AppView`
/// and its root reducer, wrapped in `Shell`.
@MainActor
public final class TerminalRuntime<App: Reducer & SendableMetatype, Memory>
where App.State: Equatable & Sendable, App.Action: Equatable & Sendable {
  public typealias Action = Shell<App>.Action
  public let store: Store<Shell<App>.State, Action>
  public let view: AppView<App, Memory>
  private let backend: any TerminalBackend
  private var memory: Memory
  private var needsRender = true
  /// True while the loop is suspended in `backend.nextEvents()`.
  private var isWaitingForEvents = false
  private var observation: StoreObservation?
  /// The keys of what is on screen, made with the last frame, and the size
  /// they were made for.
  private var shownKeymap: (keymap: Keymap<Action>, size: Size)?
  /// False once an action has been processed since the last frame (the
  /// keymap is kept until the next one replaces it, off the key's path).
  private var isShownKeymapCurrent = false
  private var keymapObservation: StoreObservation?
  /// Called before the program stops for Ctrl-Z: a stopped program may never
  /// be continued, so what is unsaved is written first.
  private let beforeSuspending: () async -> Void

  public init(
    store: Store<Shell<App>.State, Action>, view: AppView<App, Memory>, memory: Memory,
    backend: any TerminalBackend, beforeSuspending: @escaping () async -> Void = {}
  ) {
    self.store = store
    self.view = view
    self.memory = memory
    self.backend = backend
    self.beforeSuspending = beforeSuspending
    // Whatever sends the action (a key, an effect, a test), the keys on
    // screen are those of the state before it.
    keymapObservation = store.observe { [weak self] in self?.isShownKeymapCurrent = false }
  }

  public var isFinished: Bool { store.state.isQuitRequested }

  /// Runs until the user quits or a termination signal arrives.
  public func run(onLaunch: App.Action? = nil) async {
    observation = store.observe { [weak self] in
      guard let self else { return }
      self.needsRender = true
      // An effect's action arrived while the loop waits for input: draw it
      // now. (Only then is the state read: each read copies all of it.)
      guard self.isWaitingForEvents else { return }
      let state = self.store.state
      if !state.isQuitRequested { self.render(state) }
    }
    if let onLaunch { store.send(.app(onLaunch)) }
    render()
    var isDone = isFinished
    while !isDone {
      isWaitingForEvents = true
      let events = await backend.nextEvents()
      isWaitingForEvents = false
      if events.count == 1 {
        handle(events[0])
      } else {
        handleBatch(events)
      }
      // Read once a turn: each read of the store's state copies all of it.
      var state = store.state
      if state.isSuspendRequested, !state.isQuitRequested {
        await suspend()
        state = store.state
      }
      if state.isRedrawRequested {
        backend.forgetScreen()
        store.send(.redrawFinished)
        state = store.state
        needsRender = true
      }
      isDone = state.isQuitRequested
      if needsRender, !isDone { render(state) }
    }
    observation?.cancel()
  }

  /// The events of one read. Keys typed faster than the screen showed them
  /// stop at an alert one of them opens: a second `d` must not answer the
  /// delete alert the first opened before it was drawn.
  public func handleBatch(_ events: [TerminalEvent]) {
    var beforeAnAlert = currentKeymap(store.state).takesHeldKeys
    var alertOpened = false
    // Text ignored as pasted (no field takes it) and a line break right
    // after it in the same read: a line copied with its break, whose
    // break is no Enter. A field takes both, as text typed ahead and Enter.
    var ignoredText = false
    for event in events {
      guard !isFinished else { break }
      let afterIgnoredText = ignoredText
      ignoredText = false
      switch event {
      case .key(.enter) where afterIgnoredText:
        continue
      case .key, .paste, .typed:
        guard !alertOpened else { continue }
        if case .typed(let text) = event {
          ignoredText =
            currentKeymap(store.state).paste == nil && !text.allSatisfy { $0 == text.first }
        }
        handle(event)
        let now = currentKeymap(store.state).takesHeldKeys
        alertOpened = beforeAnAlert && !now
        beforeAnAlert = now
      case .resize, .terminate, .suspend:
        handle(event)
      }
    }
  }

  /// Handles one event (tests drive the runtime through this, synchronously).
  public func handle(_ event: TerminalEvent) {
    switch event {
    case .key(let key):
      let state = store.state
      // The keys on screen when it was pressed (the banner plays no part).
      // Redrawing the screen is not doing something: messages stay. The
      // quit key, and a cancel key pressed again, are the shell's to warn.
      let action = currentKeymap(state).action(for: key)
      let takesBanner =
        (state.banner != nil || state.isWarningShown) && action != .quitPressed
        && action != .redrawRequested
        && !(state.isDiscardWarningShown && action?.is(\.discardPressed) == true)
      if takesBanner { store.send(.keyPressed) }
      if let action { store.send(action) }
      if takesBanner { store.send(.keyHandled) }
    case .paste(let text):
      let state = store.state
      if state.isWarningShown { store.send(.keyPressed) }
      if let action = currentKeymap(state).paste?(text) {
        store.send(action)
      }
      if state.isWarningShown { store.send(.keyHandled) }
    case .typed(let text):
      let state = store.state
      let keymap = currentKeymap(state)
      // A field that takes text takes it all, a held key's repeats included.
      if let paste = keymap.paste, let action = paste(text) {
        if state.isWarningShown { store.send(.keyPressed) }
        store.send(action)
        if state.isWarningShown { store.send(.keyHandled) }
        return
      }
      // Elsewhere a held key's repeats (one character again and again) are
      // keys, each under the keymap the one before left, until one opens an
      // alert or quits. Anything else is text pasted where the terminal does
      // not mark pastes: never taken for keys.
      guard let first = text.first, text.allSatisfy({ $0 == first }) else {
        handle(.paste(text))
        return
      }
      for character in text {
        guard !isFinished, currentKeymap(store.state).takesHeldKeys else { break }
        handle(.key(.char(character)))
      }
    case .resize:
      needsRender = true
    case .terminate(let signal):
      store.send(.quitRequested(signal: signal))
    case .suspend:
      store.send(.suspendRequested)
    }
  }

  /// Stops the program once what is unsaved is saved; continued, it draws
  /// everything again at the size the terminal has then.
  private func suspend() async {
    await beforeSuspending()
    let stopped = backend.suspend()
    store.send(.suspendFinished(stopped: stopped))
    needsRender = true
  }

  /// The keys in force for `state`: those made with the frame on screen
  /// when no action has been processed since and the size is the same (the
  /// usual case: one key, one frame).
  private func currentKeymap(_ state: Shell<App>.State) -> Keymap<Action> {
    let size = backend.size
    if isShownKeymapCurrent, let shown = shownKeymap, shown.size == size { return shown.keymap }
    return view.keymap(state, size: size)
  }

  public func render() { render(store.state) }

  private func render(_ state: Shell<App>.State) {
    needsRender = false
    let size = backend.size
    let (frame, makeKeymap) = view.frameAndKeymap(state, size: size, memory: &memory)
    backend.draw(frame)
    // After the frame is out, off the key's path: the keys it brings are
    // made, and the keymap they replace is freed.
    shownKeymap = (makeKeymap(), size)
    isShownKeymapCurrent = true
  }
}
