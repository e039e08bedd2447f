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
