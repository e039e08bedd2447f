/// The "Three" tab: a stub, as in the reference, so the app has more than
/// two tabs to switch among. It has no actions yet.
public struct ThirdTab: Reducer {
  public struct State: Equatable, Sendable {
    public init() {}
  }

  @CasePathable
  public enum Action: Equatable, Sendable {}

  public init() {}

  public var body: some ReducerOf<Self> {
    EmptyReducer()
  }
}
