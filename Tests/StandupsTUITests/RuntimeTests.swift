import Clocks
import Foundation
import StandupsCore
import StandupsTUI
import TerminalApp
import TerminalUI
import Testing

/// The runtime on a real store: keys in, state and screen out.
@MainActor
@Suite struct RuntimeTests {
  @Test func addStandupWithTitleAndTwoAttendees() {
    let (runtime, backend) = makeRuntime()
    #expect(backend.shows("No standups yet."))

    runtime.press(.char("a"))
    guard case .add(let form) = runtime.state.standupsList.destination else {
      Issue.record("no add sheet")
      return
    }
    #expect(form.focus == .title)
    #expect(backend.layerNames == ["screen", "sheet"])
    #expect(backend.shows("New standup"))

    runtime.type("Retro")
    runtime.press(.enter, .tab, .tab)  // title → length → theme → first attendee
    runtime.type("Blob")
    runtime.press(.ctrl("n"))  // adds an attendee and focuses it
    runtime.type("Blob Jr")
    #expect(backend.shows("Blob Jr"))
    runtime.press(.ctrl("s"))

    #expect(runtime.state.standupsList.destination == nil)
    #expect(
      runtime.state.standupsList.standups == [
        Standup(
          id: .init(UUID(0)),
          attendees: [
            Attendee(id: .init(UUID(1)), name: "Blob"),
            Attendee(id: .init(UUID(2)), name: "Blob Jr"),
          ],
          title: "Retro")
      ])
    #expect(runtime.state.standupsList.selection == Standup.ID(UUID(0)))
    #expect(backend.layerNames == ["screen"])
    #expect(backend.shows("Retro"))
    #expect(backend.shows("2 attendees"))
    #expect(backend.shows("1 standup"))
  }

  /// The keys of the frame on screen are reused only while it shows the
  /// state: a key that opens a sheet changes what the next key does, even
  /// before anything is drawn.
  @Test func keysBetweenFramesFollowTheState() {
    let (runtime, _) = makeRuntime()
    runtime.press(.char("a"), .char("q"))
    #expect(!runtime.isFinished)
    guard case .add(let form) = runtime.state.standupsList.destination else {
      Issue.record("no add sheet")
      return
    }
    #expect(form.standup.title == "q")
    runtime.press(.escape, .escape, .char("q"))
    #expect(runtime.isFinished)
  }

  @Test func saveWithoutTitleWarnsAndKeepsSheet() {
    let (runtime, backend) = makeRuntime()
    runtime.press(.char("a"), .ctrl("s"))
    guard case .add(let form) = runtime.state.standupsList.destination else {
      Issue.record("the sheet closed")
      return
    }
    #expect(form.isTitleMissing)
    #expect(backend.shows("A standup needs a title."))
    #expect(runtime.state.standupsList.standups.isEmpty)
  }

  @Test func escDismissesSheet() {
    let (runtime, backend) = makeRuntime()
    runtime.press(.char("a"))
    runtime.type("Temp")
    #expect(backend.shows("Temp"))
    runtime.press(.escape)
    #expect(backend.shows("Unsaved: esc again discards, ctrl+s saves the new standup"))
    #expect(backend.shows("Temp"))
    runtime.press(.escape)
    #expect(!backend.shows("Unsaved"))
    #expect(runtime.state.standupsList.destination == nil)
    #expect(runtime.state.standupsList.standups.isEmpty)
    #expect(backend.layerNames == ["screen"])
    #expect(!backend.shows("Temp"))
    #expect(backend.shows("No standups yet."))
    #expect(!runtime.isFinished)
  }

  @Test func helpTogglesAndEscClosesIt() {
    let (runtime, backend) = makeRuntime(appState([.mock]))
    runtime.press(.char("?"))
    #expect(runtime.ui.showsHelp)
    #expect(backend.layerNames == ["screen", "help"])
    runtime.press(.char("?"))
    #expect(!runtime.ui.showsHelp)
    #expect(backend.layerNames == ["screen"])

    runtime.press(.char("?"), .escape)
    #expect(!runtime.ui.showsHelp)
    #expect(backend.layerNames == ["screen"])
    #expect(!runtime.isFinished)
  }

  @Test func escClosesHelpOverDetailWithoutGoingBack() {
    let (runtime, backend) = makeRuntime(appState([.mock]))
    runtime.press(.enter, .char("?"))
    #expect(backend.layerNames == ["screen", "help"])
    runtime.press(.escape)
    #expect(runtime.state.path.count == 1)
    #expect(backend.layerNames == ["screen"])
    runtime.press(.escape)
    #expect(runtime.state.path.isEmpty)
  }

  @Test func qQuitsOnlyAtRoot() {
    let (runtime, _) = makeRuntime(appState([.mock]))
    runtime.press(.enter, .char("q"))
    #expect(!runtime.isFinished)
    runtime.press(.escape, .char("a"), .char("q"))
    #expect(!runtime.isFinished)
    guard case .add(let form) = runtime.state.standupsList.destination else {
      Issue.record("no sheet")
      return
    }
    #expect(form.standup.title == "q")  // typed, not a command
    runtime.press(.escape, .escape, .char("q"))
    #expect(runtime.isFinished)
  }

  @Test func ctrlCQuitsFromInsideASheet() {
    let (runtime, _) = makeRuntime()
    runtime.press(.char("a"))
    #expect(runtime.state.standupsList.destination != nil)
    runtime.press(.ctrl("c"))
    #expect(runtime.isFinished)
  }

  @Test func scriptedRunRendersOncePerBatch() async {
    let store = Store(
      initialState: Shell<AppFeature>.State(app: AppFeature.State()), reducer: Shell(AppFeature()),
      withDependencies: {
        $0.uuid = .incrementing
        $0.date.now = testNow
      })
    let backend = InMemoryBackend(size: .large, whenScriptEnds: .terminate)
    let runtime = StandupsRuntime(
      store: store, view: standupsView, memory: ViewMemory(), backend: backend)
    backend.press(.char("a"))
    backend.enqueue("Standup".map { .key(.char($0)) })  // one batch, one frame
    backend.press(.ctrl("s"))
    backend.enqueue(.key(.char("x")))  // not bound on the list: nothing changes
    await runtime.run()

    #expect(store.state.app.standupsList.standups.map(\.title) == ["Standup"])
    // The first frame, then one per batch that changed something.
    #expect(backend.frames.count == 4)
    #expect(backend.shows("Standup"))
    #expect(backend.pendingBatches.isEmpty)
  }

  @Test func resizeRedrawsAtNewSizeAndRecoversFromTooSmall() {
    let (runtime, backend) = makeRuntime(appState([.mock]))
    #expect(backend.lines.count == 24)
    for size in [Size(width: 30, height: 8), .small] {
      backend.resize(to: size)
      runtime.handle(.resize(size))
      runtime.render()
    }
    #expect(backend.frames.map(\.size) == [.large, Size(width: 30, height: 8), .small])
    let tooSmall = backend.frames[1].composited()
    #expect(tooSmall.lines.contains { $0.contains("terminal too small") })
    #expect(backend.lines.count == 12)
    #expect(backend.lines.allSatisfy { TextWidth.of($0) == 40 })
    #expect(backend.shows("Design"))
    #expect(!backend.shows("too small"))
  }

  @Test func whileTooSmallOnlyQuitAndSuspendAct() {
    let (runtime, backend) = makeRuntime(appState([.mock, .engineeringMock]))
    let tooSmall = Size(width: 20, height: 5)
    backend.resize(to: tooSmall)
    runtime.handle(.resize(tooSmall))
    runtime.render()
    let before = runtime.store.state
    // Delete (and confirm), add, open, move, help: none is on screen to act on.
    for key: Key in [.char("d"), .enter, .tab, .char("a"), .char("j"), .char("?"), .char("q")] {
      runtime.handle(.key(key))
      runtime.render()
    }
    #expect(runtime.store.state == before)
    #expect(backend.shows("terminal"))

    runtime.handle(.key(.ctrl("c")))
    #expect(runtime.store.state.isQuitRequested)
  }

  func addForm(_ runtime: StandupsRuntime) -> StandupForm.State? {
    guard case .add(let form) = runtime.state.standupsList.destination else { return nil }
    return form
  }

  func record(_ runtime: StandupsRuntime) -> RecordMeeting.State? {
    guard case .record(let state) = runtime.state.path.last else { return nil }
    return state
  }

  /// Lets effects run until `condition` holds; yields, never sleeps. Gives
  /// up only after 30 seconds *and* 100 000 turns: other tests on the main
  /// actor take theirs at each yield, for as long as they need (a fuzz
  /// session can hold it for seconds), and that time is not this test's.
  func settle(
    _ condition: () -> Bool, sourceLocation: SourceLocation = #_sourceLocation
  ) async {
    var patience = Patience()
    while !condition() {
      guard patience.lasts() else {
        Issue.record("Effects did not settle", sourceLocation: sourceLocation)
        return
      }
      await Task.yield()
    }
  }

  /// Yields until something sleeps on `clock` (the meeting timer), so that
  /// advancing it is sure to wake that sleeper — on a loaded machine the
  /// timer's task can start later than the keys that started it.
  func untilSleeping(
    on clock: TestClock<Duration>, sourceLocation: SourceLocation = #_sourceLocation
  ) async {
    var patience = Patience()
    // checkSuspension throws exactly when there is a sleeper; it yields first.
    while (try? await clock.checkSuspension()) != nil {
      guard patience.lasts() else {
        Issue.record("Nothing is asleep on the test clock", sourceLocation: sourceLocation)
        return
      }
    }
  }
}

/// How long a test waits for its effects: 30 seconds and 100 000 turns,
/// whichever is reached last.
struct Patience {
  private let deadline = ContinuousClock.now.advanced(by: .seconds(30))
  private var turns = 0

  /// Counts a turn; false once both limits are reached.
  mutating func lasts() -> Bool {
    turns += 1
    return turns < 100_000 || ContinuousClock.now < deadline
  }
}
