import Composable
import ComposableTesting
import Testing

@MainActor
struct StackTests {
  let clock = EffectClock()

  /// An autoclosure, so an initial stack is built under the store's dependencies.
  func makeStore(
    _ state: @autoclosure () -> StackParent.State = StackParent.State()
  ) -> TestStore<StackParent.State, StackParent.Action> {
    TestStore(initialState: state()) {
      StackParent()
    } withDependencies: { [clock] in
      $0.continuousClock = clock
    }
  }

  @Test func idsComeFromTheGeneratorStartingAtZero() async {
    let store = makeStore()
    await store.send(.pushTapped) { $0.path.append(Child.State(id: 0)) }
    await store.send(.pushTapped) { $0.path.append(Child.State(id: 1)) }
    #expect(store.state.path.ids == [0, 1])
    // Popping and pushing again never reuses an id.
    await store.send(.popLast) { $0.path.removeLast() }
    await store.send(.pushTapped) { $0.path.append(Child.State(id: 1)) }
    #expect(store.state.path.ids == [0, 2])
  }

  @Test func receivedPushesAreAssertedWithTheIdsTheReducerGave() async {
    let store = makeStore()
    await store.send(.pushTwice)
    await store.receive(.pushTapped) { $0.path.append(Child.State(id: 0)) }
    await store.receive(.pushTapped) { $0.path.append(Child.State(id: 1)) }
    #expect(store.state.path.ids == [0, 1])
  }

  @Test func pushingOntoAnInitialStackGetsAFreshID() async {
    let store = makeStore(StackParent.State(path: [Child.State(id: 0)]))
    await store.send(.pushTapped) { $0.path.append(Child.State(id: 1)) }
    #expect(store.state.path.count == 2)
    #expect(Set(store.state.path.ids).count == 2)
  }

  @Test func poppingCancelsThePoppedElementsEffects() async {
    let store = makeStore()
    await store.send(.pushTapped) { $0.path.append(Child.State(id: 0)) }
    await store.send(.path(.element(id: 0, action: .startTimer)))
    await clock.advance(by: .seconds(1))
    await store.receive(.path(.element(id: 0, action: .tick))) { $0.path[id: 0]?.ticks = 1 }
    await store.send(.popLast) { $0.path.removeLast() }
    // A tick now would be unreceived, and reported as an action for a missing element.
    await clock.advance(by: .seconds(5), asleep: 0)
  }

  @Test func popFromRemovesTheElementAndEverythingAbove() async {
    let store = makeStore()
    for id in 0..<3 {
      await store.send(.pushTapped) { $0.path.append(Child.State(id: id)) }
    }
    await store.send(.path(.element(id: 0, action: .startTimer)))
    await store.send(.path(.element(id: 2, action: .startTimer)))
    await store.send(.path(.popFrom(id: 1))) {
      $0.path.pop(from: 1)
      // The parent ran before the pop.
      $0.log = ["popFrom 1 depth=3"]
    }
    #expect(store.state.path.ids == [0])
    await clock.advance(by: .seconds(1))
    // Only the element that stayed still ticks.
    await store.receive(.path(.element(id: 0, action: .tick))) { $0.path[id: 0]?.ticks = 1 }
    await store.send(.path(.element(id: 0, action: .stopTimer)))
  }

  @Test func dismissFromAnElementPopsIt() async {
    let store = makeStore()
    await store.send(.pushTapped) { $0.path.append(Child.State(id: 0)) }
    await store.send(.pushTapped) { $0.path.append(Child.State(id: 1)) }
    await store.send(.path(.element(id: 1, action: .closeTapped)))
    await store.receive(.path(.popFrom(id: 1))) {
      $0.path.pop(from: 1)
      $0.log = ["popFrom 1 depth=2"]
    }
    await store.send(.path(.element(id: 0, action: .closeTapped)))
    await store.receive(.path(.popFrom(id: 0))) {
      $0.path.removeAll()
      $0.log.append("popFrom 0 depth=1")
    }
    #expect(!store.isDismissed)
  }

  @Test func elementOfTheInitialStackCanDismissItself() async {
    // A deep link builds the stack up front; `dismiss()` must still pop.
    let store = makeStore(StackParent.State(path: [Child.State(id: 0), Child.State(id: 1)]))
    await store.send(.path(.element(id: 1, action: .closeTapped)))
    await store.receive(.path(.popFrom(id: 1))) {
      $0.path.removeLast()
      $0.log = ["popFrom 1 depth=2"]
    }
  }

  @Test func pushActionAppendsWithTheGivenID() async {
    let store = makeStore()
    await store.send(.path(.push(id: 0, state: Child.State(id: 9)))) {
      $0.path.append(Child.State(id: 9), id: 0)
    }
    await withKnownIssue {
      await store.send(.path(.push(id: 0, state: Child.State(id: 3))))
    } matching: {
      $0.mentions("already contains")
    }
    #expect(store.state.path.ids == [0])
  }

  @Test func idsAppendedAfterAPushWithAnIDAreAboveIt() async {
    let store = makeStore()
    await withKnownIssue {
      // In a test, ids come from the store's generator in order.
      await store.send(.path(.push(id: 1, state: Child.State(id: 9)))) {
        $0.path.append(Child.State(id: 9), id: 1)
      }
    } matching: {
      $0.mentions("unexpected generational ID")
    }
    // The generator was at 0: without moving past the pushed id it would hand
    // out 0, then 1, which the stack already has.
    await store.send(.pushTapped) { $0.path.append(Child.State(id: 1)) }
    await store.send(.pushTapped) { $0.path.append(Child.State(id: 2)) }
    #expect(store.state.path.ids == [1, 2, 3])
  }

  @Test func actionForAMissingElementIsReported() async {
    let store = makeStore()
    await withKnownIssue {
      await store.send(.path(.element(id: 7, action: .increment)))
    } matching: {
      $0.mentions("missing element")
    }
    #expect(store.state.path.isEmpty)
  }

  @Test func sameCancelIDInTwoElementsIsIndependent() async {
    let store = makeStore()
    await store.send(.pushTapped) { $0.path.append(Child.State(id: 0)) }
    await store.send(.pushTapped) { $0.path.append(Child.State(id: 1)) }
    // Both timers use `Child.CancelID.timer`; staggered so ticks arrive in a known order.
    await store.send(.path(.element(id: 0, action: .startTimer)))
    await clock.advance(by: .milliseconds(500))
    await store.send(.path(.element(id: 1, action: .startTimer)))
    await clock.advance(by: .milliseconds(500), asleep: 2)
    await store.receive(.path(.element(id: 0, action: .tick))) { $0.path[id: 0]?.ticks = 1 }
    await clock.advance(by: .milliseconds(500), asleep: 2)
    await store.receive(.path(.element(id: 1, action: .tick))) { $0.path[id: 1]?.ticks = 1 }
    // Stopping or restarting (cancelInFlight) one timer leaves the other alone.
    await store.send(.path(.element(id: 0, action: .stopTimer)))
    await clock.advance(by: .seconds(1))
    await store.receive(.path(.element(id: 1, action: .tick))) { $0.path[id: 1]?.ticks = 2 }
    await clock.advance(by: .milliseconds(250))
    await store.send(.path(.element(id: 0, action: .startTimer)))
    await clock.advance(by: .milliseconds(750), asleep: 2)
    await store.receive(.path(.element(id: 1, action: .tick))) { $0.path[id: 1]?.ticks = 3 }
    await clock.advance(by: .milliseconds(250), asleep: 2)
    await store.receive(.path(.element(id: 0, action: .tick))) { $0.path[id: 0]?.ticks = 2 }
    await store.send(.path(.popFrom(id: 0))) {
      $0.path.removeAll()
      $0.log = ["popFrom 0 depth=2"]
    }
  }

  @Test func stackStateKeepsIdsThroughEdits() {
    var stack = withDependencies {
      $0.stackElementID = StackElementIDGenerator()
    } operation: {
      StackState([10, 20, 30])
    }
    #expect(stack.ids == [0, 1, 2])
    #expect(stack[id: 1] == 20)
    stack[id: 1] = 21
    #expect(Array(stack) == [10, 21, 30])
    stack.pop(to: 0)
    #expect(stack.ids == [0])
    // Equal elements under different ids are different stacks.
    var other = StackState<Int>()
    other.append(10, id: 9)
    #expect(stack != other)
  }
}
