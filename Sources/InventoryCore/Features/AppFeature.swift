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
    case selectedTabChanged(Tab)
    case thirdTab(ThirdTab.Action)
  }

  @Dependency(\.itemsStore) var store

  public init() {}

  public var body: some ReducerOf<Self> {
    // Every change to the items goes to the store, whichever feature made it.
    CombineReducers {
      Scope(state: \.firstTab, action: \.firstTab) { FirstTab() }
      Scope(state: \.inventory, action: \.inventory) { Inventory() }
      Scope(state: \.thirdTab, action: \.thirdTab) { ThirdTab() }
      tabs
    }
    .onChange(of: \.inventory.items) { _, items in
      Reduce { _, _ in
        .run { [store] _ in store.save(items) }
      }
    }
  }

  private var tabs: some ReducerOf<Self> {
    Reduce { [store] state, action in
      switch action {
      case .onLaunch:
        return .run { send in
          for await event in store.events() { await send(.persistence(event)) }
        }

      case .persistence:
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
