import Clocks
import ComposableTesting
import Foundation
import TerminalApp
import Testing

extension ShellTests {
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
      Shell(Counter(), unsavedWork: { $0.count > 0 ? UnsavedWork("the count") : nil })
    } withDependencies: {
      $0.continuousClock = clock
    }
  }

  static let quitWarning = "Unsaved: ctrl+c again quits, ctrl+s saves the count"

  /// The quit key with unsaved work: the warning shows, nothing quits.
  func pressQuitAndSeeTheWarning(
    _ store: TestStore<Shell<Counter>.State, Shell<Counter>.Action>
  ) async {
    await store.send(.quitPressed) {
      $0.banner = .notice(Self.quitWarning)
      $0.isQuitWarningShown = true
    }
  }

  /// Over full help, the warning closes help: the keys it offers (save)
  /// are the sheet's, which help would take.
  @Test func theQuitWarningClosesHelp() async {
    let store = makeStoreWithUnsavedWork()
    await store.send(.helpToggled) { $0.isHelpShown = true }
    await store.send(.quitPressed) {
      $0.banner = .notice(Self.quitWarning)
      $0.isQuitWarningShown = true
      $0.isHelpShown = false
    }
    await store.send(.quitPressed) { $0.isQuitRequested = true }
    await store.skipInFlightEffects()
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
      $0.banner = .notice(Self.quitWarning)
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
}
