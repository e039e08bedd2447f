import ConcurrencyExtras
import Foundation

/// What became of the items handed to the store.
public enum ItemsEvent: Equatable, Sendable {
  case saved
  /// Not saved, and why (kept, and tried again).
  case failed(String)
}

/// Where the items are kept, as the features see it: they hand it the whole
/// list after every change and hear back what happened. Which store it is
/// is decided where the app is put together.
public struct ItemsStore: Sendable {
  /// Takes the newest items; returns at once (the store saves when it can).
  public var save: @Sendable (IdentifiedArrayOf<Item>) -> Void
  /// What happens to saves, for as long as the app runs.
  public var events: @Sendable () -> AsyncStream<ItemsEvent>

  public init(
    save: @escaping @Sendable (IdentifiedArrayOf<Item>) -> Void,
    events: @escaping @Sendable () -> AsyncStream<ItemsEvent>
  ) {
    self.save = save
    self.events = events
  }

  /// A store in memory: keeps what it is handed in `saved`, reports nothing.
  public static func inMemory(
    _ saved: LockIsolated<[IdentifiedArrayOf<Item>]> = LockIsolated([])
  ) -> Self {
    Self(
      save: { items in saved.withValue { $0.append(items) } },
      events: { AsyncStream { $0.finish() } })
  }
}

extension ItemsStore: DependencyKey {
  public static var liveValue: Self { .inMemory() }
  public static var testValue: Self { .inMemory() }
}

extension DependencyValues {
  public var itemsStore: ItemsStore {
    get { self[ItemsStore.self] }
    set { self[ItemsStore.self] = newValue }
  }
}
