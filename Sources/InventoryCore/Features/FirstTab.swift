/// The "One" tab: a single button that leads to the inventory. The tab does
/// not know the other tabs; its parent switches to the inventory.
public struct FirstTab: Reducer {
  public struct State: Equatable, Sendable {
    public init() {}
  }

  @CasePathable
  public enum Action: Equatable, Sendable {
    case delegate(Delegate)
    case goToInventoryButtonTapped

    @CasePathable
    public enum Delegate: Equatable, Sendable {
      case switchToInventoryTab
    }
  }

  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { _, action in
      switch action {
      case .delegate:
        return .none
      case .goToInventoryButtonTapped:
        return .send(.delegate(.switchToInventoryTab))
      }
    }
  }
}
