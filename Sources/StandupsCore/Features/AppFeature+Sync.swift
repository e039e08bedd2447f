import Foundation

/// What a change made by another writer did to the screens, for the user.
public enum SyncNotice: Equatable, Sendable {
  /// A standup on screen (or in an alert) was deleted elsewhere: what showed
  /// it closed (a recording goes on).
  case deletedElsewhere(title: String)
  /// The meeting on screen was deleted elsewhere: its screen closed.
  case meetingDeletedElsewhere(title: String)
  /// Deleted on one side, changed on the other: kept.
  case keptDespiteDeletion(title: String)
  /// Deleted elsewhere while its edit sheet was open here, and brought back
  /// by saving that sheet (changed or not).
  case restoredBySaving(title: String)
  /// Changed on both sides differently: the stored version stayed; the
  /// user's went to a conflict copy (its name; nil when it could not be written).
  case conflict(titles: [String], copy: String?)
  /// The user's versions of these standups lost a conflict in an earlier
  /// session and are still kept: offered again.
  case earlierConflicts(titles: [String])
  /// The standup of a meeting being recorded was deleted elsewhere: the
  /// meeting went into a new standup.
  case savedAsNewStandup(title: String)
  /// The standup being recorded was deleted elsewhere: the recording goes
  /// on, and its meeting will be saved into a new standup.
  case deletedWhileRecording(title: String)
  /// The standup in the open edit sheet was deleted elsewhere: the sheet
  /// stays, and saving the edit keeps the standup (edit beats delete).
  case deletedWhileEditing(title: String)
  /// The standup in the open edit sheet was changed elsewhere: saving a
  /// changed edit now keeps that version and the user's aside (a conflict).
  case changedWhileEditing(title: String)
  /// What a delete alert asked about changed elsewhere: the alert closed,
  /// so that its Yes cannot delete what the user has not seen.
  case changedBeforeDeletion(title: String)
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
    let unchanged = merge.standups == state.standupsList.standups
    let closed = apply(merge.standups, to: &state)
    var effects: [Effect<Action>] = []
    if unchanged {
      // Saved all the same (a change is saved by `onChange`): it tells the
      // store the change was seen.
      effects.append(
        .run { [store, standups = merge.standups] _ in store.save(standups, revision) })
    }
    if !merge.conflicts.isEmpty {
      effects.append(keepConflicts(merge.conflicts, in: &state))
    } else if let kept = merge.keptDespiteDeletion.first {
      effects.append(.send(.notified(.keptDespiteDeletion(title: kept.title))))
    } else if let closed {
      effects.append(.send(.notified(closed)))
    }
    return .merge(effects)
  }

  /// Keeps the user's losing versions in a conflict copy and offers them
  /// back in the edit sheet, one after another.
  func keepConflicts(_ conflicts: IdentifiedArrayOf<Standup>, in state: inout State)
    -> Effect<Action>
  {
    let titles = offer(conflicts, in: &state)
    return .run { [store] send in
      let copy = await store.keepConflicts(conflicts)
      await send(.notified(.conflict(titles: titles, copy: copy)))
    }
  }

  /// The standups become `merged`; screens of standups that are gone close
  /// (a recording stays). Returns what to tell the user: a standup on screen
  /// (or in an alert) deleted by this change, or a meeting whose screen closed.
  func apply(_ merged: IdentifiedArrayOf<Standup>, to state: inout State) -> SyncNotice? {
    let old = state.standupsList.standups
    // What is on screen of each standup, before the change.
    var shown = state.path.compactMap { element -> Standup.ID? in
      switch element {
      case .detail(let detail): detail.standup.id
      case .meeting(let meeting): meeting.standup.id
      case .record(let record): record.standup.id
      }
    }
    state.standupsList.standups = merged
    var alertClosed: SyncNotice?
    if let selection = state.standupsList.selection, merged[id: selection] == nil {
      // As after a local delete: the card that takes its place, else the one above.
      state.standupsList.selection = old.survivor(of: selection, in: merged)
    } else if state.standupsList.selection == nil {
      state.standupsList.selection = merged.first?.id
    }
    if case .alert(let alert) = state.standupsList.destination,
      let id = alert.buttons.compactMap({ button -> Standup.ID? in
        if case .confirmDeletion(let id) = button.action { id } else { nil }
      }).first
    {
      shown.append(id)
      if merged[id: id] == nil {
        state.standupsList.destination = nil
      } else if merged[id: id] != old[id: id] {
        state.standupsList.destination = nil
        alertClosed = .changedBeforeDeletion(title: merged[id: id]?.title ?? "")
      }
    }
    for id in state.path.ids {
      switch state.path[id: id] {
      case .detail(var detail):
        if let standup = merged[id: detail.standup.id] {
          guard standup != detail.standup || detail.isDeletedElsewhere else { continue }
          detail.standup = standup
          // Brought back elsewhere: a save is an edit of it again.
          detail.isDeletedElsewhere = false
          if let meeting = detail.selection, standup.meetings[id: meeting] == nil {
            detail.selection = nil
          }
          if case .alert = detail.destination {
            // A delete alert (the standup's or a meeting's) on what changed.
            detail.destination = nil
            alertClosed = .changedBeforeDeletion(title: standup.title)
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
    let closed = closeScreensOfDeletedStandups(&state)
    if let editing = state.standupUnderEdit, old[id: editing.id] != nil,
      merged[id: editing.id] == nil
    {
      state.restorePlace = old.place(of: editing.id, in: merged)
      state.markDeletedUnderEditSheet()
      return .deletedWhileEditing(title: editing.title)
    }
    // Said at each change of its own fields (not of its meetings alone)
    // that leaves them other than the sheet's (changed back, nothing to say).
    if let (editing, form) = state.sheetUnderEdit, let before = old[id: editing.id],
      !before.hasSameOwnFields(as: editing), !form.original.hasSameOwnFields(as: editing)
    {
      return .changedWhileEditing(title: editing.title)
    }
    for id in state.path.ids {
      guard case .record(let recording) = state.path[id: id],
        old[id: recording.standup.id] != nil, merged[id: recording.standup.id] == nil
      else { continue }
      return .deletedWhileRecording(title: old[id: recording.standup.id]?.title ?? "")
    }
    if let deleted = shown.first(where: { old[id: $0] != nil && merged[id: $0] == nil }) {
      return .deletedElsewhere(title: old[id: deleted]?.title ?? "")
    }
    return closed ?? alertClosed
  }

  /// Pops the first screen of a standup or meeting that no longer exists,
  /// unless a recording above it still needs it; what closed.
  func closeScreensOfDeletedStandups(_ state: inout State) -> SyncNotice? {
    let ids = state.path.ids
    for (index, id) in ids.enumerated() {
      let closed: SyncNotice
      switch state.path[id: id] {
      case .detail(let detail) where state.standupsList.standups[id: detail.standup.id] == nil:
        // The user's draft is never discarded: the screen waits for the sheet.
        if case .edit = detail.destination { return nil }
        closed = .deletedElsewhere(title: detail.standup.title)
      case .meeting(let meeting)
      where state.standupsList.standups[id: meeting.standup.id]?.meetings[id: meeting.meeting.id]
        == nil:
        closed =
          state.standupsList.standups[id: meeting.standup.id] == nil
          ? .deletedElsewhere(title: meeting.standup.title)
          : .meetingDeletedElsewhere(title: meeting.standup.title)
      default:
        continue
      }
      let isRecordedAbove = ids[(index + 1)...].contains {
        if case .record = state.path[id: $0] { true } else { false }
      }
      guard !isRecordedAbove else { return nil }
      state.path.pop(from: id)
      return closed
    }
    return nil
  }

  /// After the stack changed or an edit sheet closed: a screen a recording
  /// or an edit sheet kept open for a standup deleted elsewhere closes once
  /// nothing holds it.
  func closeScreensNoLongerHeld(_ state: inout State) -> Effect<Action> {
    guard let closed = closeScreensOfDeletedStandups(&state) else { return .none }
    return .send(.notified(closed))
  }

  /// A meeting recorded for a standup deleted elsewhere meanwhile: saved into
  /// a new standup (same title, the attendees as the recording had them).
  /// A recorded meeting goes into the detail below its recording (and so,
  /// via its delegate, the list), or into a new standup when that standup
  /// was deleted elsewhere meanwhile.
  func saveMeeting(
    transcript: String, recordedBy id: StackElementID, in state: inout State
  ) -> Effect<Action> {
    guard let index = state.path.ids.firstIndex(of: id), index > 0 else { return .none }
    let detailID = state.path.ids[index - 1]
    guard case .detail(var detail) = state.path[id: detailID] else { return .none }
    // The roster the meeting was run with: the recording's, which the
    // standup's may have moved on from by now.
    var roster = detail.standup.attendees
    if case .record(let recording) = state.path[id: id] { roster = recording.standup.attendees }
    let meeting = Meeting(
      id: .init(uuid()), date: now, transcript: transcript, attendees: roster.map(\.name))
    guard state.standupsList.standups[id: detail.standup.id] != nil else {
      return saveIntoNewStandup(meeting, detailID: detailID, recordID: id, in: &state)
    }
    // On top, unless another member's clock put a meeting after now: the
    // order every load gives, so its number does not change at the next.
    let at =
      detail.standup.meetings.firstIndex { $0.date <= meeting.date }
      ?? detail.standup.meetings.count
    detail.standup.meetings.insert(meeting, at: at)
    state.path[id: detailID] = .detail(detail)
    state.standupsList.standups[id: detail.standup.id] = detail.standup
    return .none
  }

  func saveIntoNewStandup(
    _ meeting: Meeting, detailID: StackElementID, recordID: StackElementID,
    in state: inout State
  ) -> Effect<Action> {
    guard case .record(let recording) = state.path[id: recordID] else { return .none }
    let old = recording.standup
    let standup = Standup(
      id: .init(uuid()), attendees: old.attendees, duration: old.duration, meetings: [meeting],
      theme: old.theme, title: old.title, otherFields: old.otherFields)
    state.standupsList.standups.append(standup)
    state.standupsList.selection = standup.id
    state.path[id: detailID] = .detail(StandupDetail.State(standup: standup))
    return .send(.notified(.savedAsNewStandup(title: standup.title)))
  }

  /// Queues the user's losing versions to be reopened with `o`: these
  /// first (the banner names them), then any still waiting; a newer version
  /// of a standup replaces its older one. The titles to name them by, as
  /// the list now shows them: the stored versions stayed.
  func offer(_ conflicts: IdentifiedArrayOf<Standup>, in state: inout State) -> [String] {
    var queue = conflicts
    for waiting in (state.conflict.map { [$0] } ?? []) + state.laterConflicts
    where queue[id: waiting.id] == nil {
      queue.append(waiting)
    }
    state.conflict = queue.first
    state.laterConflicts = Array(queue.dropFirst())
    return conflicts.map { state.standupsList.standups[id: $0.id]?.title ?? $0.title }
  }

  /// The edit sheet of the conflicting standup, with the user's version in
  /// it. A standup deleted meanwhile comes back if the sheet is saved (edit
  /// beats delete).
  func reviewConflict(_ state: inout State) -> Effect<Action> {
    guard let mine = state.conflict else { return .none }
    state.conflict = state.laterConflicts.first
    state.laterConflicts = Array(state.laterConflicts.dropFirst())
    state.conflictUnderReview = mine
    state.path.removeAll()
    guard let stored = state.standupsList.standups[id: mine.id] else {
      state.path.append(
        .detail(
          StandupDetail.State(
            destination: .edit(StandupForm.State(standup: mine, original: mine)),
            standup: mine)))
      return .send(.notified(.deletedWhileEditing(title: mine.title)))
    }
    var draft = stored
    draft.title = mine.title
    draft.duration = mine.duration
    draft.theme = mine.theme
    draft.attendees = mine.attendees
    state.standupsList.selection = stored.id
    state.path.append(
      .detail(
        StandupDetail.State(
          destination: .edit(StandupForm.State(standup: draft, original: stored)),
          standup: stored)))
    return .none
  }

  /// The sheet a kept version was reopened in was saved or cancelled: the
  /// user has dealt with it, and the store stops keeping it. Saved, the
  /// version of a standup deleted meanwhile brings it back.
  func closeReview(of detail: StandupDetail.State, saved: Bool, in state: inout State)
    -> Effect<Action>
  {
    guard let mine = state.conflictUnderReview, mine.id == detail.standup.id else {
      return .none
    }
    state.conflictUnderReview = nil
    let reviewed: Effect<Action> = .run { [store] _ in store.conflictReviewed(mine) }
    guard saved, state.standupsList.standups[id: mine.id] == nil else { return reviewed }
    state.restore(detail.standup)
    return .merge(reviewed, .send(.notified(.restoredBySaving(title: detail.standup.title))))
  }
}

extension AppFeature.State {
  /// A standup the open edit sheet kept after another writer deleted it,
  /// saved: back in the list where it stood, and highlighted.
  mutating func restore(_ standup: Standup) {
    standupsList.standups.insert(
      standup, at: standupsList.standups.insertionIndex(for: restorePlace))
    standupsList.selection = standup.id
    restorePlace = nil
    for id in path.ids {
      guard case .detail(var detail) = path[id: id], detail.standup.id == standup.id,
        detail.isDeletedElsewhere
      else { continue }
      detail.isDeletedElsewhere = false
      path[id: id] = .detail(detail)
    }
  }

  /// The standup of the edit sheet open on the top screen, as that screen
  /// has it (nil when no edit sheet is open).
  var standupUnderEdit: Standup? { sheetUnderEdit?.standup }

  /// That standup and the sheet's form.
  var sheetUnderEdit: (standup: Standup, form: StandupForm.State)? {
    guard let top = path.ids.last, case .detail(let detail) = path[id: top],
      case .edit(let form) = detail.destination
    else { return nil }
    return (detail.standup, form)
  }

  /// The standup under the edit sheet was deleted elsewhere (a change made
  /// there before went with it): its screen says so to the sheet's save.
  mutating func markDeletedUnderEditSheet() {
    guard let top = path.ids.last, case .detail(var detail) = path[id: top],
      case .edit = detail.destination
    else { return }
    detail.isDeletedElsewhere = true
    path[id: top] = .detail(detail)
  }
}
