import Foundation

/// What a change made by another writer did to the screens, for the user.
public enum SyncNotice: Equatable, Sendable {
  /// A screen or alert of a standup deleted elsewhere closed.
  case deletedElsewhere(title: String)
  /// Deleted on one side, changed on the other: kept.
  case keptDespiteDeletion(title: String)
  /// Changed on both sides differently: the stored version stayed; the
  /// user's went to a conflict copy (its name; nil when it could not be written).
  case conflict(titles: [String], copy: String?)
  /// The standup of a meeting being recorded was deleted elsewhere: the
  /// meeting went into a new standup.
  case savedAsNewStandup(title: String)
}

/// Another writer's changes: merged into the standups, then every screen made
/// consistent with the result.
extension AppFeature {
  func mergeChange(
    stored: IdentifiedArrayOf<Standup>, base: IdentifiedArrayOf<Standup>, revision: Int,
    into state: inout State
  ) -> Effect<Action> {
    let merge = StandupsMerge(base: base, mine: state.standupsList.standups, theirs: stored)
    state.storeRevision = revision
    let closed = apply(merge.standups, to: &state)
    var effects: [Effect<Action>] = [
      // Always, even when nothing changed here: it tells the store the change was seen.
      .run { [store, standups = merge.standups] _ in store.save(standups, revision) }
    ]
    if !merge.conflicts.isEmpty {
      effects.append(keepConflicts(merge.conflicts, in: &state))
    } else if let kept = merge.keptDespiteDeletion.first {
      effects.append(.send(.notified(.keptDespiteDeletion(title: kept.title))))
    } else if let title = closed {
      effects.append(.send(.notified(.deletedElsewhere(title: title))))
    }
    return .merge(effects)
  }

  /// Keeps the user's losing versions in a conflict copy and offers the first
  /// back in the edit sheet.
  func keepConflicts(_ conflicts: IdentifiedArrayOf<Standup>, in state: inout State)
    -> Effect<Action>
  {
    state.conflict = conflicts.first
    // Named as the list now shows them: the stored versions stayed.
    let titles = conflicts.map { state.standupsList.standups[id: $0.id]?.title ?? $0.title }
    return .run { [store] send in
      let copy = await store.keepConflicts(conflicts)
      await send(.notified(.conflict(titles: titles, copy: copy)))
    }
  }

  /// The standups become `merged`; screens of standups that are gone close
  /// (a recording stays). Returns the title of a standup whose screen or
  /// alert closed.
  func apply(_ merged: IdentifiedArrayOf<Standup>, to state: inout State) -> String? {
    var closed: String?
    let old = state.standupsList.standups
    state.standupsList.standups = merged
    if let selection = state.standupsList.selection, merged[id: selection] == nil {
      // As after a local delete: the card that takes its place, else the one above.
      let index = old.index(id: selection) ?? 0
      state.standupsList.selection = merged.isEmpty ? nil : merged[min(index, merged.count - 1)].id
    } else if state.standupsList.selection == nil {
      state.standupsList.selection = merged.first?.id
    }
    if case .alert(let alert) = state.standupsList.destination,
      let id = alert.buttons.compactMap({ button -> Standup.ID? in
        if case .confirmDeletion(let id) = button.action { id } else { nil }
      }).first, merged[id: id] == nil
    {
      state.standupsList.destination = nil
      closed = old[id: id]?.title
    }
    for id in state.path.ids {
      switch state.path[id: id] {
      case .detail(var detail):
        if let standup = merged[id: detail.standup.id] {
          guard standup != detail.standup else { continue }
          detail.standup = standup
          if let meeting = detail.selection, standup.meetings[id: meeting] == nil {
            detail.selection = nil
          }
          state.path[id: id] = .detail(detail)
        }
      case .meeting(var meeting):
        if let standup = merged[id: meeting.standup.id],
          let current = standup.meetings[id: meeting.meeting.id]
        {
          guard standup != meeting.standup else { continue }
          meeting.standup = standup
          meeting.meeting = current
          state.path[id: id] = .meeting(meeting)
        }
      case .record, nil:
        continue
      }
    }
    return closeScreensOfDeletedStandups(&state, title: closed)
  }

  /// Pops the first screen of a standup (or meeting) that no longer exists,
  /// unless a recording above it still needs it.
  @discardableResult
  func closeScreensOfDeletedStandups(_ state: inout State, title: String? = nil) -> String? {
    let ids = state.path.ids
    for (index, id) in ids.enumerated() {
      let title: String?
      switch state.path[id: id] {
      case .detail(let detail) where state.standupsList.standups[id: detail.standup.id] == nil:
        title = detail.standup.title
      case .meeting(let meeting)
      where state.standupsList.standups[id: meeting.standup.id]?.meetings[id: meeting.meeting.id]
        == nil:
        title = meeting.standup.title
      default:
        continue
      }
      let isRecordedAbove = ids[(index + 1)...].contains {
        if case .record = state.path[id: $0] { true } else { false }
      }
      guard !isRecordedAbove else { return title }
      state.path.pop(from: id)
      return title
    }
    return title
  }

  func closeScreensOfDeletedStandups(_ state: inout State) -> Effect<Action> {
    let before = state.path.ids.count
    guard let title = closeScreensOfDeletedStandups(&state, title: nil),
      state.path.ids.count < before
    else { return .none }
    return .send(.notified(.deletedElsewhere(title: title)))
  }

  /// A meeting recorded for a standup deleted elsewhere meanwhile: saved into
  /// a new standup (same title, the attendees as the recording had them).
  func saveIntoNewStandup(
    _ meeting: Meeting, detailID: StackElementID, recordID: StackElementID,
    in state: inout State
  ) -> Effect<Action> {
    guard case .record(let recording) = state.path[id: recordID] else { return .none }
    let old = recording.standup
    let standup = Standup(
      id: .init(uuid()), attendees: old.attendees, duration: old.duration, meetings: [meeting],
      theme: old.theme, title: old.title)
    state.standupsList.standups.append(standup)
    state.standupsList.selection = standup.id
    state.path[id: detailID] = .detail(StandupDetail.State(standup: standup))
    return .send(.notified(.savedAsNewStandup(title: standup.title)))
  }

  /// The edit sheet of the conflicting standup, with the user's version in it.
  func reviewConflict(_ state: inout State) -> Effect<Action> {
    guard let mine = state.conflict else { return .none }
    state.conflict = nil
    guard let stored = state.standupsList.standups[id: mine.id] else {
      return .send(.notified(.deletedElsewhere(title: mine.title)))
    }
    var draft = stored
    draft.title = mine.title
    draft.duration = mine.duration
    draft.theme = mine.theme
    draft.attendees = mine.attendees
    state.standupsList.selection = stored.id
    state.path.removeAll()
    state.path.append(
      .detail(
        StandupDetail.State(
          destination: .edit(StandupForm.State(standup: draft, original: stored)),
          standup: stored)))
    return .none
  }
}
