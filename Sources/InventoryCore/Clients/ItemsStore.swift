import ConcurrencyExtras
import Foundation

/// What became of the items handed to the store.
public enum ItemsEvent: Equatable, Sendable {
  case saved
  /// Not saved, and why (kept, and tried again).
  case failed(String)
  /// Another writer changed what is stored: `stored` is what it holds now,
  /// `base` what the app's items came from. The app merges and saves the
  /// result with `revision`.
  case changedElsewhere(
    stored: IdentifiedArrayOf<Item>, base: IdentifiedArrayOf<Item>, revision: Int)
  /// Something the user should know about the file.
  case notice(String)
  /// Nothing is saved any more, and why.
  case readOnly(String)
  /// Saved from now on, and why (the instance that had the file open quit).
  case writable(String)
}

/// Where the items are kept, as the features see it: they hand it the whole
/// list after every change and hear back what happened. Which store it is
/// is decided where the app is put together.
public struct ItemsStore: Sendable {
  /// Takes the newest items and the store revision they derive from;
  /// returns at once (the store saves when it can).
  public var save: @Sendable (IdentifiedArrayOf<Item>, _ revision: Int) -> Void
  /// What happens to saves, for as long as the app runs.
  public var events: @Sendable () -> AsyncStream<ItemsEvent>
  /// Keeps the user's versions that lost a conflict beside the data file;
  /// the copy's name, nil if it could not be written.
  public var keepConflicts: @Sendable (IdentifiedArrayOf<Item>) async -> String?

  public init(
    save: @escaping @Sendable (IdentifiedArrayOf<Item>, _ revision: Int) -> Void,
    events: @escaping @Sendable () -> AsyncStream<ItemsEvent>,
    keepConflicts: @escaping @Sendable (IdentifiedArrayOf<Item>) async -> String? = { _ in nil }
  ) {
    self.save = save
    self.events = events
    self.keepConflicts = keepConflicts
  }

  /// A store in memory: keeps what it is handed in `saved`, reports nothing.
  public static func inMemory(
    _ saved: LockIsolated<[IdentifiedArrayOf<Item>]> = LockIsolated([])
  ) -> Self {
    Self(
      save: { items, _ in saved.withValue { $0.append(items) } },
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
