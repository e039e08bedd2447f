import ConcurrencyExtras
import Foundation

/// What became of the standups handed to the store.
public enum PersistenceEvent: Equatable, Sendable {
  case saved
  /// Not saved, and why (kept, and tried again).
  case failed(String)
  /// Another writer changed what is stored: `stored` is what it holds now,
  /// `base` what the app's standups came from. The app merges its standups
  /// with `stored` against `base` and saves the result with `revision`.
  case changedElsewhere(
    stored: IdentifiedArrayOf<Standup>, base: IdentifiedArrayOf<Standup>, revision: Int)
  /// Something the user should know about where the standups are kept (the
  /// file went bad and was written again from memory).
  case notice(String)
  /// Nothing is saved any more, and why (a newer standups replaced the file).
  case readOnly(String)
  /// Saved from now on, and why (the instance that had the file open quit).
  case writable(String)
  /// The store applied the conflict rule itself (a database replaying
  /// changes made offline): the stored versions stayed, the user's versions
  /// of these standups were kept in `copy`, to be offered back.
  case conflictsKept(IdentifiedArrayOf<Standup>, copy: String?)
  /// The user's versions of these standups lost a conflict in an earlier
  /// session and are still kept (a database's `conflicts`): offered again.
  case conflictsFromEarlier(IdentifiedArrayOf<Standup>)
  /// The store cannot reach where the standups are kept; changes are kept
  /// aside until it can (`.saved` says it is back).
  case offline(String)
  /// Still offline because the server answers but refuses (the login, the
  /// role, the database gone), and what it said: it stands until a save
  /// goes through, as `offline` does.
  case refusedWhileOffline(String)
}

/// Where the standups are kept, as the features see it: they hand it the
/// whole list after every change and hear back what happened. Which store it
/// is (a file, a database) is decided where the app is put together.
public struct StandupsStore: Sendable {
  /// Takes the newest standups and the revision of the store they derive
  /// from (see `PersistenceEvent.changedElsewhere`); returns at once (the
  /// store saves when it can).
  public var save: @Sendable (IdentifiedArrayOf<Standup>, _ revision: Int) -> Void
  /// What happens to saves, for as long as the app runs.
  public var events: @Sendable () -> AsyncStream<PersistenceEvent>
  /// Keeps the user's versions of standups that lost a conflict (a conflict
  /// copy beside the data file); what the copy is called, nil if it failed.
  public var keepConflicts: @Sendable (IdentifiedArrayOf<Standup>) async -> String?
  /// The user saved or cancelled the sheet their kept version of a standup
  /// was reopened in: a store that keeps versions across sessions stops
  /// offering it.
  public var conflictReviewed: @Sendable (Standup) -> Void

  public init(
    save: @escaping @Sendable (IdentifiedArrayOf<Standup>, _ revision: Int) -> Void,
    events: @escaping @Sendable () -> AsyncStream<PersistenceEvent>,
    keepConflicts: @escaping @Sendable (IdentifiedArrayOf<Standup>) async -> String? = { _ in nil },
    conflictReviewed: @escaping @Sendable (Standup) -> Void = { _ in }
  ) {
    self.save = save
    self.events = events
    self.keepConflicts = keepConflicts
    self.conflictReviewed = conflictReviewed
  }

  /// A store in memory: keeps what it is handed in `saved`, reports nothing.
  public static func inMemory(
    _ saved: LockIsolated<[IdentifiedArrayOf<Standup>]> = LockIsolated([])
  ) -> Self {
    Self(
      save: { standups, _ in saved.withValue { $0.append(standups) } },
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
