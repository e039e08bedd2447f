import StandupsCore
import TerminalApp
import TerminalUI

/// A past meeting: date, attendees and the transcript.
enum MeetingDetailScreen {
  static func keymap(_ state: MeetingDetail.State, size: Size) -> Keymap<MeetingDetail.Action> {
    let lines = wrappedLines(state, size: size)
    let counts = lines.map(\.count)
    let page = visibleRows(state, size: size)
    let limit = max(0, counts.reduce(0, +) - page)
    // Counted from the row on screen: one scrolled past the end at another
    // width shows (and moves from) the last screenful.
    let current = min(state.scrollPosition.row(in: counts), limit)
    func to(_ row: Int) -> MeetingDetail.Action {
      .scrolled(to: TranscriptPosition(row: min(max(row, 0), limit), in: counts))
    }
    // A transcript that fits has no scrolling keys.
    let scrolls = limit > 0
    return Keymap([
      Command(Keys.up.enabled(scrolls), send: to(current - 1)),
      Command(Keys.down.enabled(scrolls), send: to(current + 1)),
      Command(Keys.pageUp.enabled(scrolls), send: to(current - page)),
      Command(Keys.pageDown.enabled(scrolls), send: to(current + page)),
      Command(Keys.top.enabled(scrolls), send: to(0)),
      Command(Keys.bottom.enabled(scrolls), send: to(limit)),
    ])
  }

  /// The transcript's lines as shown at `size`: each wrapped to the width,
  /// a note's later rows under its text, clear of its speaker's label (as
  /// the recording showed it), where the label takes at most half the row.
  static func wrappedLines(_ state: MeetingDetail.State, size: Size) -> [[String]] {
    // A column clear of the scrollbar.
    let width = max(1, size.width - 7)
    let names = speakers(state)
    return state.transcriptLines.map { line -> [String] in
      guard !line.isEmpty else { return [""] }
      guard let speaker = speaker(of: line, among: names) else {
        return TextWidth.wrap(String(line), width: width)
      }
      let label = self.label(speaker, width: width)
      let indent = TextWidth.of(label) + 2
      let text = line.dropFirst(speaker.count + 2)
      let rows = TextWidth.wrap(String(text), width: max(1, width - indent))
      let pad = String(repeating: " ", count: indent)
      return rows.enumerated().map { ($0.offset == 0 ? label + ": " : pad) + $0.element }
    }
  }

  /// A speaker's label in a transcript `width` columns wide: the name, cut
  /// with "…" to leave the note at least half the row, as the recording
  /// cut it.
  static func label(_ speaker: String, width: Int) -> String {
    var label = TextWidth.truncate(Sanitizer.inert(speaker), to: max(1, width / 2 - 2))
    // Cut where a wide character did not fit, it is padded: the ":" follows the "…".
    while label.last == " " { label.removeLast() }
    return label
  }

  /// Who may have spoken: the names of the meeting's attendees (a note's
  /// line is "Name: text").
  static func speakers(_ state: MeetingDetail.State) -> Set<String> {
    Set(state.meeting.attendeeNames(in: state.standup).filter { !$0.isEmpty })
  }

  /// The speaker `line` begins with, if it begins with one of `names` and ": ".
  static func speaker(of line: Substring, among names: Set<String>) -> String? {
    guard let separator = line.range(of: ": ") else { return nil }
    let name = String(line[..<separator.lowerBound])
    return names.contains(name) ? name : nil
  }

  /// Transcript rows a screen of `size` shows: below the chrome, the date,
  /// the attendees' rows, a gap and the section title.
  static func visibleRows(_ state: MeetingDetail.State, size: Size) -> Int {
    max(1, size.height - 7 - max(1, attendeeRows(state, size: size).count))
  }

  static let attendeesLabel = "Attendees "
  static let rosterLabel = "Current roster "

  /// The label for the meeting's attendees: a meeting recorded before
  /// rosters were kept shows the standup's roster as it is now, which may
  /// not be who attended, and says so.
  static func attendeesLabel(_ state: MeetingDetail.State) -> String {
    state.meeting.attendees == nil ? rosterLabel : attendeesLabel
  }

  /// The attendees' names on as many rows as they need, up to a quarter of
  /// the screen (at least one): a name is never split across rows, and
  /// the last row says how many did not fit.
  static func attendeeRows(_ state: MeetingDetail.State, size: Size) -> [String] {
    let names = state.meeting.attendeeNames(in: state.standup).filter { !$0.isEmpty }
    // As drawn: after the label, inside the chrome's margins, a column spare.
    let width = size.width - 4 - TextWidth.of(attendeesLabel(state))
    guard width > 0 else { return [] }
    return NameRows.packed(names, width: width, limit: max(1, (size.height - 8) / 4))
  }

  static func draw(
    _ state: MeetingDetail.State, in canvas: inout Canvas, bindings: [KeyBinding],
    environment: RenderEnvironment
  ) {
    let date = environment.dateString(state.meeting.date)
    let size = Size(width: canvas.bounds.width, height: canvas.bounds.height)
    ScreenChrome.draw(
      in: &canvas, crumbs: ["Standups", state.standup.displayTitle, date], bindings: bindings
    ) { content in
      let width = content.bounds.width
      content.put(date, x: 1, y: 0, style: Styles.title)
      let x = content.put(attendeesLabel(state), x: 1, y: 1, style: Styles.hint)
      let attendees = attendeeRows(state, size: size)
      for (i, row) in attendees.enumerated() {
        content.put(row, x: x, y: 1 + i, width: max(0, width - x - 1))
      }
      let titleY = 2 + max(1, attendees.count)
      content.put("Transcript", x: 1, y: titleY, style: Styles.sectionTitle)
      let top = titleY + 1
      if state.transcriptLines.allSatisfy(\.isEmpty) {
        content.put("(no notes were taken)", x: 3, y: top, style: Styles.hint)
        return
      }
      let lines = wrappedLines(state, size: size)
      let rows = lines.flatMap { $0 }
      let visible = max(0, content.bounds.height - top)
      // A larger terminal than the one scrolled in shows a full screen still.
      let counts = lines.map(\.count)
      let offset = min(state.scrollPosition.row(in: counts), max(0, rows.count - visible))
      let names = speakers(state)
      let transcript = state.transcriptLines
      var position = TranscriptPosition(row: offset, in: counts)
      for (i, row) in rows.dropFirst(offset).prefix(visible).enumerated() {
        content.put(row, x: 3, y: top + i, width: max(0, width - 4))
        // A note's first row: its speaker in bold, as while recording.
        if position.row == 0, let speaker = speaker(of: transcript[position.line], among: names) {
          content.put(
            label(speaker, width: max(1, size.width - 7)) + ":", x: 3, y: top + i, style: .bold)
        }
        position =
          position.row + 1 < counts[position.line]
          ? TranscriptPosition(line: position.line, row: position.row + 1)
          : TranscriptPosition(line: position.line + 1)
      }
      Scrollbar.draw(
        in: &content, x: width - 1, y: top, height: visible, count: rows.count, offset: offset,
        visible: visible)
    }
  }
}
