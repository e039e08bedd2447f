import Foundation
import PostgresNIO
import StandupsCore

/// Saves the server refuses (a trigger's error, a serialization failure, a
/// constraint): one standup's trouble holds back only that standup's
/// changes, and what is held back is on disk while it is retried.
extension TeamStore {
  /// The server refused `changes` (the network's trouble is not a
  /// refusal). Each standup's changes are tried again on their own: those
  /// it takes are saved, the others are held, kept in a data file, and
  /// sent again a second later, as the file's saver does.
  func refused(
    _ changes: [StandupChange], error: any Error, standups: IdentifiedArrayOf<Standup>,
    submitted: Int, on connection: PostgresConnection
  ) async {
    var reasons: [(subject: String, reason: String)] = []
    var accepted: Set<Standup.ID> = []
    var orderAccepted = false
    var writer = ChangeWriter(author: author, logger: logger)
    var lost: (any Error)?
    let groups = StandupChange.groupedByStandup(changes)
    if groups.count == 1 {
      reasons.append((subject(of: groups[0].id, in: standups), Self.describe(error)))
    } else {
      for group in groups {
        // The order goes in only with every standup: a refused deletion
        // keeps its old position, which the new order does not account for.
        if group.id == nil, !reasons.isEmpty { break }
        do {
          try await answered(on: connection) {
            try await writer.apply(group.changes, on: connection, notice: payload)
          }
          if let id = group.id { accepted.insert(id) } else { orderAccepted = true }
        } catch  where Self.isConnectionTrouble(error) {
          lost = error
          break
        } catch {
          reasons.append((subject(of: group.id, in: standups), Self.describe(error)))
        }
      }
    }

    let partial = StandupChange.partiallySaved(
      from: known.standups, to: standups, accepted: accepted, orderAccepted: orderAccepted)
    if partial != known.standups {
      known.standups = partial
      for id in accepted where standups[id: id] == nil { known.versions[id] = nil }
      known.versions.merge(writer.ours) { _, new in new }
      writeCache()
    }
    if let lost {
      await goOffline(lost)
      return journal(standups)
    }
    if writer.outcome.deviated {
      // The app merges what the database holds against what was saved: the
      // standups held back stay as the user has them, and come back.
      await reportDeviation(writer.outcome, submitted: partial, on: connection)
    }
    guard !reasons.isEmpty else {
      // Each went in on its own (a serialization failure that passed).
      saveWentThrough()
      emit.yield(.saved)
      return
    }

    let held = keepHeld(standups, against: known.standups)
    lastRefusal = reasons.map { "\($0.subject): \($0.reason)" }.joined(separator: "; ")
    let kept = held.map { "; kept in \($0)" } ?? ""
    emit.yield(.failed((lastRefusal ?? "") + kept))
    latest.withLock { value in
      if value == nil { value = (standups, submitted) }
    }
    scheduleRetry()
  }

  /// Sends the newest standups again a second from now, as the file's saver
  /// does; one retry at a time, however many saves were refused meanwhile.
  func scheduleRetry() {
    guard !retryScheduled else { return }
    retryScheduled = true
    loop.scheduleTask(in: .seconds(1)) { [work] in work.yield(.retry) }
  }

  /// A save went through: nothing is held back any more.
  func saveWentThrough() {
    lastRefusal = nil
    journalFailure = nil
    guard let heldCopy else { return }
    unlink(heldCopy.path)
    self.heldCopy = nil
  }

  /// Keeps the standups of `standups` that differ from `stored` (what the
  /// server refused: the rest is saved) in the data file of what is held
  /// back, written again only when they changed; its path, nil if it cannot
  /// be written or nothing differs (a refused deletion has nothing to keep).
  /// Only those: importing the file must not bring back what others deleted
  /// or put back versions others changed since.
  func keepHeld(_ standups: IdentifiedArrayOf<Standup>, against stored: IdentifiedArrayOf<Standup>)
    -> String?
  {
    let held = Self.heldBack(standups, against: stored)
    guard !held.isEmpty else {
      saveWentThrough()
      return nil
    }
    if let heldCopy, heldCopy.standups == held { return heldCopy.path }
    guard let path = try? files.keepUnsaved(held, replacing: heldCopy?.path) else {
      return nil
    }
    heldCopy = (path, held)
    return path
  }

  static func heldBack(
    _ standups: IdentifiedArrayOf<Standup>, against stored: IdentifiedArrayOf<Standup>
  ) -> IdentifiedArrayOf<Standup> {
    standups.filter { stored[id: $0.id] != $0 }
  }

  /// What a refused change is about, for the user.
  private func subject(of id: Standup.ID?, in standups: IdentifiedArrayOf<Standup>) -> String {
    guard let id else { return "the list's order" }
    let title = standups[id: id]?.title ?? known.standups[id: id]?.title ?? ""
    return title.isEmpty ? "an untitled standup" : "“\(title)”"
  }
}

extension StandupChange {
  /// `changes` by the standup they are about, in the order each standup
  /// first appears; the list's order comes last.
  static func groupedByStandup(_ changes: [StandupChange]) -> [(
    id: Standup.ID?, changes: [StandupChange]
  )] {
    var groups: [(id: Standup.ID?, changes: [StandupChange])] = []
    var index: [Standup.ID: Int] = [:]
    var order: [StandupChange] = []
    for change in changes {
      guard let id = change.standupID else {
        order.append(change)
        continue
      }
      if let at = index[id] {
        groups[at].changes.append(change)
      } else {
        index[id] = groups.count
        groups.append((id, [change]))
      }
    }
    if !order.isEmpty { groups.append((nil, order)) }
    return groups
  }

  /// What the database holds once only the `accepted` standups' changes
  /// from `old` to `new` went in (and the list's order if `orderAccepted`):
  /// the others are as in `old`. A standup inserted is at the end, as the
  /// database puts it.
  static func partiallySaved(
    from old: IdentifiedArrayOf<Standup>, to new: IdentifiedArrayOf<Standup>,
    accepted: Set<Standup.ID>, orderAccepted: Bool
  ) -> IdentifiedArrayOf<Standup> {
    func saved(_ id: Standup.ID) -> Standup? {
      accepted.contains(id) ? new[id: id] : old[id: id]
    }
    var result: IdentifiedArrayOf<Standup> = []
    if orderAccepted {
      for id in new.ids { if let standup = saved(id) { result.append(standup) } }
      for standup in old where new[id: standup.id] == nil && !accepted.contains(standup.id) {
        result.append(standup)
      }
    } else {
      for id in old.ids { if let standup = saved(id) { result.append(standup) } }
      for standup in new where old[id: standup.id] == nil && accepted.contains(standup.id) {
        result.append(standup)
      }
    }
    return result
  }
}

extension TeamStore {
  /// Names the data files earlier sessions kept what the server refused in
  /// (a crash left them behind; a quit named them): nothing else would.
  func noteEarlierUnsaved() {
    earlierUnsaved = files.unsavedFiles()
    guard let newest = earlierUnsaved.last else { return }
    let more = earlierUnsaved.count == 1 ? "" : " (and \(earlierUnsaved.count - 1) older)"
    // A database set up by a newer standups takes no import.
    let advice = readOnly ? "" : ": standups import sends what the database lacks"
    emit.yield(
      .notice(
        "Changes an earlier session could not save are kept in "
          + Self.shortPath(newest) + more + advice))
  }

  /// `path` as the user would type it: under the home directory as `~/…`.
  static func shortPath(_ path: String, home: String = NSHomeDirectory()) -> String {
    let home = home.hasSuffix("/") ? String(home.dropLast()) : home
    guard !home.isEmpty, path.hasPrefix(home + "/") else { return path }
    return "~" + path.dropFirst(home.count)
  }
}
