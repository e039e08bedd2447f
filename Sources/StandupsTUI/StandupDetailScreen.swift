import StandupsCore
import TerminalApp
import TerminalUI

/// One standup: its length and theme, "Start meeting", past meetings, attendees.
enum StandupDetailScreen {
  static func keymap(_ state: StandupDetail.State) -> Keymap<StandupDetail.Action> {
    let meeting = state.selection
    return Keymap([
      Command(Keys.up, send: .selectionMoved(by: -1)),
      Command(Keys.down, send: .selectionMoved(by: 1)),
      Command(KeyBinding(keys: [.enter], help: ("enter", meeting == nil ? "start" : "open"))) {
        _ in meeting.map { .meetingTapped($0) } ?? .startMeetingButtonTapped
      },
      // Enter already starts from the first row; `s` works from anywhere.
      Command(
        KeyBinding(keys: [.char("s")], help: ("s", "start meeting"), isInShortHelp: false),
        send: .startMeetingButtonTapped),
      Command(KeyBinding(keys: [.char("e")], help: ("e", "edit")), send: .editButtonTapped),
      Command(
        KeyBinding(keys: [.char("x"), .delete], help: ("x", "del meeting")).enabled(
          meeting != nil)
      ) { _ in meeting.map { .deleteMeetingButtonTapped($0) } },
      Command(
        KeyBinding(keys: [.char("d")], help: ("d", "delete")), send: .deleteButtonTapped),
    ])
  }

  static func draw(
    _ state: StandupDetail.State, in canvas: inout Canvas, bindings: [KeyBinding],
    environment: RenderEnvironment, memory: inout ViewMemory
  ) {
    let standup = state.standup
    ScreenChrome.draw(
      in: &canvas, crumbs: ["Standups", standup.displayTitle], bindings: bindings
    ) { content in
      let width = content.bounds.width
      content.put(standup.displayTitle, x: 1, y: 0, width: width - 2, style: Looks.title)
      var x = content.put("Length ", x: 1, y: 1, style: Looks.hint)
      x = content.put(standup.lengthText, x: x, y: 1)
      x = content.put("   Theme ", x: x, y: 1, style: Looks.hint)
      content.put(" \(standup.theme.name) ", x: x, y: 1, style: standup.theme.style)

      // Selectable rows: "Start meeting", then each past meeting.
      let meetings = standup.meetings
      let selectedMeeting = state.selection.flatMap { meetings.index(id: $0) }
      let startSelected = selectedMeeting == nil
      content.put(Looks.marker(startSelected), x: 0, y: 3, style: .bold)
      content.put(
        " ▶ Start meeting ", x: 1, y: 3,
        style: startSelected
          ? Looks.selected : standup.theme.accent.with(.bold))

      // Meetings and attendees share what is left, each keeping at least a row.
      let top = 5
      let fixedRows = 3  // "Past meetings", a gap, "Attendees"
      var meetingRows = max(1, meetings.count)
      var attendeeRows = max(1, standup.attendees.count)
      while meetingRows + attendeeRows + fixedRows > content.bounds.height - top,
        meetingRows > 1 || attendeeRows > 1
      {
        if meetingRows >= attendeeRows, meetingRows > 1 {
          meetingRows -= 1
        } else {
          attendeeRows -= 1
        }
      }

      content.put("Past meetings (\(meetings.count))", x: 1, y: top, style: Looks.sectionTitle)
      if meetings.isEmpty {
        content.put("No meetings yet", x: 3, y: top + 1, style: Looks.hint)
      }
      content.within(
        Rect(x: 0, y: top + 1, width: width, height: meetings.isEmpty ? 0 : meetingRows)
      ) { list in
        memory.detailMeetings.offset = ListView(
          count: meetings.count, selected: selectedMeeting, offset: memory.detailMeetings.offset,
          highlight: []
        ).draw(in: &list) { index, isSelected, row in
          let meeting = meetings[index]
          row.put(Looks.marker(isSelected), x: 0, y: 0, style: .bold)
          let date = " " + environment.dateString(meeting.date) + " "
          row.put(
            date, x: 2, y: 0, style: isSelected ? Looks.selected : .plain)
          // The first non-empty line, without splitting the whole transcript.
          let preview =
            meeting.transcript.split(separator: "\n", maxSplits: 1).first.map(String.init) ?? ""
          let x = 3 + TextWidth.of(date)
          row.put(preview, x: x, y: 0, width: max(0, row.bounds.width - x - 1), style: Looks.hint)
        }
      }

      let attendeesTop = top + 1 + meetingRows + 1
      content.put(
        "Attendees (\(standup.attendees.count))", x: 1, y: attendeesTop, style: Looks.sectionTitle)
      let shown = standup.attendees.prefix(attendeeRows)
      for (i, attendee) in shown.enumerated() {
        let isLastShown = i == shown.count - 1 && shown.count < standup.attendees.count
        let text =
          isLastShown
          ? "… and \(standup.attendees.count - i) more"
          : "• " + (attendee.name.isEmpty ? "(no name)" : attendee.name)
        content.put(text, x: 3, y: attendeesTop + 1 + i, width: max(0, width - 4))
      }
    }
  }
}

/// The meeting in progress: progress bar, times, who speaks, and notes.
enum RecordMeetingScreen {
  static func keymap(_ state: RecordMeeting.State) -> Keymap<RecordMeeting.Action> {
    var keymap = Keymap<RecordMeeting.Action>(
      [
        Command(
          KeyBinding(keys: [.ctrl("n")], help: ("ctrl+n", "next speaker")), send: .nextButtonTapped),
        Command(KeyBinding(keys: [.enter], help: ("enter", "add note")), send: .noteSubmitted),
        Command(
          KeyBinding(keys: [.escape, .ctrl("e")], help: ("esc", "end meeting")),
          send: .endMeetingButtonTapped),
      ], typesText: true
    ) { key in
      TextEditing.apply(key, text: state.draft, cursor: state.cursor).map {
        .draftChanged($0.0, cursor: $0.1)
      }
    }
    keymap.paste = { pasted in
      let (text, cursor) = TextEditing.insert(pasted, text: state.draft, cursor: state.cursor)
      return .draftChanged(text, cursor: cursor)
    }
    return keymap
  }

  static func draw(
    _ state: RecordMeeting.State, in canvas: inout Canvas, bindings: [KeyBinding],
    memory: inout ViewMemory
  ) {
    let standup = state.standup
    ScreenChrome.draw(
      in: &canvas, crumbs: ["Standups", standup.displayTitle, "Record"],
      trailing: "● REC", bindings: bindings
    ) { content in
      let width = content.bounds.width
      let total = max(1, Int(standup.duration.components.seconds))
      content.within(Rect(x: 1, y: 0, width: width - 2, height: 1)) {
        ProgressBar(
          fraction: Double(state.secondsElapsed) / Double(total),
          filledStyle: standup.theme.accent, emptyStyle: Looks.hint
        ).draw(in: &$0)
      }
      let elapsed = "Elapsed \(Duration.seconds(state.secondsElapsed).clock)"
      let remaining = "Remaining \(state.durationRemaining.clock)"
      content.put(elapsed, x: 1, y: 1, style: Looks.hint)
      content.put(remaining, x: width - 1 - TextWidth.of(remaining), y: 1, style: Looks.hint)

      let count = standup.attendees.count
      let speaker = "Speaker \(min(state.speakerIndex + 1, count)) of \(count)"
      content.put(speaker, x: 0, y: 3, width: width, alignment: .center, style: Looks.title)
      let name =
        state.currentSpeaker.map { $0.name.isEmpty ? "(no name)" : Sanitizer.inert($0.name) } ?? ""
      content.put(
        name, x: 0, y: 4, width: width, alignment: .center, style: standup.theme.accent.with(.bold))

      content.put("Notes", x: 1, y: 6, style: Looks.sectionTitle)
      let notesTop = 7
      let notesHeight = max(0, content.bounds.height - notesTop - 1)
      let notes = state.notes.suffix(notesHeight)
      for (i, note) in notes.enumerated() {
        var x = content.put(note.speaker + ": ", x: 1, y: notesTop + i, style: .bold)
        x = content.put(note.text, x: x, y: notesTop + i, width: max(0, width - x - 1))
      }
      let inputY = content.bounds.height - 1
      let prompt = "\(name.isEmpty ? "?" : name) › "
      let promptWidth = min(TextWidth.of(prompt), width / 2)
      content.put(prompt, x: 1, y: inputY, width: promptWidth, style: Looks.hint)
      content.within(
        Rect(x: 1 + promptWidth, y: inputY, width: max(1, width - promptWidth - 2), height: 1)
      ) {
        TextField(
          TextFieldState(text: state.draft, cursor: state.cursor),
          placeholder: "type a note, enter to add", isFocused: state.alert == nil
        ).draw(in: &$0)
      }
    }
  }
}

/// A past meeting: date, attendees and the transcript.
enum MeetingScreen {
  static func keymap(_ state: MeetingFeature.State, pageSize: Int) -> Keymap<MeetingFeature.Action>
  {
    Keymap([
      Command(Keys.up, send: .scrolled(by: -1)),
      Command(Keys.down, send: .scrolled(by: 1)),
      Command(Keys.pageUp, send: .scrolled(by: -pageSize)),
      Command(Keys.pageDown, send: .scrolled(by: pageSize)),
    ])
  }

  static func draw(
    _ state: MeetingFeature.State, in canvas: inout Canvas, bindings: [KeyBinding],
    environment: RenderEnvironment
  ) {
    let date = environment.dateString(state.meeting.date)
    ScreenChrome.draw(
      in: &canvas, crumbs: ["Standups", state.standup.displayTitle, date], bindings: bindings
    ) { content in
      let width = content.bounds.width
      content.put(date, x: 1, y: 0, style: Looks.title)
      let names = state.standup.attendees.map(\.name).filter { !$0.isEmpty }.joined(separator: ", ")
      var x = content.put("Attendees ", x: 1, y: 1, style: Looks.hint)
      x = content.put(names, x: x, y: 1, width: max(0, width - x - 1))
      content.put("Transcript", x: 1, y: 3, style: Looks.sectionTitle)
      let lines = state.transcriptLines
      let top = 4
      let visible = max(0, content.bounds.height - top)
      if lines.allSatisfy(\.isEmpty) {
        content.put("(no notes were taken)", x: 3, y: top, style: Looks.hint)
        return
      }
      for (i, line) in lines.dropFirst(state.scrollOffset).prefix(visible).enumerated() {
        content.put(String(line), x: 3, y: top + i, width: max(0, width - 4))
      }
    }
  }
}
