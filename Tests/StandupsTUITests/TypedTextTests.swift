import Foundation
import StandupsCore
import TerminalUI
import Testing

@testable import StandupsTUI

/// Characters that arrive together in one read (a key held down, or text
/// pasted where the terminal does not mark pastes): text where a field
/// takes it; else a held key's repeats are keys, and anything else is
/// dropped. A marked (bracketed) paste is only ever text.
@MainActor
struct TypedTextTests {
  static let standups = IdentifiedArray(
    uniqueElements: (0..<6).map {
      Standup(
        id: .init(UUID(uuidString: "DDDDDDDD-0000-0000-0000-00000000000\($0)")!),
        title: "Team \($0)")
    })

  @Test func keysArrivingTogetherOnTheListAreEachAKey() {
    let (runtime, backend) = makeRuntime(appState(Self.standups, selection: Self.standups[0].id))
    runtime.handle(.typed("jjjj"))
    runtime.render()
    #expect(runtime.state.standupsList.selection == Self.standups[4].id)
    #expect(backend.shows("› Team 4"), "\(backend.lines)")
  }

  /// Text pasted where the terminal does not mark pastes is never taken
  /// for keys: "daily" on the list does not open the delete alert and
  /// press its "Yes".
  @Test func mixedCharactersOnTheListAreNotKeys() {
    let (runtime, _) = makeRuntime(appState(Self.standups, selection: Self.standups[0].id))
    for text in ["daily", "quick", "aRetro"] {
      runtime.handle(.typed(text))
      #expect(runtime.state.standupsList.standups == Self.standups, "\(text)")
      #expect(runtime.state.standupsList.destination == nil, "\(text)")
      #expect(!runtime.isFinished, "\(text)")
    }
  }

  /// A held key stops at an alert (its repeats must not press a button
  /// unseen) and at a quit.
  @Test func aHeldKeyStopsAtAnAlertAndAtAQuit() {
    let (runtime, _) = makeRuntime(appState(Self.standups, selection: Self.standups[0].id))
    runtime.handle(.typed("dddd"))
    #expect(runtime.state.standupsList.standups == Self.standups)
    guard case .alert = runtime.state.standupsList.destination else {
      Issue.record("no delete alert: \(String(describing: runtime.state.standupsList.destination))")
      return
    }
    runtime.press(.escape)
    runtime.handle(.typed("qqqq"))
    #expect(runtime.isFinished)
  }

  @Test func inAFieldTheyAreTextAsTyped() {
    let (runtime, _) = makeRuntime(appState(Self.standups))
    runtime.press(.char("a"))
    runtime.handle(.typed("jjjj q"))
    guard case .add(let form) = runtime.state.standupsList.destination else {
      Issue.record("no add sheet")
      return
    }
    #expect(form.standup.title == "jjjj q")
    #expect(!runtime.isFinished)
  }

  /// A tab among pasted text (a spreadsheet row) is a space in a field, as
  /// in a marked paste, never the Tab key moving the focus: in the title
  /// and in a note being recorded.
  @Test func aTabInTypedTextIsASpace() {
    let (runtime, _) = makeRuntime(appState(Self.standups))
    runtime.press(.char("a"))
    runtime.handle(.typed("alpha\tbeta gamma"))
    guard case .add(let form) = runtime.state.standupsList.destination else {
      Issue.record("no add sheet")
      return
    }
    #expect(form.standup.title == "alpha beta gamma")
    #expect(form.focus == .title)
    runtime.press(.escape, .escape)
    runtime.press(.enter, .char("s"))
    runtime.handle(.typed("cell one\tcell two"))
    runtime.press(.enter)
    guard case .record(let recording) = runtime.state.path.last else {
      Issue.record("not recording")
      return
    }
    #expect(recording.notes.map(\.text) == ["cell one cell two"])
  }

  /// Where the sheet has no text field focused (the length's stepper), a
  /// held key's repeats are keys there too, not a paste nothing can take.
  @Test func aHeldKeyOnAStepperIsKeys() {
    let (runtime, _) = makeRuntime(appState(Self.standups))
    runtime.press(.char("a"), .tab)
    runtime.handle(.typed("++++"))
    guard case .add(let form) = runtime.state.standupsList.destination else {
      Issue.record("no add sheet")
      return
    }
    #expect(form.standup.minutes == 9)
    runtime.handle(.typed("+-+-x"))
    guard case .add(let after) = runtime.state.standupsList.destination else { return }
    #expect(after.standup.minutes == 9, "mixed text is a paste there: dropped")
  }

  /// A whole line copied with its break and pasted where the terminal does
  /// not mark pastes arrives as text and Enter in one read. On a screen
  /// that takes no text both are the paste: the break does not start a
  /// meeting. In a field they keep their meaning (text typed ahead, Enter).
  @Test func aLineBreakRightAfterIgnoredTextIsNoEnter() {
    let standup = Self.standups[0]
    var detail = appState(Self.standups, selection: standup.id)
    detail.path.append(.detail(StandupDetail.State(standup: standup)))
    let (runtime, _) = makeRuntime(detail)
    runtime.handleBatch([.typed("Finished the date picker"), .key(.enter)])
    #expect(runtime.state.path.count == 1, "\(runtime.state.path)")
    // A key of its own, later, is Enter again.
    runtime.handleBatch([.key(.enter)])
    #expect(runtime.state.path.count == 2)

    let (sheet, _) = makeRuntime(appState(Self.standups, selection: standup.id))
    sheet.handle(.key(.char("a")))
    sheet.handleBatch([.typed("Weekly sync"), .key(.enter)])
    guard case .add(let form) = sheet.state.standupsList.destination else {
      Issue.record("no add sheet")
      return
    }
    #expect(form.standup.title == "Weekly sync")
    #expect(form.focus != .title)
  }

  /// Keys that arrive in one read stop at an alert one of them opens: the
  /// second `d` of a quick `dd` must not answer the alert the first opened
  /// before it was drawn.
  @Test func keysOfOneReadStopAtTheAlertTheyOpen() {
    let (runtime, _) = makeRuntime(appState(Self.standups, selection: Self.standups[0].id))
    runtime.handleBatch([
      .key(.char("d")), .key(.char("y")), .key(.enter), .resize(Size(width: 100, height: 30)),
    ])
    #expect(runtime.state.standupsList.standups == Self.standups)
    guard case .alert = runtime.state.standupsList.destination else {
      Issue.record("no delete alert: \(String(describing: runtime.state.standupsList.destination))")
      return
    }
    // Once it is on screen, the next read answers it.
    runtime.handleBatch([.key(.char("y")), .key(.char("j"))])
    #expect(runtime.state.standupsList.standups.count == Self.standups.count - 1)
  }

  /// A marked paste on the list is not taken for keys (a pasted "dq" must
  /// not delete and quit).
  @Test func aMarkedPasteIsNeverTakenForKeys() {
    let (runtime, _) = makeRuntime(appState(Self.standups, selection: Self.standups[0].id))
    runtime.handle(.paste("jjjjaq"))
    #expect(runtime.state.standupsList.selection == Self.standups[0].id)
    #expect(runtime.state.standupsList.destination == nil)
    #expect(!runtime.isFinished)
  }

  /// Esc clears the note being typed; the help bar then offers Ctrl-Y,
  /// which puts it back at the cursor, once.
  @Test func ctrlYBringsBackTheNoteEscCleared() {
    let (runtime, backend) = makeRuntime(appState([.mock]))
    runtime.press(.enter, .char("s"))
    runtime.type("hello")
    #expect(!backend.shows("ctrl+y"))
    runtime.press(.escape)
    guard case .record(let cleared) = runtime.state.path.last else {
      Issue.record("not recording")
      return
    }
    #expect(cleared.draft.isEmpty)
    #expect(cleared.alert == nil)
    #expect(backend.shows("ctrl+y bring back note"), "\(backend.lines.last ?? "")")
    // On the empty line Enter adds nothing, and is not offered: Esc is.
    #expect(!backend.shows("enter add note"))
    #expect(backend.shows("esc end meeting"), "\(backend.lines.last ?? "")")
    runtime.type("ab")
    runtime.press(.left, .ctrl("y"))
    guard case .record(let restored) = runtime.state.path.last else {
      Issue.record("not recording")
      return
    }
    #expect(restored.draft == "ahellob")
    #expect(restored.cursor == 6)
    #expect(!backend.shows("ctrl+y"))
    runtime.press(.ctrl("y"))
    guard case .record(let again) = runtime.state.path.last else { return }
    #expect(again.draft == "ahellob")
  }
}
