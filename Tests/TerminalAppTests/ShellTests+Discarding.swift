import Clocks
import ComposableTesting
import TerminalApp
import Testing

/// A form's cancel key (here `.decrement`, taking the count back to zero)
/// warns before it discards unsaved work, as the quit key does.
extension ShellTests {
  static let discardWarning = "Unsaved: esc again discards, ctrl+s saves the count"

  func pressCancelAndSeeTheWarning(
    _ store: TestStore<Shell<Counter>.State, Shell<Counter>.Action>
  ) async {
    await store.send(.discardPressed(.decrement)) {
      $0.banner = .notice(Self.discardWarning)
      $0.isDiscardWarningShown = true
    }
  }

  @Test func theCancelKeyActsAtOnceWhenNothingIsUnsaved() async {
    let store = makeStore()
    await store.send(.discardPressed(.decrement)) { $0.app.count = -1 }
  }

  @Test func withUnsavedWorkTheCancelKeyWarnsAndDiscardsWhenPressedAgain() async {
    let store = makeStoreWithUnsavedWork()
    await pressCancelAndSeeTheWarning(store)
    #expect(store.state.app.count == 1)
    // The runtime leaves the warning to the shell for this key: it goes
    // with the form.
    await store.send(.discardPressed(.decrement)) {
      $0.app.count = 0
      $0.banner = nil
      $0.isDiscardWarningShown = false
    }
    // Nothing is unsaved any more: the next press acts at once.
    await store.send(.discardPressed(.increment)) { $0.app.count = 1 }
  }

  @Test func anyOtherKeyAfterTheCancelWarningTakesItBack() async {
    let store = makeStoreWithUnsavedWork()
    await pressCancelAndSeeTheWarning(store)
    await store.send(.keyPressed) {
      $0.banner = nil
      $0.isDiscardWarningShown = false
    }
    await store.send(.app(.increment)) { $0.app.count = 2 }
    await store.send(.keyHandled)
    // So the cancel key warns again rather than discarding.
    await pressCancelAndSeeTheWarning(store)
    await store.skipInFlightEffects()
  }

  /// A form that cannot be saved as it is is not offered a save.
  @Test func theCancelWarningOfAFormThatCannotBeSavedOffersNoSave() async {
    let store = TestStore(initialState: Shell<Counter>.State(app: Counter.State(count: 1))) {
      Shell(
        Counter(), unsavedWork: { $0.count > 0 ? UnsavedWork("the count", needs: "a name") : nil })
    } withDependencies: {
      $0.continuousClock = TestClock()
    }
    await store.send(.discardPressed(.decrement)) {
      $0.banner = .notice("Unsaved: esc again discards the count (it needs a name)")
      $0.isDiscardWarningShown = true
    }
    await store.send(.quitPressed) {
      $0.banner = .notice("Unsaved: ctrl+c again quits and discards the count (it needs a name)")
      $0.isDiscardWarningShown = false
      $0.isQuitWarningShown = true
    }
    await store.skipInFlightEffects()
  }

  /// A banner that came while the warning showed, or was up before it,
  /// shows once the form is discarded.
  @Test func aBannerWaitingBehindTheCancelWarningShowsOnceDiscarded() async {
    let store = makeStoreWithUnsavedWork()
    await store.send(.bannerShown(.error("Offline"))) { $0.banner = .error("Offline") }
    await store.send(.keyPressed) { $0.banner = nil }
    await pressCancelAndSeeTheWarning(store)
    await store.send(.bannerShown(.error("Not saved"))) {
      $0.queuedBanners = [.error("Not saved")]
    }
    await store.send(.discardPressed(.decrement)) {
      $0.app.count = 0
      $0.banner = .error("Not saved")
      $0.queuedBanners = []
      $0.isDiscardWarningShown = false
    }
  }

  /// One warning at a time: the quit key's replaces the cancel key's,
  /// which is not kept to come back after it.
  @Test func theQuitWarningReplacesTheCancelWarning() async {
    let store = makeStoreWithUnsavedWork()
    await pressCancelAndSeeTheWarning(store)
    await store.send(.quitPressed) {
      $0.banner = .notice(Self.quitWarning)
      $0.isDiscardWarningShown = false
      $0.isQuitWarningShown = true
    }
    await store.send(.keyPressed) {
      $0.banner = nil
      $0.isQuitWarningShown = false
    }
    await store.send(.keyHandled)
  }

  @Test func theCancelWarningGoingAwayTakesItBack() async {
    let clock = TestClock()
    let store = makeStoreWithUnsavedWork(clock: clock)
    await pressCancelAndSeeTheWarning(store)
    await untilSleeping(on: clock)
    await clock.advance(by: Shell<Counter>.noticeDuration)
    await store.receive(.noticeExpired) {
      $0.banner = nil
      $0.isDiscardWarningShown = false
    }
    await pressCancelAndSeeTheWarning(store)
    await store.skipInFlightEffects()
  }

  /// Closing a form withdraws what its notices asked of it, shown or
  /// waiting behind a warning; other banners stay.
  @Test func closingAFormWithdrawsTheNoticesThatAskedSomethingOfIt() async {
    let store = TestStore(initialState: Shell<Counter>.State(app: Counter.State(count: 1))) {
      Shell(
        Counter(), messages: { $0 == .decrement ? .withdraw(endingWith: ["keep it"]) : nil },
        unsavedWork: { $0.count > 0 ? UnsavedWork("the count") : nil })
    } withDependencies: {
      $0.continuousClock = TestClock()
    }
    await pressCancelAndSeeTheWarning(store)
    await store.send(.bannerShown(.notice("Deleted elsewhere: save to keep it"))) {
      $0.queuedBanners = [.notice("Deleted elsewhere: save to keep it")]
    }
    await store.send(.bannerShown(.error("Offline"))) {
      $0.queuedBanners.append(.error("Offline"))
    }
    await store.send(.discardPressed(.decrement)) {
      $0.app.count = 0
      $0.banner = .error("Offline")
      $0.queuedBanners = []
      $0.isDiscardWarningShown = false
    }
    await store.send(.bannerShown(.notice("Deleted elsewhere: save to keep it"))) {
      $0.queuedBanners = [.notice("Deleted elsewhere: save to keep it")]
    }
    await store.send(.keyPressed) { $0.banner = nil }
    await store.send(.keyHandled) {
      $0.banner = .notice("Deleted elsewhere: save to keep it")
      $0.queuedBanners = []
    }
    await store.send(.app(.decrement)) {
      $0.app.count = -1
      $0.banner = nil
    }
  }
}
