import Foundation
import StandupsCore

/// What an import did.
public struct ImportSummary: Equatable, Sendable {
  public var added = 0
  public var unchanged = 0
  /// Standups the database already had as they are but for meetings it
  /// lacked, which they were given. With `added`, `unchanged` and
  /// `conflicts`, every standup of the file is counted once.
  public var withNewMeetings = 0
  /// The stored titles of standups whose id the database already had with
  /// other fields: the stored version stayed, the file's went to the
  /// database's conflicts.
  public var conflicts: [String] = []
  /// Meetings added to standups the database already had.
  public var meetingsAdded = 0
  /// Meetings added whose id was another standup's (a standup copied by
  /// hand with its meetings): imported under an id made from theirs and
  /// their standup's, the same at every import.
  public var meetingsRenumbered = 0
  /// Keys of fields the file had that this version does not read: the
  /// database has no place for them.
  public var fieldsNotKept: [String] = []
  /// NUL characters left out of titles, names and notes: PostgreSQL's text
  /// cannot hold them (the app never types one).
  public var nulsRemoved = 0
}

extension TeamStore {
  /// Copies standups (a data file's) into the database, ids kept: a new id
  /// is added at the end of the list; a known one gets the meetings it lacks,
  /// and its own fields follow the conflict rule. Importing the same file
  /// again changes nothing.
  public nonisolated func importStandups(_ standups: IdentifiedArrayOf<Standup>) async throws
    -> ImportSummary
  {
    try await withTaskExecutorPreference(taskExecutor) { try await importAll(standups) }
  }

  private func importAll(_ standups: IdentifiedArrayOf<Standup>) async throws -> ImportSummary {
    guard let connection else { throw TeamStartFailure(description: "not connected") }
    if let version = newerSchema {
      throw TeamStartFailure(
        description: "the database was set up by a newer standups (schema \(version)); "
          + "this one only reads it")
    }
    var summary = ImportSummary()
    var changes: [StandupChange] = []
    var notKept = Set<String>()
    var owners: [Meeting.ID: Standup.ID] = [:]
    for standup in known.standups {
      for meeting in standup.meetings { owners[meeting.id] = standup.id }
    }
    for fromFile in standups {
      var (standup, dropped) = fromFile.withoutOtherFields()
      summary.nulsRemoved += Self.removeNULs(from: &standup)
      let renumbered = Self.renumberMeetingsOfOthers(in: &standup, owners: &owners)
      notKept.formUnion(dropped)
      let stored = known.standups[id: standup.id]
      // Nothing to do: the same own fields, no meeting the database lacks
      // (whatever order or extra meetings it has).
      if let stored, stored.hasSameOwnFields(as: standup),
        standup.meetings.allSatisfy({ stored.meetings[id: $0.id] != nil })
      {
        summary.unchanged += 1
        continue
      }
      if let stored {
        if stored.hasSameOwnFields(as: standup) {
          summary.withNewMeetings += 1
        } else {
          changes.append(.insert(standup.withoutMeetings))
        }
      } else {
        summary.added += 1
        changes.append(.insert(standup.withoutMeetings))
      }
      var previous: Meeting.ID?
      for meeting in standup.meetings {
        if stored?.meetings[id: meeting.id] == nil {
          changes.append(.addMeeting(meeting, standup: standup.withoutMeetings, after: previous))
          if stored != nil { summary.meetingsAdded += 1 }
          if renumbered.contains(meeting.id) { summary.meetingsRenumbered += 1 }
        }
        previous = meeting.id
      }
    }
    var writer = ChangeWriter(author: author, logger: logger)
    try await writer.apply(changes, on: connection, notice: payload)
    summary.fieldsNotKept = notKept.sorted()
    known = try await StandupRows.loadAll(connection, logger: logger)
    // Named as they are stored: the versions the import kept.
    summary.conflicts = writer.outcome.conflicts.map {
      known.standups[id: $0.id]?.title ?? $0.title
    }
    writeCache()
    return summary
  }

  /// Gives `standup`'s meetings whose ids belong to another standup (in the
  /// database, or earlier in the file) an id made from theirs and the
  /// standup's; records the others as `standup`'s. The new ids.
  static func renumberMeetingsOfOthers(
    in standup: inout Standup, owners: inout [Meeting.ID: Standup.ID]
  ) -> Set<Meeting.ID> {
    var renumbered: Set<Meeting.ID> = []
    var own = Set(standup.meetings.ids.filter { owners[$0] == nil || owners[$0] == standup.id })
    let meetings = standup.meetings.map { meeting in
      var meeting = meeting
      let first = Meeting.ID(derivedID(meeting.id.rawValue, standup.id.rawValue, 0))
      // Renumbered by an import before whose first owner has since gone:
      // still that meeting, under the id it was given.
      let renumberedBefore = owners[meeting.id] == nil && owners[first] == standup.id
      if renumberedBefore {
        meeting = Meeting(
          id: first, date: meeting.date, transcript: meeting.transcript,
          attendees: meeting.attendees, otherFields: meeting.otherFields)
      } else if let owner = owners[meeting.id], owner != standup.id {
        // The first of the ids made from the two that no other standup and
        // no other meeting of this one holds (this standup may hold it from
        // an import before: then it is that meeting).
        var attempt: UInt64 = 0
        var id = Meeting.ID(derivedID(meeting.id.rawValue, standup.id.rawValue, attempt))
        while owners[id].map({ $0 != standup.id }) ?? false || own.contains(id) {
          attempt += 1
          id = Meeting.ID(derivedID(meeting.id.rawValue, standup.id.rawValue, attempt))
        }
        meeting = Meeting(
          id: id, date: meeting.date, transcript: meeting.transcript,
          attendees: meeting.attendees, otherFields: meeting.otherFields)
        renumbered.insert(id)
        own.insert(id)
      }
      owners[meeting.id] = standup.id
      return meeting
    }
    if meetings.map(\.id) != standup.meetings.map(\.id) {
      standup.meetings = IdentifiedArray(meetings, uniquingIDsWith: { first, _ in first })
    }
    return renumbered
  }

  /// A random-looking (version 4) id made from two others and an attempt
  /// number, the same for the same three: two 64-bit FNV-1a hashes of their
  /// bytes, each from its own start.
  static func derivedID(_ first: UUID, _ second: UUID, _ attempt: UInt64) -> UUID {
    var bytes: [UInt8] = []
    withUnsafeBytes(of: first.uuid) { bytes += $0 }
    withUnsafeBytes(of: second.uuid) { bytes += $0 }
    withUnsafeBytes(of: attempt.littleEndian) { bytes += $0 }
    func fnv(_ start: UInt64) -> UInt64 {
      bytes.reduce(start) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
    }
    var halves = (fnv(0xcbf2_9ce4_8422_2325).bigEndian, fnv(0x8422_2325_cbf2_9ce4).bigEndian)
    var uuid = UUID().uuid
    withUnsafeMutableBytes(of: &uuid) { out in
      withUnsafeBytes(of: &halves) { out.copyMemory(from: $0) }
      out[6] = (out[6] & 0x0F) | 0x40
      out[8] = (out[8] & 0x3F) | 0x80
    }
    return UUID(uuid: uuid)
  }
}

extension TeamStore {
  /// Takes NUL out of the standup's text; how many there were.
  static func removeNULs(from standup: inout Standup) -> Int {
    var removed = 0
    func clean(_ text: inout String) {
      guard text.utf8.contains(0) else { return }
      let kept = String(String.UnicodeScalarView(text.unicodeScalars.filter { $0 != "\0" }))
      removed += text.unicodeScalars.count - kept.unicodeScalars.count
      text = kept
    }
    clean(&standup.title)
    for id in standup.attendees.ids { clean(&standup.attendees[id: id]!.name) }
    for id in standup.meetings.ids { clean(&standup.meetings[id: id]!.transcript) }
    return removed
  }
}
