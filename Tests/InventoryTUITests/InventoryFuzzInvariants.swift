import Foundation
import InventoryCore
import TerminalApp
import TerminalUI
import Testing

@testable import InventoryTUI

extension InventoryFuzz {
  /// What must hold after every event, whatever keys were pressed.
  enum Invariants {
    static func state(_ s: AppFeature.State, saved: IdentifiedArrayOf<Item>?) -> [String] {
      var problems: [String] = []
      let inventory = s.inventory
      let items = inventory.items
      if Set(items.map(\.id)).count != items.count { problems.append("item ids repeat") }
      for item in items { problems += quantity(item, "item \(item.id)") }
      if items.isEmpty, inventory.selection != nil {
        problems.append("selection \(inventory.selection!) in an empty list")
      }
      if !items.isEmpty, inventory.selectedItem == nil {
        problems.append("selection \(String(describing: inventory.selection)) names no item")
      }
      switch inventory.destination {
      case .add(let form):
        problems += self.form(form, "\(form.title) sheet")
        if items[id: form.item.id] != nil {
          problems.append("the \(form.title) sheet's item reuses the id \(form.item.id)")
        }
      case .edit(let form):
        problems += self.form(form, "edit popover")
        if items[id: form.item.id] == nil {
          problems.append("the edit popover's item \(form.item.id) is not in the list")
        }
      case .detail(let detail):
        if items[id: detail.item.id] != detail.item {
          problems.append("the detail and the list disagree about \(detail.item.id)")
        }
      case .alert(let alert):
        for case .confirmDeletion(let id)? in alert.buttons.map(\.action)
        where items[id: id] == nil {
          problems.append("the delete alert is about a missing item \(id)")
        }
      case .duplicate(let dialog):
        for case .confirmDuplication(let id)? in dialog.buttons.map(\.action)
        where items[id: id] == nil {
          problems.append("the duplicate dialog is about a missing item \(id)")
        }
      case nil:
        break
      }
      // Every change reaches the store; once settled, it has the list on screen.
      if let saved, saved != items {
        problems.append("the store last got \(saved.count) items, the list has \(items.count)")
      }
      return problems
    }

    static func quantity(_ item: Item, _ name: String) -> [String] {
      guard case .inStock(let quantity) = item.status, quantity < Item.minimumQuantity else {
        return []
      }
      return ["\(name) is in stock with quantity \(quantity)"]
    }

    static func form(_ form: ItemForm.State, _ name: String) -> [String] {
      var problems = quantity(form.item, name)
      if !(0...form.item.name.count).contains(form.cursor) {
        problems.append(
          "\(name) cursor \(form.cursor) outside its \(form.item.name.count)-character name")
      }
      return problems
    }

    /// The frame's layers: the screen, at most one overlay (the inventory's
    /// destination, when it has one over the inventory tab) and help when
    /// open — only the screen below the minimum size.
    static func layers(
      _ frame: Frame, state: Shell<AppFeature>.State, size: Size, fits: Bool
    ) -> [String] {
      let names = frame.layers.map(\.name)
      guard fits else { return names == ["screen"] ? [] : ["layers \(names) while too small"] }
      var problems: [String] = []
      let overlays = names.filter { $0 != "screen" && $0 != "help" }
      if overlays.count > 1 { problems.append("\(overlays.count) overlays: \(names)") }
      if names.first != "screen" { problems.append("layers \(names) start above the screen") }
      if state.isHelpShown != (names.last == "help") {
        problems.append("layers \(names) with help \(state.isHelpShown ? "open" : "closed")")
      }
      let app = state.app
      let expected: Set<String> =
        switch app.selectedTab == .inventory ? app.inventory.destination : nil {
        case .add: ["sheet"]
        // Centred when no row leaves room above or below for the popover.
        case .edit: ["popover", "sheet"]
        case .alert, .duplicate: ["alert"]
        case .detail, nil: []
        }
      if expected.isEmpty
        ? !overlays.isEmpty : overlays.count != 1 || !expected.contains(overlays[0])
      {
        problems.append("layers \(names), expected one of \(expected.sorted()) over the screen")
      }
      // The form's own help bar names its save key.
      if let form = frame.layers.first(where: { $0.name == "sheet" || $0.name == "popover" }),
        !form.canvas.lines.contains(where: { $0.contains(Keys.save.helpText) })
      {
        problems.append("the \(form.name) has no help bar")
      }
      return problems
    }

    /// The key that opens full help, as `AppView` adds it to every screen.
    static let helpKey = KeyBinding(
      keys: [.char("?"), .function(1)], help: ("?", "help"), group: .app
    ).keptInShortHelp

    /// The screen's bottom row is its help bar — the keys in force that fit,
    /// inset by one column — whatever is drawn over the rest of it: the
    /// screen's, an alert's or a confirmation dialog's; blank under a sheet
    /// or popover, which shows its keys in its box, and under full help.
    static func helpBar(_ frame: Frame, state: AppFeature.State, helpShown: Bool, size: Size)
      -> String?
    {
      guard let screen = frame.layers.first else { return "no screen layer" }
      let scene = InventoryView.scene(state, size: size, environment: RenderEnvironment())
      let line: String
      switch scene.overlay {
      case _ where helpShown:
        line = ""
      case nil:
        line = " " + HelpBar.line(scene.screen.keymap.bindings + [helpKey], width: size.width - 2)
      case .alert(let alert):
        let bindings = AlertOverlay.keymap(alert, focus: 0).bindings + [helpKey]
        line = " " + HelpBar.line(bindings, width: size.width - 2)
      case .sheet:
        line = ""
      }
      let row = screen.canvas.lines[size.height - 1]
      let expected = line + String(repeating: " ", count: max(0, size.width - TextWidth.of(line)))
      return row == expected
        ? nil : "help bar \(String(reflecting: row)), expected \(String(reflecting: expected))"
    }

    /// The title that tells the duplicate sheet from the add sheet (same state, same keys).
    static let duplicateTitle = ItemForm.State.duplicate(
      of: Item(id: .init(UUID(0))), id: .init(UUID(1))
    ).title

    static func sights(_ s: Shell<AppFeature>.State, frame: Frame, fits: Bool) -> [Sight] {
      guard fits else { return [.tooSmall] }
      var sights: [Sight] = s.isHelpShown ? [.help] : []
      if s.bannerText != nil { sights.append(.banner) }
      let inventory = s.app.inventory
      switch s.app.selectedTab {
      case .one: sights.append(.tabOne)
      case .three: sights.append(.tabThree)
      case .inventory:
        switch inventory.destination {
        case nil: sights.append(inventory.items.isEmpty ? .emptyInventory : .inventoryList)
        case .add(let form):
          sights.append(form.title == duplicateTitle ? .duplicateSheet : .addSheet)
        case .edit:
          let isPopover = frame.layers.contains { $0.name == "popover" }
          sights.append(isPopover ? .editPopover : .centredEditSheet)
        case .detail: sights.append(.detail)
        case .alert: sights.append(.deleteAlert)
        case .duplicate: sights.append(.duplicateDialog)
        }
      }
      return sights
    }

    /// Below the minimum size the notice shows, as much of it as fits.
    static func tooSmallNotice(_ lines: [String], size: Size) -> String? {
      let text = lines.joined(separator: "\n")
      if size.width >= 18, !text.contains("terminal too small") { return "no too-small notice" }
      if size.width >= 8, !text.contains("terminal") { return "no too-small notice" }
      return nil
    }

    /// The composited screen is exactly `size`: `height` rows of exactly `width`
    /// columns, wide characters whole, and no control character in any cell.
    /// `rows: false` skips re-measuring each row's text (the costly part).
    static func grid(_ canvas: Canvas, size: Size, rows: Bool = true) -> String? {
      guard canvas.size == size else { return "screen is \(canvas.size)" }
      let cells = canvas.cells
      for y in 0..<size.height {
        for x in 0..<size.width {
          let i = y * size.width + x
          let width = cells[i].width
          if width == 0, x == 0 || cells[i - 1].width != 2 {
            return "orphaned half of a wide character at (\(x),\(y))"
          }
          if width == 2, x + 1 >= size.width || cells[i + 1].width != 0 {
            return "wide character at (\(x),\(y)) without its right half"
          }
          let text = cells[i].text
          if width > 0, TextWidth.of(text) != width {
            return "cell (\(x),\(y)) \(String(reflecting: text)) is not \(width) wide"
          }
          if !isInert(text) {
            return "control character in cell (\(x),\(y)): \(String(reflecting: text))"
          }
        }
      }
      guard rows else { return nil }
      let lines = canvas.lines
      guard lines.count == size.height else { return "\(lines.count) rows" }
      for (y, line) in lines.enumerated() where TextWidth.of(line) != size.width {
        return "row \(y) is \(TextWidth.of(line)) columns: \(String(reflecting: line))"
      }
      return nil
    }

    /// No C0/C1 control, DEL, line/paragraph separator or bidi control.
    static func isInert(_ text: String) -> Bool {
      text.unicodeScalars.allSatisfy { scalar in
        switch scalar.value {
        case 0..<0x20, 0x7F...0x9F, 0x061C, 0x200E, 0x200F, 0x2028...0x202E, 0x2066...0x2069:
          false
        default: true
        }
      }
    }
  }
}
