import Clocks
import StandupsCore
import StandupsTUI
import TerminalApp
import TerminalUI
import Testing

/// Ctrl-L through the runtime's loop: the whole screen drawn again, from
/// any screen, sheet or field, and listed in help with the other app keys.
@MainActor
@Suite struct RedrawTests {
  func makeLoop() -> (StandupsRuntime, InMemoryBackend) {
    let store = Store(
      initialState: Shell<AppFeature>.State(app: appState([.mock])), reducer: Shell(AppFeature()),
      withDependencies: {
        $0.uuid = .incrementing
        $0.continuousClock = TestClock()
      })
    let backend = InMemoryBackend(size: .large, whenScriptEnds: .terminate)
    let runtime = StandupsRuntime(
      store: store, view: standupsView, memory: ViewMemory(), backend: backend)
    return (runtime, backend)
  }

  @Test func ctrlLForgetsTheScreenAndDrawsItWhole() async {
    let (runtime, backend) = makeLoop()
    backend.press(.ctrl("l"))
    await runtime.run()
    #expect(backend.forgetScreenCount == 1)
    // The first frame, then the same frame again over whatever was there.
    #expect(backend.frames.count == 2)
    #expect(backend.frames.last == backend.frames.first)
    #expect(!runtime.store.state.isRedrawRequested)
  }

  @Test func ctrlLInATextFieldTypesNothing() async {
    let (runtime, backend) = makeLoop()
    backend.press(.char("a"), .char("X"), .ctrl("l"), .char("Y"))
    await runtime.run()
    #expect(backend.forgetScreenCount == 1)
    guard case .add(let form) = runtime.state.standupsList.destination else {
      Issue.record("the add sheet is not up")
      return
    }
    #expect(form.standup.title == "XY")
  }

  @Test func messagesAndTheQuitWarningStay() {
    let (runtime, backend) = makeRuntime(appState([.mock]))
    runtime.press(.char("a"))
    runtime.type("X")
    runtime.press(.ctrl("c"))
    #expect(runtime.store.state.isQuitWarningShown)
    runtime.press(.ctrl("l"))
    #expect(runtime.store.state.isQuitWarningShown)
    #expect(backend.shows("again quits"), "\(backend.lines)")
    // So the next Ctrl-C quits, as the warning says.
    runtime.press(.ctrl("c"))
    #expect(runtime.isFinished)
  }

  @Test func helpListsIt() async {
    let (runtime, backend) = makeLoop()
    backend.press(.char("?"))
    await runtime.run()
    #expect(backend.shows("ctrl+l"))
    #expect(backend.shows("redraw"))
  }
}
