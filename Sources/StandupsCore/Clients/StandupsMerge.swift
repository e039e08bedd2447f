import Foundation

/// What a three-way merge of the standups list produced.
///
/// Another writer may have stored the file since the user's state was loaded:
/// merging per standup id against the version both derive from keeps both
/// sides' work instead of one overwriting the other.
public struct StandupsMerge: Equatable, Sendable {
  /// The merged list.
  public var standups: IdentifiedArrayOf<Standup>
  /// The user's (`mine`) versions of standups whose own fields both sides changed, differently:
  /// `standups` holds the stored (`theirs`) version; these are to be kept in a conflict copy.
  public var conflicts: IdentifiedArrayOf<Standup> = []
  /// Standups deleted on one side and changed on the other: kept (edit beats delete), as merged.
  public var keptDespiteDeletion: IdentifiedArrayOf<Standup> = []
  /// Standups of `mine` that are gone from the merged list (deleted by the other side, untouched here).
  public var deletedElsewhere: IdentifiedArrayOf<Standup> = []

  /// Merges `mine` (the user's state) and `theirs` (what another writer
  /// stored), both derived from `base`.
  public init(
    base: IdentifiedArrayOf<Standup>,
    mine: IdentifiedArrayOf<Standup>,
    theirs: IdentifiedArrayOf<Standup>
  ) {
    // One side unchanged: the other is the result, its order too.
    if mine == base {
      standups = theirs
      deletedElsewhere = IdentifiedArray(
        uncheckedUniqueElements: mine.filter { theirs[id: $0.id] == nil })
      return
    }
    if theirs == base || mine == theirs {
      standups = mine
      return
    }

    var merged: [Standup] = []
    merged.reserveCapacity(max(base.count, mine.count, theirs.count))
    var conflicts: [Standup] = []
    var kept: [Standup] = []
    var deleted: [Standup] = []

    // The base's order first (ids are unique in it, so in `merged` too).
    for original in base {
      switch (mine[id: original.id], theirs[id: original.id]) {
      case (nil, nil):
        continue
      case (nil, let theirs?):
        // Deleted here: gone unless the other side edited it since.
        if theirs != original {
          merged.append(theirs)
          kept.append(theirs)
        }
      case (let mine?, nil):
        if mine == original {
          deleted.append(mine)
        } else {
          merged.append(mine)
          kept.append(mine)
        }
      case (let mine?, let theirs?):
        let (standup, isConflict) = Self.merge(base: original, mine: mine, theirs: theirs)
        merged.append(standup)
        if isConflict { conflicts.append(mine) }
      }
    }
    // Then what they added (a standup both added is merged at their place)…
    for standup in theirs where base[id: standup.id] == nil {
      if let mine = mine[id: standup.id] {
        let (result, isConflict) = Self.merge(base: nil, mine: mine, theirs: standup)
        merged.append(result)
        if isConflict { conflicts.append(mine) }
      } else {
        merged.append(standup)
      }
    }
    // …then what the user added.
    for standup in mine where base[id: standup.id] == nil && theirs[id: standup.id] == nil {
      merged.append(standup)
    }

    standups = Self.arranged(merged, base: base, mine: mine, theirs: theirs)
    self.conflicts = IdentifiedArray(uncheckedUniqueElements: conflicts)
    keptDespiteDeletion = IdentifiedArray(uncheckedUniqueElements: kept)
    deletedElsewhere = IdentifiedArray(uncheckedUniqueElements: deleted)
  }

  /// The merged standups in the order of the side that moved standups
  /// about or added one anywhere but at the end (theirs, if both did), then
  /// those that side does not have; otherwise as `merged` has them: the
  /// base's order, then theirs' new, then mine's new.
  private static func arranged(
    _ merged: [Standup], base: IdentifiedArrayOf<Standup>, mine: IdentifiedArrayOf<Standup>,
    theirs: IdentifiedArrayOf<Standup>
  ) -> IdentifiedArrayOf<Standup> {
    let unplaced = IdentifiedArray(uncheckedUniqueElements: merged)
    let moved =
      isReordered(theirs, from: base) ? theirs : isReordered(mine, from: base) ? mine : nil
    guard let moved else { return unplaced }
    var arranged: [Standup] = []
    arranged.reserveCapacity(merged.count)
    for id in moved.ids {
      if let standup = unplaced[id: id] { arranged.append(standup) }
    }
    for standup in merged where moved[id: standup.id] == nil {
      arranged.append(standup)
    }
    return IdentifiedArray(uncheckedUniqueElements: arranged)
  }

  /// Whether `side` is more than `base` with standups deleted and others
  /// added at the end (what team mode also counts as a move).
  private static func isReordered(
    _ side: IdentifiedArrayOf<Standup>, from base: IdentifiedArrayOf<Standup>
  ) -> Bool {
    let kept = base.ids.elements.filter { side[id: $0] != nil }
    let added = side.ids.elements.filter { base[id: $0] == nil }
    return kept + added != side.ids.elements
  }

  /// One standup both sides have. Without a base (both added the same id) any
  /// difference counts as a change on both sides.
  private static func merge(base: Standup?, mine: Standup, theirs: Standup) -> (
    Standup, isConflict: Bool
  ) {
    // `mine == base` first: while they share meetings left in the file it
    // reads none (`mine == theirs` would read both sides' meetings).
    if mine == base || mine == theirs { return (theirs, false) }
    if theirs == base { return (mine, false) }

    let mineChanged = base.map { !mine.hasSameOwnFields(as: $0) } ?? true
    let theirsChanged = base.map { !theirs.hasSameOwnFields(as: $0) } ?? true
    // Own fields are one unit: a standup's title, length and people go together.
    var result = mineChanged && !theirsChanged ? mine : theirs
    // Fields this version does not read only ever change elsewhere: theirs.
    result.takeOtherFields(of: theirs)
    let isConflict = mineChanged && theirsChanged && !mine.hasSameOwnFields(as: theirs)
    // Meetings one side left alone are the other's as they are, read or not.
    if let base, mine.storedMeetings == base.storedMeetings {
      result.storedMeetings = theirs.storedMeetings
    } else if let base, theirs.storedMeetings == base.storedMeetings {
      result.storedMeetings = mine.storedMeetings
    } else {
      result.storedMeetings = .loaded(
        mergeMeetings(base: base?.meetings ?? [], mine: mine.meetings, theirs: theirs.meetings))
    }
    return (result, isConflict)
  }

  /// Meetings per id: an addition or an edit on either side survives, a
  /// deletion only of what the other side left alone; both edited → theirs.
  private static func mergeMeetings(
    base: IdentifiedArrayOf<Meeting>,
    mine: IdentifiedArrayOf<Meeting>,
    theirs: IdentifiedArrayOf<Meeting>
  ) -> IdentifiedArrayOf<Meeting> {
    // One side unchanged: the other's list as it is, no per-meeting work.
    if mine == theirs || mine == base { return theirs }
    if theirs == base { return mine }

    var merged: [Meeting] = []
    merged.reserveCapacity(theirs.count + mine.count)
    for meeting in theirs {
      let original = base[id: meeting.id]
      if let mine = mine[id: meeting.id] {
        merged.append(meeting == original ? mine : meeting)
      } else if meeting != original {
        // Added by them, or deleted here but edited there.
        merged.append(meeting)
      }
    }
    for meeting in mine where theirs[id: meeting.id] == nil && meeting != base[id: meeting.id] {
      merged.append(meeting)
    }
    // Newest first, as the history lists them; ties keep the order above.
    let ordered = merged.enumerated().sorted {
      $0.element.date != $1.element.date
        ? $0.element.date > $1.element.date : $0.offset < $1.offset
    }
    return IdentifiedArray(uncheckedUniqueElements: ordered.map(\.element))
  }
}

extension Standup {
  /// Title, length, theme and attendee list (ids and names, in order): what
  /// an edit changes, merged as one unit. Fields this version does not read
  /// are not among them: only other programs change those, so a change there
  /// never makes the user's edit a conflict.
  public func hasSameOwnFields(as other: Standup) -> Bool {
    title == other.title && duration == other.duration && theme == other.theme
      && attendees.count == other.attendees.count
      && zip(attendees, other.attendees).allSatisfy { $0.id == $1.id && $0.name == $1.name }
  }

  /// The other fields of `other` (the version another program wrote), on
  /// the standup and on each attendee it shares with it.
  mutating func takeOtherFields(of other: Standup) {
    if otherFields != other.otherFields { otherFields = other.otherFields }
    for attendee in other.attendees {
      guard let mine = attendees[id: attendee.id], mine.otherFields != attendee.otherFields
      else { continue }
      attendees[id: attendee.id]?.otherFields = attendee.otherFields
    }
  }
}
