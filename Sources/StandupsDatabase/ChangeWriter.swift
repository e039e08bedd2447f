import Foundation
import PostgresNIO
import StandupsCore

/// What applying changes did besides the changes themselves: the conflict
/// rule's outcomes, for the user.
struct WriteOutcome: Equatable, Sendable {
  /// The user's versions that lost to a stored one changed meanwhile (kept in
  /// `conflicts`), the last of each standup.
  var conflicts: IdentifiedArrayOf<Standup> = []
  /// Updated here, deleted elsewhere: written back (edit beats delete).
  var restored: [String] = []
  /// Deleted here, changed elsewhere: kept.
  var keptDespiteDeletion: [String] = []
  /// Meetings whose standup was deleted meanwhile: saved into a new standup.
  var savedAsNewStandup: [String] = []
  /// Every standup a change touched (for the others' notification).
  var touched: Set<Standup.ID> = []
  var reordered = false

  /// Whether the database now differs from what the client sent.
  var deviated: Bool {
    !conflicts.isEmpty || !restored.isEmpty || !keptDespiteDeletion.isEmpty
      || !savedAsNewStandup.isEmpty
  }
}

/// Applies changes to the database under the conflict rule: an update or a
/// deletion only applies to the version it was made from; a standup changed
/// meanwhile keeps the stored version and the user's goes to `conflicts`;
/// edit beats delete; a meeting of a deleted standup goes into a new one.
///
/// Applying the same changes twice changes nothing the second time, so a
/// journal replayed after a crash between commit and truncation is safe.
struct ChangeWriter {
  let author: String
  let logger: Logger
  /// The version each standup has after this client's own changes, so a
  /// later change made from the same `seen` version is not a conflict.
  var ours: [Standup.ID: Int64] = [:]
  /// Standups deleted meanwhile whose meetings went into a new standup.
  var rescued: [Standup.ID: Standup.ID] = [:]
  /// Standups this writer inserted (no need to ask whether they exist).
  var inserted: Set<Standup.ID> = []
  var outcome = WriteOutcome()

  init(author: String, logger: Logger) {
    self.author = author
    self.logger = logger
  }

  /// Applies `changes` in one transaction and announces them with `notice`
  /// (the payload other clients hear). On failure nothing is applied, and
  /// this writer is as it was.
  mutating func apply(
    _ changes: [StandupChange], on connection: PostgresConnection,
    notice: (WriteOutcome) -> String
  ) async throws {
    guard !changes.isEmpty else { return }
    let before = self
    try await connection.run("BEGIN", logger: logger)
    do {
      var rest = changes[...]
      while let change = rest.first {
        if let run = Self.meetingRun(atStartOf: rest), try await add(run, on: connection) {
          rest = rest.dropFirst(run.meetings.count)
        } else {
          try await apply(change, on: connection)
          rest = rest.dropFirst()
        }
      }
      let payload = notice(outcome)
      try await connection.run(
        "SELECT pg_notify(\(TeamStore.channel), \(payload))", logger: logger)
      try await connection.run("COMMIT", logger: logger)
    } catch {
      self = before
      // A lost connection took the transaction with it, and a statement
      // sent on a connection that is closing may never be answered.
      if !TeamStore.isConnectionTrouble(error) {
        _ = try? await connection.run("ROLLBACK", logger: logger)
      }
      throw error
    }
  }

  private mutating func apply(_ change: StandupChange, on connection: PostgresConnection)
    async throws
  {
    if let id = change.standupID { outcome.touched.insert(id) }
    switch change {
    case .insert(let standup):
      try await insertOrCompare(standup, expected: ours[standup.id], on: connection)
    case .update(let standup, let seen):
      let expected = ours[standup.id] ?? seen
      guard let expected else {
        return try await insertOrCompare(standup, expected: nil, on: connection)
      }
      let updated = try await first(
        connection.run(
          """
          UPDATE standups SET title = \(standup.title),
            duration_seconds = \(Int(standup.duration.components.seconds)),
            theme = \(standup.theme.rawValue), version = version + 1, updated_at = now(),
            updated_by = \(author)
          WHERE id = \(standup.id.rawValue) AND version = \(expected) RETURNING version
          """, logger: logger), as: Int64.self)
      if let updated {
        try await replaceAttendees(of: standup, on: connection)
        ours[standup.id] = updated
      } else {
        try await insertOrCompare(standup, expected: expected, on: connection)
      }
    case .delete(let id, let seen):
      let expected = ours[id] ?? seen
      let deleted = try await first(
        connection.run(
          """
          DELETE FROM standups WHERE id = \(id.rawValue)
            AND (\(expected)::bigint IS NULL OR version = \(expected)) RETURNING title
          """, logger: logger), as: String.self)
      ours[id] = nil
      if deleted == nil, let stored = try await stored(id, on: connection) {
        outcome.keptDespiteDeletion.append(stored.standup.title)
      }
    case .addMeeting(let meeting, let standup, let after):
      try await addMeeting(meeting, to: standup, after: after, on: connection)
    case .deleteMeeting(let id, _):
      try await connection.run("DELETE FROM meetings WHERE id = \(id.rawValue)", logger: logger)
    case .conflict(let standup):
      // Already offered back when it was kept.
      try await keepConflict(standup, on: connection, report: false)
    case .reorder(let ids):
      outcome.reordered = true
      let ids = ids.map { rescued[$0]?.rawValue ?? $0.rawValue }
      try await connection.run(
        """
        UPDATE standups SET position = t.ord FROM unnest(\(ids)::uuid[]) WITH ORDINALITY AS t(id, ord)
        WHERE standups.id = t.id
        """, logger: logger)
    }
  }

  /// A standup the database may already have: inserted if it has not, left
  /// alone if it holds the same, otherwise the conflict rule.
  private mutating func insertOrCompare(
    _ standup: Standup, expected: Int64?, on connection: PostgresConnection
  ) async throws {
    if try await insert(standup, on: connection) {
      guard expected != nil else { return }
      // Deleted meanwhile: back as the user has it, its meetings too.
      outcome.restored.append(standup.title)
      var previous: Meeting.ID?
      for meeting in standup.meetings {
        try await addMeeting(
          meeting, to: standup.withoutMeetings, after: previous, on: connection)
        previous = meeting.id
      }
      return
    }
    guard let stored = try await stored(standup.id, on: connection) else { return }
    if stored.standup.hasSameOwnFields(as: standup) {
      ours[standup.id] = stored.version
    } else {
      try await keepConflict(standup.withoutMeetings, on: connection)
    }
  }

  /// Inserts at the end of the list; false if the id is taken.
  private mutating func insert(_ standup: Standup, on connection: PostgresConnection)
    async throws -> Bool
  {
    let inserted = try await first(
      connection.run(
        """
        INSERT INTO standups (id, position, title, duration_seconds, theme, version, updated_by)
        VALUES (\(standup.id.rawValue), (SELECT coalesce(max(position), 0) + 1 FROM standups),
          \(standup.title), \(Int(standup.duration.components.seconds)),
          \(standup.theme.rawValue), 1, \(author))
        ON CONFLICT (id) DO NOTHING RETURNING version
        """, logger: logger), as: Int64.self)
    guard let version = inserted else { return false }
    try await replaceAttendees(of: standup, on: connection)
    ours[standup.id] = version
    self.inserted.insert(standup.id)
    return true
  }

  private func replaceAttendees(of standup: Standup, on connection: PostgresConnection)
    async throws
  {
    let id = standup.id.rawValue
    try await connection.run("DELETE FROM attendees WHERE standup_id = \(id)", logger: logger)
    guard !standup.attendees.isEmpty else { return }
    let ids = standup.attendees.map(\.id.rawValue)
    let names = standup.attendees.map(\.name)
    try await connection.run(
      """
      INSERT INTO attendees (standup_id, position, id, name)
      SELECT \(id), t.ord - 1, t.id, t.name
      FROM unnest(\(ids)::uuid[], \(names)::text[]) WITH ORDINALITY AS t(id, name, ord)
      """, logger: logger)
  }

  private mutating func keepConflict(
    _ standup: Standup, on connection: PostgresConnection, report: Bool = true
  ) async throws {
    let encoder = JSONEncoder()
    encoder.dateEncodingStrategy = .iso8601
    encoder.outputFormatting = [.sortedKeys]
    let json = String(decoding: try encoder.encode(standup), as: UTF8.self)
    // Once: the same change applied again (a journal replayed again, a
    // file imported again) keeps nothing more.
    try await connection.run(
      """
      INSERT INTO conflicts (standup_id, standup, kept_by)
      SELECT \(standup.id.rawValue), \(json)::jsonb, \(author)
      WHERE NOT EXISTS (
        SELECT FROM conflicts WHERE standup_id = \(standup.id.rawValue)
          AND standup = \(json)::jsonb AND kept_by = \(author))
      """, logger: logger)
    if report { outcome.conflicts[id: standup.id] = standup }
  }

  private mutating func addMeeting(
    _ meeting: Meeting, to standup: Standup, after: Meeting.ID?,
    on connection: PostgresConnection
  ) async throws {
    var owner = rescued[standup.id] ?? standup.id
    if try await stored(owner, on: connection) == nil {
      // Saved before (a journal replayed again): already in its new standup.
      let saved = try await first(
        connection.run(
          "SELECT 1 FROM meetings WHERE id = \(meeting.id.rawValue)", logger: logger),
        as: Int.self)
      guard saved == nil else { return }
      // Deleted meanwhile: the meeting goes into a new standup like it.
      var copy = standup
      copy = Standup(
        id: .init(UUID()), attendees: copy.attendees, duration: copy.duration,
        theme: copy.theme, title: copy.title)
      _ = try await insert(copy, on: connection)
      rescued[standup.id] = copy.id
      outcome.savedAsNewStandup.append(copy.title)
      outcome.touched.insert(copy.id)
      owner = copy.id
    }
    try await insertMeetings([meeting], into: owner, after: after, on: connection)
  }

  private func stored(_ id: Standup.ID, on connection: PostgresConnection) async throws
    -> (standup: Standup, version: Int64)?
  {
    let rows = try await StandupRows.load(connection, ids: [id], logger: logger)
    guard let standup = rows.standups.first, let version = rows.versions[id] else { return nil }
    return (standup, version)
  }

  func first<Value: PostgresDecodable & Sendable>(
    _ rows: PostgresRowSequence, as: Value.Type
  )
    async throws -> Value?
  {
    for try await value in rows.decode(Value.self) { return value }
    return nil
  }
}
