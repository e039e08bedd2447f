import Composable
import Foundation

/// A one-line message above the help bar.
public struct Banner: Equatable, Sendable {
  public enum Kind: Equatable, Sendable {
    /// Something went wrong (a failed save): stays until it is resolved or a key is pressed.
    case error
    /// An answer to something the user did: goes after a few seconds or a key.
    case notice
  }
  public var kind: Kind
  public var text: String

  public static func error(_ text: String) -> Self { Self(kind: .error, text: text) }
  public static func notice(_ text: String) -> Self { Self(kind: .notice, text: text) }
}

/// What an app's action means to the shell: the app's features know nothing
/// of banners; the app says which of its actions show one.
public enum ShellMessage: Equatable, Sendable {
  case show(Banner)
  /// A standing message from now on (e.g. "read-only"), shown at once as an
  /// error banner, and whenever no other banner is.
  case showStatus(String)
  /// `banner` now, and `status` standing after it (a short form: "offline",
  /// or the same words: "not saved"). Said again while `status` stands, it
  /// shows no banner again: a retry's failure, each second, must not cover
  /// other messages or come back after a key took the banner away.
  case showWithStatus(Banner, status: String)
  /// What an error banner said is no longer true.
  case resolveError
  /// Nor is a standing status that begins with one of `prefixes`
  /// ("Offline:", once back; "Not saved:", once saved).
  case resolveErrorAndStatus(prefixes: [String])
  /// `resolveErrorAndStatus`, then `banner`: what replaces what stood.
  case resolveStatus(prefixes: [String], then: Banner)
  /// What a form's notices asked of it (banners that end with one of
  /// `suffixes`: "saving keeps it") is moot: the form closed.
  /// Shown or waiting their turn (behind a key's warning), they go.
  case withdraw(endingWith: [String])
  /// `showWithStatus`, in place of the banners and the status that begin
  /// with one of `prefixes` (a refusal once the server answers, in place of
  /// "Offline: …"): shown now, not after a key takes the older one away.
  case replaceWithStatus(prefixes: [String], banner: Banner, status: String)
}

/// Which button of which alert is highlighted.
public struct AlertFocus: Equatable, Sendable {
  public var alertID: UUID
  public var index: Int
  public init(alertID: UUID, index: Int) {
    self.alertID = alertID
    self.index = index
  }
}

/// The app around an app: what a terminal program is besides its screens —
/// help, which alert button is highlighted, the banner, quitting and
/// suspending. Generic over the app's root feature, so every app gets the
/// same behaviour, tested once.
public struct Shell<App: Reducer & SendableMetatype>: Reducer
where App.State: Equatable & Sendable, App.Action: Equatable & Sendable {
  public struct State: Equatable, Sendable {
    public var app: App.State
    public var isHelpShown = false
    /// The first row of full help shown (it scrolls when it does not fit).
    public var helpScroll = 0
    public var alertFocus: AlertFocus?
    public var banner: Banner?
    /// Banners that came while another was up, shown in turn as each goes
    /// (a key, a notice's time, an error resolved): several that come at
    /// once, at a start, are each read. Empty whenever `banner` is nil.
    public var queuedBanners: [Banner] = []
    /// A standing message (e.g. "read-only"), shown when no banner is.
    public var status: String?
    public var isQuitRequested = false
    /// The quit key was pressed while the app had unsaved work, and the
    /// warning saying so is up: pressing it again quits.
    public var isQuitWarningShown = false
    /// The same for a form's cancel key: pressing it again discards the form.
    public var isDiscardWarningShown = false
    /// The app was ended (a termination signal) while it had unsaved work,
    /// which is lost: the program says so on standard error (`lostWorkNote`).
    public var quitLosingUnsavedWork = false
    /// The termination signal the app quit on: once it has saved and
    /// restored the terminal, the process ends as that signal would have.
    public var endingSignal: Int32?

    /// What to say on standard error of work a signal's quit lost.
    public var lostWorkNote: String? {
      quitLosingUnsavedWork
        ? "ended by a signal with a form open: its unsaved changes were not saved" : nil
    }
    /// Set by Ctrl-Z or SIGTSTP; the runtime suspends and reports back.
    public var isSuspendRequested = false
    /// Set by Ctrl-L: the runtime has the whole screen drawn again.
    public var isRedrawRequested = false

    public init(app: App.State, status: String? = nil) {
      self.app = app
      self.status = status
    }

    /// The message the banner line shows: the newest, else the standing one.
    public var bannerText: String? { banner?.text ?? status }

    /// A key's warning is up: the next press of that key does what it warned of.
    public var isWarningShown: Bool { isQuitWarningShown || isDiscardWarningShown }
  }

  @CasePathable
  public enum Action: Equatable, Sendable {
    case app(App.Action)
    case helpToggled
    case helpScrolled(to: Int)
    case alertFocusMoved(AlertFocus)
    case bannerShown(Banner)
    /// What an error banner said is no longer true (a later save succeeded).
    case errorResolved
    case noticeExpired
    /// A key other than the warned one arrived while a banner or a key's
    /// warning was shown (or a paste while the warning was): both go.
    case keyPressed
    /// That key's action is done: a banner it brought shows first, else
    /// the next one waiting.
    case keyHandled
    case statusChanged(String?)
    /// The quit key: quits, unless the app has unsaved work the user has not
    /// yet been warned about (then the warning shows, and the next press quits).
    case quitPressed
    /// A form's cancel key, which sends the app `action` (closing the form):
    /// sent, unless the form holds changes the user has not yet been warned
    /// about (then the warning shows, and the next press sends it).
    case discardPressed(App.Action)
    /// Quits at once: a termination signal (SIGTERM, SIGINT, SIGHUP; a
    /// terminal that hung up is SIGHUP).
    case quitRequested(signal: Int32)
    case suspendRequested
    /// The runtime's answer to a suspend request: stopped and continued, or
    /// not stopped (no job control).
    case suspendFinished(stopped: Bool)
    /// Ctrl-L, as in any full-screen program: another program wrote over
    /// the screen (a wall message, a background job's output).
    case redrawRequested
    /// The runtime forgot what the terminal shows; the next frame is whole.
    case redrawFinished
  }

  enum CancelID { case notice }
  public static var noticeDuration: Duration { .seconds(4) }
  public static var noJobControlNotice: String {
    "Can't suspend: no job control here (not started from an interactive shell)"
  }

  @Dependency(\.continuousClock) var clock
  let app: App
  let messages: @Sendable (App.Action) -> ShellMessage?
  let quitting: App.Action?
  let unsavedWork: @Sendable (App.State) -> UnsavedWork?

  /// `messages` tells which of the app's actions show a banner; `quitting`,
  /// when given, is sent to the app when it is asked to quit, before it
  /// does: what it changes then is in the state the program saves.
  /// `unsavedWork` names what quitting or cancelling now would lose (an
  /// open sheet's edits), for the warnings those keys show before they do
  /// it; nil when nothing would be lost.
  public init(
    _ app: App, messages: @escaping @Sendable (App.Action) -> ShellMessage? = { _ in nil },
    quitting: App.Action? = nil,
    unsavedWork: @escaping @Sendable (App.State) -> UnsavedWork? = { _ in nil }
  ) {
    self.app = app
    self.messages = messages
    self.quitting = quitting
    self.unsavedWork = unsavedWork
  }

  // Written out rather than as `Scope` + `Reduce`: every key passes through
  // here, and a direct call costs no key path or case path machinery.
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    // The quit key's warning is taken back by any other key and by its
    // leaving the screen (expired or replaced): only the quit key pressed
    // again quits. What effects send (a save's result) leaves it standing.
    switch action {
    case .app(let action):
      let effect = app.reduce(into: &state.app, action: action).map(Action.app)
      switch messages(action) {
      case .show(let banner): return effect.merge(with: show(banner, in: &state))
      case .showStatus(let text):
        state.status = text
        return effect.merge(with: showFirst(.error(text), in: &state))
      case .showWithStatus(let banner, let status):
        guard state.status != status else { return effect }
        state.status = status
        return effect.merge(with: showFirst(banner, in: &state))
      case .replaceWithStatus(let prefixes, let banner, let status):
        guard state.status != status else { return effect }
        let isReplaced = { (banner: Banner) in prefixes.contains(where: banner.text.hasPrefix) }
        state.queuedBanners.removeAll(where: isReplaced)
        if let shown = state.banner, isReplaced(shown) { state.banner = nil }
        state.status = status
        return effect.merge(with: showFirst(banner, in: &state))
      case .resolveError:
        return effect.merge(with: resolve(in: &state))
      case .withdraw(let suffixes):
        return effect.merge(
          with: resolve(in: &state) { banner in suffixes.contains(where: banner.text.hasSuffix) })
      case .resolveErrorAndStatus(let prefixes):
        state.endStatus(startingWith: prefixes)
        return effect.merge(with: resolve(in: &state, alsoStartingWith: prefixes))
      case .resolveStatus(let prefixes, let banner):
        state.endStatus(startingWith: prefixes)
        // Only what the status said goes: another error (a conflict) stays.
        return effect.merge(
          with: .concatenate(
            resolve(in: &state, startingWith: prefixes), show(banner, in: &state)))
      case nil: return effect
      }
    case .helpToggled:
      state.isHelpShown.toggle()
      state.helpScroll = 0
      return .none
    case .helpScrolled(let row):
      state.helpScroll = max(0, row)
      return .none
    case .alertFocusMoved(let focus):
      state.alertFocus = focus
      return .none
    case .bannerShown(let banner):
      return show(banner, in: &state)
    case .errorResolved:
      return resolve(in: &state)
    case .noticeExpired:
      state.endWarnings()
      guard state.banner?.kind == .notice else { return .none }
      state.banner = nil
      return showNext(in: &state)
    case .keyPressed:
      state.banner = nil
      state.endWarnings()
      return .cancel(id: CancelID.notice)
    case .keyHandled:
      guard state.banner == nil else { return .none }
      return showNext(in: &state)
    case .statusChanged(let status):
      state.status = status
      return .none
    case .quitPressed:
      guard !state.isQuitWarningShown, let work = unsavedWork(state.app) else {
        // Nothing unsaved, or the user was warned and pressed it again.
        return quit(&state)
      }
      let effect = warn(StandardKeys.quitWarning(work), in: &state)
      state.isQuitWarningShown = true
      return effect
    case .discardPressed(let action):
      if !state.isDiscardWarningShown, let work = unsavedWork(state.app) {
        let effect = warn(StandardKeys.discardWarning(work), in: &state)
        state.isDiscardWarningShown = true
        return effect
      }
      guard state.isDiscardWarningShown else { return reduce(into: &state, action: .app(action)) }
      // Pressed again: the runtime left the warning up for this key, and
      // it goes with the form, the next banner after it.
      state.banner = nil
      state.endWarnings()
      let effect = reduce(into: &state, action: .app(action))
      return state.banner == nil ? effect.merge(with: showNext(in: &state)) : effect
    case .quitRequested(let signal):
      // A signal: whatever was unsaved, warned about or not, nobody agreed
      // to lose it.
      guard !state.isQuitRequested else { return .none }
      state.quitLosingUnsavedWork = unsavedWork(state.app) != nil
      state.endingSignal = signal
      return quit(&state)
    case .suspendRequested:
      state.isSuspendRequested = true
      return .none
    case .suspendFinished(let stopped):
      state.isSuspendRequested = false
      return stopped ? .none : show(.notice(Self.noJobControlNotice), in: &state)
    case .redrawRequested:
      state.isRedrawRequested = true
      return .none
    case .redrawFinished:
      state.isRedrawRequested = false
      return .none
    }
  }

  /// What is no longer true goes, shown or waiting its turn: every error,
  /// and banners that begin with one of `prefixes`.
  private func resolve(in state: inout State, alsoStartingWith prefixes: [String] = [])
    -> Effect<Action>
  {
    resolve(in: &state) { banner in
      banner.kind == .error || prefixes.contains(where: banner.text.hasPrefix)
    }
  }

  /// Banners that begin with one of `prefixes` go, shown or waiting.
  private func resolve(in state: inout State, startingWith prefixes: [String]) -> Effect<Action> {
    resolve(in: &state) { banner in prefixes.contains(where: banner.text.hasPrefix) }
  }

  private func resolve(in state: inout State, where isStale: (Banner) -> Bool) -> Effect<Action> {
    state.queuedBanners.removeAll(where: isStale)
    guard let shown = state.banner, isStale(shown) else { return .none }
    state.banner = nil
    return showNext(in: &state)
  }

  public static var maximumQueuedBanners: Int { 4 }

  /// Shown now when the banner line is free; otherwise it waits its turn
  /// (the oldest waiting goes when too many wait). A notice goes by itself
  /// after a while.
  private func show(_ banner: Banner, in state: inout State) -> Effect<Action> {
    guard state.banner == nil else {
      if state.queuedBanners.count >= Self.maximumQueuedBanners {
        state.queuedBanners.removeFirst()
      }
      state.queuedBanners.append(banner)
      return .none
    }
    state.banner = banner
    state.endWarnings()
    guard banner.kind == .notice else { return .cancel(id: CancelID.notice) }
    let duration = Self.noticeDuration
    return .run { [clock] send in
      try await clock.sleep(for: duration)
      await send(.noticeExpired)
    }
    .cancellable(id: CancelID.notice, cancelInFlight: true)
  }

  /// A change in what becomes of the user's changes (offline, read-only,
  /// not saved): shown at once, in front of the banner on screen, which
  /// waits its turn again; what is shown must not hide that changes are no
  /// longer saved. A key's warning stays in front of it.
  private func showFirst(_ banner: Banner, in state: inout State) -> Effect<Action> {
    if !state.isWarningShown { state.requeueShownBanner() }
    return show(banner, in: &state)
  }

  /// The banner line is free: the first waiting banner, if any, shows.
  private func showNext(in state: inout State) -> Effect<Action> {
    guard !state.queuedBanners.isEmpty else { return .cancel(id: CancelID.notice) }
    return show(state.queuedBanners.removeFirst(), in: &state)
  }
}

extension Shell {
  /// Shows a key's warning at once, in front of any other banner (a warning
  /// it replaces is not kept). It offers the form's keys (ctrl+s saves):
  /// full help, in front of the form, would take them.
  fileprivate func warn(_ text: String, in state: inout State) -> Effect<Action> {
    if state.isWarningShown { state.banner = nil } else { state.requeueShownBanner() }
    state.isHelpShown = false
    return show(.notice(text), in: &state)
  }

  /// Quits, telling the app first (it may save what would be lost).
  fileprivate func quit(_ state: inout State) -> Effect<Action> {
    guard !state.isQuitRequested else { return .none }
    state.isQuitRequested = true
    guard let quitting else { return .none }
    return app.reduce(into: &state.app, action: quitting).map(Action.app)
  }
}

extension Shell.State {
  /// The banner on screen goes back to the front of the queue (the last
  /// waiting goes when too many wait), for one in front of it.
  mutating func requeueShownBanner() {
    guard let shown = banner else { return }
    queuedBanners.insert(shown, at: 0)
    if queuedBanners.count > Shell.maximumQueuedBanners { queuedBanners.removeLast() }
    banner = nil
  }

  fileprivate mutating func endWarnings() {
    isQuitWarningShown = false
    isDiscardWarningShown = false
  }

  /// A standing status that begins with one of `prefixes` is over.
  fileprivate mutating func endStatus(startingWith prefixes: [String]) {
    if let status, prefixes.contains(where: status.hasPrefix) { self.status = nil }
  }
}
