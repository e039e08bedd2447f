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
        Command(
          KeyBinding(
            keys: [.ctrl("n")], help: ("ctrl+n", hasNextSpeaker ? "next speaker" : "finish")),
          send: .nextButtonTapped),
        Command(KeyBinding(keys: [.enter], help: ("enter", "add note")), send: .noteSubmitted),
        // Esc clears the line being typed first: typing on after an Esc
        // meant for the line must not land on the alert's buttons.
        state.draft.isEmpty
          ? Command(
            KeyBinding(keys: [.escape], help: ("esc", "end meeting")),
            send: .endMeetingButtonTapped)
          : Command(
            KeyBinding(keys: [.escape], help: ("esc", "clear note")),
            send: .draftChanged("", cursor: 0)),
      ] + scrollCommands(state, size: size), typesText: true
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

  /// ↑/↓ read back through the notes one at a time, pgup/pgdn by as many
  /// as are on screen; each only while there are notes that way.
  static func scrollCommands(_ state: RecordMeeting.State, size: Size)
    -> [Command<RecordMeeting.Action>]
  {
    let notes = notes(state, width: size.width - 2, height: size.height - 4)
    let page = max(1, state.notes.count - notes.earlierHidden - notes.laterHidden)
    let hasEarlier = notes.earlierHidden > 0
    let hasLater = notes.laterHidden > 0
    return [
      Command(Self.earlier.enabled(hasEarlier), send: .notesScrolled(by: -1)),
      Command(Self.later.enabled(hasLater), send: .notesScrolled(by: 1)),
      Command(
        Self.earlierPage.enabled(hasEarlier),
        send: .notesScrolled(by: -min(page, notes.earlierHidden))),
      Command(
        Self.laterPage.enabled(hasLater), send: .notesScrolled(by: min(page, notes.laterHidden))),
    ]
  }

  static let earlier = KeyBinding(
    keys: [.up], help: ("↑", "earlier note"), group: .moving, isInShortHelp: false)
  static let later = KeyBinding(
    keys: [.down], help: ("↓", "later note"), group: .moving, isInShortHelp: false)
  static let earlierPage = KeyBinding(
    keys: [.pageUp], help: ("pgup", "earlier notes"), group: .moving, isInShortHelp: false)
  static let laterPage = KeyBinding(
    keys: [.pageDown], help: ("pgdn", "later notes"), group: .moving, isInShortHelp: false)

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

      let notesTop = isCompact ? 4 : 7
      content.put("Notes", x: 1, y: notesTop - 1, style: Styles.sectionTitle)
      let notes = Self.notes(state, width: width, height: content.bounds.height)
      if notes.earlierHidden > 0 {
        let more = "↑ \(notes.earlierHidden) earlier"
        let x = width - 1 - TextWidth.of(more)
        if x > 1 + TextWidth.of("Notes") {
          content.put(more, x: x, y: notesTop - 1, style: Styles.hint)
        }
      }
      for (i, row) in notes.rows.enumerated() {
        if let label = row.label {
          _ = Self.label(label, ": ", x: 1, y: notesTop + i, maxWidth: row.indent, in: &content)
        }
        let x = 1 + row.indent
        content.put(row.text, x: x, y: notesTop + i, width: max(0, width - x - 1))
      }
      if notes.laterHidden > 0 {
        content.put(
          "↓ \(notes.laterHidden) later", x: 1, y: notesTop + notes.height - 1,
          width: max(0, width - 2), style: Styles.hint)
      }
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

  /// The notes a screen shows: their rows, and how many notes are out of
  /// sight before and after them.
  struct NotesOnScreen {
    var rows: [(label: String?, indent: Int, text: String)] = []
    var earlierHidden = 0
    var laterHidden = 0
    /// Rows the notes may take, the "later" line's included.
    var height = 0
  }

  /// The notes in a content area `width` × `height`: the newest that fit
  /// whole, from the one scrolled back to, each wrapped beside its
  /// speaker's label (at most half the row, its ": " kept); the newest
  /// shown alone may show only its end. Scrolled back, the last row says
  /// how many later notes there are.
  static func notes(_ state: RecordMeeting.State, width: Int, height: Int) -> NotesOnScreen {
    var shown = NotesOnScreen()
    shown.height = max(0, height - (height < roomyHeight ? 4 : 7) - 1)
    guard !state.notes.isEmpty else { return shown }
    shown.laterHidden = min(state.notesScrolledBack, state.notes.count - 1)
    let newest = state.notes.count - 1 - shown.laterHidden
    let available = shown.laterHidden > 0 ? max(0, shown.height - 1) : shown.height
    var count = 0
    for note in state.notes[...newest].reversed() where shown.rows.count < available {
      let indent =
        note.speaker.isEmpty ? 0 : min(TextWidth.of(Sanitizer.inert(note.speaker)) + 2, width / 2)
      let lines = TextWidth.wrap(note.text, width: max(1, width - 2 - indent))
      let noteRows = (lines.isEmpty ? [""] : lines).enumerated().map {
        (
          label: $0.offset == 0 && indent > 0 ? note.speaker : nil, indent: indent,
          text: $0.element
        )
      }
      if !shown.rows.isEmpty, noteRows.count > available - shown.rows.count { break }
      shown.rows.insert(contentsOf: noteRows.suffix(available - shown.rows.count), at: 0)
      count += 1
    }
    shown.earlierHidden = newest + 1 - count
    return shown
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
