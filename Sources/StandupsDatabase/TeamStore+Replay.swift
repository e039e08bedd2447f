import Foundation
import PostgresNIO
import StandupsCore

/// What replaying the journal did.
struct Replay: Sendable {
  var outcome = WriteOutcome()
  /// How many saves the journal held.
  var saves = 0
  /// The journaled changes the server refused, in order: a refused
  /// standup's later changes build on the refused ones, so they are held
  /// back with them.
  var refused: [StandupChange] = []
  /// What they are about (nil: the list's order).
  var refusedIDs: Set<Standup.ID?> = []

  var refusedStandups: Set<Standup.ID> { Set(refusedIDs.compactMap { $0 }) }
}

/// The journal, replayed when the server is back: a change it refuses holds
/// back only its own standup, as a live save does, instead of the journal
/// being retried (and refused) for ever.
extension TeamStore {
  /// Each save of the journal in its own transaction, under the conflict
  /// rule, and out of the journal once it is in: a replay cut short (the
  /// connection lost again) resumes after it instead of sending it twice.
  /// A save the server refuses is tried one standup at a time; what it
  /// still refuses stays at the journal's head until `holdRefused` has it
  /// on disk elsewhere.
  func replayJournal(_ connection: PostgresConnection) async throws -> Replay {
    var writer = ChangeWriter(author: author, logger: logger)
    var replay = Replay()
    let saves = files.readJournal()
    replay.saves = saves.count
    for (index, save) in saves.enumerated() {
      var changes: [StandupChange] = []
      for change in save {
        if replay.refusedIDs.contains(change.standupID) {
          replay.refused.append(change)
        } else {
          changes.append(change)
        }
      }
      do {
        try await writer.apply(changes, on: connection, notice: payload)
      } catch  where !Self.isConnectionTrouble(error) {
        for group in StandupChange.groupedByStandup(changes) {
          do {
            try await writer.apply(group.changes, on: connection, notice: payload)
          } catch  where !Self.isConnectionTrouble(error) {
            replay.refusedIDs.insert(group.id)
            replay.refused += group.changes
          }
        }
      }
      let rest = saves[(index + 1)...].map { $0.map { $0.rebased(on: writer.ours) } }
      try? files.replaceJournal(with: (replay.refused.isEmpty ? [] : [replay.refused]) + rest)
    }
    if replay.refused.isEmpty { files.clearJournal() }
    replay.outcome = writer.outcome
    return replay
  }

  /// The standups the user has after a replay the server refused part of:
  /// what it holds, with the refused changes made again on top. They are
  /// kept in the data file of what is held back, and only then leave the
  /// journal; the caller sends them again, and the server's answer to that
  /// is said as a live save's is. Nil when nothing was refused.
  func holdRefused(_ replay: Replay, stored: IdentifiedArrayOf<Standup>)
    -> IdentifiedArrayOf<Standup>?
  {
    guard !replay.refused.isEmpty else { return nil }
    let intended = StandupChange.applying(replay.refused, to: stored)
    // Nothing to keep (a refused deletion) is nothing to replay again.
    if TeamStore.heldBack(intended, against: stored).isEmpty
      || keepHeld(intended, against: stored) != nil
    {
      files.clearJournal()
    }
    return intended
  }
}

extension StandupChange {
  /// `standups` with `changes` made to them in memory, as the database
  /// would make them with no one else writing.
  static func applying(_ changes: [StandupChange], to standups: IdentifiedArrayOf<Standup>)
    -> IdentifiedArrayOf<Standup>
  {
    var result = standups
    for change in changes {
      switch change {
      case .insert(let standup):
        if result[id: standup.id] == nil { result.append(standup) }
      case .update(let standup, _):
        // Meetings are changes of their own; a standup gone comes back whole.
        guard let existing = result[id: standup.id] else {
          result.append(standup)
          continue
        }
        var updated = standup
        updated.meetings = existing.meetings
        result[id: standup.id] = updated
      case .delete(let id, _):
        result.remove(id: id)
      case .addMeeting(let meeting, let standup, let after):
        if result[id: standup.id] == nil { result.append(standup.withoutMeetings) }
        guard var owner = result[id: standup.id], owner.meetings[id: meeting.id] == nil
        else { continue }
        let index = after.flatMap { owner.meetings.index(id: $0) }.map { $0 + 1 } ?? 0
        owner.meetings.insert(meeting, at: index)
        result[id: standup.id] = owner
      case .deleteMeeting(let id, let standupID):
        result[id: standupID]?.meetings.remove(id: id)
      case .reorder(let ids):
        let listed = ids.compactMap { result[id: $0] }
        let others = result.filter { !ids.contains($0.id) }
        result = IdentifiedArray(uniqueElements: listed + others)
      case .conflict:
        break
      }
    }
    return result
  }
}
