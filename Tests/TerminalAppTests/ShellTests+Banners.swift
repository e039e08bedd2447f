import Clocks
import ComposableTesting
import Foundation
import TerminalApp
import Testing

extension ShellTests {
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

  /// Read-only while another has the file, until an increment says the
  /// status is over and "Saved from now on" replaces it.
  func readOnlyEndingOnIncrement(clock: TestClock<Duration>) -> TestStore<
    Shell<Counter>.State, Shell<Counter>.Action
  > {
    TestStore(
      initialState: Shell<Counter>.State(
        app: Counter.State(), status: "Read-only: another has it open")
    ) {
      Shell(Counter()) { action in
        action == .increment
          ? .resolveStatus(prefixes: ["Read-only: another"], then: .notice("Saved from now on"))
          : nil
      }
    } withDependencies: {
      $0.continuousClock = clock
    }
  }

  /// A status that is over, replaced by a notice saying what holds now (a
  /// follower that took the file's lock: read-only no more).
  @Test func aStatusCanBeReplacedByANotice() async {
    let clock = TestClock()
    let store = readOnlyEndingOnIncrement(clock: clock)
    await store.send(.bannerShown(.error("Read-only: another has it open"))) {
      $0.banner = .error("Read-only: another has it open")
    }
    await store.send(.app(.increment)) {
      $0.app.count = 1
      $0.status = nil
      $0.banner = .notice("Saved from now on")
    }
    await untilSleeping(on: clock)
    await clock.advance(by: Shell<Counter>.noticeDuration)
    await store.receive(.noticeExpired) { $0.banner = nil }
    #expect(store.state.bannerText == nil)
    await store.finish()
  }

  /// Another error on the banner line (a conflict) is not what the status
  /// said: it stays, and the notice waits its turn.
  @Test func replacingAStatusLeavesAnotherError() async {
    let store = readOnlyEndingOnIncrement(clock: TestClock())
    await store.send(.bannerShown(.error("Changed elsewhere too: o opens yours"))) {
      $0.banner = .error("Changed elsewhere too: o opens yours")
    }
    await store.send(.app(.increment)) {
      $0.app.count = 1
      $0.status = nil
      $0.queuedBanners = [.notice("Saved from now on")]
    }
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

  /// Going offline (or read-only) shows at once, in front of a banner that
  /// waits for a key (a conflict's), which comes back after it; a key's
  /// warning stays in front.
  @Test func aNewStatusShowsInFrontOfTheBannerOnScreen() async {
    let store = TestStore(initialState: Shell<Counter>.State(app: Counter.State())) {
      Shell(Counter()) { action in
        action == .increment
          ? .showWithStatus(.error("Offline: the connection was lost"), status: "Offline")
          : .showStatus("Read-only: a newer schema")
      }
    }
    await store.send(.bannerShown(.error("Changed elsewhere too: o opens yours"))) {
      $0.banner = .error("Changed elsewhere too: o opens yours")
    }
    await store.send(.app(.increment)) {
      $0.app.count = 1
      $0.status = "Offline"
      $0.banner = .error("Offline: the connection was lost")
      $0.queuedBanners = [.error("Changed elsewhere too: o opens yours")]
    }
    await store.send(.keyPressed) { $0.banner = nil }
    await store.send(.keyHandled) {
      $0.banner = .error("Changed elsewhere too: o opens yours")
      $0.queuedBanners = []
    }
    await store.send(.app(.decrement)) {
      $0.app.count = 0
      $0.status = "Read-only: a newer schema"
      $0.banner = .error("Read-only: a newer schema")
      $0.queuedBanners = [.error("Changed elsewhere too: o opens yours")]
    }
  }

  /// A status that replaces another (a refusal in place of "Offline: …")
  /// shows at once, the older banner gone rather than waiting for a key; a
  /// banner about something else still waits its turn.
  @Test func aReplacingStatusShowsAtOnce() async {
    var initial = Shell<Counter>.State(
      app: Counter.State(), status: "Offline: changes are sent later")
    initial.banner = .error("Offline: the connection was lost")
    initial.queuedBanners = [.notice("Copied")]
    let store = TestStore(initialState: initial) {
      Shell(Counter()) { _ in
        .replaceWithStatus(
          prefixes: ["Offline:"], banner: .error("Still offline: refused"),
          status: "Still offline: refused")
      }
    }
    await store.send(.app(.increment)) {
      $0.app.count = 1
      $0.banner = .error("Still offline: refused")
      $0.status = "Still offline: refused"
    }
    // Said again: nothing new.
    await store.send(.app(.increment)) { $0.app.count = 2 }
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
}
