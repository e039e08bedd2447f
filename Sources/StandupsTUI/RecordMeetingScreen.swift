import StandupsCore
import TerminalApp
import TerminalUI

/// The meeting in progress: progress bar, times, who speaks, and notes.
enum RecordMeetingScreen {
  static func keymap(_ state: RecordMeeting.State, size: Size) -> Keymap<RecordMeeting.Action> {
    // After the last speaker (or with nobody to call) the key offers to end
    // the meeting, and says so.
    let hasNextSpeaker = state.speakerIndex < state.standup.attendees.count - 1
    var keymap = Keymap<RecordMeeting.Action>(
      [
        // First while it is offered, right after an Esc: the moment it is for.
        restoreClearedDraft(state),
        Command(
          KeyBinding(
            keys: [.ctrl("n")], help: ("ctrl+n", hasNextSpeaker ? "next speaker" : "finish")),
          send: .nextButtonTapped),
        // Only with a note to add: on an empty line Enter does nothing.
        Command(
          KeyBinding(keys: [.enter], help: ("enter", "add note")).enabled(
            !state.draft.allSatisfy(\.isWhitespace)),
          send: .noteSubmitted),
        // Esc clears the line being typed first: typing on after an Esc
        // meant for the line must not land on the alert's buttons.
        state.draft.isEmpty
          ? Command(
            KeyBinding(keys: [.escape], help: ("esc", "end meeting")),
            send: .endMeetingButtonTapped)
          : Command(KeyBinding(keys: [.escape], help: ("esc", "clear note")), send: .draftCleared),
      ] + RecordNotes.commands(state, size: size), typesText: true
    ) { key in
      TextFieldState.edit(key, text: state.draft, cursor: state.cursor).map {
        .draftChanged($0.0, cursor: $0.1)
      }
    }
    keymap.paste = { pasted in
      // Several lines are several notes, as typed with Enter after each.
      let lines = pasted.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
      let (text, cursor) = TextFieldState.insert(
        String(lines.first ?? ""), text: state.draft, cursor: state.cursor)
      guard lines.count > 1 else { return .draftChanged(text, cursor: cursor) }
      let rest = lines.dropFirst().map {
        TextFieldState.insert(String($0), text: "", cursor: 0).text
      }
      return .linesPasted(notes: [text] + rest.dropLast(), draft: rest.last ?? "")
    }
    return keymap
  }

  /// Ctrl-Y brings back the line Esc cleared, at the cursor, as a
  /// readline yank would.
  static func restoreClearedDraft(_ state: RecordMeeting.State) -> Command<RecordMeeting.Action> {
    let binding = KeyBinding(keys: [.ctrl("y")], help: ("ctrl+y", "bring back note"))
    guard let cleared = state.clearedDraft else {
      return Command(binding.enabled(false), send: nil)
    }
    let (text, cursor) = TextFieldState.insert(
      cleared.text, text: state.draft, cursor: state.cursor)
    return Command(binding, send: .clearedDraftRestored(text, cursor: cursor))
  }

  /// Rows of content under which the speaker block is compacted: with
  /// fewer, the full layout would leave no row for a note.
  static let roomyHeight = 11

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
          filledStyle: standup.theme.accent, emptyStyle: Styles.hint
        ).draw(in: &$0)
      }
      // Where both labels do not fit apart, the times alone (the remaining
      // one counting down, with a minus).
      var elapsed = "Elapsed \(Duration.seconds(state.secondsElapsed).clock)"
      var remaining = "Remaining \(state.durationRemaining.clock)"
      if TextWidth.of(elapsed) + TextWidth.of(remaining) + 1 > width - 2 {
        elapsed = Duration.seconds(state.secondsElapsed).clock
        remaining = "-" + state.durationRemaining.clock
      }
      content.put(elapsed, x: 1, y: 1, style: Styles.hint)
      let remainingX = width - 1 - TextWidth.of(remaining)
      if remainingX > 1 + TextWidth.of(elapsed) {
        content.put(remaining, x: remainingX, y: 1, style: Styles.hint)
      }

      let count = standup.attendees.count
      let speaker =
        count == 0 ? "No attendees" : "Speaker \(min(state.speakerIndex + 1, count)) of \(count)"
      func shown(_ attendee: Attendee?) -> String {
        attendee.map { $0.name.isEmpty ? "(no name)" : Sanitizer.inert($0.name) } ?? ""
      }
      let name = shown(state.currentSpeaker)
      let nameStyle = standup.theme.accent.with(.bold)
      // Short of rows (40×12), the speaker takes one row and the blanks go,
      // so that the notes taken so far still show.
      let isCompact = content.bounds.height < Self.roomyHeight
      if isCompact {
        let label = name.isEmpty ? speaker : speaker + " · "
        let nameWidth = min(TextWidth.of(name), max(0, width - 2 - TextWidth.of(label)))
        let x = max(1, (width - TextWidth.of(label) - nameWidth) / 2)
        content.put(label, x: x, y: 2, width: max(0, width - x - 1), style: Styles.title)
        content.put(
          TextWidth.truncate(name, to: nameWidth), x: x + TextWidth.of(label), y: 2,
          style: nameStyle)
      } else {
        content.put(speaker, x: 0, y: 3, width: width, alignment: .center, style: Styles.title)
        content.put(name, x: 0, y: 4, width: width, alignment: .center, style: nameStyle)
      }

      RecordNotes.draw(state, in: &content)
      let inputY = content.bounds.height - 1
      // The line being typed is by whoever spoke when it was begun.
      let author = shown(state.draftSpeaker)
      let promptWidth =
        Self.label(
          author.isEmpty ? "note" : author, " › ", x: 1, y: inputY, maxWidth: width / 2,
          in: &content, style: Styles.hint) - 1
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

  /// `name` then `separator`, in at most `maxWidth` columns: the name is cut
  /// ("…"), never the separator. Returns the column after it.
  static func label(
    _ name: String, _ separator: String, x: Int, y: Int, maxWidth: Int, in canvas: inout Canvas,
    style: Style = .bold
  ) -> Int {
    let separatorWidth = TextWidth.of(separator)
    let nameWidth = min(TextWidth.of(Sanitizer.inert(name)), max(0, maxWidth - separatorWidth))
    canvas.put(name, x: x, y: y, width: nameWidth, style: style)
    canvas.put(separator, x: x + nameWidth, y: y, style: style)
    return x + nameWidth + separatorWidth
  }
}
