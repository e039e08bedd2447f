import StandupsCore
import TerminalApp
import TerminalUI

/// One standup: its length and theme, "Start meeting", past meetings, attendees.
enum StandupDetailScreen {
  static func keymap(_ state: StandupDetail.State, size: Size) -> Keymap<StandupDetail.Action> {
    let meeting = state.selection
    let rows = state.standup.meetings.count + 1  // "Start meeting" and the meetings
    let page = max(1, layout(state, width: size.width - 2, height: size.height - 4).meetingRows)
    // With no meeting yet, "Start meeting" is the only row: no moving keys.
    let moves = rows > 1
    return Keymap([
      Command(Keys.up.enabled(moves), send: .selectionMoved(by: -1)),
      Command(Keys.down.enabled(moves), send: .selectionMoved(by: 1)),
      Command(Keys.pageUp.enabled(moves), send: .selectionMoved(by: -page)),
      Command(Keys.pageDown.enabled(moves), send: .selectionMoved(by: page)),
      Command(Keys.top.enabled(moves), send: .selectionMoved(by: -rows)),
      Command(Keys.bottom.enabled(moves), send: .selectionMoved(by: rows)),
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
          meeting != nil),
        send: meeting.map { .deleteMeetingButtonTapped($0) }),
      Command(
        KeyBinding(keys: [.char("d")], help: ("d", "delete")), send: .deleteButtonTapped),
    ])
  }

  /// Content rows for the header with its title and blank rows, and under
  /// it a meeting and an attendee with their section titles.
  static let roomyHeight = 10

  /// Where the screen's parts go in content of `width` × `height`.
  struct Layout: Equatable {
    /// Short of room for the sections under a spaced header, the header
    /// loses its title (the crumbs show it) and its blank rows.
    var isCompact: Bool
    /// The row of "Past meetings".
    var top: Int
    var meetingRows: Int
    /// With room for the meetings alone (they are what can be selected),
    /// the attendees are left to the edit sheet.
    var showsAttendees: Bool
    /// One name a row while they fit, else packed by name.
    var attendeeRows: [String]
  }

  static func layout(_ state: StandupDetail.State, width: Int, height: Int) -> Layout {
    let standup = state.standup
    let isCompact = height < roomyHeight
    let top = isCompact ? 3 : 5
    // Meetings and attendees share what is left, each keeping at least a row.
    let below = height - top - 1  // under "Past meetings"
    let showsAttendees = below >= 4  // a meeting, a gap, "Attendees", a name
    let fixedRows = showsAttendees ? 2 : 0  // a gap, "Attendees"
    var meetingRows = max(1, standup.meetings.count)
    var attendeeRows = showsAttendees ? max(1, standup.attendees.count) : 0
    while meetingRows + attendeeRows + fixedRows > below, meetingRows > 1 || attendeeRows > 1 {
      if meetingRows >= attendeeRows, meetingRows > 1 {
        meetingRows -= 1
      } else {
        attendeeRows -= 1
      }
    }
    // Rows the packed names leave over go back to the meetings.
    let names = standup.attendees.map { $0.name.isEmpty ? "(no name)" : $0.name }
    var rows = names.map { "• " + $0 }
    if !showsAttendees {
      rows = []
    } else if names.count > attendeeRows {
      rows = NameRows.packed(names, width: max(1, width - 4), limit: attendeeRows)
      meetingRows = min(max(1, standup.meetings.count), meetingRows + attendeeRows - rows.count)
    }
    return Layout(
      isCompact: isCompact, top: top, meetingRows: meetingRows, showsAttendees: showsAttendees,
      attendeeRows: rows)
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
      let layout = layout(state, width: width, height: content.bounds.height)
      let headerY = layout.isCompact ? 0 : 1
      let startY = layout.top - 2
      if !layout.isCompact {
        content.put(standup.displayTitle, x: 1, y: 0, width: width - 2, style: Styles.title)
      }
      var x = content.put("Length ", x: 1, y: headerY, style: Styles.hint)
      x = content.put(standup.lengthText, x: x, y: headerY)
      x = content.put("   Theme ", x: x, y: headerY, style: Styles.hint)
      content.put(" \(standup.theme.name) ", x: x, y: headerY, style: standup.theme.style)

      // Selectable rows: "Start meeting", then each past meeting.
      let meetings = standup.meetings
      let selectedMeeting = state.selection.flatMap { meetings.index(id: $0) }
      let startSelected = selectedMeeting == nil
      content.put(Styles.marker(startSelected), x: 0, y: startY, style: .bold)
      content.put(
        " ▶ Start meeting ", x: 1, y: startY,
        style: startSelected
          ? Styles.selected : standup.theme.accent.with(.bold))

      let top = layout.top
      let meetingRows = layout.meetingRows
      let rows = layout.attendeeRows
      content.put("Past meetings (\(meetings.count))", x: 1, y: top, style: Styles.sectionTitle)
      if meetings.isEmpty {
        content.put("No meetings yet", x: 3, y: top + 1, style: Styles.hint)
      }
      content.within(
        Rect(x: 0, y: top + 1, width: width, height: meetings.isEmpty ? 0 : meetingRows)
      ) { list in
        // "Start meeting" sits just above the list: with it highlighted the
        // list shows its top, the newest meetings.
        memory.detailMeetings.offset = ListView(
          count: meetings.count, selected: selectedMeeting,
          offset: startSelected ? 0 : memory.detailMeetings.offset,
          highlight: []
        ).draw(in: &list) { index, isSelected, row in
          let meeting = meetings[index]
          row.put(Styles.marker(isSelected), x: 0, y: 0, style: .bold)
          let date = " " + environment.dateString(meeting.date) + " "
          row.put(
            date, x: 2, y: 0, style: isSelected ? Styles.selected : .plain)
          let x = 3 + TextWidth.of(date)
          let width = max(0, row.bounds.width - x - 1)
          let preview = firstLine(of: meeting.transcript, columns: width)
          row.put(
            preview.isEmpty ? "(no notes)" : String(preview), x: x, y: 0, width: width,
            style: Styles.hint)
        }
      }

      guard layout.showsAttendees else { return }
      let attendeesTop = top + 1 + meetingRows + 1
      content.put(
        "Attendees (\(standup.attendees.count))", x: 1, y: attendeesTop, style: Styles.sectionTitle)
      for (i, row) in rows.enumerated() {
        content.put(row, x: 3, y: attendeesTop + 1 + i, width: max(0, width - 4))
      }
    }
  }

  /// The first non-empty line of `text`, cut where it is sure to be wider
  /// than `columns` (a row shows no more, and a transcript can be one line of
  /// pages), looked for by the byte: this is drawn for every row on every key.
  static func firstLine(of text: String, columns: Int) -> Substring {
    let utf8 = text.utf8
    func endsLine(_ byte: UInt8) -> Bool { byte == 0x0A || byte == 0x0D }
    guard let start = utf8.firstIndex(where: { !endsLine($0) }) else { return "" }
    // Eight bytes a column: a character of one scalar takes at most four
    // for its one or two, a flag eight for two; only runs of joined emoji
    // (a family is 25 bytes) could end the preview short of the row.
    let limit = utf8.index(start, offsetBy: (columns + 1) * 8, limitedBy: utf8.endIndex)
    var end =
      utf8[start..<(limit ?? utf8.endIndex)].firstIndex(where: endsLine) ?? limit ?? utf8.endIndex
    // Not inside a character's bytes.
    while end > start, end < utf8.endIndex, utf8[end] & 0xC0 == 0x80 {
      utf8.formIndex(before: &end)
    }
    return text[start..<end]
  }
}
