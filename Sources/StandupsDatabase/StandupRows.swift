import Foundation
import PostgresNIO
import StandupsCore

/// The standups as the database holds them, with the version of each.
struct StoredStandups: Equatable, Sendable {
  var standups: IdentifiedArrayOf<Standup> = []
  var versions: [Standup.ID: Int64] = [:]
}

/// Reading standups from their rows.
enum StandupRows {
  /// Everything, in the list's order.
  static func loadAll(_ connection: PostgresConnection, logger: Logger) async throws
    -> StoredStandups
  {
    try await load(connection, ids: nil, logger: logger)
  }

  /// `known` brought up to date: the standups in `changed` (and any `known`
  /// does not have) read again, the rest kept; order and deletions from the
  /// database.
  static func refresh(
    _ known: StoredStandups, changed: Set<Standup.ID>, _ connection: PostgresConnection,
    logger: Logger
  ) async throws -> StoredStandups {
    var order: [(Standup.ID, Int64)] = []
    let rows = try await connection.run(
      "SELECT id, version FROM standups ORDER BY position, id", logger: logger)
    for try await (id, version) in rows.decode((UUID, Int64).self) {
      order.append((Standup.ID(id), version))
    }
    var wanted = changed
    for (id, version) in order where known.versions[id] != version || known.standups[id: id] == nil
    {
      wanted.insert(id)
    }
    let fresh =
      wanted.isEmpty ? StoredStandups() : try await load(connection, ids: wanted, logger: logger)
    var result = StoredStandups()
    for (id, _) in order {
      if let standup = fresh.standups[id: id] {
        result.standups.append(standup)
        result.versions[id] = fresh.versions[id]
      } else if !wanted.contains(id), let standup = known.standups[id: id] {
        result.standups.append(standup)
        result.versions[id] = known.versions[id]
      }
    }
    return result
  }

  /// The standups with these ids (all when nil), in the list's order.
  static func load(
    _ connection: PostgresConnection, ids: Set<Standup.ID>?, meetings withMeetings: Bool = true,
    logger: Logger
  ) async throws -> StoredStandups {
    let filter = ids.map { Array($0.map(\.rawValue)) }
    var rows: [(standup: Standup, version: Int64)] = []
    let standups = try await connection.run(
      """
      SELECT id, title, duration_seconds, theme, version FROM standups
      WHERE \(filter)::uuid[] IS NULL OR id = ANY(\(filter)::uuid[])
      ORDER BY position, id
      """, logger: logger)
    for try await (id, title, seconds, theme, version) in standups.decode(
      (UUID, String, Int, String, Int64).self)
    {
      let standup = Standup(
        id: .init(id), duration: .seconds(seconds), theme: Theme(rawValue: theme) ?? .bubblegum,
        title: title)
      rows.append((standup, version))
    }
    var attendeesByStandup: [UUID: [Attendee]] = [:]
    let attendees = try await connection.run(
      """
      SELECT standup_id, id, name FROM attendees
      WHERE \(filter)::uuid[] IS NULL OR standup_id = ANY(\(filter)::uuid[])
      ORDER BY standup_id, position
      """, logger: logger)
    for try await (standupID, id, name) in attendees.decode((UUID, UUID, String).self) {
      attendeesByStandup[standupID, default: []].append(Attendee(id: .init(id), name: name))
    }
    var meetingsByStandup: [UUID: [Meeting]] = [:]
    if withMeetings {
      try await loadMeetings(connection, filter: filter, into: &meetingsByStandup, logger: logger)
    }
    var result = StoredStandups()
    result.versions.reserveCapacity(rows.count)
    var list: [Standup] = []
    list.reserveCapacity(rows.count)
    for (fields, version) in rows {
      var standup = fields
      standup.attendees = IdentifiedArray(
        attendeesByStandup[standup.id.rawValue] ?? [], uniquingIDsWith: { first, _ in first })
      // Ids are primary keys.
      standup.meetings = IdentifiedArray(
        uncheckedUniqueElements: meetingsByStandup[standup.id.rawValue] ?? [])
      result.versions[standup.id] = version
      list.append(standup)
    }
    result.standups = IdentifiedArray(uncheckedUniqueElements: list)
    return result
  }

  private static func loadMeetings(
    _ connection: PostgresConnection, filter: [UUID]?,
    into meetingsByStandup: inout [UUID: [Meeting]],
    logger: Logger
  ) async throws {
    let meetings = try await connection.run(
      """
      SELECT standup_id, id, date_seconds, transcript FROM meetings
      WHERE \(filter)::uuid[] IS NULL OR standup_id = ANY(\(filter)::uuid[])
      ORDER BY standup_id, position
      """, logger: logger)
    for try await (standupID, id, seconds, transcript) in meetings.decode(
      (UUID, UUID, Double, String).self)
    {
      meetingsByStandup[standupID, default: []].append(
        Meeting(
          id: .init(id), date: Date(timeIntervalSinceReferenceDate: seconds),
          transcript: transcript))
    }
  }
}
