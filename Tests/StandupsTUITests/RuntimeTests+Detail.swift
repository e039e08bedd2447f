import Clocks
import Foundation
import StandupsCore
import StandupsTUI
import TerminalApp
import TerminalUI
import Testing

extension RuntimeTests {
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
    runtime.press(.escape, .escape)
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

  /// A meeting that ends (saved from the alert, or by its timer, perhaps
  /// behind full help) says it was saved; a discarded one says nothing.
  @Test func anEndedMeetingSaysItWasSaved() async {
    let (runtime, backend) = makeRuntime(appState([.mock]))
    let before = Standup.mock.meetings.count
    runtime.press(.enter, .char("s"))
    runtime.type("Shipped")
    runtime.press(.escape, .escape, .char("s"))  // clear the line, end, Save and end
    await settle { runtime.state.path.count == 1 }
    runtime.render()
    #expect(runtime.state.standupsList.standups[0].meetings.count == before + 1)
    #expect(backend.shows("Meeting saved"), "\(backend.lines)")

    runtime.press(.char("s"), .escape, .char("d"))  // start again, end, Discard
    await settle { runtime.state.path.count == 1 }
    runtime.render()
    #expect(runtime.state.standupsList.standups[0].meetings.count == before + 1)
    #expect(!backend.shows("Meeting saved"), "\(backend.lines)")
  }
}

/// The detail's list of past meetings, longer than the screen.
@MainActor
struct DetailMeetingsScrollTests {
  static func state() -> AppFeature.State {
    var standup = Standup.mock
    standup.meetings = IdentifiedArray(
      uniqueElements: (0..<40).map { index in
        Meeting(
          id: .init(UUID(1000 + index)),
          date: Date(timeIntervalSince1970: 1_700_000_000 - Double(index) * 86_400),
          transcript: index == 0 ? "the newest meeting" : "meeting number \(index)")
      })
    return appState([standup], path: [.detail(StandupDetail.State(standup: standup))])
  }

  /// Back on "Start meeting" (g, or PgUp all the way), the list shows its
  /// top again, the newest meetings: it sits just above them.
  @Test(arguments: [[Key.char("g")], Array(repeating: Key.pageUp, count: 12)])
  func startMeetingShowsTheNewestMeetings(keys: [Key]) {
    let (runtime, backend) = makeRuntime(Self.state(), size: Size(width: 80, height: 24))
    #expect(backend.shows("the newest meeting"))
    runtime.press(.char("G"))
    #expect(!backend.shows("the newest meeting"))
    for key in keys { runtime.press(key) }
    #expect(backend.shows("› ▶ Start meeting"))
    #expect(backend.shows("the newest meeting"), "\(backend.lines)")
  }
}

extension RuntimeTests {
  /// At 40×12 the speaker takes one row, a long name cut to fit it, and
  /// the notes taken so far show above the line being typed.
  @Test func aSmallRecordScreenKeepsRoomForTheNotes() {
    var standup = Standup.mock
    standup.attendees[0].name = "Bartholomew Oppenheimer-Fitzgerald"
    let (runtime, backend) = makeRuntime(appState([standup]), size: Size(width: 40, height: 12))
    runtime.press(.enter, .char("s"))
    runtime.type("first")
    runtime.press(.enter)
    runtime.type("second")
    runtime.press(.enter)
    let speakerRow = backend.lines.first { $0.contains("Speaker 1 of 6 · ") }
    #expect(speakerRow?.contains("Bartholomew") == true, "\(backend.lines)")
    #expect(speakerRow?.contains("…") == true)
    #expect(speakerRow?.hasSuffix(" ") == true, "one blank column at the edge")
    #expect(backend.shows(": first") && backend.shows(": second"), "\(backend.lines)")

    // Two notes of two rows each where three rows fit: the newest whole,
    // never the older one's end without its speaker.
    runtime.press(.ctrl("n"))
    runtime.type("older note that wraps onto a second row: older-end")
    runtime.press(.enter)
    runtime.type("newer note that wraps onto a second row: newer-end")
    runtime.press(.enter)
    #expect(backend.shows("newer-end") && backend.shows(": newer note"), "\(backend.lines)")
    #expect(!backend.shows("older-end"), "\(backend.lines)")
  }
}

extension RuntimeTests {
  /// Another writer changes the standup being edited: the notice says that
  /// saving now keeps theirs and sets the user's aside, and the sheet's title says so for as
  /// long as it is open.
  @Test func anEditSheetSaysItsStandupChangedElsewhere() {
    let (runtime, backend) = makeRuntime(appState([.mock]))
    runtime.press(.enter, .char("e"))
    runtime.type("!")
    var theirs = Standup.mock
    theirs.title = "Theirs"
    runtime.store.send(
      .app(.persistence(.changedElsewhere(stored: [theirs], base: [.mock], revision: 1))))
    runtime.render()
    #expect(
      backend.shows("“Theirs” was changed elsewhere: saving keeps theirs and sets yours aside"))
    #expect(backend.shows("Edit standup · changed elsewhere"))
    #expect(backend.shows("Design!"), "the draft stays")
    runtime.press(.right)
    #expect(!backend.shows("sets yours aside"))
    #expect(backend.shows("Edit standup · changed elsewhere"))
  }

  /// Changes elsewhere in a row leave one notice, naming the standup as it
  /// is now; changed back to what the sheet started from, none. The
  /// warnings name it as it is now too.
  @Test func changesElsewhereInARowLeaveOneNoticeWithTheNameAsItIsNow() {
    let (runtime, backend) = makeRuntime(appState([.mock]))
    runtime.press(.enter, .char("e"))
    runtime.type("!")
    var stored = Standup.mock
    for title in ["T1", "T2", "T3"] {
      var next = stored
      next.title = title
      runtime.store.send(
        .app(.persistence(.changedElsewhere(stored: [next], base: [stored], revision: 1))))
      stored = next
    }
    let said = ([runtime.store.state.banner] + runtime.store.state.queuedBanners.map(Optional.some))
      .compactMap { $0?.text }
    #expect(said == ["“T3” was changed elsewhere: saving keeps theirs and sets yours aside"])
    runtime.press(.escape)
    #expect(backend.shows("Unsaved: esc again discards, ctrl+s saves your changes to “T3”"))
    runtime.press(.right)

    var back = stored
    back.title = Standup.mock.title
    runtime.store.send(
      .app(.persistence(.changedElsewhere(stored: [back], base: [stored], revision: 2))))
    runtime.render()
    #expect(runtime.store.state.banner == nil && runtime.store.state.queuedBanners.isEmpty)
    #expect(!backend.shows("changed elsewhere"))
  }
}

extension RuntimeTests {
  /// A screen that reads no text goes back with q, ← and Backspace as with
  /// Esc; q quits only from the list, so pressing it again gets out.
  @Test(arguments: [Key.char("q"), .left, .backspace])
  func moreWaysBackFromTheDetailAndAPastMeeting(key: Key) {
    let (runtime, backend) = makeRuntime(appState([.mock]))
    runtime.press(.enter, .down, .enter)
    guard case .meeting = runtime.state.path.last else {
      Issue.record("the past meeting is not open: \(runtime.state.path)")
      return
    }
    runtime.press(key)
    #expect(runtime.state.path.count == 1)
    #expect(backend.shows("Standups › Design"))
    runtime.press(key)
    #expect(runtime.state.path.isEmpty)
    #expect(!runtime.isFinished)
    if key == .char("q") {
      runtime.press(key)
      #expect(runtime.isFinished)
    }
  }

  @Test func fullHelpOnTheDetailListsTheMoreWaysBack() {
    let (runtime, backend) = makeRuntime(appState([.mock]))
    runtime.press(.enter, .char("?"))
    #expect(backend.shows("q/←/backspace back"))
  }
}
