import Foundation
import PostgresNIO
import StandupsCore

/// Meetings added one after the other to one standup (an import sends a
/// standup's new meetings so) go in one statement, at positions spread
/// evenly where they belong: each placed alone in the middle of what is
/// left would run out of distinct doubles after about fifty.
extension ChangeWriter {
  struct MeetingRun: Equatable {
    var standup: Standup.ID
    /// The meeting the first of the run follows; nil: before the first.
    var after: Meeting.ID?
    var meetings: [Meeting]
  }

  /// The meetings `changes` starts by adding to one standup, each after the
  /// one before it; nil when it starts otherwise.
  static func meetingRun(atStartOf changes: ArraySlice<StandupChange>) -> MeetingRun? {
    guard case .addMeeting(let first, let standup, let after) = changes.first else { return nil }
    var meetings = [first]
    for change in changes.dropFirst() {
      guard case .addMeeting(let meeting, let owner, let previous) = change,
        owner.id == standup.id, previous == meetings.last?.id
      else { break }
      meetings.append(meeting)
    }
    return MeetingRun(standup: standup.id, after: after, meetings: meetings)
  }

  /// Adds `run`'s meetings in its order; a meeting whose id is taken is
  /// left out. False, having done nothing, when its standup is not in the
  /// database: deleted meanwhile, for `addMeeting` to save them elsewhere.
  mutating func add(_ run: MeetingRun, on connection: PostgresConnection) async throws -> Bool {
    guard rescued[run.standup] == nil else { return false }
    let id = run.standup.rawValue
    if !inserted.contains(run.standup) {
      let present = try await first(
        connection.run("SELECT 1 FROM standups WHERE id = \(id)", logger: logger), as: Int.self)
      guard present != nil else { return false }
    }
    try await insertMeetings(run.meetings, into: run.standup, after: run.after, on: connection)
    return true
  }

  /// Inserts `meetings` into a standup the database has, in their order
  /// after `after` (see `positions`); a meeting whose id is taken is left out.
  mutating func insertMeetings(
    _ meetings: [Meeting], into standup: Standup.ID, after: Meeting.ID?,
    on connection: PostgresConnection
  ) async throws {
    let id = standup.rawValue
    let positions = try await positions(meetings.count, after: after, in: standup, on: connection)
    outcome.touched.insert(standup)
    // A meeting's attendees are an array or none, and an array of arrays
    // is one flat array to `unnest`: each goes as JSON (`null` for none).
    let encoder = JSONEncoder()
    let attendees = try meetings.map { meeting in
      String(decoding: try encoder.encode(meeting.attendees), as: UTF8.self)
    }
    try await connection.run(
      """
      INSERT INTO meetings
        (id, standup_id, position, date_seconds, recorded_at, transcript, attendees)
      SELECT t.id, \(id), t.position, t.date_seconds, t.recorded_at, t.transcript,
        CASE WHEN jsonb_typeof(t.attendees) = 'array'
          THEN ARRAY(SELECT jsonb_array_elements_text(t.attendees)) END
      FROM unnest(\(meetings.map(\.id.rawValue))::uuid[], \(positions)::float8[],
        \(meetings.map(\.date.timeIntervalSinceReferenceDate))::float8[],
        \(meetings.map(\.date))::timestamptz[], \(meetings.map(\.transcript))::text[],
        \(attendees)::jsonb[])
        AS t(id, position, date_seconds, recorded_at, transcript, attendees)
      ON CONFLICT (id) DO NOTHING
      """, logger: logger)
  }

  /// `count` positions in order after `after`'s and before the meeting that
  /// follows it; before the first meeting when `after` is nil or not in
  /// the standup. One meeting goes halfway to the next, or one past the
  /// last, or one before the first.
  private func positions(
    _ count: Int, after: Meeting.ID?, in standup: Standup.ID, on connection: PostgresConnection
  ) async throws -> [Double] {
    let id = standup.rawValue
    if let after,
      let previous = try await first(
        connection.run(
          "SELECT position FROM meetings WHERE id = \(after.rawValue) AND standup_id = \(id)",
          logger: logger), as: Double.self)
    {
      let next = try await first(
        connection.run(
          """
          SELECT min(position) FROM meetings WHERE standup_id = \(id) AND position > \(previous)
          """, logger: logger), as: Double?.self)
      guard let next = next ?? nil else { return (1...count).map { previous + Double($0) } }
      let step = (next - previous) / Double(count + 1)
      return (1...count).map { previous + step * Double($0) }
    }
    let lowest = try await first(
      connection.run(
        "SELECT min(position) FROM meetings WHERE standup_id = \(id)", logger: logger),
      as: Double?.self)
    guard let lowest = lowest ?? nil else { return (0..<count).map(Double.init) }
    return (0..<count).map { lowest - Double(count - $0) }
  }
}
