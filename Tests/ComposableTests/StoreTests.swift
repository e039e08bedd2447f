import Composable
import Testing

@CasePathable
enum Step: Equatable {
  case a
  case b
  case c
  case fanOut
  case runTwice
  case reenter
}

/// Watches the reducer and observers from the outside: what ran, in which
/// order, and whether any call started inside another.
final class Probe {
  var depth = 0
  var maxDepth = 0
  var observerDepth = 0
  var maxObserverDepth = 0
  var notifications: [[String]] = []
  weak var store: Store<Trace, Step>?
}

@MainActor
struct StoreTests {
  let probe = Probe()

  func makeStore() -> Store<Trace, Step> {
    let probe = self.probe
    let store = Store(
      initialState: Trace(),
      reducer: Reduce<Trace, Step> { state, action in
        probe.depth += 1
        defer { probe.depth -= 1 }
        probe.maxDepth = max(probe.maxDepth, probe.depth)
        state.log.append("\(action)")
        switch action {
        case .a: return .send(.b)
        case .fanOut: return .merge(.send(.b), .send(.c))
        case .runTwice:
          return .run { send in
            await send(.b)
            await send(.c)
          }
        case .reenter:
          // A send while the store is reducing: must wait its turn.
          MainActor.assumeIsolated { _ = probe.store?.send(.c) }
          state.log.append("reenter done")
          return .none
        case .b, .c: return .none
        }
      })
    probe.store = store
    return store
  }

  @Test func sendFromInsideReduceIsQueuedNotNested() {
    let store = makeStore()
    store.send(.reenter)
    #expect(store.state.log == ["reenter", "reenter done", "c"])
    #expect(probe.maxDepth == 1)
  }

  @Test func sendEffectsAreProcessedInOrderOneAtATime() {
    let store = makeStore()
    store.send(.a)
    store.send(.fanOut)
    #expect(store.state.log == ["a", "b", "fanOut", "b", "c"])
    #expect(probe.maxDepth == 1)
  }

  @Test func observersAreNotifiedOncePerBatch() async {
    let store = makeStore()
    var count = 0
    let observation = store.observe { count += 1 }
    store.send(.fanOut)  // three actions, one batch
    #expect(count == 1)
    // The `.runTwice` batch, then one batch per action the effect sends.
    await store.send(.runTwice).finish()
    #expect(count == 4)
    #expect(store.state.log == ["fanOut", "b", "c", "runTwice", "b", "c"])
    observation.cancel()
    store.send(.c)
    #expect(count == 4)
  }

  @Test func observersAreToldInTheOrderTheyWereAdded() {
    let store = makeStore()
    var order: [Int] = []
    let observations = (0..<20).map { i in store.observe { order.append(i) } }
    store.send(.c)
    #expect(order == Array(0..<20))
    // Removing one keeps the others' order.
    observations[7].cancel()
    order = []
    store.send(.c)
    #expect(order == Array(0..<20).filter { $0 != 7 })
    _ = observations
  }

  @Test func releasingTheObservationStopsNotifications() {
    let store = makeStore()
    var count = 0
    var observation: StoreObservation? = store.observe { count += 1 }
    store.send(.c)
    #expect(count == 1)
    observation = nil
    store.send(.c)
    #expect(count == 1)
    _ = observation
  }

  @Test func sendFromAnObserverIsQueuedNotNested() {
    let store = makeStore()
    let probe = self.probe
    let observation = store.observe { [weak store] in
      probe.observerDepth += 1
      defer { probe.observerDepth -= 1 }
      probe.maxObserverDepth = max(probe.maxObserverDepth, probe.observerDepth)
      probe.notifications.append(store?.state.log ?? [])
      if probe.notifications.count == 1 { store?.send(.c) }
    }
    store.send(.a)
    // The observer's send becomes a batch of its own, after the first
    // notification finished, with its own notification.
    #expect(probe.notifications == [["a", "b"], ["a", "b", "c"]])
    #expect(probe.maxObserverDepth == 1)
    #expect(probe.maxDepth == 1)
    observation.cancel()
  }

  @Test func scopedStoreReadsChildStateAndSendsChildActions() {
    let store = Store(initialState: ParentWithChild.State(), reducer: ParentWithChild())
    let child = store.scope(state: \.child, action: \.child)
    var parentNotifications = 0
    let observation = store.observe { parentNotifications += 1 }
    child.send(.increment)
    child.send(.increment)
    #expect(child.state.count == 2)
    #expect(child.count == 2)
    #expect(store.state.child.count == 2)
    #expect(store.state.parentCount == 0)
    #expect(parentNotifications == 2)
    // The child store always shows the parent's current state.
    store.send(.child(.increment))
    #expect(child.state.count == 3)
    observation.cancel()
  }

  @Test func scopingToPresentedStateFollowsPresentation() {
    let store = Store(initialState: SheetParent.State(), reducer: SheetParent())
    var sheet: Store<Child.State, Child.Action>? = store.scope(state: \.child, action: \.child)
    #expect(sheet == nil)
    store.send(.present(id: 7))
    sheet = store.scope(state: \.child, action: \.child)
    sheet?.send(.increment)
    #expect(sheet?.state == Child.State(id: 7, count: 1))
    #expect(store.state.child?.count == 1)
  }

  @Test func storeTaskCancelCancelsTheSendsEffects() async {
    let store = Store(initialState: EffectLab.State(), reducer: EffectLab()) {
      $0.continuousClock = EffectClock()
    }
    let task = store.send(.startTimer("a"))
    #expect(store.runningEffectCount == 1)
    task.cancel()
    #expect(task.isCancelled)
    // Counted out at once, though the task may take a moment to wind down.
    #expect(store.runningEffectCount == 0)
    await task.finish()
  }

  /// Released, a store cancels what it runs: the timer's task ends (it
  /// would wait for ever on a clock nobody advances).
  @Test func releasingTheStoreCancelsItsEffects() async {
    var store: Store<EffectLab.State, EffectLab.Action>? = Store(
      initialState: EffectLab.State(), reducer: EffectLab()
    ) {
      $0.continuousClock = EffectClock()
    }
    let task = store?.send(.startTimer("a"))
    #expect(store?.runningEffectCount == 1)
    store = nil
    #expect(await Self.ends(task), "the effect outlived its store")
  }

  /// Also while a concatenation waits on one of its effects.
  @Test func releasingTheStoreCancelsAConcatenationItRuns() async {
    var store: Store<EffectLab.State, EffectLab.Action>? = Store(
      initialState: EffectLab.State(), reducer: EffectLab()
    ) {
      $0.continuousClock = EffectClock()
    }
    let task = store?.send(.concatenateRuns)
    // The concatenation under way: its first effect started, waited on.
    while store?.runningEffectCount ?? 0 < 2 { await Task.yield() }
    store = nil
    #expect(await Self.ends(task), "the concatenation outlived its store")
  }

  /// Whether `task` ends: whichever comes first, its end or a bound on a
  /// failure. The sleep synchronises nothing: a passing test never waits
  /// for it; it turns an effect that never ends into a failure, not a hang.
  static func ends(_ task: StoreTask?) async -> Bool {
    let (outcome, report) = AsyncStream.makeStream(of: Bool.self)
    Task { @MainActor in
      await task?.finish()
      report.yield(true)
    }
    Task {
      try? await Task.sleep(for: .seconds(30))
      report.yield(false)
    }
    var first = outcome.makeAsyncIterator()
    return await first.next() == true
  }

  @Test func cancelledEffectsStopCountingAtOnce() async {
    let store = Store(initialState: EffectLab.State(), reducer: EffectLab()) {
      $0.continuousClock = EffectClock()
    }
    let task = store.send(.startTimer("a"))
    store.send(.cancelTimer)
    #expect(store.runningEffectCount == 0)
    await task.finish()
    #expect(store.state.log.isEmpty)
  }

  @Test func effectsFeedActionsBack() async {
    let store = makeStore()
    let task = store.send(.runTwice)
    #expect(store.runningEffectCount == 1)
    await task.finish()
    #expect(store.state.log == ["runTwice", "b", "c"])
    #expect(store.runningEffectCount == 0)
  }
}
