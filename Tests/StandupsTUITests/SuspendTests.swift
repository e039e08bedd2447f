import Clocks
import StandupsCore
import StandupsTUI
import TerminalApp
import TerminalUI
import Testing

/// Ctrl-Z and SIGTSTP through the runtime's loop, on the in-memory terminal.
@MainActor
@Suite struct SuspendTests {
  /// A loop over `state` that ends when its script does; `steps` records
  /// the flush before stopping and the stop itself, in order.
  func makeLoop(
    _ state: AppFeature.State = appState([.mock]), steps: Steps = Steps()
  ) -> (StandupsRuntime, InMemoryBackend) {
    let store = Store(
      initialState: Shell<AppFeature>.State(app: state), reducer: Shell(AppFeature()),
      withDependencies: {
        $0.uuid = .incrementing
        $0.continuousClock = TestClock()
      })
    let backend = InMemoryBackend(size: .large, whenScriptEnds: .terminate)
    backend.whileSuspended = { _ in steps.list.append("stopped") }
    let runtime = StandupsRuntime(
      store: store, view: standupsView, memory: ViewMemory(), backend: backend,
      beforeSuspending: { steps.list.append("flushed") })
    return (runtime, backend)
  }

  @MainActor final class Steps { var list: [String] = [] }

  @Test func ctrlZSavesThenStopsThenRedrawsAtTheSizeTheTerminalHasNow() async {
    let steps = Steps()
    let (runtime, backend) = makeLoop(steps: steps)
    backend.whileSuspended = { backend in
      steps.list.append("stopped")
      // Resized while stopped: no resize event reaches the program.
      backend.resizeSilently(to: .small)
    }
    backend.press(.ctrl("z"))
    await runtime.run()

    #expect(steps.list == ["flushed", "stopped"])
    #expect(backend.suspendCount == 1)
    #expect(backend.frames.map(\.size) == [.large, .small])
    #expect(backend.shows("Design"))
  }

  @Test func sigtstpFromOutsideSuspendsLikeCtrlZ() async {
    let steps = Steps()
    let (runtime, backend) = makeLoop(steps: steps)
    backend.enqueue(.suspend)
    await runtime.run()
    #expect(steps.list == ["flushed", "stopped"])
    #expect(backend.suspendCount == 1)
    // The whole screen is drawn again once continued.
    #expect(backend.frames.count == 2)
  }

  @Test func keysInTheSameBatchAsCtrlZAreNotLost() async {
    let (runtime, backend) = makeLoop(appState([.mock, .engineeringMock]))
    backend.enqueue(.key(.ctrl("z")), .key(.char("j")))
    await runtime.run()
    #expect(backend.suspendCount == 1)
    #expect(runtime.state.standupsList.selection == Standup.engineeringMock.id)
  }

  @Test func ctrlZSuspendsFromATextFieldToo() async {
    let (runtime, backend) = makeLoop()
    backend.press(.char("a"))
    backend.type("Re")
    backend.press(.ctrl("z"))
    backend.type("tro")
    await runtime.run()
    #expect(backend.suspendCount == 1)
    guard case .add(let form) = runtime.state.standupsList.destination else {
      Issue.record("the add sheet closed")
      return
    }
    #expect(form.standup.title == "Retro")
  }

  @Test func withoutJobControlANoticeShowsUntilTheNextKeyOrAFewSeconds() async {
    let steps = Steps()
    let (runtime, backend) = makeLoop(steps: steps)
    backend.hasJobControl = false
    backend.press(.ctrl("z"), .char("j"))
    await runtime.run()

    #expect(backend.suspendCount == 0)
    let screens = backend.frames.map { $0.composited().text }
    #expect(screens.count == 3)
    #expect(!screens[0].contains("Can't suspend"))
    #expect(screens[1].contains("Can't suspend: no job control here"))
    #expect(!screens[2].contains("Can't suspend"))
  }

  /// The loop runs until the shell's state says quit: `q` on the list, Ctrl-C
  /// anywhere, SIGTERM. The script never ends by itself here (`.wait`), so a
  /// quit that did not end the loop would hang the test.
  @Test(arguments: [[Key.char("q")], [.char("a"), .ctrl("c")]])
  func quittingEndsTheLoop(keys: [Key]) async {
    let store = Store(
      initialState: Shell<AppFeature>.State(app: appState([.mock])), reducer: Shell(AppFeature()),
      withDependencies: { $0.uuid = .incrementing })
    let backend = InMemoryBackend(size: .large, whenScriptEnds: .wait)
    let runtime = StandupsRuntime(
      store: store, view: standupsView, memory: ViewMemory(), backend: backend)
    for key in keys { backend.press(key) }
    await runtime.run()
    #expect(store.state.isQuitRequested)
    #expect(backend.pendingBatches.isEmpty)
  }

  @Test func fullHelpListsCtrlZ() {
    let (runtime, backend) = makeRuntime(appState([.mock]))
    runtime.press(.char("?"))
    #expect(backend.shows("ctrl+z suspend"))
    #expect(backend.shows("ctrl+c quit"))
  }
}
