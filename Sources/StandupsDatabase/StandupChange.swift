import Foundation
import StandupsCore

/// One change to the stored standups, as the database applies it and the
/// journal keeps it while the server is out of reach.
///
/// Standups carry their own fields and attendees only (meetings are changes
/// of their own), except an update's: its meetings are what the standup is
/// brought back with if it was deleted meanwhile (edit beats delete). `seen`
/// is the version the change was made from, nil when the standup was created
/// by an earlier change of the same client.
enum StandupChange: Codable, Equatable, Sendable {
  case insert(Standup)
  case update(Standup, seen: Int64?)
  case delete(Standup.ID, seen: Int64?)
  /// `standup` is the meeting's standup as the client had it: if it was
  /// deleted meanwhile, the meeting is saved into a new one like it.
  case addMeeting(Meeting, standup: Standup, after: Meeting.ID?)
  case deleteMeeting(Meeting.ID, standup: Standup.ID)
  /// The list's order, as the client had it.
  case reorder([Standup.ID])
  /// The user's version of a standup that lost a conflict, to keep.
  case conflict(Standup)

  /// The standup the change is about (nil for the order).
  var standupID: Standup.ID? {
    switch self {
    case .insert(let standup), .update(let standup, _), .conflict(let standup): standup.id
    case .delete(let id, _): id
    case .addMeeting(_, let standup, _): standup.id
    case .deleteMeeting(_, let standup): standup
    case .reorder: nil
    }
  }

  /// This change as if made from the version `versions` has for its
  /// standup (the client's own, after the saves before it were sent).
  func rebased(on versions: [Standup.ID: Int64]) -> StandupChange {
    switch self {
    case .update(let standup, let seen): .update(standup, seen: versions[standup.id] ?? seen)
    case .delete(let id, let seen): .delete(id, seen: versions[id] ?? seen)
    default: self
    }
  }

  /// The changes that turn `old` into `new`; `versions` are the stored
  /// versions `old` was read with.
  static func changes(
    from old: IdentifiedArrayOf<Standup>, to new: IdentifiedArrayOf<Standup>,
    versions: [Standup.ID: Int64]
  ) -> [StandupChange] {
    guard old != new else { return [] }
    var changes: [StandupChange] = []
    for standup in new {
      guard let before = old[id: standup.id] else {
        changes.append(.insert(standup.withoutMeetings))
        changes += meetingChanges(from: [], to: standup)
        continue
      }
      guard standup != before else { continue }
      if !standup.hasSameOwnFields(as: before) {
        changes.append(.update(standup, seen: versions[standup.id]))
      }
      if standup.meetings != before.meetings {
        changes += meetingChanges(from: before.meetings, to: standup)
      }
    }
    for standup in old where new[id: standup.id] == nil {
      changes.append(.delete(standup.id, seen: versions[standup.id]))
    }
    // Deletions and additions at the end keep the order; anything else is a move.
    let kept = old.ids.elements.filter { new[id: $0] != nil }
    let added = new.ids.elements.filter { old[id: $0] == nil }
    if kept + added != new.ids.elements {
      changes.append(.reorder(Array(new.ids)))
    }
    return changes
  }

  private static func meetingChanges(
    from old: IdentifiedArrayOf<Meeting>, to standup: Standup
  ) -> [StandupChange] {
    var changes: [StandupChange] = []
    var previous: Meeting.ID?
    let owner = standup.withoutMeetings
    for meeting in standup.meetings {
      if old[id: meeting.id] == nil {
        changes.append(.addMeeting(meeting, standup: owner, after: previous))
      }
      previous = meeting.id
    }
    for meeting in old where standup.meetings[id: meeting.id] == nil {
      changes.append(.deleteMeeting(meeting.id, standup: standup.id))
    }
    return changes
  }
}

extension Standup {
  var withoutMeetings: Standup {
    var standup = self
    standup.meetings = []
    return standup
  }
}
