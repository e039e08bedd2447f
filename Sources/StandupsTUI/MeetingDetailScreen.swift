import StandupsCore
import TerminalApp
import TerminalUI

/// A past meeting: date, attendees and the transcript.
enum MeetingDetailScreen {
  static func keymap(_ state: MeetingDetail.State, size: Size) -> Keymap<MeetingDetail.Action> {
    let page = visibleRows(for: size)
    let limit = max(0, transcriptRows(state, size: size).count - page)
    func by(_ rows: Int) -> MeetingDetail.Action { .scrolled(by: rows, limit: limit) }
    return Keymap([
      Command(Keys.up, send: by(-1)),
      Command(Keys.down, send: by(1)),
      Command(Keys.pageUp, send: by(-page)),
      Command(Keys.pageDown, send: by(page)),
      Command(Keys.top, send: by(-state.scrollOffset)),
      Command(Keys.bottom, send: by(limit - state.scrollOffset)),
    ])
  }

  /// The transcript as shown at `size`: each line wrapped to the width.
  static func transcriptRows(_ state: MeetingDetail.State, size: Size) -> [String] {
    let width = max(1, size.width - 6)
    return state.transcriptLines.flatMap { line -> [String] in
      line.isEmpty ? [""] : TextWidth.wrap(String(line), width: width)
    }
  }

  /// Transcript rows a screen of `size` shows: below the chrome, the date,
  /// the attendees and the section title.
  static func visibleRows(for size: Size) -> Int { max(1, size.height - 8) }

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
      let names = state.meeting.attendeeNames(in: state.standup).filter { !$0.isEmpty }
        .joined(separator: ", ")
      // A meeting recorded before rosters were kept shows the standup's
      // roster as it is now, which may not be who attended: say so.
      let label = state.meeting.attendees == nil ? "Current roster " : "Attendees "
      var x = content.put(label, x: 1, y: 1, style: Styles.hint)
      x = content.put(names, x: x, y: 1, width: max(0, width - x - 1))
      content.put("Transcript", x: 1, y: 3, style: Styles.sectionTitle)
      let top = 4
      if state.transcriptLines.allSatisfy(\.isEmpty) {
        content.put("(no notes were taken)", x: 3, y: top, style: Styles.hint)
        return
      }
      let rows = transcriptRows(state, size: size)
      let visible = max(0, content.bounds.height - top)
      // A larger terminal than the one scrolled in shows a full screen still.
      let offset = min(state.scrollOffset, max(0, rows.count - visible))
      for (i, row) in rows.dropFirst(offset).prefix(visible).enumerated() {
        content.put(row, x: 3, y: top + i, width: max(0, width - 4))
      }
    }
  }
}
