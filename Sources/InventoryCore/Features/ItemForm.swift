import Foundation

/// The form behind "New item", "Duplicate item" and "Edit item": name,
/// colour and stock status. The presenting feature saves through `validate()`.
public struct ItemForm: Reducer {
  public struct State: Equatable, Sendable {
    /// What the sheet or popover is called ("New item", "Duplicate item", "Edit item").
    public var title: String
    public var item: Item
    public var focus: Field
    /// Cursor (in characters) within the name, when it is focused.
    public var cursor: Int
    /// Set when saving was refused because the name is blank.
    public var isNameMissing = false

    /// The stored item an edit started from: saving after someone else
    /// changed it meanwhile is a conflict.
    public var original: Item
    /// The item a "Duplicate item" sheet copies (its route is that item's).
    public var duplicateOf: Item.ID?
    /// Whether it edits a stored item, whose name, left as it is, is saved
    /// as stored (spaces and all: a file may hold them).
    public var editsStoredItem = false
    /// Where the edited item stood when it was deleted elsewhere: saving
    /// the edit puts it back there.
    public var restorePlace: ListPlace<Item.ID>?
    /// The quantity "Mark as sold out" replaced: "Is back in stock!" brings
    /// it back, so pressing one and then the other loses nothing.
    public var quantityBeforeSoldOut: Int?
    /// The back-order tick "Is back in stock!" cleared: "Mark as sold out"
    /// brings it back, for the same reason.
    public var wasOnBackOrderBeforeRestock: Bool?
    /// The number typed into the quantity so far (digits replace the
    /// quantity, then go on after each other); nil until a digit is typed,
    /// and again once the field or the stepper is used otherwise.
    public var quantityEntry: Int?

    public init(
      title: String, item: Item, focus: Field = .name, original: Item? = nil,
      duplicateOf: Item.ID? = nil
    ) {
      self.title = title
      self.item = item
      self.original = original ?? item
      self.focus = focus
      self.cursor = item.name.count
      self.duplicateOf = duplicateOf
    }

    /// The item to save (its name trimmed, unless it is a stored item's name
    /// left as it was), or nil when the name is blank: then the name is
    /// flagged and focused, so the user sees why nothing was saved.
    public mutating func validate() -> Item? {
      var item = item
      let trimmed = item.name.trimmingCharacters(in: .whitespacesAndNewlines)
      let keepsStoredName = editsStoredItem && item.name == original.name && !trimmed.isEmpty
      if !keepsStoredName { item.name = trimmed }
      guard !item.name.isEmpty else {
        isNameMissing = true
        focus = .name
        cursor = 0
        return nil
      }
      return item
    }
  }

  /// The form's fields in Tab order.
  public enum Field: CaseIterable, Hashable, Sendable {
    case name
    case color
    case status
  }

  @CasePathable
  public enum Action: Equatable, Sendable {
    /// "Is back in stock!": an out-of-stock item is in stock again, one of it.
    case backInStockButtonTapped
    /// Step through the colours ("None" first), wrapping around.
    case colorStepped(by: Int)
    /// Move focus to the next (+1) or previous (-1) field, wrapping around.
    case focusMoved(by: Int)
    /// "Is on back order?": flips the back order of an out-of-stock item.
    case isOnBackOrderToggled
    /// "Mark as sold out": an in-stock item is out of stock, not on back order.
    case markAsSoldOutButtonTapped
    /// The name now reads `text`, with the cursor at `cursor`.
    case nameChanged(String, cursor: Int)
    /// The quantity stepper: never below `Item.minimumQuantity`.
    case quantityStepped(by: Int)
    /// A digit typed on the quantity: the first replaces it, the next go on
    /// after it ("5", "0", "0": 500).
    case quantityDigitTyped(Int)
    /// Backspace on the quantity: its last digit goes (never below the minimum).
    case quantityDigitErased
    /// Digits that came together (pasted, or typed faster than read): each
    /// as `quantityDigitTyped`.
    case quantityDigitsTyped([Int])
  }

  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .backInStockButtonTapped:
        guard case .outOfStock(let isOnBackOrder) = state.item.status else { return .none }
        state.wasOnBackOrderBeforeRestock = isOnBackOrder
        state.item.status = .inStock(
          quantity: state.quantityBeforeSoldOut ?? Item.minimumQuantity)
        return .none

      case .colorStepped(let step):
        let choices = Item.Color.choices
        let index = choices.firstIndex(of: state.item.color) ?? 0
        state.item.color = choices[((index + step) % choices.count + choices.count) % choices.count]
        return .none

      case .focusMoved(let offset):
        let fields = Field.allCases
        let current = fields.firstIndex(of: state.focus) ?? 0
        state.focus = fields[((current + offset) % fields.count + fields.count) % fields.count]
        state.quantityEntry = nil
        state.cursor = state.item.name.count
        return .none

      case .isOnBackOrderToggled:
        guard case .outOfStock(let isOnBackOrder) = state.item.status else { return .none }
        state.item.status = .outOfStock(isOnBackOrder: !isOnBackOrder)
        return .none

      case .markAsSoldOutButtonTapped:
        guard case .inStock(let quantity) = state.item.status else { return .none }
        state.quantityBeforeSoldOut = quantity
        state.quantityEntry = nil
        state.item.status = .outOfStock(isOnBackOrder: state.wasOnBackOrderBeforeRestock ?? false)
        return .none

      case .nameChanged(let text, let cursor):
        state.item.name = text
        state.cursor = max(0, min(cursor, text.count))
        if !text.allSatisfy(\.isWhitespace) { state.isNameMissing = false }
        return .none

      case .quantityStepped(let step):
        guard case .inStock(let quantity) = state.item.status else { return .none }
        // Saturating: a file may hold any quantity, up to Int.max.
        let (sum, overflow) = quantity.addingReportingOverflow(step)
        let stepped = overflow ? (step > 0 ? Item.maximumQuantity : Item.minimumQuantity) : sum
        state.item.status = .inStock(quantity: max(stepped, Item.minimumQuantity))
        state.quantityEntry = nil
        return .none

      case .quantityDigitTyped(let digit):
        Self.type(digit, into: &state)
        return .none

      case .quantityDigitsTyped(let digits):
        for digit in digits { Self.type(digit, into: &state) }
        return .none

      case .quantityDigitErased:
        guard case .inStock(let quantity) = state.item.status else { return .none }
        let entry = (state.quantityEntry ?? quantity) / 10
        state.quantityEntry = entry
        state.item.status = .inStock(quantity: max(entry, Item.minimumQuantity))
        return .none
      }
    }
  }
}

extension ItemForm {
  /// A digit on the quantity: the first replaces it, the next go on after
  /// it; on an item out of stock, the first brings it back in stock with
  /// that many. Past the largest quantity the typing stops.
  static func type(_ digit: Int, into state: inout State) {
    guard (0...9).contains(digit) else { return }
    if case .outOfStock(let isOnBackOrder) = state.item.status {
      state.wasOnBackOrderBeforeRestock = isOnBackOrder
      state.item.status = .inStock(quantity: Item.minimumQuantity)
      state.quantityEntry = nil
    }
    let (tens, overflow) = (state.quantityEntry ?? 0).multipliedReportingOverflow(by: 10)
    guard !overflow, tens <= Int.max - digit else { return }
    state.quantityEntry = tens + digit
    state.item.status = .inStock(quantity: max(tens + digit, Item.minimumQuantity))
  }
}

extension ItemForm.State {
  /// Whether saving would change the item the form started from (its name
  /// as a save trims it, colour or stock).
  public var hasChanges: Bool {
    var copy = self
    return copy.validate().map { $0 != original } ?? (item != original)
  }

  /// Whether Ctrl-S would save it (a blank name is refused).
  public var canSave: Bool {
    !item.name.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
  }
}
