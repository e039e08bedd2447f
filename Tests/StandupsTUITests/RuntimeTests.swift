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
    runtime.press(.escape, .char("q"))
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
    runtime.press(.escape, .char("q"))
    #expect(runtime.isFinished)
  }

  @Test func ctrlCQuitsFromInsideASheet() {
    let (runtime, _) = makeRuntime()
    runtime.press(.char("a"))
    #expect(runtime.state.standupsList.destination != nil)
    runtime.press(.ctrl("c"))
    #expect(runtime.isFinished)
  }

  /// A sheet with changes is not dropped by one Ctrl-C: the first says what
  /// would be lost, the second quits; any other key or a paste in between
  /// takes the first back. The warning shows on a terminal too small for the sheet too.
  @Test func ctrlCInASheetWithChangesWarnsFirst() {
    let (runtime, backend) = makeRuntime(appState([.mock]))
    runtime.press(.char("a"))
    runtime.type("Retro")
    runtime.press(.ctrl("c"))
    #expect(!runtime.isFinished)
    #expect(backend.shows("Unsaved: ctrl+c again quits, ctrl+s saves the new standup"))
    runtime.press(.char("s"))
    #expect(!backend.shows("Unsaved"))
    runtime.press(.ctrl("c"))
    #expect(!runtime.isFinished)
    runtime.handle(.paste(" 2"))
    runtime.press(.ctrl("c"))
    #expect(!runtime.isFinished)
    runtime.press(.ctrl("c"))
    #expect(runtime.isFinished)

    let (edit, small) = makeRuntime(appState([.mock]), size: Size(width: 40, height: 12))
    edit.press(.enter, .char("e"), .char("!"))
    let tooSmall = Size(width: 20, height: 6)
    small.resize(to: tooSmall)
    edit.handle(.resize(tooSmall))
    edit.press(.ctrl("c"))
    #expect(!edit.isFinished)
    #expect(small.shows("Unsaved: ctrl+c") && small.shows("again quits"))
    edit.press(.ctrl("c"))
    #expect(edit.isFinished)
  }

  /// Too small to show the sheet, the warning's save key saves as it says;
  /// without the warning, no key but quitting and suspending acts.
  @Test func theSaveKeyTheWarningOffersWorksWhileTooSmall() {
    let (runtime, backend) = makeRuntime(appState([.mock]), size: Size(width: 40, height: 12))
    runtime.press(.enter, .char("e"), .char("!"))
    let tooSmall = Size(width: 20, height: 6)
    backend.resize(to: tooSmall)
    runtime.handle(.resize(tooSmall))
    runtime.press(.ctrl("s"))
    #expect(
      runtime.state.path.last.flatMap { if case .detail(let d) = $0 { d } else { nil } }?
        .destination != nil, "ctrl+s before the warning does nothing")
    runtime.press(.ctrl("c"))
    #expect(backend.lines.joined(separator: " ").contains("ctrl+s"), "\(backend.lines)")
    runtime.press(.ctrl("s"))
    #expect(!runtime.isFinished)
    #expect(runtime.state.standupsList.standups.first?.title == Standup.mock.title + "!")
  }

  /// On a terminal the sheet fills, the banner's rows are drawn over the
  /// sheet: the warning is seen whole (at 40 columns on two rows, not cut),
  /// and the field keeps its cursor.
  @Test func theBannerShowsOverASheetThatReachesItsRow() {
    let (runtime, backend) = makeRuntime(appState([.mock]), size: .small)
    runtime.press(.char("a"))
    runtime.type("Retro")
    let cursor = backend.cursor
    #expect(cursor != nil)
    let sheet = backend.frames.last?.layers.last?.rect
    #expect(sheet.map { $0.maxY > Size.small.height - 2 } == true)
    runtime.press(.ctrl("c"))
    let rows = (Size.small.height - 3)...(Size.small.height - 2)
    let banner = rows.map { backend.lines[$0].trimmingCharacters(in: .whitespaces) }
    #expect(
      banner.joined(separator: " ")
        == "Unsaved: ctrl+c again quits, ctrl+s saves the new standup", "\(backend.lines)")
    #expect(backend.cursor == cursor)
    // One piece: the sheet's shadow does not fall on it.
    for row in rows {
      let styles = Set((0..<Size.small.width).map { backend.screen[$0, row].style })
      #expect(styles.count == 1, "row \(row)")
    }
  }

  /// Full help reaches the banner's row too: the message is drawn across it.
  @Test func theBannerShowsOverFullHelp() {
    for size in [Size(width: 80, height: 24), .small] {
      let (runtime, backend) = makeRuntime(appState([.mock]), size: size)
      runtime.press(.char("a"))
      runtime.type("Retro")
      runtime.press(.function(1))
      #expect(backend.shows("Keys"), "\(size)")
      runtime.press(.ctrl("c"))
      #expect(!runtime.isFinished)
      let banner = backend.lines[(size.height - 3)...(size.height - 2)].joined(separator: " ")
      #expect(banner.contains("Unsaved: ctrl+c"), "\(size)")
      #expect(banner.contains("saves the new standup"), "\(size)")
    }
  }

  @Test func pasteIntoTextField() {
    let (runtime, backend) = makeRuntime()
    runtime.press(.char("a"))
    runtime.handle(.paste("Week\u{1B}[31mly\nsync"))
    runtime.press(.home)
    runtime.handle(.paste("Our "))
    runtime.render()
    guard case .add(let form) = runtime.state.standupsList.destination else {
      Issue.record("no sheet")
      return
    }
    // Escape sequences are dropped and the line break becomes a space.
    #expect(form.standup.title == "Our Weekly sync")
    #expect(form.cursor == 4)
    #expect(backend.shows("Our Weekly sync"))
  }

  /// A list of names pasted into an attendee's field (lines of a
  /// spreadsheet column, blank lines and surrounding spaces left out) makes
  /// one attendee a line; in the title its lines are joined instead.
  @Test func pastingLinesIntoAnAttendeeAddsOneAttendeeALine() throws {
    let (runtime, backend) = makeRuntime()
    runtime.press(.char("a"))
    runtime.handle(.paste("Design\nreview"))
    runtime.press(.tab, .tab, .tab)
    runtime.handle(.paste("Ann\r\n  Bob\t\n\n\u{1B}[31mCarl\n"))
    runtime.render()
    let form = try #require(addForm(runtime))
    #expect(form.standup.title == "Design review")
    #expect(form.standup.attendees.map(\.name) == ["Ann", "Bob", "Carl"])
    #expect(form.focus == .attendee(form.standup.attendees[2].id))
    #expect(form.cursor == 4)
    #expect(backend.shows("1.  Ann") && backend.shows("2.  Bob") && backend.shows("3.  Carl"))

    // Typing goes on in the last one; one line pasted is text as before.
    runtime.handle(.paste(" Jr"))
    runtime.press(.char("!"))
    #expect(
      try #require(addForm(runtime)).standup.attendees.map(\.name) == ["Ann", "Bob", "Carl Jr!"])
  }

  @Test func namesPastedOntoANamedAttendeeGoAfterIt() throws {
    let (runtime, _) = makeRuntime()
    runtime.press(.char("a"))
    runtime.handle(.paste("Retro\n"))  // a copied line brings its line break
    runtime.press(.tab, .tab, .tab)
    runtime.handle(.paste("Grace\n"))
    var form = try #require(addForm(runtime))
    #expect(form.standup.title == "Retro")
    #expect(form.standup.attendees.map(\.name) == ["Grace"])
    #expect(form.cursor == 5)

    runtime.handle(.paste("Zoe\nYan\n"))
    form = try #require(addForm(runtime))
    #expect(form.standup.attendees.map(\.name) == ["Grace", "Zoe", "Yan"])
    #expect(form.focus == .attendee(form.standup.attendees[2].id))
    #expect(form.cursor == 3)
  }

  @Test func namesAreSavedWithoutSurroundingSpaces() throws {
    let (runtime, _) = makeRuntime()
    runtime.press(.char("a"))
    runtime.type("Retro")
    runtime.press(.tab, .tab, .tab)
    runtime.type("  Ann  ")
    runtime.press(.ctrl("s"))
    #expect(runtime.state.standupsList.standups.last?.attendees.map(\.name) == ["Ann"])
  }

  @Test func pasteOnListDoesNothing() {
    let (runtime, _) = makeRuntime(appState([.mock]))
    let before = runtime.state
    runtime.handle(.paste("aq"))
    #expect(runtime.state == before)
    #expect(!runtime.isFinished)
  }

  @Test func editFromDetailSaves() {
    let (runtime, backend) = makeRuntime(appState([.mock, .engineeringMock]))
    runtime.press(.enter)
    #expect(runtime.state.path.count == 1)
    #expect(backend.shows("Standups › Design"))

    runtime.press(.char("e"))
    #expect(backend.shows("Edit standup"))
    runtime.type(" review")
    runtime.press(.tab, .right, .right, .tab, .right)  // 1 min → 5 → 6 min; orange → oxblood
    runtime.press(.ctrl("s"))

    guard case .detail(let detail) = runtime.state.path.first else {
      Issue.record("detail gone")
      return
    }
    #expect(detail.destination == nil)
    #expect(detail.standup.title == "Design review")
    #expect(detail.standup.minutes == 6)
    #expect(detail.standup.theme == .oxblood)
    #expect(runtime.state.standupsList.standups[0] == detail.standup)
    #expect(backend.layerNames == ["screen"])
    #expect(backend.shows("Standups › Design review"))
    #expect(backend.shows("6 min"))

    runtime.press(.escape)
    #expect(runtime.state.path.isEmpty)
    #expect(backend.shows("Design review"))
  }

  @Test func escCancelsEdit() {
    let (runtime, _) = makeRuntime(appState([.mock]))
    runtime.press(.enter, .char("e"))
    runtime.press(.ctrl("u"))
    runtime.type("Changed")
    runtime.press(.escape)
    #expect(runtime.state.path.count == 1)
    #expect(runtime.state.standupsList.standups[0].title == "Design")
    guard case .detail(let detail) = runtime.state.path.first else {
      Issue.record("detail gone")
      return
    }
    #expect(detail.destination == nil)
    #expect(detail.standup.title == "Design")
  }

  @Test func deleteStandupFromDetailPopsBackToList() async {
    let (runtime, backend) = makeRuntime(appState([.mock, .engineeringMock]))
    runtime.press(.enter, .char("d"))
    #expect(backend.layerNames == ["screen", "alert"])
    runtime.press(.char("y"))
    // The deletion runs as an effect (delegate, then dismiss): let it finish.
    await settle { runtime.state.path.isEmpty }
    runtime.render()
    #expect(runtime.state.path.isEmpty)
    #expect(runtime.state.standupsList.standups.ids == [Standup.engineeringMock.id])
    #expect(!backend.shows("Design"))
    #expect(backend.shows("Engineering"))
  }

  @Test func recordMeetingTakesNotesAndTicks() async {
    let clock = TestClock()
    let (runtime, backend) = makeRuntime(appState([.mock]), clock: clock)
    runtime.press(.enter, .char("s"))
    guard case .record = runtime.state.path.last else {
      Issue.record("not recording")
      return
    }
    #expect(backend.shows("Speaker 1 of 6"))
    runtime.type("Hello ?q")  // ? and q are text here
    runtime.press(.enter)
    runtime.press(.ctrl("n"))
    #expect(backend.shows("Speaker 2 of 6"))
    #expect(backend.shows("Blob: Hello ?q"))
    #expect(!runtime.isFinished)
    #expect(!runtime.ui.showsHelp)

    await untilSleeping(on: clock)
    await clock.advance(by: .seconds(1))
    await settle { record(runtime)?.secondsElapsed == 11 }
    runtime.render()
    #expect(record(runtime)?.secondsElapsed == 11)
    #expect(backend.shows("Elapsed 0:11"))

    // Esc asks before ending; while the alert is up, time stands still.
    runtime.press(.escape)
    #expect(backend.layerNames == ["screen", "alert"])
    #expect(backend.shows("End meeting?"))
    await clock.advance(by: .seconds(2))
    #expect(record(runtime)?.secondsElapsed == 11)
    runtime.press(.char("r"))  // Resume
    #expect(record(runtime)?.alert == nil)

    runtime.press(.escape, .char("d"))  // Discard
    await settle { runtime.state.path.count == 1 }
    #expect(runtime.state.path.count == 1)
    #expect(runtime.state.standupsList.standups[0].meetings.count == 1)
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
