import StandupsCore
import TerminalApp
import TerminalUI

/// The notes of the meeting being recorded, as its screen shows them: each
/// wrapped beside its speaker's label (at most half the row, its ": "
/// kept), the newest in sight unless the user reads back through them, a
/// row at a time (↑/↓) or a page (PgUp/PgDn). The heading says how many
/// notes begin above and end below what is shown.
enum RecordNotes {
  struct Row: Equatable {
    /// The speaker, on a note's first row.
    var label: String?
    var indent: Int
    var text: String
  }

  /// What a notes area shows.
  struct Shown {
    var rows: [Row] = []
    /// Notes that begin above the first row shown (a note cut at both ends
    /// counts as later only).
    var earlier = 0
    /// Notes that end below the last row shown.
    var later = 0
    /// The first row shown.
    var top = TranscriptPosition()
    /// The first row shown while following the newest.
    var newestTop = TranscriptPosition()
  }

  /// The heading's row and the rows under it, in content `height` rows:
  /// short of rows (40×12), the speaker took one row and the blanks went.
  static func area(height: Int) -> (heading: Int, rows: Int) {
    let top = height < RecordMeetingScreen.roomyHeight ? 4 : 7
    return (top - 1, max(0, height - top - 1))
  }

  /// A note's rows at content `width`.
  static func rows(of note: RecordMeeting.Note, width: Int) -> [Row] {
    let indent =
      note.speaker.isEmpty ? 0 : min(TextWidth.of(Sanitizer.inert(note.speaker)) + 2, width / 2)
    let lines = TextWidth.wrap(note.text, width: max(1, width - 2 - indent))
    return (lines.isEmpty ? [""] : lines).enumerated().map {
      Row(
        label: $0.offset == 0 && indent > 0 ? note.speaker : nil, indent: indent, text: $0.element)
    }
  }

  /// The notes' rows at one width, each note wrapped only when asked for:
  /// what is on screen costs what a screenful costs, however long the
  /// meeting.
  struct Layout {
    let notes: [RecordMeeting.Note]
    let width: Int
    private var wrapped: [Int: [Row]] = [:]

    init(_ notes: [RecordMeeting.Note], width: Int) {
      self.notes = notes
      self.width = width
    }

    /// How many notes were wrapped.
    var wrappedCount: Int { wrapped.count }

    mutating func rows(_ line: Int) -> [Row] {
      if let rows = wrapped[line] { return rows }
      let rows = RecordNotes.rows(of: notes[line], width: width)
      wrapped[line] = rows
      return rows
    }

    /// The row `count` rows before `position` (after it, when negative),
    /// as far as the first or last row.
    mutating func position(_ position: TranscriptPosition, back count: Int)
      -> TranscriptPosition
    {
      var line = min(max(position.line, 0), notes.count - 1)
      var row = min(max(position.row, 0), rows(line).count - 1)
      if count < 0 {
        var rest = -count
        while rest > 0 {
          let available = rows(line).count - 1 - row
          if rest <= available { return TranscriptPosition(line: line, row: row + rest) }
          guard line + 1 < notes.count else {
            return TranscriptPosition(line: line, row: row + available)
          }
          rest -= available + 1
          line += 1
          row = 0
        }
      } else {
        var rest = count
        while rest > 0 {
          if rest <= row { return TranscriptPosition(line: line, row: row - rest) }
          guard line > 0 else { return TranscriptPosition(line: 0, row: 0) }
          rest -= row + 1
          line -= 1
          row = rows(line).count - 1
        }
      }
      return TranscriptPosition(line: line, row: row)
    }
  }

  /// The rows `height` rows show at content `width`: from the one scrolled
  /// to, or the newest screenful; a scroll past that shows the newest.
  static func shown(_ state: RecordMeeting.State, width: Int, height: Int) -> Shown {
    var layout = Layout(state.notes, width: width)
    return shown(state, height: height, layout: &layout)
  }

  static func shown(_ state: RecordMeeting.State, height: Int, layout: inout Layout) -> Shown {
    var shown = Shown()
    guard height > 0, !state.notes.isEmpty else { return shown }
    let lastLine = state.notes.count - 1
    let end = TranscriptPosition(line: lastLine, row: layout.rows(lastLine).count - 1)
    // Following the newest, the first note shown is whole (never an older
    // note's end without its speaker), unless the newest alone is taller.
    var newestTop = layout.position(end, back: height - 1)
    if newestTop.row > 0, newestTop.line < lastLine {
      newestTop = TranscriptPosition(line: newestTop.line + 1, row: 0)
    }
    shown.newestTop = newestTop
    shown.top = newestTop
    if let scroll = state.notesScroll {
      let scrolled = layout.position(scroll, back: 0)
      if scrolled < newestTop { shown.top = scrolled }
    }
    var line = shown.top.line
    var row = shown.top.row
    var last = shown.top
    while shown.rows.count < height, line <= lastLine {
      let rows = layout.rows(line)
      let taken = rows[row..<min(rows.count, row + height - shown.rows.count)]
      shown.rows += taken
      last = TranscriptPosition(line: line, row: row + taken.count - 1)
      line += 1
      row = 0
    }
    let cutBelow = last.row < layout.rows(last.line).count - 1
    shown.later = lastLine - last.line + (cutBelow ? 1 : 0)
    let cutAbove = shown.top.row > 0 && !(cutBelow && last.line == shown.top.line)
    shown.earlier = shown.top.line + (cutAbove ? 1 : 0)
    return shown
  }

  /// ↑/↓ a row, PgUp/PgDn a page, each only while there are rows that
  /// way; back at the newest row, the notes follow the newest again.
  static func commands(_ state: RecordMeeting.State, size: Size) -> [Command<RecordMeeting.Action>]
  {
    let content = Size(width: size.width - 2, height: size.height - 4)
    let page = area(height: content.height).rows
    var layout = Layout(state.notes, width: content.width)
    let shown = shown(state, height: page, layout: &layout)
    let canGoUp = shown.top > TranscriptPosition()
    let canGoDown = shown.top < shown.newestTop
    func to(_ offset: Int) -> RecordMeeting.Action {
      guard canGoUp || canGoDown else { return .notesScrolled(to: nil) }
      let position = layout.position(shown.top, back: offset)
      return position < shown.newestTop ? .notesScrolled(to: position) : .notesScrolled(to: nil)
    }
    return [
      Command(Self.up.enabled(canGoUp), send: to(1)),
      Command(Self.down.enabled(canGoDown), send: to(-1)),
      Command(Self.pageUp.enabled(canGoUp), send: to(page)),
      Command(Self.pageDown.enabled(canGoDown), send: to(-page)),
    ]
  }

  static let up = KeyBinding(
    keys: [.up], help: ("↑", "scroll notes up"), group: .moving, isInShortHelp: false)
  static let down = KeyBinding(
    keys: [.down], help: ("↓", "scroll notes down"), group: .moving, isInShortHelp: false)
  static let pageUp = KeyBinding(
    keys: [.pageUp], help: ("pgup", "notes page up"), group: .moving, isInShortHelp: false)
  static let pageDown = KeyBinding(
    keys: [.pageDown], help: ("pgdn", "notes page down"), group: .moving, isInShortHelp: false)

  /// The heading and the notes, in the record screen's content canvas.
  static func draw(_ state: RecordMeeting.State, in content: inout Canvas) {
    let width = content.bounds.width
    let area = area(height: content.bounds.height)
    content.put("Notes", x: 1, y: area.heading, style: Styles.sectionTitle)
    let shown = shown(state, width: width, height: area.rows)
    let room = width - 2 - TextWidth.of("Notes ")
    if let more = [outOfSight(shown, short: false), outOfSight(shown, short: true)].first(where: {
      !$0.isEmpty && TextWidth.of($0) <= room
    }) {
      content.put(more, x: width - 1 - TextWidth.of(more), y: area.heading, style: Styles.hint)
    }
    let top = area.heading + 1
    for (i, row) in shown.rows.enumerated() {
      if let label = row.label {
        _ = RecordMeetingScreen.label(
          label, ": ", x: 1, y: top + i, maxWidth: row.indent, in: &content)
      }
      let x = 1 + row.indent
      content.put(row.text, x: x, y: top + i, width: max(0, width - x - 1))
    }
  }

  /// "↑ 3 earlier  ↓ 2 later" (short: "↑3 ↓2"); empty when all is in sight.
  static func outOfSight(_ shown: Shown, short: Bool) -> String {
    [
      shown.earlier > 0 ? (short ? "↑\(shown.earlier)" : "↑ \(shown.earlier) earlier") : nil,
      shown.later > 0 ? (short ? "↓\(shown.later)" : "↓ \(shown.later) later") : nil,
    ].compactMap { $0 }.joined(separator: short ? " " : "  ")
  }
}
