import StandupsCore
import TerminalApp
import TerminalUI

/// A past meeting: date, attendees and the transcript.
enum MeetingDetailScreen {
  static func keymap(_ state: MeetingDetail.State, pageSize: Int) -> Keymap<MeetingDetail.Action> {
    Keymap([
      Command(Keys.up, send: .scrolled(by: -1)),
      Command(Keys.down, send: .scrolled(by: 1)),
      Command(Keys.pageUp, send: .scrolled(by: -pageSize)),
      Command(Keys.pageDown, send: .scrolled(by: pageSize)),
    ])
  }

  static func draw(
    _ state: MeetingDetail.State, in canvas: inout Canvas, bindings: [KeyBinding],
    environment: RenderEnvironment
  ) {
    let date = environment.dateString(state.meeting.date)
    ScreenChrome.draw(
      in: &canvas, crumbs: ["Standups", state.standup.displayTitle, date], bindings: bindings
    ) { content in
      let width = content.bounds.width
      content.put(date, x: 1, y: 0, style: Styles.title)
      let names = state.standup.attendees.map(\.name).filter { !$0.isEmpty }.joined(separator: ", ")
      var x = content.put("Attendees ", x: 1, y: 1, style: Styles.hint)
      x = content.put(names, x: x, y: 1, width: max(0, width - x - 1))
      content.put("Transcript", x: 1, y: 3, style: Styles.sectionTitle)
      let lines = state.transcriptLines
      let top = 4
      let visible = max(0, content.bounds.height - top)
      if lines.allSatisfy(\.isEmpty) {
        content.put("(no notes were taken)", x: 3, y: top, style: Styles.hint)
        return
      }
      for (i, line) in lines.dropFirst(state.scrollOffset).prefix(visible).enumerated() {
        content.put(String(line), x: 3, y: top + i, width: max(0, width - 4))
      }
    }
  }
}
