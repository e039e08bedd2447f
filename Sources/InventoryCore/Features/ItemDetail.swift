/// One item, read-only: the inventory drills down to it and comes back.
public struct ItemDetail: Reducer {
  public struct State: Equatable, Sendable {
    public var item: Item
    public init(item: Item) { self.item = item }
  }

  @CasePathable
  public enum Action: Equatable, Sendable {
    case backButtonTapped
  }

  // Read when an action runs, not stored: the body is then built once (see `Reducer`).
  var dismiss: DismissEffect { Dependency(\.dismiss).wrappedValue }

  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { _, action in
      switch action {
      case .backButtonTapped:
        // The inventory owns the presentation; the detail only asks to go.
        return .run { [dismiss] _ in await dismiss() }
      }
    }
  }
}
