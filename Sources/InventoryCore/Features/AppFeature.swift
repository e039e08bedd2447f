/// The inventory app: three tabs, each its own feature. Tabs talk to each
/// other only through delegate actions, which this reducer turns into a tab switch.
public struct AppFeature: Reducer {
  public enum Tab: String, CaseIterable, Hashable, Sendable {
    case one, inventory, three

    /// The tab's label in the tab bar.
    public var title: String { rawValue.capitalized }
  }

  public struct State: Equatable, Sendable {
    public var firstTab: FirstTab.State
    public var inventory: Inventory.State
    public var selectedTab: Tab
    public var thirdTab: ThirdTab.State
    /// The store's revision the items derive from; saves carry it.
    public var storeRevision = 0
    /// The user's versions of items that lost a conflict (also kept in a
    /// copy beside the file), reopened one after another with `o`.
    public var conflicts: [Item] = []

    public init(
      firstTab: FirstTab.State = FirstTab.State(),
      inventory: Inventory.State = Inventory.State(),
      selectedTab: Tab = .one,
      thirdTab: ThirdTab.State = ThirdTab.State()
    ) {
      self.firstTab = firstTab
      self.inventory = inventory
      self.selectedTab = selectedTab
      self.thirdTab = thirdTab
    }
  }

  @CasePathable
  public enum Action: Equatable, Sendable {
    case firstTab(FirstTab.Action)
    case inventory(Inventory.Action)
    /// Sent once by the app when it starts: listen to the store.
    case onLaunch
    /// What the store did with the items (the shell shows failures).
    case persistence(ItemsEvent)
    /// What another writer's change did here, for the user.
    case notified(ItemsNotice)
    /// Reopen the user's version of the first item that lost a conflict in
    /// the edit popover, over the version kept.
    case reviewConflictTapped
    case selectedTabChanged(Tab)
    case thirdTab(ThirdTab.Action)
  }

  // Read when an action runs, not stored: the body is then built once (see `Reducer`).
  var store: ItemsStore { Dependency(\.itemsStore).wrappedValue }

  public init() {}

  /// Run here rather than by the default `reduce`: the shell that runs this
  /// reducer is in another module, where `body`'s type is opaque and each
  /// reducer in it would run unspecialised, looking up its type metadata on
  /// every action.
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    reduceBody(into: &state, action: action)
  }

  public var body: some ReducerOf<Self> {
    // Every change to the items goes to the store, whichever feature made it.
    CombineReducers {
      Scope(state: \.firstTab, action: \.firstTab) { FirstTab() }
      Scope(state: \.inventory, action: \.inventory) { Inventory() }
      Scope(state: \.thirdTab, action: \.thirdTab) { ThirdTab() }
      tabs
    }
    .onChange(of: \.inventory.items) { _, items in
      Reduce { state, _ in
        .run { [store, revision = state.storeRevision] _ in store.save(items, revision) }
      }
    }
  }

  private func keepConflicts(
    _ conflicts: IdentifiedArrayOf<Item>, stored: IdentifiedArrayOf<Item>, in state: inout State
  ) -> Effect<Action> {
    // Newer versions of the same items replace the ones offered before.
    state.conflicts.removeAll { conflicts[id: $0.id] != nil }
    state.conflicts += conflicts
    let names = conflicts.map { (stored[id: $0.id] ?? $0).shownName }
    return .run { [store] send in
      let copy = await store.keepConflicts(conflicts)
      await send(.notified(.conflict(names: names, copy: copy)))
    }
  }

  private var tabs: some ReducerOf<Self> {
    Reduce { state, action in
      // Read here, in the store whose action this is: the body is built
      // once, and a store captured then would be the first one's.
      let store = self.store
      switch action {
      case .onLaunch:
        return .run { send in
          for await event in store.events() { await send(.persistence(event)) }
        }

      case .persistence(.changedElsewhere(let stored, let base, let revision)):
        let merge = ItemsMerge(base: base, mine: state.inventory.items, theirs: stored)
        state.storeRevision = revision
        let notice = state.inventory.apply(merge.items)
        var effects: [Effect<Action>] = [
          // Always: it tells the store the change was seen.
          .run { [items = merge.items] _ in store.save(items, revision) }
        ]
        if !merge.conflicts.isEmpty {
          effects.append(keepConflicts(merge.conflicts, stored: merge.items, in: &state))
        } else if let kept = merge.keptDespiteDeletion.first {
          effects.append(.send(.notified(.keptDespiteDeletion(name: kept.shownName))))
        } else if let notice {
          effects.append(.send(.notified(notice)))
        }
        return .merge(effects)

      case .inventory(.delegate(.editConflicted(let mine))):
        return keepConflicts([mine], stored: state.inventory.items, in: &state)

      case .reviewConflictTapped:
        guard !state.conflicts.isEmpty else { return .none }
        let mine = state.conflicts.removeFirst()
        state.selectedTab = .inventory
        let stored = state.inventory.items[id: mine.id]
        // Saved, it is an edit of the version kept: the conflict rule
        // applies again only if that changes meanwhile.
        var form = ItemForm.State.editItem(stored ?? mine)
        form.item = mine
        form.cursor = mine.name.count
        state.inventory.destination = .edit(form)
        guard stored != nil else {
          return .send(.notified(.deletedWhileEditing(name: mine.shownName)))
        }
        state.inventory.selection = mine.id
        return .none

      case .persistence, .notified:
        return .none

      case .firstTab(.delegate(.switchToInventoryTab)):
        state.selectedTab = .inventory
        return .none

      case .selectedTabChanged(let tab):
        state.selectedTab = tab
        return .none

      case .firstTab, .inventory, .thirdTab:
        return .none
      }
    }
  }
}

extension AppFeature {
  /// A sheet or popover whose edits quitting now would lose.
  public enum UnsavedForm: Equatable, Sendable {
    /// The "New item" or "Duplicate item" sheet, changed; whether Ctrl-S
    /// would save it (not with a blank name).
    case newItem(isDuplicate: Bool, canSave: Bool)
    /// The edit popover of this item (as stored), changed; whether Ctrl-S
    /// would save it.
    case edit(Item, canSave: Bool)
  }
}

extension AppFeature.State {
  /// The open form whose changes are not saved, if any.
  public var unsavedForm: AppFeature.UnsavedForm? {
    switch inventory.destination {
    case .add(let form) where form.hasChanges:
      .newItem(isDuplicate: form.duplicateOf != nil, canSave: form.canSave)
    // Named as stored now (another writer may have renamed it since).
    case .edit(let form) where form.hasChanges:
      .edit(inventory.items[id: form.item.id] ?? form.original, canSave: form.canSave)
    default: nil
    }
  }
}
