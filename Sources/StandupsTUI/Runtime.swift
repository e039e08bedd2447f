import Foundation
import StandupsCore
import TerminalUI

/// The app's loop: terminal events → keymap → action → store → one frame per
/// batch. Actions sent by effects (the meeting timer) also produce a frame.
/// Idle, it waits on the backend and uses no CPU.
@MainActor
public final class AppRuntime {
  public let store: Store<AppFeature.State, AppFeature.Action>
  private let backend: any TerminalBackend
  public private(set) var ui = UIState()
  private var memory = ViewMemory()
  private let environment: RenderEnvironment
  private var needsRender = true
  /// True while the loop is suspended in `backend.nextEvents()`.
  private var isWaitingForEvents = false
  private var quitRequested = false
  private var observation: StoreObservation?
  private var suspendRequested = false
  /// Called after each batch of actions with the new state (persistence).
  private let onStateChange: (AppFeature.State) -> Void
  /// Called before the program stops for Ctrl-Z (flush what is unsaved: a
  /// stopped program may never be continued).
  private let onSuspend: () async -> Void

  public init(
    store: Store<AppFeature.State, AppFeature.Action>,
    backend: any TerminalBackend,
    environment: RenderEnvironment = RenderEnvironment(),
    onStateChange: @escaping (AppFeature.State) -> Void = { _ in },
    onSuspend: @escaping () async -> Void = {}
  ) {
    self.store = store
    self.backend = backend
    self.environment = environment
    self.onStateChange = onStateChange
    self.onSuspend = onSuspend
  }

  static let noJobControlNotice =
    "Can't suspend: no job control here (not started from an interactive shell)"

  /// Shows a banner (an error the user should know about) until cleared.
  public func setBanner(_ text: String?) {
    guard ui.banner != text else { return }
    ui.banner = text
    needsRender = true
    drawIfWaiting()
  }

  /// Something changed while the loop waits for input (an effect's action, a
  /// banner): draw it now, here on the main actor. Waking the backend's wait
  /// only to come back here and draw cost a round trip through the input-wait
  /// thread — several thread wake-ups on every tick of the meeting timer.
  private func drawIfWaiting() {
    if isWaitingForEvents, !quitRequested { render() }
  }

  /// Runs until the user quits or a termination signal arrives.
  public func run() async {
    observation = store.observe { [weak self] in
      guard let self else { return }
      self.needsRender = true
      self.onStateChange(self.store.state)
      // An effect's action arrived while we wait for input: draw it.
      self.drawIfWaiting()
    }
    store.send(.onLaunch)
    render()
    while !quitRequested {
      isWaitingForEvents = true
      let events = await backend.nextEvents()
      isWaitingForEvents = false
      for event in events {
        handle(event)
        if quitRequested { break }
      }
      if suspendRequested, !quitRequested { await suspend() }
      if needsRender, !quitRequested { render() }
    }
    observation?.cancel()
  }

  /// Stops the program for Ctrl-Z or SIGTSTP once what is unsaved is saved;
  /// when continued, everything is drawn again at the size the terminal has
  /// now. Without job control nothing stops, and a notice says why.
  private func suspend() async {
    suspendRequested = false
    await onSuspend()
    if backend.suspend() {
      needsRender = true
    } else {
      ui.notice = Self.noJobControlNotice
      needsRender = true
    }
  }

  /// Handles one event (public so tests can drive the runtime synchronously).
  public func handle(_ event: TerminalEvent) {
    switch event {
    case .key(let key):
      if ui.notice != nil {
        ui.notice = nil
        needsRender = true
      }
      let keymap = AppUI.keymap(store.state, ui: ui, size: backend.size)
      if let outcome = keymap.handle(key) { perform(outcome) }
    case .paste(let text):
      let keymap = AppUI.keymap(store.state, ui: ui, size: backend.size)
      if let outcome = keymap.paste?(text) { perform(outcome) }
    case .resize:
      needsRender = true
    case .terminate:
      quitRequested = true
    case .suspend:
      suspendRequested = true
    }
  }

  private func perform(_ outcome: Outcome<AppFeature.Action>) {
    switch outcome {
    case .send(let action):
      store.send(action)
    case .ui(.toggleHelp):
      ui.showsHelp.toggle()
      needsRender = true
    case .ui(.quit):
      quitRequested = true
    case .ui(.suspend):
      suspendRequested = true
    case .ui(.focusAlertButton(let index)):
      if let id = AppUI.alertID(store.state) {
        ui.alertFocus = (id, index)
        needsRender = true
      }
    }
  }

  public var isFinished: Bool { quitRequested }

  public func render() {
    needsRender = false
    backend.draw(
      AppUI.frame(
        store.state, ui: ui, size: backend.size, environment: environment, memory: &memory))
  }
}

extension AppUI {
  /// The id of the alert on screen, if any.
  static func alertID(_ state: AppFeature.State) -> UUID? {
    switch top(state) {
    case .list(let list):
      if case .alert(let alert) = list.destination { return alert.id }
    case .detail(_, let detail):
      if case .alert(let alert) = detail.destination { return alert.id }
    case .record(_, let record):
      return record.alert?.id
    case .meeting:
      break
    }
    return nil
  }
}
