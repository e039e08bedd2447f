import Clocks
import ComposableTesting
import Foundation
import TerminalApp
import Testing

/// A small app to host: a counter with an alert.
struct Counter: Reducer {
  struct State: Equatable, Sendable { var count = 0 }
  enum Action: Equatable, Sendable { case increment, decrement }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .increment:
        state.count += 1
        return .none
      case .decrement:
        state.count -= 1
        return .none
      }
    }
  }
}

/// The shell's behaviour, through `TestStore`: exhaustive, like the features'.
@MainActor
@Suite struct ShellTests {
  func makeStore(clock: TestClock<Duration> = TestClock()) -> TestStore<
    Shell<Counter>.State, Shell<Counter>.Action
  > {
    TestStore(initialState: Shell<Counter>.State(app: Counter.State())) {
      Shell(Counter())
    } withDependencies: {
      $0.continuousClock = clock
    }
  }

  @Test func helpOpensAtTheTopScrollsAndCloses() async {
    let store = makeStore()
    await store.send(.helpToggled) { $0.isHelpShown = true }
    await store.send(.helpScrolled(to: 3)) { $0.helpScroll = 3 }
    await store.send(.helpScrolled(to: -2)) { $0.helpScroll = 0 }
    await store.send(.helpScrolled(to: 5)) { $0.helpScroll = 5 }
    await store.send(.helpToggled) {
      $0.isHelpShown = false
      $0.helpScroll = 0
    }
  }

  @Test func theAppGetsItsActions() async {
    let store = makeStore()
    await store.send(.app(.increment)) { $0.app.count = 1 }
  }

  @Test func alertFocusMoves() async {
    let store = makeStore()
    let id = UUID()
    await store.send(.alertFocusMoved(AlertFocus(alertID: id, index: 1))) {
      $0.alertFocus = AlertFocus(alertID: id, index: 1)
    }
    await store.send(.alertFocusMoved(AlertFocus(alertID: id, index: 0))) {
      $0.alertFocus = AlertFocus(alertID: id, index: 0)
    }
  }

  @Test func aFailedSaveShowsItsErrorUntilALaterSuccess() async {
    let store = makeStore()
    await store.send(.bannerShown(.error("Not saved: disk full — will retry"))) {
      $0.banner = .error("Not saved: disk full — will retry")
    }
    await store.send(.errorResolved) { $0.banner = nil }
    // A success says nothing of a notice, which stays.
    let clock = TestClock()
    let notices = makeStore(clock: clock)
    await notices.send(.bannerShown(.notice("Copied"))) { $0.banner = .notice("Copied") }
    await notices.send(.errorResolved)
    await notices.send(.keyPressed) { $0.banner = nil }
    await notices.finish()
  }

  @Test func anErrorStaysUntilAKey() async {
    let store = makeStore()
    await store.send(.bannerShown(.error("Not saved"))) { $0.banner = .error("Not saved") }
    await store.send(.keyPressed) { $0.banner = nil }
  }

  @Test func aNoticeGoesAfterAFewSeconds() async {
    let clock = TestClock()
    let store = makeStore(clock: clock)
    await store.send(.bannerShown(.notice("Saved a copy"))) { $0.banner = .notice("Saved a copy") }
    await untilSleeping(on: clock)
    await clock.advance(by: Shell<Counter>.noticeDuration - .milliseconds(1))
    await clock.advance(by: .milliseconds(1))
    await store.receive(.noticeExpired) { $0.banner = nil }
    await store.finish()
  }

  /// Messages that come together (as at a start: a conflict, a file kept
  /// aside, offline) are each shown, in turn.
  @Test func aBannerThatComesWhileAnotherIsUpWaitsItsTurn() async {
    let clock = TestClock()
    let store = makeStore(clock: clock)
    await store.send(.bannerShown(.notice("first"))) { $0.banner = .notice("first") }
    await store.send(.bannerShown(.error("broken"))) { $0.queuedBanners = [.error("broken")] }
    await store.send(.bannerShown(.notice("third"))) {
      $0.queuedBanners = [.error("broken"), .notice("third")]
    }
    await untilSleeping(on: clock)
    await clock.advance(by: Shell<Counter>.noticeDuration)
    await store.receive(.noticeExpired) {
      $0.banner = .error("broken")
      $0.queuedBanners = [.notice("third")]
    }
    // An error outlives a notice's time; a key takes it, and once its
    // action is done the next shows.
    await clock.advance(by: Shell<Counter>.noticeDuration)
    await store.send(.keyPressed) { $0.banner = nil }
    await store.send(.keyHandled) {
      $0.banner = .notice("third")
      $0.queuedBanners = []
    }
    await untilSleeping(on: clock)
    await clock.advance(by: Shell<Counter>.noticeDuration)
    await store.receive(.noticeExpired) { $0.banner = nil }
    await store.finish()
  }

  /// Only the newest few wait: a burst cannot keep the line busy for long.
  @Test func theOldestWaitingBannerGoesWhenTooManyWait() async {
    let store = makeStore()
    await store.send(.bannerShown(.error("shown"))) { $0.banner = .error("shown") }
    let count = Shell<Counter>.maximumQueuedBanners + 2
    for number in 1...count {
      await store.send(.bannerShown(.error("\(number)"))) {
        $0.queuedBanners = (max(1, number - Shell<Counter>.maximumQueuedBanners + 1)...number)
          .map { .error("\($0)") }
      }
    }
  }

  /// A save that went through makes every "not saved" error stale, shown
  /// or waiting; a notice waiting behind the error then shows.
  @Test func aResolvedErrorTakesWaitingErrorsWithIt() async {
    let clock = TestClock()
    let store = makeStore(clock: clock)
    await store.send(.bannerShown(.error("Not saved: disk full"))) {
      $0.banner = .error("Not saved: disk full")
    }
    await store.send(.bannerShown(.notice("Copied"))) { $0.queuedBanners = [.notice("Copied")] }
    await store.send(.bannerShown(.error("Not saved: still full"))) {
      $0.queuedBanners = [.notice("Copied"), .error("Not saved: still full")]
    }
    await store.send(.errorResolved) {
      $0.banner = .notice("Copied")
      $0.queuedBanners = []
    }
    await store.skipInFlightEffects()
  }

  @Test func theStatusShowsWhenNoBannerDoes() async {
    let store = makeStore()
    await store.send(.statusChanged("Read-only")) { $0.status = "Read-only" }
    #expect(store.state.bannerText == "Read-only")
    await store.send(.bannerShown(.error("oops"))) { $0.banner = .error("oops") }
    #expect(store.state.bannerText == "oops")
    await store.send(.keyPressed) { $0.banner = nil }
    #expect(store.state.bannerText == "Read-only")
  }

  @Test func theAppsActionsShowTheBannersTheAppSays() async {
    // The app says: an increment past 1 is an error, back to a valid count resolves it.
    let store = TestStore(initialState: Shell<Counter>.State(app: Counter.State())) {
      Shell(Counter()) { action in
        action == .increment ? .show(.error("counted")) : nil
      }
    }
    await store.send(.app(.increment)) {
      $0.app.count = 1
      $0.banner = .error("counted")
    }
    let resolving = TestStore(initialState: Shell<Counter>.State(app: Counter.State())) {
      Shell(Counter()) { _ in .resolveError }
    }
    await resolving.send(.bannerShown(.error("broken"))) { $0.banner = .error("broken") }
    await resolving.send(.app(.increment)) {
      $0.app.count = 1
      $0.banner = nil
    }
  }

  @Test func anAppActionCanSetAStandingStatus() async {
    let store = TestStore(initialState: Shell<Counter>.State(app: Counter.State())) {
      Shell(Counter()) { action in action == .increment ? .showStatus("Read-only now") : nil }
    }
    await store.send(.app(.increment)) {
      $0.app.count = 1
      $0.status = "Read-only now"
      $0.banner = .error("Read-only now")
    }
    // A key clears the banner; the status stays on the banner line.
    await store.send(.keyPressed) { $0.banner = nil }
    #expect(store.state.bannerText == "Read-only now")
  }

  /// A banner with a standing status after it (offline: why, then that it
  /// still is), until the app says the status is over; another status (the
  /// file's read-only) is not ended so.
  @Test func aStandingStatusAfterABannerEndsWhenTheAppSaysSo() async {
    let store = TestStore(initialState: Shell<Counter>.State(app: Counter.State())) {
      Shell(Counter()) { action in
        action == .increment
          ? .showWithStatus(.error("Offline: the server did not answer"), status: "Offline")
          : .resolveErrorAndStatus(prefixes: ["Offline"])
      }
    }
    await store.send(.app(.increment)) {
      $0.app.count = 1
      $0.status = "Offline"
      $0.banner = .error("Offline: the server did not answer")
    }
    await store.send(.keyPressed) { $0.banner = nil }
    #expect(store.state.bannerText == "Offline")
    await store.send(.app(.decrement)) {
      $0.app.count = 0
      $0.status = nil
    }
    #expect(store.state.bannerText == nil)

    let other = TestStore(
      initialState: Shell<Counter>.State(app: Counter.State(), status: "Read-only")
    ) {
      Shell(Counter()) { _ in .resolveErrorAndStatus(prefixes: ["Offline"]) }
    }
    await other.send(.app(.decrement)) { $0.app.count = -1 }
    #expect(other.state.status == "Read-only")
  }

  /// A failure said again each second (a retry) while it stands: no new
  /// banner over another message, none back after a key took it away.
  @Test func aStandingStatusSaidAgainShowsNoBannerAgain() async {
    let store = TestStore(initialState: Shell<Counter>.State(app: Counter.State())) {
      Shell(Counter()) { action in
        action == .increment
          ? .showWithStatus(.error("Not saved: disk full"), status: "Not saved: disk full")
          : nil
      }
    }
    await store.send(.app(.increment)) {
      $0.app.count = 1
      $0.status = "Not saved: disk full"
      $0.banner = .error("Not saved: disk full")
    }
    await store.send(.keyPressed) { $0.banner = nil }
    await store.send(.app(.increment)) { $0.app.count = 2 }
    #expect(store.state.bannerText == "Not saved: disk full")
    await store.send(.bannerShown(.error("Changed elsewhere too"))) {
      $0.banner = .error("Changed elsewhere too")
    }
    await store.send(.app(.increment)) { $0.app.count = 3 }
    #expect(store.state.bannerText == "Changed elsewhere too")
  }

  /// The signal is kept: the process ends as it would have, once saved.
  @Test func aTerminationSignalQuitsAndIsKeptForTheExit() async {
    let store = makeStore()
    await store.send(.quitRequested(signal: SIGTERM)) {
      $0.isQuitRequested = true
      $0.endingSignal = SIGTERM
    }
  }

  @Test func theAppHearsOfAQuitOnceBeforeItHappens() async {
    let store = TestStore(initialState: Shell<Counter>.State(app: Counter.State())) {
      Shell(Counter(), quitting: .increment)
    }
    await store.send(.quitRequested(signal: SIGHUP)) {
      $0.isQuitRequested = true
      $0.endingSignal = SIGHUP
      $0.app.count = 1
    }
    // A second request (another signal) changes nothing more.
    await store.send(.quitRequested(signal: SIGTERM))
  }

  /// A counter past zero is work a quit would lose.
  func makeStoreWithUnsavedWork(clock: TestClock<Duration> = TestClock()) -> TestStore<
    Shell<Counter>.State, Shell<Counter>.Action
  > {
    TestStore(initialState: Shell<Counter>.State(app: Counter.State(count: 1))) {
      Shell(Counter(), unsavedWork: { $0.count > 0 ? "The count is not saved" : nil })
    } withDependencies: {
      $0.continuousClock = clock
    }
  }

  /// The quit key with unsaved work: the warning shows, nothing quits.
  func pressQuitAndSeeTheWarning(
    _ store: TestStore<Shell<Counter>.State, Shell<Counter>.Action>
  ) async {
    await store.send(.quitPressed) {
      $0.banner = .notice("The count is not saved")
      $0.isQuitWarningShown = true
    }
  }

  @Test func theQuitKeyQuitsAtOnceWhenNothingIsUnsaved() async {
    let store = makeStore()
    await store.send(.quitPressed) { $0.isQuitRequested = true }
  }

  @Test func withUnsavedWorkTheQuitKeyWarnsAndQuitsWhenPressedAgain() async {
    let store = makeStoreWithUnsavedWork()
    await pressQuitAndSeeTheWarning(store)
    await store.send(.quitPressed) { $0.isQuitRequested = true }
    // The warning's timer: the program ends before it does.
    await store.skipInFlightEffects()
  }

  @Test func anyOtherKeyAfterTheWarningTakesItBack() async {
    let store = makeStoreWithUnsavedWork()
    await pressQuitAndSeeTheWarning(store)
    // The runtime sends it before the key's own action, if any.
    await store.send(.keyPressed) {
      $0.banner = nil
      $0.isQuitWarningShown = false
    }
    await store.send(.app(.increment)) { $0.app.count = 2 }
    // So the quit key warns again rather than quitting.
    await pressQuitAndSeeTheWarning(store)
    await store.send(.keyPressed) {
      $0.banner = nil
      $0.isQuitWarningShown = false
    }
  }

  @Test func whatEffectsSendLeavesTheWarningStanding() async {
    let store = makeStoreWithUnsavedWork()
    await pressQuitAndSeeTheWarning(store)
    // As a save's result arriving would.
    await store.send(.app(.increment)) { $0.app.count = 2 }
    await store.send(.statusChanged("Read-only")) { $0.status = "Read-only" }
    await store.send(.quitPressed) { $0.isQuitRequested = true }
    await store.skipInFlightEffects()
  }

  /// A failed save's error, say, waits behind the warning, which stands:
  /// the next press still quits, and any other key shows the error.
  @Test func aBannerThatComesWhileTheWarningShowsWaitsBehindIt() async {
    let store = makeStoreWithUnsavedWork()
    await pressQuitAndSeeTheWarning(store)
    await store.send(.bannerShown(.error("Not saved"))) {
      $0.queuedBanners = [.error("Not saved")]
    }
    #expect(store.state.isQuitWarningShown)
    // The error takes the warning's place, and its timer with it.
    await store.send(.keyPressed) {
      $0.banner = nil
      $0.isQuitWarningShown = false
    }
    await store.send(.keyHandled) {
      $0.banner = .error("Not saved")
      $0.queuedBanners = []
    }
  }

  /// The warning shows at once, in front of a banner that was up; that
  /// banner comes back once the warning is taken back.
  @Test func theWarningGoesInFrontOfABannerThatWasUp() async {
    let store = makeStoreWithUnsavedWork()
    await store.send(.bannerShown(.error("Offline"))) { $0.banner = .error("Offline") }
    await store.send(.quitPressed) {
      $0.banner = .notice("The count is not saved")
      $0.queuedBanners = [.error("Offline")]
      $0.isQuitWarningShown = true
    }
    await store.send(.keyPressed) {
      $0.banner = nil
      $0.isQuitWarningShown = false
    }
    await store.send(.keyHandled) {
      $0.banner = .error("Offline")
      $0.queuedBanners = []
    }
  }

  /// A save that goes through ends what said the server was away, shown or
  /// waiting ("Still offline" after the reconnection's refusal).
  @Test func aResolvingMessageTakesMatchingBannersShownOrWaiting() async {
    let store = TestStore(initialState: Shell<Counter>.State(app: Counter.State())) {
      Shell(Counter()) { action in
        action == .increment
          ? .show(.notice("Still offline: refused")) : .resolveErrorAndStatus(prefixes: ["Still"])
      }
    } withDependencies: {
      $0.continuousClock = TestClock()
    }
    await store.send(.bannerShown(.error("Offline"))) { $0.banner = .error("Offline") }
    await store.send(.app(.increment)) {
      $0.app.count = 1
      $0.queuedBanners = [.notice("Still offline: refused")]
    }
    await store.send(.app(.decrement)) {
      $0.app.count = 0
      $0.banner = nil
      $0.queuedBanners = []
    }
  }

  /// A key's own message shows at once, in front of those waiting: a
  /// banner the key brought is up when its action is done.
  @Test func aKeysOwnBannerShowsBeforeThoseWaiting() async {
    let store = makeStore()
    await store.send(.bannerShown(.error("Offline"))) { $0.banner = .error("Offline") }
    await store.send(.bannerShown(.notice("Still offline"))) {
      $0.queuedBanners = [.notice("Still offline")]
    }
    await store.send(.keyPressed) { $0.banner = nil }
    await store.send(.bannerShown(.notice("Copied"))) { $0.banner = .notice("Copied") }
    await store.send(.keyHandled)
    #expect(store.state.queuedBanners == [.notice("Still offline")])
    await store.skipInFlightEffects()
  }

  @Test func theWarningGoingAwayTakesItBack() async {
    let clock = TestClock()
    let store = makeStoreWithUnsavedWork(clock: clock)
    await pressQuitAndSeeTheWarning(store)
    await untilSleeping(on: clock)
    await clock.advance(by: Shell<Counter>.noticeDuration)
    await store.receive(.noticeExpired) {
      $0.banner = nil
      $0.isQuitWarningShown = false
    }
    await store.finish()
  }

  @Test func aTerminationSignalQuitsDespiteUnsavedWorkAndSaysItIsLost() async {
    let store = makeStoreWithUnsavedWork()
    await store.send(.quitRequested(signal: SIGTERM)) {
      $0.isQuitRequested = true
      $0.quitLosingUnsavedWork = true
      $0.endingSignal = SIGTERM
    }
  }

  /// The warning on screen is not the user's consent: a signal then still
  /// loses what was unsaved.
  @Test func aSignalWhileTheQuitWarningShowsStillSaysTheWorkIsLost() async {
    let store = makeStoreWithUnsavedWork()
    await pressQuitAndSeeTheWarning(store)
    await store.send(.quitRequested(signal: SIGTERM)) {
      $0.isQuitRequested = true
      $0.quitLosingUnsavedWork = true
      $0.endingSignal = SIGTERM
    }
    await store.skipInFlightEffects()
  }

  @Test func theQuitKeyPressedAgainLosesNothingUnannounced() async {
    let store = makeStoreWithUnsavedWork()
    await pressQuitAndSeeTheWarning(store)
    await store.send(.quitPressed) { $0.isQuitRequested = true }
    #expect(store.state.lostWorkNote == nil)
    await store.skipInFlightEffects()
  }

  @Test func suspendWithAndWithoutJobControl() async {
    let clock = TestClock()
    let store = makeStore(clock: clock)
    await store.send(.suspendRequested) { $0.isSuspendRequested = true }
    await store.send(.suspendFinished(stopped: true)) { $0.isSuspendRequested = false }
    await store.send(.suspendRequested) { $0.isSuspendRequested = true }
    await store.send(.suspendFinished(stopped: false)) {
      $0.isSuspendRequested = false
      $0.banner = .notice(Shell<Counter>.noJobControlNotice)
    }
    await untilSleeping(on: clock)
    await clock.advance(by: Shell<Counter>.noticeDuration)
    await store.receive(.noticeExpired) { $0.banner = nil }
    // The timer's task ends just after it sends.
    await store.finish()
  }

  @Test func redrawIsRequestedUntilTheRuntimeHasDoneIt() async {
    let store = makeStore(clock: TestClock())
    await store.send(.redrawRequested) { $0.isRedrawRequested = true }
    await store.send(.redrawFinished) { $0.isRedrawRequested = false }
  }

  /// Yields until the notice's timer sleeps on `clock`: effects start on
  /// their own tasks, maybe after `send` returns.
  func untilSleeping(on clock: TestClock<Duration>) async {
    let deadline = ContinuousClock.now.advanced(by: .seconds(30))
    var turns = 0
    // checkSuspension throws exactly when something sleeps on the clock.
    while (try? await clock.checkSuspension()) != nil {
      // 30 s and 100 000 turns, whichever is last: other tests on the main
      // actor take theirs at each yield, and that time is not this test's.
      turns += 1
      guard turns < 100_000 || ContinuousClock.now < deadline else {
        Issue.record("Nothing is asleep on the test clock")
        return
      }
    }
  }
}

/// Alerts and confirmation dialogs are keyed the same way, for any app.
@MainActor
@Suite struct AlertPresentationTests {
  enum Choice: Equatable, Sendable { case duplicate }

  @Test func aDialogsButtonsSendTheirActionsAndEscCancels() {
    let dialog = ConfirmationDialogState<Choice>(
      title: "Keyboard", buttons: [.default("Duplicate", action: .duplicate)])
    let presentation = AlertPresentation(dialog) { $0 }
    #expect(presentation.buttons.map(\.label) == ["Duplicate", "Cancel"])
    #expect(presentation.defaultFocus == 1)
    #expect(presentation.press(0) == .presented(.duplicate))
    #expect(presentation.press(1) == .dismiss)
    #expect(presentation.cancel == .dismiss)
    let keymap: Keymap<Shell<Counter>.Action> = AlertOverlay.keymap(
      AlertPresentation(dialog) { _ in .app(.increment) }, focus: 0)
    #expect(keymap.action(for: .char("d")) == .app(.increment))
    #expect(
      keymap.action(for: .right) == .alertFocusMoved(AlertFocus(alertID: dialog.id, index: 1)))
  }
}
