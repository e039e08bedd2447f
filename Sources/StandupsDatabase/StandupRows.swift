import Foundation
import PostgresNIO
import StandupsCore

/// The standups as the database holds them, with the version of each.
struct StoredStandups: Equatable, Sendable {
  var standups: IdentifiedArrayOf<Standup> = []
  var versions: [Standup.ID: Int64] = [:]
}

/// Reading standups from their rows. Rows are collected, then decoded: each
/// step of postgres-nio's row sequence in a `for await` from an actor hops to
/// the task's executor and back.
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
    for row in try await rows.collect() {
      let (id, version) = try row.decode((UUID, Int64).self)
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
    // One row per standup, its attendees as arrays in their order: a fifth
    // of the rows of a join, and one round trip.
    let standups = try await connection.run(
      """
      SELECT s.id, s.title, s.duration_seconds, s.theme, s.version,
        coalesce(array_agg(a.id ORDER BY a.position) FILTER (WHERE a.id IS NOT NULL), '{}'),
        coalesce(array_agg(a.name ORDER BY a.position) FILTER (WHERE a.id IS NOT NULL), '{}')
      FROM standups s LEFT JOIN attendees a ON a.standup_id = s.id
      WHERE \(filter)::uuid[] IS NULL OR s.id = ANY(\(filter)::uuid[])
      GROUP BY s.id
      ORDER BY s.position, s.id
      """, logger: logger)
    for row in try await standups.collect() {
      let (id, title, seconds, theme, version, attendeeIDs, names) = try row.decode(
        (UUID, String, Int, String, Int64, [UUID], [String]).self)
      var standup = Standup(
        id: .init(id), duration: .seconds(seconds), theme: Theme(rawValue: theme) ?? .bubblegum,
        title: title)
      for (attendeeID, name) in zip(attendeeIDs, names) {
        standup.attendees.append(Attendee(id: .init(attendeeID), name: name))
      }
      rows.append((standup, version))
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
      if let meetings = meetingsByStandup[standup.id.rawValue] {
        // As a data file's are: another program may have written them.
        standup.meetings = IdentifiedArray(uniqueElements: meetings).newestFirst
      }
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
      SELECT standup_id, id, date_seconds, transcript, attendees FROM meetings
      WHERE \(filter)::uuid[] IS NULL OR standup_id = ANY(\(filter)::uuid[])
      ORDER BY standup_id, position
      """, logger: logger)
    for row in try await meetings.collect() {
      let (standupID, id, seconds, transcript, attendees) = try row.decode(
        (UUID, UUID, Double, String, [String]?).self)
      meetingsByStandup[standupID, default: []].append(
        Meeting(
          id: .init(id), date: Date(timeIntervalSinceReferenceDate: seconds),
          transcript: transcript, attendees: attendees))
    }
  }
}
