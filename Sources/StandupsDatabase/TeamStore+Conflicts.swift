import Foundation
import PostgresNIO
import StandupsCore

/// The user's versions kept in `conflicts`: offered again by the next
/// session, and removed once the user has dealt with them (saved or
/// cancelled the sheet they reopened in).
extension TeamStore {
  /// This user's kept versions, in the order they were kept, with their
  /// rows' ids; rows this version cannot read are left out (and stay).
  private func keptRows(of id: Standup.ID? = nil, on connection: PostgresConnection)
    async throws -> [(row: Int64, standup: Standup)]
  {
    let rows =
      if let id {
        try await connection.run(
          """
          SELECT id, standup::text FROM conflicts
          WHERE kept_by = \(author) AND standup_id = \(id.rawValue) ORDER BY id
          """, logger: logger)
      } else {
        try await connection.run(
          "SELECT id, standup::text FROM conflicts WHERE kept_by = \(author) ORDER BY id",
          logger: logger)
      }
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    var kept: [(row: Int64, standup: Standup)] = []
    for try await (row, json) in rows.decode((Int64, String).self) {
      guard let standup = try? decoder.decode(Standup.self, from: Data(json.utf8)) else { continue }
      kept.append((row, standup))
    }
    return kept
  }

  /// The versions this user lost in earlier sessions, the newest of each
  /// standup, oldest first: not those the stored standup has caught up with
  /// (their rows go), nor those this session kept or dealt with already.
  func loadEarlierConflicts(_ connection: PostgresConnection) async throws
    -> IdentifiedArrayOf<Standup>
  {
    var newest: IdentifiedArrayOf<Standup> = []
    var lastRow: [Standup.ID: Int64] = [:]
    for (row, standup) in try await keptRows(on: connection) {
      newest.remove(id: standup.id)
      newest.append(standup)
      lastRow[standup.id] = row
    }
    for mine in newest {
      guard let stored = known.standups[id: mine.id], stored.hasSameOwnFields(as: mine),
        let row = lastRow[mine.id]
      else { continue }
      newest.remove(id: mine.id)
      try await removeRows(of: mine.id, upTo: row, on: connection)
    }
    return newest.filter {
      !keptThisSession.contains($0.id) && reviewedConflicts[$0.id] == nil
    }
  }

  /// Offers the earlier sessions' conflicts, once a session, as far as it
  /// can: a server that will not say (no permission on `conflicts`) does not
  /// keep the app from starting. Not those this session kept (the journal's
  /// replay's among them, told before this), which it offers itself.
  func offerEarlierConflicts(_ connection: PostgresConnection) async {
    guard !readOnly, !earlierConflictsOffered else { return }
    let loaded = try? await answered(on: connection) { try await loadEarlierConflicts(connection) }
    guard let earlier = loaded else { return }
    earlierConflictsOffered = true
    if !earlier.isEmpty { emit.yield(.conflictsFromEarlier(earlier)) }
  }

  /// The user saved or cancelled the sheet `mine` was reopened in: its rows
  /// go, and older ones of the same standup, not newer ones (kept since, by
  /// another session of the same user). While offline, once the server is
  /// back.
  func reviewed(_ mine: Standup) async {
    guard !readOnly else { return }
    reviewedConflicts[mine.id] = mine
    guard let connection else { return }
    await removeReviewedConflicts(on: connection)
  }

  func removeReviewedConflicts(on connection: PostgresConnection) async {
    for (id, mine) in reviewedConflicts {
      let removed: Void? = try? await answered(on: connection) {
        let kept = try await keptRows(of: id, on: connection)
        if let last = kept.last(where: { $0.standup.hasSameOwnFields(as: mine) }) {
          try await removeRows(of: id, upTo: last.row, on: connection)
        }
      }
      if removed != nil { reviewedConflicts[id] = nil }
    }
  }

  private func removeRows(of id: Standup.ID, upTo row: Int64, on connection: PostgresConnection)
    async throws
  {
    try await connection.run(
      """
      DELETE FROM conflicts
      WHERE standup_id = \(id.rawValue) AND kept_by = \(author) AND id <= \(row)
      """, logger: logger)
  }
}
