import ConcurrencyExtras
import Foundation

/// What became of the standups handed to the store.
public enum PersistenceEvent: Equatable, Sendable {
  case saved
  /// Not saved, and why (kept, and tried again).
  case failed(String)
  /// Another writer changed what is stored; this is what it holds now.
  case changedElsewhere(IdentifiedArrayOf<Standup>)
}

/// Where the standups are kept, as the features see it: they hand it the
/// whole list after every change and hear back what happened. Which store it
/// is (a file, a database) is decided where the app is put together.
public struct StandupsStore: Sendable {
  /// Takes the newest standups; returns at once (the store saves when it can).
  public var save: @Sendable (IdentifiedArrayOf<Standup>) -> Void
  /// What happens to saves, for as long as the app runs.
  public var events: @Sendable () -> AsyncStream<PersistenceEvent>

  public init(
    save: @escaping @Sendable (IdentifiedArrayOf<Standup>) -> Void,
    events: @escaping @Sendable () -> AsyncStream<PersistenceEvent>
  ) {
    self.save = save
    self.events = events
  }

  /// A store in memory: keeps what it is handed in `saved`, reports nothing.
  public static func inMemory(
    _ saved: LockIsolated<[IdentifiedArrayOf<Standup>]> = LockIsolated([])
  ) -> Self {
    Self(
      save: { standups in saved.withValue { $0.append(standups) } },
      events: { AsyncStream { $0.finish() } })
  }
}

extension StandupsStore: DependencyKey {
  public static var liveValue: Self { .inMemory() }
  public static var testValue: Self { .inMemory() }
}

extension DependencyValues {
  public var standupsStore: StandupsStore {
    get { self[StandupsStore.self] }
    set { self[StandupsStore.self] = newValue }
  }
}
