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
    /// Notes that begin above the first row shown.
    var earlier = 0
    /// Notes that end below the last row shown.
    var later = 0
    /// The first row shown, among all the notes' rows.
    var top = 0
    /// The first row shown while following the newest.
    var newestTop = 0
    /// Each note's number of rows.
    var counts: [Int] = []
  }

  /// The heading's row and the rows under it, in content `height` rows:
  /// short of rows (40×12), the speaker took one row and the blanks went.
  static func area(height: Int) -> (heading: Int, rows: Int) {
    let top = height < RecordMeetingScreen.roomyHeight ? 4 : 7
    return (top - 1, max(0, height - top - 1))
  }

  /// Each note's rows at content `width`.
  static func rows(_ state: RecordMeeting.State, width: Int) -> [[Row]] {
    state.notes.map { note in
      let indent =
        note.speaker.isEmpty ? 0 : min(TextWidth.of(Sanitizer.inert(note.speaker)) + 2, width / 2)
      let lines = TextWidth.wrap(note.text, width: max(1, width - 2 - indent))
      return (lines.isEmpty ? [""] : lines).enumerated().map {
        Row(
          label: $0.offset == 0 && indent > 0 ? note.speaker : nil, indent: indent, text: $0.element
        )
      }
    }
  }

  /// The rows `height` rows show at content `width`: from the one scrolled
  /// to, or the newest screenful; a scroll past that shows the newest.
  static func shown(_ state: RecordMeeting.State, width: Int, height: Int) -> Shown {
    let notes = rows(state, width: width)
    var shown = Shown(counts: notes.map(\.count))
    let all = notes.flatMap { $0 }
    guard height > 0, !all.isEmpty else { return shown }
    // Following the newest, the first note shown is whole (never an older
    // note's end without its speaker), unless the newest alone is taller.
    shown.newestTop = max(0, all.count - height)
    let cut = TranscriptPosition(row: shown.newestTop, in: shown.counts)
    if cut.row > 0, cut.line + 1 < shown.counts.count {
      shown.newestTop += shown.counts[cut.line] - cut.row
    }
    shown.top =
      state.notesScroll.map { min($0.row(in: shown.counts), shown.newestTop) }
      ?? shown.newestTop
    shown.rows = Array(all[shown.top..<min(all.count, shown.top + height)])
    let first = TranscriptPosition(row: shown.top, in: shown.counts)
    shown.earlier = first.line + (first.row > 0 ? 1 : 0)
    let last = TranscriptPosition(row: shown.top + shown.rows.count - 1, in: shown.counts)
    shown.later =
      shown.counts.count - 1 - last.line + (last.row < shown.counts[last.line] - 1 ? 1 : 0)
    return shown
  }

  /// ↑/↓ a row, PgUp/PgDn a page, each only while there are rows that
  /// way; back at the newest row, the notes follow the newest again.
  static func commands(_ state: RecordMeeting.State, size: Size) -> [Command<RecordMeeting.Action>]
  {
    let content = Size(width: size.width - 2, height: size.height - 4)
    let page = area(height: content.height).rows
    let shown = shown(state, width: content.width, height: page)
    func to(_ row: Int) -> RecordMeeting.Action {
      row >= shown.newestTop
        ? .notesScrolled(to: nil)
        : .notesScrolled(to: TranscriptPosition(row: max(0, row), in: shown.counts))
    }
    let canGoUp = shown.top > 0
    let canGoDown = shown.top < shown.newestTop
    return [
      Command(Self.up.enabled(canGoUp), send: to(shown.top - 1)),
      Command(Self.down.enabled(canGoDown), send: to(shown.top + 1)),
      Command(Self.pageUp.enabled(canGoUp), send: to(shown.top - page)),
      Command(Self.pageDown.enabled(canGoDown), send: to(shown.top + page)),
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
