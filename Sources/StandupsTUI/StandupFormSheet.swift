import StandupsCore
import TerminalApp
import TerminalUI

/// The "New standup" / "Edit standup" sheet: title, length, theme, attendees.
enum StandupFormSheet {
  static let labelWidth = 11
  /// The help bar's summary of a stepper's keys (each is listed in full help).
  static let change = KeyBinding(keys: [], help: ("←/→", "change"), group: .actions)
    .shortHelpOnly

  /// Keys of the form. `save` and `cancel` are the parent's actions (the sheet
  /// is the parent's destination); everything else is the form's own.
  static func keymap<Action: Sendable>(
    _ form: StandupForm.State, save: Action, cancel: Action,
    send embed: @escaping (StandupForm.Action) -> Action
  ) -> Keymap<Action> {
    let isText = form.focusedText != nil
    let attendeeID: Attendee.ID? = {
      if case .attendee(let id) = form.focus { id } else { nil }
    }()
    let isLastAttendee = attendeeID != nil && attendeeID == form.standup.attendees.last?.id
    // Enter on the last attendee adds one after it, unless it is still blank:
    // then the list is done, and blank rows do not pile up.
    let entersAttendee =
      isLastAttendee && form.standup.attendees.last?.name.contains { !$0.isWhitespace } == true
    var commands: [Command<StandupForm.Action>] = [
      Command(
        KeyBinding(keys: [.tab, .down], help: ("tab/↓", "next field"), group: .moving),
        send: .focusMoved(by: 1)),
      Command(
        KeyBinding(
          keys: [.backTab, .up], help: ("shift+tab/↑", "previous field"), group: .moving,
          isInShortHelp: false),
        send: .focusMoved(by: -1)),
      Command(
        KeyBinding(
          keys: [.enter], help: ("enter", entersAttendee ? "add attendee" : "next field"),
          group: entersAttendee ? .actions : .moving, isInShortHelp: false),
        send: entersAttendee ? .addAttendeeButtonTapped : .focusMoved(by: 1)),
      Command(
        KeyBinding(keys: [.ctrl("n")], help: ("ctrl+n", "add attendee")),
        send: .addAttendeeButtonTapped),
      Command(
        KeyBinding(keys: [.ctrl("x")], help: ("ctrl+x", "remove attendee")).enabled(
          attendeeID != nil),
        send: attendeeID.map { .deleteAttendeeButtonTapped($0) }),
    ]
    switch form.focus {
    case .duration:
      commands += [
        // The bar shows the pair as one "←/→ change"; full help each key.
        Command(
          KeyBinding(keys: [.left, .char("-"), .char("h")], help: ("←/-/h", "shorter"))
            .fullHelpOnly,
          send: .durationStepped(by: -1)),
        Command(
          KeyBinding(keys: [.right, .char("+"), .char("="), .char("l")], help: ("→/+/l", "longer"))
            .fullHelpOnly,
          send: .durationStepped(by: 1)),
        Command(Self.change, send: nil),
      ]
    case .theme:
      commands += [
        Command(
          KeyBinding(keys: [.left, .char("h")], help: ("←/h", "previous theme")).fullHelpOnly,
          send: .themeStepped(by: -1)),
        Command(
          KeyBinding(keys: [.right, .char("l")], help: ("→/l", "next theme")).fullHelpOnly,
          send: .themeStepped(by: 1)),
        Command(Self.change, send: nil),
      ]
    default:
      break
    }
    var keymap = Keymap(commands, typesText: isText) { key in
      guard isText, let text = form.focusedText,
        let (newText, cursor) = TextFieldState.edit(key, text: text, cursor: form.cursor)
      else { return nil }
      return .focusedTextChanged(newText, cursor: cursor)
    }.map(embed)
    keymap.prepend(contentsOf: [
      Command(Keys.save, send: save),
      Command(Keys.cancel, send: cancel),
    ])
    keymap.paste = { pasted in
      guard let text = form.focusedText else { return nil }
      // A list of names pasted into an attendee (a column of a spreadsheet,
      // say) becomes one attendee a line, after the focused one; the first
      // fills it if it has no name yet. Elsewhere line breaks are spaces.
      if case .attendee = form.focus {
        let lines = pasted.split(whereSeparator: \.isNewline)
          .map { TextFieldState.insert(String($0), text: "", cursor: 0).text }
          .map { line in
            String(
              line.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
          }
          .filter { !$0.isEmpty }
        if lines.count > 1 {
          guard text.allSatisfy(\.isWhitespace) else {
            return embed(.attendeesPasted(text, cursor: form.cursor, names: lines))
          }
          return embed(
            .attendeesPasted(lines[0], cursor: lines[0].count, names: Array(lines.dropFirst())))
        }
      }
      let (newText, cursor) = TextFieldState.insert(pasted, text: text, cursor: form.cursor)
      return embed(.focusedTextChanged(newText, cursor: cursor))
    }
    return keymap
  }

  /// The sheet as an overlay of the scene: its keys and its layer.
  static func overlay<Action: Sendable>(
    _ form: StandupForm.State, title: String, save: Action, cancel: Action,
    send embed: @escaping (StandupForm.Action) -> Action
  ) -> SceneOverlay<Action, ViewMemory> {
    .sheet(keymap: keymap(form, save: save, cancel: cancel, send: embed)) { size, bar, memory in
      layer(form, title: title, bindings: bar, on: size, memory: &memory)
    }
  }

  static func layer(
    _ form: StandupForm.State, title: String, bindings: [KeyBinding], on screen: Size,
    memory: inout ViewMemory
  ) -> Layer {
    let attendees = form.standup.attendees
    // title, length, theme, note, "Attendees", rows…, add hint, gap, help
    let contentHeight = 8 + attendees.count
    let overlay = Overlay(
      name: "sheet", title: title,
      preferredSize: Overlay.size(forContent: Size(width: 56, height: contentHeight)))
    var offset = memory.formAttendees.offset
    let layer = overlay.layer(on: screen) { canvas in
      offset = drawContent(form, bindings: bindings, in: &canvas, attendeesOffset: offset)
    }
    memory.formAttendees.offset = offset
    return layer
  }

  private static func drawContent(
    _ form: StandupForm.State, bindings: [KeyBinding], in canvas: inout Canvas,
    attendeesOffset: Int
  ) -> Int {
    let width = canvas.bounds.width
    let fieldWidth = max(1, width - labelWidth)
    func label(_ text: String, y: Int, field: StandupForm.Field) {
      let focused = form.focus == field
      canvas.put(Styles.marker(focused), x: 0, y: y, style: .bold)
      canvas.put(text, x: 1, y: y, width: labelWidth - 1, style: focused ? .bold : .plain)
    }
    func textField(_ text: String, field: StandupForm.Field, y: Int, x: Int, placeholder: String) {
      let focused = form.focus == field
      // An unfocused field shows the start of its text, not the end.
      let state = TextFieldState(text: text, cursor: focused ? form.cursor : 0)
      canvas.within(Rect(x: x, y: y, width: max(1, width - x), height: 1)) {
        TextField(state, placeholder: placeholder, isFocused: focused).draw(in: &$0)
      }
    }

    label("Title", y: 0, field: .title)
    textField(form.standup.title, field: .title, y: 0, x: labelWidth, placeholder: "e.g. Design")

    // The warning goes right under the field it is about; the gap before
    // the attendees gives it the row.
    if form.isTitleMissing {
      // Under the field when it fits there, else from the left edge.
      let warning = "A standup needs a title."
      let x = TextWidth.of(warning) <= width - labelWidth ? labelWidth : 1
      canvas.put(warning, x: x, y: 1, width: max(0, width - x), style: Styles.warning)
    }
    let warningRows = form.isTitleMissing ? 1 : 0

    label("Length", y: 1 + warningRows, field: .duration)
    canvas.within(Rect(x: labelWidth, y: 1 + warningRows, width: fieldWidth, height: 1)) {
      Stepper(
        form.standup.lengthText,
        canDecrement: form.standup.minutes > Standup.minimumMinutes,
        canIncrement: form.standup.minutes < Standup.maximumMinutes,
        isFocused: form.focus == .duration
      ).draw(in: &$0)
    }

    label("Theme", y: 2 + warningRows, field: .theme)
    drawThemePicker(
      form.standup.theme, focused: form.focus == .theme, in: &canvas, x: labelWidth,
      y: 2 + warningRows)

    // Too short a sheet for the usual gaps (the app's minimum size), or for
    // them and every attendee: the gap only when there is no warning in it,
    // and the "add" hint only with a row to spare, so that the focused
    // attendee shows above the help line. Attendees before gaps.
    let compact =
      canvas.bounds.height < 9
      || form.standup.attendees.count > canvas.bounds.height - 8
    var y = 3 + warningRows
    if !compact && !form.isTitleMissing { y += 1 }

    // Squeezed above a banner to its fewest rows, the sheet keeps a row for
    // the focused attendee rather than for the heading.
    let hasHeading = canvas.bounds.height - y >= 3
    if hasHeading { canvas.put(" Attendees", x: 0, y: y, style: Styles.sectionTitle) }
    let attendees = form.standup.attendees
    let listTop = hasHeading ? y + 1 : y
    let listHeight = max(1, canvas.bounds.height - listTop - (compact ? 1 : 3))
    let focusedIndex: Int? = {
      if case .attendee(let id) = form.focus { attendees.index(id: id) } else { nil }
    }()
    var offset = attendeesOffset
    canvas.within(
      Rect(x: 0, y: listTop, width: width, height: min(listHeight, attendees.count))
    ) {
      rows in
      offset = ListView(
        count: attendees.count, selected: focusedIndex, offset: attendeesOffset, highlight: []
      ).draw(in: &rows) { index, _, row in
        let attendee = attendees[index]
        let field = StandupForm.Field.attendee(attendee.id)
        row.put(Styles.marker(form.focus == field), x: 0, y: 0, style: .bold)
        row.put("\(index + 1).", x: 2, y: 0, width: 4, style: Styles.hint)
        let focused = form.focus == field
        let state = TextFieldState(text: attendee.name, cursor: focused ? form.cursor : 0)
        row.within(Rect(x: 6, y: 0, width: max(1, row.bounds.width - 6), height: 1)) {
          TextField(state, placeholder: "Name", isFocused: focused).draw(in: &$0)
        }
      }
    }
    // In a short sheet, only where every attendee fits with a row to spare.
    if !compact || attendees.count < listHeight {
      let addY = listTop + min(listHeight, attendees.count)
      canvas.put("  + ctrl+n adds an attendee", x: 0, y: addY, style: Styles.hint)
    }

    canvas.within(Rect(x: 0, y: canvas.bounds.height - 1, width: width, height: 1)) {
      HelpBar.draw(bindings, in: &$0, keyStyle: .bold, descriptionStyle: Styles.hint)
    }
    return offset
  }

  static let themePickerWidth = 14
  /// The themes' names as the picker shows them, made once: the sheet is
  /// drawn on every key.
  static let paddedThemeNames = Theme.allCases.map {
    TextWidth.pad($0.name, to: themePickerWidth - 4)
  }

  /// The theme's name in its own colours between arrows, then a strip with
  /// every theme's colour so the choice is visible at a glance.
  static func drawThemePicker(
    _ theme: Theme, focused: Bool, in canvas: inout Canvas, x: Int, y: Int
  ) {
    // Sixteen themes never fit in a row: the picker shows the current one,
    // in its colours, and while focused the swatches after it show where it is.
    canvas.within(Rect(x: x, y: y, width: themePickerWidth, height: 1)) {
      OptionPicker(
        paddedThemeNames, selected: Theme.allCases.firstIndex(of: theme) ?? 0,
        isFocused: focused, selectedStyle: theme.style
      ).draw(in: &$0)
    }
    // The swatches show while the picker has the focus: sixteen colour
    // changes are most of what opening the sheet would send otherwise.
    var col = x + themePickerWidth + 2
    guard focused, canvas.bounds.width - col >= Theme.allCases.count else { return }
    for other in Theme.allCases {
      col = canvas.put(other == theme ? "◆" : "■", x: col, y: y, style: other.accent)
    }
  }
}
