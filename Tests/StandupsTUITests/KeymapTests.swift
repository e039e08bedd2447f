import Foundation
import StandupsCore
import TerminalApp
import TerminalUI
import Testing

@testable import StandupsTUI

/// Alert keys, and help that is drawn from the very bindings that handle keys.
@MainActor
@Suite struct KeymapTests {
  let three: IdentifiedArrayOf<Standup> = [.mock, .engineeringMock, .productMock]

  /// The list with the second standup's delete alert up.
  func alertOnList() -> (StandupsRuntime, InMemoryBackend) {
    let (runtime, backend) = makeRuntime(appState(three))
    runtime.press(.char("j"), .char("d"))
    return (runtime, backend)
  }

  func alertIsUp(_ runtime: StandupsRuntime) -> Bool {
    if case .alert = runtime.state.standupsList.destination { true } else { false }
  }

  @Test func alertArrowsAndTabMoveTheHighlight() {
    let (runtime, backend) = alertOnList()
    #expect(backend.layerNames == ["screen", "alert"])
    #expect(backend.shows("Are you sure you want to delete “Engineering”?"))
    // The safe button is highlighted first.
    #expect(isHighlighted("Nevermind", in: backend))
    #expect(!isHighlighted("Yes", in: backend))

    runtime.press(.left)
    #expect(runtime.ui.alertFocus?.index == 0)
    #expect(isHighlighted("Yes", in: backend))
    #expect(!isHighlighted("Nevermind", in: backend))
    runtime.press(.left)  // stays: arrows stop at the ends
    #expect(runtime.ui.alertFocus?.index == 0)
    runtime.press(.right)
    #expect(runtime.ui.alertFocus?.index == 1)
    runtime.press(.right)
    #expect(runtime.ui.alertFocus?.index == 1, "one press too many never reaches Yes")
    runtime.press(.tab)  // wraps around
    #expect(runtime.ui.alertFocus?.index == 0)
    runtime.press(.backTab)
    #expect(runtime.ui.alertFocus?.index == 1)
    #expect(isHighlighted("Nevermind", in: backend))
    #expect(alertIsUp(runtime))
  }

  /// The keys on screen are reused until an action is processed: one sent
  /// without a frame after it (as an effect's is) puts the next key through
  /// the keys of the state it made.
  @Test func aKeyAfterAnActionWithoutAFrameUsesTheNewState() {
    let (runtime, _) = makeRuntime(appState(three))
    runtime.store.send(.app(.standupsList(.addButtonTapped)))
    runtime.handle(.key(.char("d")))
    #expect(!alertIsUp(runtime))
    guard case .add(let form) = runtime.state.standupsList.destination else {
      Issue.record("the add sheet is not up")
      return
    }
    #expect(form.standup.title == "d")
  }

  @Test func enterPicksTheHighlightedButton() {
    let (runtime, backend) = alertOnList()
    runtime.press(.enter)  // Nevermind
    #expect(!alertIsUp(runtime))
    #expect(runtime.state.standupsList.standups.count == 3)

    runtime.press(.char("d"), .left, .enter)  // Yes
    #expect(!alertIsUp(runtime))
    #expect(runtime.state.standupsList.standups.ids == [Standup.mock.id, Standup.productMock.id])
    #expect(backend.layerNames == ["screen"])
    #expect(!backend.shows("Engineering"))
    #expect(backend.shows("2 standups"))
  }

  @Test func firstLetterPressesTheButton() {
    let (runtime, _) = alertOnList()
    runtime.press(.char("n"))
    #expect(!alertIsUp(runtime))
    #expect(runtime.state.standupsList.standups.count == 3)

    runtime.press(.char("d"), .char("Y"))  // case-insensitive
    #expect(!alertIsUp(runtime))
    #expect(runtime.state.standupsList.standups.count == 2)
  }

  @Test func escPicksCancelWhateverIsHighlighted() {
    let (runtime, backend) = alertOnList()
    runtime.press(.left)  // highlight Yes…
    runtime.press(.escape)  // …Esc still cancels
    #expect(!alertIsUp(runtime))
    #expect(runtime.state.standupsList.standups.count == 3)
    #expect(backend.layerNames == ["screen"])
  }

  @Test func otherKeysDoNothingWhileAlertIsUp() {
    let (runtime, _) = alertOnList()
    let before = runtime.state
    runtime.press(.char("a"), .char("q"), .char("j"), .down)
    #expect(runtime.state == before)
    #expect(!runtime.isFinished)
  }

  /// The action that highlights button `index` of the alert on screen in `state`.
  func focus(_ index: Int, in state: AppFeature.State) -> Shell<AppFeature>.Action? {
    guard case .record(let record) = state.path.last, let alert = record.alert else { return nil }
    return .alertFocusMoved(AlertFocus(alertID: alert.id, index: index))
  }

  @Test func endMeetingAlertShortcuts() {
    var record = RecordMeeting.State(secondsElapsed: 3, standup: .mock)
    record.alert = .endMeeting(isDiscardable: true)
    let state = appState(
      [.mock], path: [.detail(StandupDetail.State(standup: .mock)), .record(record)])
    let keymap = keymap(state, ui: ShellUI(), size: .large)
    // Default highlight is Resume (the cancel button), index 2: → stays,
    // Tab goes round.
    #expect(keymap.action(for: .right) == focus(2, in: state))
    #expect(keymap.action(for: .tab) == focus(0, in: state))
    #expect(keymap.action(for: .left) == focus(1, in: state))
    guard let id = state.path.ids.last else { return }
    let alert = { (a: PresentationAction<RecordMeeting.Action.Alert>) in
      Shell<AppFeature>.Action.app(.path(.element(id: id, action: .record(.alert(a)))))
    }
    #expect(keymap.action(for: .char("s")) == (alert(.presented(.confirmSave))))
    #expect(keymap.action(for: .char("d")) == (alert(.presented(.confirmDiscard))))
    #expect(keymap.action(for: .char("r")) == (alert(.dismiss)))
    #expect(keymap.action(for: .escape) == (alert(.dismiss)))
    #expect(keymap.action(for: .enter) == (alert(.dismiss)))
    // Help opens over an alert too, and lists its keys (the button letters
    // among them); its help bar says so.
    #expect(keymap.action(for: .char("?")) == .helpToggled)
    #expect(draw(state, size: .small).lines.last?.contains("? help") == true)
    let help = draw(state, ui: ShellUI(showsHelp: true), size: .large)
    #expect(help.shows("press the button it starts"), "\(help.lines)")
  }

  /// Ctrl-N calls the next speaker while there is one; after the last, or
  /// with nobody to call, it offers to end the meeting, and its help says so.
  @Test func ctrlNSaysWhatItDoes() {
    func help(speaker: Int, of standup: Standup) -> String? {
      let record = RecordMeeting.State(speakerIndex: speaker, standup: standup)
      return RecordMeetingScreen.keymap(record, size: Size(width: 80, height: 24)).bindings
        .first { $0.keys == [.ctrl("n")] }?.help.description
    }
    let count = Standup.mock.attendees.count
    #expect(count > 1)
    #expect(help(speaker: 0, of: .mock) == "next speaker")
    #expect(help(speaker: count - 2, of: .mock) == "next speaker")
    #expect(help(speaker: count - 1, of: .mock) == "finish")
    var nobody = Standup.mock
    nobody.attendees = []
    #expect(help(speaker: 0, of: nobody) == "finish")
  }

  /// Whether `label`'s button ("[ label ]") is drawn reversed.
  func isHighlighted(_ label: String, in backend: InMemoryBackend) -> Bool {
    let canvas = backend.screen
    let needle = Array("[ " + label + " ]")
    for y in 0..<canvas.size.height {
      var cells: [(x: Int, ch: Character)] = []
      for x in 0..<canvas.size.width where !canvas[x, y].isContinuation {
        cells.append((x, Character(canvas[x, y].text)))
      }
      let chars = cells.map(\.ch)
      guard chars.count >= needle.count else { continue }
      for start in 0...(chars.count - needle.count)
      where Array(chars[start..<start + needle.count]) == needle {
        return canvas[cells[start + 2].x, y].style.attributes.contains(.reverse)
      }
    }
    return false
  }
}
