import Foundation
import PostgresNIO
import StandupsCore

/// The user's versions kept in `conflicts`: offered again by the next
/// session, and removed once the user has reopened them.
extension TeamStore {
  /// The versions this user lost in earlier sessions that still differ from
  /// what is stored, the newest of each standup, oldest first; rows the
  /// stored standup has caught up with are removed.
  func loadEarlierConflicts(_ connection: PostgresConnection) async throws
    -> IdentifiedArrayOf<Standup>
  {
    let rows = try await connection.run(
      """
      SELECT standup_id, standup::text FROM conflicts
      WHERE kept_by = \(author) ORDER BY kept_at, id
      """, logger: logger)
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    var newest: IdentifiedArrayOf<Standup> = []
    for try await (id, json) in rows.decode((UUID, String).self) {
      // A row this version cannot read stays for whoever can.
      guard let standup = try? decoder.decode(Standup.self, from: Data(json.utf8)),
        standup.id.rawValue == id
      else { continue }
      newest.remove(id: standup.id)
      newest.append(standup)
    }
    let settled = newest.filter { mine in
      known.standups[id: mine.id].map { Self.sameFields($0, mine) } ?? false
    }
    for standup in settled {
      newest.remove(id: standup.id)
      try await removeConflicts(of: standup.id, on: connection)
    }
    return newest
  }

  /// Offers the earlier sessions' conflicts, once a session; not those the
  /// journal's replay just kept, which the replay's outcome offers.
  func offerEarlierConflicts(_ connection: PostgresConnection, except replayed: Replay)
    async throws
  {
    guard !readOnly, !earlierConflictsOffered else { return }
    let earlier = try await loadEarlierConflicts(connection).filter {
      replayed.outcome.conflicts[id: $0.id] == nil
    }
    earlierConflictsOffered = true
    if !earlier.isEmpty { emit.yield(.conflictsFromEarlier(earlier)) }
  }

  /// The user reopened their version of `id`: its rows go (while offline,
  /// once the server is back).
  func reviewed(_ id: Standup.ID) async {
    guard !readOnly else { return }
    reviewedConflicts.insert(id)
    guard let connection else { return }
    await removeReviewedConflicts(on: connection)
  }

  func removeReviewedConflicts(on connection: PostgresConnection) async {
    for id in reviewedConflicts {
      let removed: Void? = try? await answered(on: connection) {
        try await removeConflicts(of: id, on: connection)
      }
      if removed != nil { reviewedConflicts.remove(id) }
    }
  }

  private func removeConflicts(of id: Standup.ID, on connection: PostgresConnection)
    async throws
  {
    try await connection.run(
      "DELETE FROM conflicts WHERE standup_id = \(id.rawValue) AND kept_by = \(author)",
      logger: logger)
  }

  /// What the edit sheet takes from a kept version (see `reviewConflict`).
  private static func sameFields(_ stored: Standup, _ mine: Standup) -> Bool {
    stored.title == mine.title && stored.duration == mine.duration
      && stored.theme == mine.theme && stored.attendees == mine.attendees
  }
}
