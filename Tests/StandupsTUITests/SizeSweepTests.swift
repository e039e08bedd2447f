import Foundation
import TerminalApp
import TerminalUI
import Testing

@testable import StandupsCore
@testable import StandupsTUI

/// Every screen at every size from 1×1 to 500×200, a resize storm, and data
/// no terminal should receive raw: the grid is always exactly the terminal.
@MainActor
@Suite struct SizeSweepTests {
  static let sizes: [Size] = [
    (1, 1), (1, 50), (50, 1), (2, 2), (10, 3), (31, 9), (32, 10), (40, 12), (80, 24), (132, 43),
    (500, 200),
  ].map { Size(width: $0.0, height: $0.1) }

  // The long tests here yield now and then: they run on the main actor, and
  // other suites' effects are waiting for a turn on it.

  @Test func everyScreenAtEverySize() async {
    for screen in Screen.all {
      await Task.yield()
      for size in Self.sizes {
        for showsHelp in [false, true] {
          var ui = ShellUI()
          ui.showsHelp = showsHelp
          let backend = draw(screen.state, ui: ui, size: size)
          let label = "\(screen.name)\(showsHelp ? " + help" : "") at \(size)"
          #expect(Invariants.grid(backend.screen, size: size) == nil, "\(label)")
          let fits =
            size.width >= StandupsView.minimumSize.width
            && size.height >= StandupsView.minimumSize.height
          let expected = Invariants.expectedLayers(screen.state, ui: ui, size: size)
          #expect(backend.layerNames == expected, "\(label)")
          if fits {
            let marker = showsHelp ? "Keys" : screen.marker
            #expect(backend.shows(marker), "\(label): no \(marker)")
            #expect(!backend.shows("too small"), "\(label)")
          } else {
            #expect(Invariants.tooSmallNotice(backend.lines, size: size) == nil, "\(label)")
            if size.width >= 31 {
              #expect(backend.shows("terminal too small (need 32×10)"), "\(label)")
            }
          }
        }
      }
    }
  }

  @Test func resizeStormInterleavedWithKeys() async {
    var rng = SplitMix64(seed: 0x5EED)
    let (runtime, backend) = makeRuntime(appState(Standup.many))
    let keys = FuzzGen.commandKeys.filter { $0 != .char("q") }
    var size = backend.size
    for i in 1...100 {
      if i % 10 == 0 { await Task.yield() }
      size = Size(width: 1 + rng.below(500), height: 1 + rng.below(200))
      backend.resize(to: size)
      runtime.handle(.resize(size))
      for _ in 0..<rng.below(4) { runtime.handle(.key(rng.pick(keys))) }
      runtime.render()
      #expect(backend.frames.last?.size == size, "resize \(i)")
      #expect(Invariants.grid(backend.screen, size: size) == nil, "resize \(i) to \(size)")
      #expect(Invariants.state(runtime.state).isEmpty, "resize \(i)")
    }
    #expect(backend.frames.count == 101)
    #expect(backend.lines.count == size.height)
    #expect(!runtime.isFinished)
  }

  @Test func resizeStormInOneBurstDrawsTheFinalSize() async {
    var rng = SplitMix64(seed: 0xB0057)
    let store = Store(
      initialState: Shell<AppFeature>.State(app: appState(Standup.many)),
      reducer: Shell(AppFeature()))
    let backend = InMemoryBackend(size: .large, whenScriptEnds: .terminate)
    let runtime = StandupsRuntime(
      store: store, view: standupsView, memory: ViewMemory(), backend: backend)
    var final = backend.size
    for _ in 1...100 {
      final = Size(width: 1 + rng.below(500), height: 1 + rng.below(200))
      backend.resize(to: final)
    }
    await runtime.run()
    #expect(backend.frames.count == 101)  // the first frame, then one per batch
    #expect(backend.frames.last?.size == final)
    #expect(Invariants.grid(backend.screen, size: final) == nil)
    #expect(backend.pendingBatches.isEmpty)
  }

  @Test func hostileTextIsDrawnInert() async {
    let standups = IdentifiedArray(
      uniqueElements: Hostile.strings.enumerated().map { i, text in
        Standup(
          id: .init(UUID(800 + i)), attendees: [Attendee(id: .init(UUID(850 + i)), name: text)],
          title: text)
      } + [Hostile.standup])
    var form = StandupForm.State(standup: Hostile.standup)
    form.focus = .attendee(Hostile.standup.attendees[7].id)
    form.cursor = 5_000
    let record = RecordMeeting.State(
      speakerIndex: 3, standup: Hostile.standup,
      notes: Hostile.strings.map { RecordMeeting.Note(speaker: $0, text: $0) },
      draft: Hostile.strings[8])
    let detail = StandupDetail.State(standup: Hostile.standup)
    let states: [(String, AppFeature.State)] = [
      ("list", appState(standups)),
      ("alert", appState(standups, destination: .alert(.deleteStandup(Hostile.standup)))),
      ("detail", appState(standups, path: [.detail(detail)])),
      (
        "edit",
        appState(
          standups,
          path: [.detail(StandupDetail.State(destination: .edit(form), standup: Hostile.standup))])
      ),
      ("record", appState(standups, path: [.detail(detail), .record(record)])),
      (
        "meeting",
        appState(
          standups,
          path: [
            .detail(detail),
            .meeting(
              MeetingDetail.State(meeting: Hostile.standup.meetings[0], standup: Hostile.standup)),
          ])
      ),
    ]
    for (name, state) in states {
      await Task.yield()
      for size in [
        Size(width: 32, height: 10), .large, Size(width: 132, height: 43),
        Size(width: 500, height: 200),
      ] {
        for showsHelp in [false, true] {
          var ui = ShellUI()
          ui.showsHelp = showsHelp
          let backend = draw(state, ui: ui, size: size)
          #expect(Invariants.grid(backend.screen, size: size) == nil, "\(name) at \(size)")
          #expect(backend.layerNames == Invariants.expectedLayers(state, ui: ui, size: size))
        }
      }
    }
    // Escape sequences show as visible, inert text.
    let list = draw(appState(standups), size: .large)
    #expect(list.shows("␛[2J␛[H␛[31mred"))
  }

  /// Controls take a column each once drawn inert, so layouts must measure the
  /// inert text: nothing is cut early, clipped or pushed out of its field.
  @Test func hostileTextIsMeasuredAsDrawn() {
    let bells = String(repeating: "\u{7}", count: 12)
    let shown = String(repeating: "␇", count: 12)
    let standup = Standup(
      id: .init(UUID(1)), attendees: [Attendee(id: .init(UUID(2)), name: bells)],
      title: "\u{1B}]0;pwned\u{7}Title")
    let list = draw(appState([standup]), size: .large)
    #expect(list.shows("▌› ␛]0;pwned␇Title  "), "the card title is cut early")

    var titled = standup
    titled.title = bells + bells + bells
    let alert = draw(appState([titled], destination: .alert(.deleteStandup(titled))), size: .large)
    #expect(alert.shows("“" + shown + shown + shown + "”?"), "the alert message is clipped")

    let record = draw(
      appState(
        [standup],
        path: [
          .detail(StandupDetail.State(standup: standup)),
          .record(RecordMeeting.State(standup: standup)),
        ]),
      size: .large)
    #expect(record.shows(shown + " › type a note"), "the note prompt is cut")
  }

  @Test func pastedHostileTextNeverReachesTheModelRaw() {
    let (runtime, backend) = makeRuntime()
    runtime.press(.char("a"))
    for text in Hostile.strings { runtime.handle(.paste(text)) }
    runtime.render()
    guard case .add(let form) = runtime.state.standupsList.destination else {
      Issue.record("no add sheet")
      return
    }
    #expect(form.standup.title.count > 20_000)
    #expect(form.standup.title.unicodeScalars.allSatisfy { Invariants.isInert(String($0)) })
    #expect(Invariants.grid(backend.screen, size: .large) == nil)
    runtime.press(.ctrl("s"))
    #expect(runtime.state.standupsList.standups.count == 1)
    #expect(Invariants.grid(backend.screen, size: .large) == nil)
  }

  @Test func hundredThousandStandups() async {
    let one: IdentifiedArrayOf<Attendee> = [Attendee(id: .init(UUID(999_999)), name: "Ann")]
    let count = 100_000
    var elements: [Standup] = []
    for start in stride(from: 0, to: count, by: 10_000) {
      elements += (start..<start + 10_000).map {
        Standup(id: .init(UUID($0)), attendees: one, title: "Standup \($0)")
      }
      await Task.yield()
    }
    let standups = IdentifiedArray(uncheckedUniqueElements: elements)
    let (runtime, backend) = makeRuntime(appState(standups))
    await Task.yield()
    #expect(backend.shows("100000 standups"))
    var expected = 0
    func move(_ key: Key, to index: Int) {
      runtime.press(key)
      expected = index
      #expect(runtime.state.standupsList.selectedIndex == expected, "after \(key)")
      // The selected card is on screen, marked and titled.
      #expect(backend.shows("▌› Standup \(expected) "), "card \(expected) not visible after \(key)")
    }
    let page = StandupsListScreen.pageSize(for: .large)
    move(.char("j"), to: 1)
    move(.down, to: 2)
    move(.pageDown, to: 2 + page)
    move(.char("G"), to: count - 1)
    move(.char("j"), to: count - 1)
    move(.pageUp, to: count - 1 - page)
    move(.char("k"), to: count - 2 - page)
    move(.home, to: 0)
    move(.pageUp, to: 0)
    move(.end, to: count - 1)
    move(.char("g"), to: 0)
    for _ in 0..<50 { runtime.handle(.key(.pageDown)) }
    move(.pageDown, to: 51 * page)
    for size in [Size(width: 40, height: 12), Size(width: 32, height: 10), .large] {
      backend.resize(to: size)
      runtime.handle(.resize(size))
      move(.char("G"), to: count - 1)
      move(.char("k"), to: count - 2)
    }
    move(.char("G"), to: count - 1)
    runtime.press(.char("d"), .char("y"))  // delete the last: the new last is selected
    #expect(runtime.state.standupsList.standups.count == count - 1)
    #expect(runtime.state.standupsList.selectedIndex == count - 2)
    #expect(backend.shows("▌› Standup \(count - 2) "))
    #expect(backend.shows("99999 standups"))
    #expect(Invariants.grid(backend.screen, size: backend.size) == nil)
  }
}

/// One screen of the app with something on it that only that screen shows.
struct Screen {
  let name: String
  let state: AppFeature.State
  let marker: String

  static let all: [Screen] = {
    let new = Standup(id: .init(UUID(99)), attendees: [Attendee(id: .init(UUID(98)))])
    let detail = StandupDetail.State(standup: .withMeetings)
    let record = RecordMeeting.State(
      secondsElapsed: 15, speakerIndex: 1, standup: .withMeetings,
      notes: [.init(speaker: "Blob", text: "Shipped it.")], draft: "typing")
    var ending = record
    ending.alert = .endMeeting(isDiscardable: true)
    let meeting = MeetingDetail.State(
      meeting: Standup.withMeetings.meetings[0], standup: .withMeetings)
    let many = Standup.many
    let withMeetings: IdentifiedArrayOf<Standup> = [.withMeetings, .engineeringMock]
    return [
      Screen(name: "list", state: appState(many), marker: "9 standups"),
      Screen(
        name: "add sheet",
        state: appState(many, destination: .add(StandupForm.State(standup: new))),
        marker: "New standup"),
      Screen(
        name: "delete alert", state: appState(many, destination: .alert(.deleteStandup(.mock))),
        marker: "Delete?"),
      Screen(
        name: "detail", state: appState(withMeetings, path: [.detail(detail)]),
        marker: "Start meeting"),
      Screen(
        name: "edit sheet",
        state: appState(
          withMeetings,
          path: [
            .detail(
              StandupDetail.State(
                destination: .edit(StandupForm.State(standup: .withMeetings)),
                standup: .withMeetings))
          ]),
        marker: "Edit standup"),
      Screen(
        name: "detail delete alert",
        state: appState(
          withMeetings,
          path: [
            .detail(
              StandupDetail.State(
                destination: .alert(.deleteStandup(.withMeetings)), standup: .withMeetings))
          ]),
        marker: "Delete?"),
      Screen(
        name: "record", state: appState(withMeetings, path: [.detail(detail), .record(record)]),
        marker: "Speaker 2 of 6"),
      Screen(
        name: "end-meeting alert",
        state: appState(withMeetings, path: [.detail(detail), .record(ending)]),
        marker: "End meeting?"),
      Screen(
        name: "meeting", state: appState(withMeetings, path: [.detail(detail), .meeting(meeting)]),
        marker: "Transcript"),
      Screen(name: "empty list", state: appState(), marker: "No standups yet."),
    ]
  }()
}
