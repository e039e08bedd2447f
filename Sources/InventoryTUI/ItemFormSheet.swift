import InventoryCore
import TerminalApp
import TerminalUI

/// The item form — name, colour, stock status — and its keys; shown as the
/// "New item" / "Duplicate item" sheet and inside the edit popover.
enum ItemFormSheet {
  static let labelWidth = 9
  /// name, colour, status, its control, its second control, warning, help bar
  static let contentSize = Size(width: 60, height: 7)
  static let preferredSize = Overlay.size(forContent: contentSize)
  static let nameMissing = "An item needs a name."

  /// The help bar's summary of a picker's or stepper's keys (each is listed in full help).
  static let change = KeyBinding(keys: [], help: ("←/→", "change"), group: .actions)
    .shortHelpOnly

  /// Keys of the form. `save` and `cancel` are the parent's actions (the form
  /// is the parent's destination); everything else is the form's own.
  static func keymap<Action: Sendable>(
    _ form: ItemForm.State, save: Action, cancel: Action,
    send embed: @escaping (ItemForm.Action) -> Action
  ) -> Keymap<Action> {
    let isText = form.focus == .name
    // The focused field's own keys first: the help bar shows the first that fit.
    var commands: [Command<ItemForm.Action>] = []
    switch (form.focus, form.item.status) {
    case (.name, _):
      commands.append(
        Command(
          KeyBinding(
            keys: [.enter], help: ("enter", "next field"), group: .moving, isInShortHelp: false),
          send: .focusMoved(by: 1)))
    case (.color, _):
      commands += [
        Command(
          KeyBinding(keys: [.left, .char("h")], help: ("←/h", "previous colour")).fullHelpOnly,
          send: .colorStepped(by: -1)),
        Command(
          KeyBinding(keys: [.right, .char("l")], help: ("→/l", "next colour")).fullHelpOnly,
          send: .colorStepped(by: 1)),
        Command(Self.change, send: nil),
      ]
    case (.status, .inStock(let quantity)):
      commands += [
        // The bar shows the pair as one "←/→ change"; full help each key.
        Command(
          KeyBinding(keys: [.left, .char("-"), .char("h")], help: ("←/-/h", "fewer"))
            .enabled(quantity > Item.minimumQuantity).fullHelpOnly,
          send: .quantityStepped(by: -1)),
        Command(
          KeyBinding(keys: [.right, .char("+"), .char("="), .char("l")], help: ("→/+/l", "more"))
            .enabled(quantity < Item.maximumQuantity).fullHelpOnly,
          send: .quantityStepped(by: 1)),
        Command(Self.change, send: nil),
        Command(
          KeyBinding(keys: [.enter], help: ("enter", "sold out")),
          send: .markAsSoldOutButtonTapped),
        typeAQuantity,
        Command(
          KeyBinding(keys: [.backspace], help: ("backspace", "erase a digit")).fullHelpOnly,
          send: .quantityDigitErased),
      ]
    case (.status, .outOfStock):
      commands += [
        Command(
          KeyBinding(keys: [.char(" ")], help: ("space", "back order")),
          send: .isOnBackOrderToggled),
        Command(
          KeyBinding(keys: [.enter], help: ("enter", "in stock")),
          send: .backInStockButtonTapped),
        // A number typed means that many in stock.
        typeAQuantity,
      ]
    }
    commands += [
      Command(
        KeyBinding(keys: [.tab, .down], help: ("tab/↓", "next field"), group: .moving),
        send: .focusMoved(by: 1)),
      Command(
        KeyBinding(
          keys: [.backTab, .up], help: ("shift+tab/↑", "previous field"), group: .moving,
          isInShortHelp: false),
        send: .focusMoved(by: -1)),
    ]
    var keymap = Keymap(commands, typesText: isText) { key in
      guard isText,
        let (text, cursor) = TextFieldState.edit(key, text: form.item.name, cursor: form.cursor)
      else { return nil }
      return .nameChanged(text, cursor: cursor)
    }.map(embed)
    keymap.prepend(contentsOf: [
      Command(Keys.save, send: save),
      Command(Keys.cancel, send: cancel),
    ])
    keymap.paste = { pasted in
      // Digits pasted (or typed faster than read) on the quantity type it;
      // a number pasted with its grouping or its unit ("1,200 units") too.
      if form.focus == .status {
        let digits = Self.leadingNumber(pasted)
        return digits.isEmpty ? nil : embed(.quantityDigitsTyped(digits))
      }
      guard isText else { return nil }
      let (text, cursor) = TextFieldState.insert(pasted, text: form.item.name, cursor: form.cursor)
      return embed(.nameChanged(text, cursor: cursor))
    }
    return keymap
  }

  /// The digits of the number `text` starts with (after blanks), read
  /// through the separators of its digit groups: "1,200 units" is 1200.
  /// Digits type the quantity (out of stock, the first brings it back).
  static var typeAQuantity: Command<ItemForm.Action> {
    Command(
      KeyBinding(
        keys: (0...9).map { .char(Character(String($0))) }, help: ("0-9", "type a quantity")
      ).fullHelpOnly
    ) { key in
      guard case .char(let typed) = key, let digit = typed.wholeNumberValue else { return nil }
      return .quantityDigitTyped(digit)
    }
  }

  static func leadingNumber(_ text: String) -> [Int] {
    let number = text.drop(while: \.isWhitespace)
      .prefix { $0.isASCII && ($0.isNumber || ", _'".contains($0)) }
    return number.compactMap(\.wholeNumberValue)
  }

  /// The sheet as an overlay of the scene: its keys and its centred layer.
  static func overlay<Action: Sendable>(
    _ form: ItemForm.State, save: Action, cancel: Action, environment: RenderEnvironment,
    send embed: @escaping (ItemForm.Action) -> Action
  ) -> SceneOverlay<Action, ViewMemory> {
    .sheet(keymap: keymap(form, save: save, cancel: cancel, send: embed)) { size, bar, _ in
      layer(form, bindings: bar, on: size, environment: environment)
    }
  }

  static func layer(
    _ form: ItemForm.State, bindings: [KeyBinding], on screen: Size,
    environment: RenderEnvironment
  ) -> Layer {
    let overlay = Overlay(name: "sheet", title: form.title, preferredSize: preferredSize)
    return overlay.layer(on: screen) { canvas in
      drawContent(form, bindings: bindings, in: &canvas, environment: environment)
    }
  }

  /// The fields, the warning and the help bar, in the content rect of a box.
  static func drawContent(
    _ form: ItemForm.State, bindings: [KeyBinding], in canvas: inout Canvas,
    environment: RenderEnvironment
  ) {
    let width = canvas.bounds.width
    let fieldWidth = max(1, width - labelWidth)
    func label(_ text: String, y: Int, field: ItemForm.Field) {
      let focused = form.focus == field
      canvas.put(Styles.marker(focused), x: 0, y: y, style: .bold)
      canvas.put(text, x: 1, y: y, width: labelWidth - 1, style: focused ? .bold : .plain)
    }

    label("Name", y: 0, field: .name)
    let nameFocused = form.focus == .name
    // An unfocused field shows the start of its text, not the end.
    let name = TextFieldState(text: form.item.name, cursor: nameFocused ? form.cursor : 0)
    canvas.within(Rect(x: labelWidth, y: 0, width: fieldWidth, height: 1)) {
      TextField(name, placeholder: "e.g. Keyboard", isFocused: nameFocused).draw(in: &$0)
    }

    label("Colour", y: 1, field: .color)
    drawColorPicker(
      form.item.color, focused: form.focus == .color, in: &canvas, x: labelWidth, y: 1,
      environment: environment)

    label("Status", y: 2, field: .status)
    drawStatus(form.item.status, focused: form.focus == .status, in: &canvas, y: 2)

    let hintY = canvas.bounds.height - 1
    // Under the fields (row 3 may hold the sold-out button), from the label
    // column when it fits there; in place of the hints when a short sheet
    // has no row between them.
    let errorY = form.isNameMissing ? (min(5, hintY - 1) >= 4 ? min(5, hintY - 1) : hintY) : nil
    if let errorY {
      let x = TextWidth.of(nameMissing) <= width - labelWidth ? labelWidth : 1
      canvas.put(nameMissing, x: x, y: errorY, width: max(0, width - x), style: Styles.warning)
    }

    if errorY != hintY {
      canvas.within(Rect(x: 0, y: hintY, width: width, height: 1)) {
        HelpBar.draw(bindings, in: &$0, keyStyle: .bold, descriptionStyle: Styles.hint)
      }
    }
  }

  /// "◀ Blue   ▶ ██": the colour's name between arrows, then its swatch.
  static func drawColorPicker(
    _ color: Item.Color?, focused: Bool, in canvas: inout Canvas, x: Int, y: Int,
    environment: RenderEnvironment
  ) {
    let choices = Item.Color.choices
    let nameWidth = choices.map { ($0?.name ?? "None").count }.max() ?? 0
    // One option at a time (a fixed width), so the swatch sits in one place.
    let pickerWidth = nameWidth + 4
    canvas.within(Rect(x: x, y: y, width: pickerWidth, height: 1)) {
      OptionPicker(
        choices.map { TextWidth.pad($0?.name ?? "None", to: nameWidth) },
        selected: choices.firstIndex(of: color) ?? 0, isFocused: focused
      ).draw(in: &$0)
    }
    if environment.usesColor {
      Styles.drawSwatch(color, in: &canvas, x: x + pickerWidth + 1, y: y, environment: environment)
    }
  }

  /// In stock: the quantity stepper, "Mark as sold out" under it. Out of
  /// stock: the back-order toggle, "Is back in stock!" under it.
  static func drawStatus(_ status: Item.Status, focused: Bool, in canvas: inout Canvas, y: Int) {
    let width = max(0, canvas.bounds.width - labelWidth)
    switch status {
    case .inStock(let quantity):
      canvas.within(Rect(x: labelWidth, y: y, width: width, height: 1)) {
        Stepper(
          "\(quantity) in stock", canDecrement: quantity > Item.minimumQuantity,
          canIncrement: quantity < Item.maximumQuantity, isFocused: focused
        ).draw(in: &$0)
      }
      button("Mark as sold out", focused: focused, in: &canvas, y: y + 1)
    case .outOfStock(let isOnBackOrder):
      canvas.put("Out of stock", x: labelWidth, y: y, width: width, style: .bold)
      let box = isOnBackOrder ? "[x]" : "[ ]"
      let x = canvas.put(box, x: labelWidth, y: y + 1, style: focused ? .reverse : .plain)
      canvas.put(" Is on back order?", x: x, y: y + 1, width: max(0, width - 3))
      button("Is back in stock!", focused: focused, in: &canvas, y: y + 2)
    }
  }

  private static func button(_ title: String, focused: Bool, in canvas: inout Canvas, y: Int) {
    canvas.within(
      Rect(x: labelWidth, y: y, width: max(0, canvas.bounds.width - labelWidth), height: 1)
    ) {
      // Pressed by Enter only: no letter underlined as if it were a key.
      ButtonRow([title], selected: focused ? 0 : nil, alignment: .leading, showsShortcuts: false)
        .draw(in: &$0)
    }
  }
}
