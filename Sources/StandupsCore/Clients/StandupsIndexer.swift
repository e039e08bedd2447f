/// The filter's index of a set of standups (their folded words), made apart
/// from the state it goes into: the list asks for it when the filter opens,
/// so that the first key typed finds it ready; from then on the list
/// keeps it up to date, standup by standup (see `StandupsSearch`).
public struct StandupsIndex: Equatable, Sendable {
  /// What it was made from: entries of standups changed since are made again.
  let standups: IdentifiedArrayOf<Standup>
  let entries: [StandupsSearch.Entry]

  public init(_ standups: IdentifiedArrayOf<Standup>) {
    self.standups = standups
    self.entries = standups.map(StandupsSearch.entry(for:))
  }

  /// Made from the same standups, they are the same index.
  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.standups == rhs.standups }
}

/// Makes the filter's index: 1 000 standups × 20 meetings take tens of
/// milliseconds, which the app spends on a thread of its own (see
/// `StandupsComposition`); here, the domain makes it where the effect runs.
public struct StandupsIndexer: Sendable {
  public var build: @Sendable (IdentifiedArrayOf<Standup>) async -> StandupsIndex
  public init(build: @escaping @Sendable (IdentifiedArrayOf<Standup>) async -> StandupsIndex) {
    self.build = build
  }
}

extension StandupsIndexer: DependencyKey {
  public static let liveValue = StandupsIndexer { StandupsIndex($0) }
  public static let testValue = liveValue
}

extension DependencyValues {
  public var standupsIndexer: StandupsIndexer {
    get { self[StandupsIndexer.self] }
    set { self[StandupsIndexer.self] = newValue }
  }
}
