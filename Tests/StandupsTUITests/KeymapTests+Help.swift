import Foundation
import StandupsCore
import TerminalApp
import TerminalUI
import Testing

@testable import StandupsTUI

extension KeymapTests {
  // MARK: Help comes from the bindings

  static let screens: [(String, AppFeature.State)] = {
    let form = StandupForm.State(focus: .duration, standup: .mock)
    let record = RecordMeeting.State(standup: .mock)
    let detail = StandupDetail.State(standup: .withMeetings, selection: .init(71))
    return [
      ("list", appState([.mock, .engineeringMock])),
      ("empty list", appState()),
      ("add sheet", appState([.mock], destination: .add(form))),
      ("detail", appState([.withMeetings], path: [.detail(detail)])),
      ("record", appState([.mock], path: [.detail(detail), .record(record)])),
      (
        "meeting",
        appState(
          [.withMeetings],
          path: [
            .detail(detail),
            .meeting(
              MeetingDetail.State(meeting: Standup.withMeetings.meetings[0], standup: .mock)),
          ])
      ),
    ]
  }()

  /// A standup's past meetings page like the list: PgDn moves a screenful
  /// (the meeting rows shown), G to the last meeting, g back to "Start
  /// meeting".
  @Test func pastMeetingsPageAndJumpToTheirEnds() {
    var standup = Standup.mock
    standup.meetings = IdentifiedArray(
      uniqueElements: (1...40).map {
        Meeting(
          id: .init(UUID($0 + 300)), date: Date(timeIntervalSince1970: 1_700_000_000 - Double($0)),
          transcript: "Meeting \($0)")
      })
    let (runtime, backend) = makeRuntime(
      appState([standup], path: [.detail(StandupDetail.State(standup: standup))]))
    func selected() -> Meeting.ID? {
      guard case .detail(let detail) = runtime.state.path.last else { return nil }
      return detail.selection
    }
    let shown = backend.lines.filter { $0.contains("Meeting ") }.count
    #expect(shown > 1)
    runtime.press(.pageDown)
    #expect(selected() == standup.meetings[shown - 1].id)
    #expect(backend.lines.contains { $0.contains("›") && $0.contains("Meeting \(shown)") })
    runtime.press(.char("G"))
    #expect(selected() == standup.meetings.last?.id)
    #expect(backend.lines.contains { $0.contains("›") && $0.contains("Meeting 40") })
    runtime.press(.pageUp)
    #expect(selected() == standup.meetings[39 - shown].id)
    runtime.press(.char("g"))
    #expect(selected() == nil)
  }

  /// The note being typed edits as every field does: Ctrl-E goes to its
  /// end (it does not end the meeting, which is Esc).
  @Test func recordingNotesEditLikeEveryField() {
    var record = RecordMeeting.State(standup: .mock)
    record.draft = "abc"
    record.cursor = 0
    let keymap = RecordMeetingScreen.keymap(record, size: Size(width: 80, height: 24))
    #expect(keymap.action(for: .ctrl("e")) == .draftChanged("abc", cursor: 3))
    #expect(keymap.action(for: .ctrl("a")) == .draftChanged("abc", cursor: 0))
    // Esc clears a line being typed; on an empty line it ends the meeting.
    #expect(keymap.action(for: .escape) == .draftCleared)
    #expect(
      RecordMeetingScreen.keymap(
        RecordMeeting.State(standup: .mock), size: Size(width: 80, height: 24)
      ).action(for: .escape)
        == .endMeetingButtonTapped)
    // Lines pasted are notes: the first goes in at the cursor and takes
    // the line typed with it; what follows the last break stays typed.
    #expect(
      keymap.paste?("one\r\ntwo\n\nthree")
        == .linesPasted(notes: ["oneabc", "two", ""], draft: "three"))
    #expect(keymap.paste?("one\n") == .linesPasted(notes: ["oneabc"], draft: ""))
    #expect(keymap.paste?("one") == .draftChanged("oneabc", cursor: 3))
  }

  @Test func everyKeyInTheHelpBarIsHandled() {
    for (name, state) in Self.screens {
      let keymap = keymap(state, ui: ShellUI(), size: .large)
      let shown = HelpBar.layout(keymap.bindings, width: Size.large.width - 2).shown
      #expect(!shown.isEmpty, "\(name)")
      for binding in shown {
        for key in binding.keys {
          #expect(keymap.action(for: key) != nil, "\(name): \(key) of \"\(binding.helpText)\"")
        }
      }
    }
  }

  @Test func helpBarOnScreenIsTheKeymapsBindings() {
    for (name, state) in Self.screens where name != "add sheet" {
      let keymap = keymap(state, ui: ShellUI(), size: .large)
      let expected = HelpBar.line(keymap.bindings, width: Size.large.width - 2)
      let bottom = draw(state, size: .large).lines.last ?? ""
      #expect(bottom == " " + TextWidth.pad(expected, to: Size.large.width - 1), "\(name)")
    }
  }

  @Test func listHelpBarReflectsSelection() {
    let bar = { (state: AppFeature.State) in draw(state, size: .large).lines.last ?? "" }
    #expect(bar(appState([.mock])).contains("d delete"))
    #expect(bar(appState([.mock])).contains("enter open"))
    // Nothing to open or delete in an empty list: those keys neither work nor show.
    #expect(!bar(appState()).contains("d delete"))
    #expect(!bar(appState()).contains("enter open"))
    // Nowhere to move either (on a bar wide enough for every key: at 80
    // columns the moving keys give way to the actions).
    let wide = { (state: AppFeature.State) in
      draw(state, size: Size(width: 200, height: 24)).lines.last ?? ""
    }
    #expect(!wide(appState([.mock])).contains("↑/k up"))
    #expect(wide(appState([.mock, .productMock])).contains("↑/k up"))
    let empty = keymap(appState(), ui: ShellUI(), size: .large)
    #expect(empty.action(for: .down) == nil)
    #expect(empty.action(for: .char("d")) == nil)
    #expect(empty.action(for: .enter) == nil)
    #expect(empty.action(for: .char("a")) != nil)
  }

  @Test func fullHelpListsEveryBindingOfTheTopMostKeymap() {
    var ui = ShellUI()
    ui.showsHelp = true
    // Tall enough for all of it to show without scrolling.
    let tall = Size(width: 80, height: 60)
    for (name, state) in Self.screens {
      let keymap = keymap(state, ui: ShellUI(), size: tall)
      let screen = draw(state, ui: ui, size: tall)
      #expect(screen.layerNames.last == "help", "\(name)")
      // Read the help window alone, not the help bar dimmed behind it.
      let help = screen.frames.last?.layers.last?.canvas.lines ?? []
      for binding in keymap.bindings where binding.isShownInHelp {
        let row = help.first { $0.contains(" " + binding.help.key + " ") }
        #expect(row?.contains(binding.help.description) == true, "\(name): \(binding.helpText)")
      }
      #expect(help.contains { $0.contains("ctrl+c") && $0.contains("quit") }, "\(name)")
    }
  }

  /// Every key a command of the screen (or its overlay) handles is listed in
  /// full help; only typing into a field (the fallback) goes unlisted.
  @Test func everyKeyAScreenHandlesIsInFullHelp() {
    let (alertRuntime, _) = makeRuntime(appState([.mock, .engineeringMock]))
    alertRuntime.press(.char("d"))
    let alertState = alertRuntime.state
    let titleForm = StandupForm.State(focus: .title, standup: .mock)
    let lastAttendee = StandupForm.State(
      focus: .attendee(Standup.mock.attendees.last!.id), standup: .mock)
    let theme = StandupForm.State(focus: .theme, standup: .mock)
    let screens =
      Self.screens + [
        ("delete alert", alertState),
        ("title field", appState([.mock], destination: .add(titleForm))),
        ("last attendee", appState([.mock], destination: .add(lastAttendee))),
        ("theme", appState([.mock], destination: .add(theme))),
      ]
    let named: [Key] = [
      .up, .down, .left, .right, .home, .end, .pageUp, .pageDown, .tab, .backTab, .enter,
      .escape, .backspace, .delete, .insert, .function(1), .function(2),
    ]
    let letters = (0x20..<0x7F).map { Key.char(Character(Unicode.Scalar(UInt8($0)))) }
    let controls = "abcdefghijklmnopqrstuvwxyz".map { Key.ctrl($0) }
    for (name, state) in screens {
      let keymap = keymap(state, size: .large)
      for key in named + letters + controls {
        guard
          let command = keymap.commands.first(where: {
            $0.binding.matches(key) && $0.action(key) != nil
          })
        else { continue }
        #expect(
          command.binding.isShownInHelp,
          "\(name): \(key.displayName) works but full help does not list it")
      }
    }
  }

  /// The quit and cancel keys' warnings never offer a save Ctrl-S would refuse.
  @Test func theWarningsOfferASaveOnlyWhereOneWouldGoThrough() {
    withDependencies {
      $0.uuid = .incrementing
    } operation: {
      var form = StandupForm.State(standup: Standup(id: .init(UUID(50))))
      form.standup.theme = .navy
      let untitled = StandupsView.unsavedWork(appState([.mock], destination: .add(form)))
      #expect(untitled == UnsavedWork("the new standup", needs: "a title"))
      #expect(
        untitled.map(Keys.quitWarning)
          == "Unsaved: ctrl+c again quits and discards the new standup (it needs a title)")
      #expect(
        untitled.map(Keys.discardWarning)
          == "Unsaved: esc again discards the new standup (it needs a title)")
      form.standup.title = "Retro"
      let titled = StandupsView.unsavedWork(appState([.mock], destination: .add(form)))
      #expect(
        titled.map(Keys.quitWarning)
          == "Unsaved: ctrl+c again quits, ctrl+s saves the new standup")
      #expect(
        titled.map(Keys.discardWarning)
          == "Unsaved: esc again discards, ctrl+s saves the new standup")
    }
  }

  /// Enter on the last attendee adds one after it; on a blank last one it
  /// moves on instead, so blank rows do not pile up.
  @Test func enterOnABlankLastAttendeeMovesOnInsteadOfAddingAnother() {
    var standup = Standup.mock
    let last = standup.attendees.last!.id
    let named = StandupForm.State(focus: .attendee(last), standup: standup)
    let action = { (form: StandupForm.State) in
      keymap(appState([standup], destination: .add(form)), size: .large).action(for: .enter)
    }
    let sheet = { (action: StandupForm.Action) -> Shell<AppFeature>.Action in
      .app(.standupsList(.destination(.presented(.add(action)))))
    }
    #expect(action(named) == sheet(.addAttendeeButtonTapped))
    standup.attendees[id: last]?.name = "  "
    let blank = StandupForm.State(focus: .attendee(last), standup: standup)
    #expect(action(blank) == sheet(.focusMoved(by: 1)))
  }

  @Test func fullHelpScrollsWhenItDoesNotFit() {
    let (runtime, backend) = makeRuntime(appState([.mock, .engineeringMock]), size: .small)
    runtime.press(.char("?"))
    let help = { backend.frames.last?.layers.last?.canvas.lines.joined(separator: "\n") ?? "" }
    #expect(help().contains("Moving"))
    #expect(!help().contains("suspend"))
    #expect(help().contains("more · esc close"))
    for _ in 0..<30 { runtime.press(.pageDown) }
    let bottom = runtime.ui.helpScroll
    #expect(bottom > 0)
    #expect(help().contains("ctrl+z suspend"))
    #expect(help().contains("↑ ") && help().contains("more · esc close"))
    #expect(!help().contains("Moving"))
    runtime.press(.down)  // already at the end: stays
    #expect(runtime.ui.helpScroll == bottom)
    runtime.press(.up)
    #expect(runtime.ui.helpScroll == bottom - 1)
    // g/Home and G/End: its top and end, as in the screens' lists.
    runtime.press(.char("g"))
    #expect(runtime.ui.helpScroll == 0)
    runtime.press(.end)
    #expect(runtime.ui.helpScroll == bottom)
    runtime.press(.home)
    #expect(runtime.ui.helpScroll == 0)
    runtime.press(.char("G"))
    #expect(runtime.ui.helpScroll == bottom)
    runtime.press(.escape)
    #expect(!runtime.ui.showsHelp)
    runtime.press(.char("?"))
    #expect(runtime.ui.helpScroll == 0)
  }

  /// Esc on a sheet is the feature's cancel action, as in the reference
  /// (`.dismiss` is for a child dismissing itself), through the shell,
  /// which warns first when it would discard changes.
  @Test func escOnASheetSendsTheFeaturesCancelAction() {
    let form = StandupForm.State(standup: .mock)
    let adding = keymap(appState([.mock], destination: .add(form)))
    #expect(adding.action(for: .escape) == .discardPressed(.standupsList(.discardButtonTapped)))
    let editing = appState(
      [.mock], path: [.detail(StandupDetail.State(destination: .edit(form), standup: .mock))])
    guard let id = editing.path.ids.last else { return }
    #expect(
      keymap(editing).action(for: .escape)
        == .discardPressed(.path(.element(id: id, action: .detail(.cancelEditButtonTapped)))))
  }

  @Test func helpKeymapOnlyClosesHelp() {
    var ui = ShellUI()
    ui.showsHelp = true
    let keymap = keymap(appState([.mock]), ui: ui, size: .large)
    #expect(keymap.action(for: .escape) == .helpToggled)
    #expect(keymap.action(for: .char("?")) == .helpToggled)
    #expect(keymap.action(for: .char("a")) == nil)
    #expect(keymap.action(for: .ctrl("c")) == .quitPressed)
  }
}
