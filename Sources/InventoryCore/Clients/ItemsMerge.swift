/// A three-way merge of the items, per id, each item one unit — the same rule
/// as the standups': changes made on one side are taken; an item changed on
/// both sides differently keeps the stored (`theirs`) version and the user's
/// goes to `conflicts`; edit beats delete. Order: the base's, then theirs'
/// new items, then the user's.
public struct ItemsMerge: Equatable, Sendable {
  public var items: IdentifiedArrayOf<Item>
  /// The user's versions that lost to the stored ones, to keep aside.
  public var conflicts: IdentifiedArrayOf<Item>
  /// Deleted on one side and changed on the other: kept.
  public var keptDespiteDeletion: IdentifiedArrayOf<Item>

  public init(
    base: IdentifiedArrayOf<Item>, mine: IdentifiedArrayOf<Item>, theirs: IdentifiedArrayOf<Item>
  ) {
    conflicts = []
    keptDespiteDeletion = []
    if mine == base || mine == theirs {
      items = theirs
      return
    }
    if theirs == base {
      items = mine
      return
    }
    var merged = IdentifiedArrayOf<Item>()
    for old in base {
      switch (mine[id: old.id], theirs[id: old.id]) {
      case (let m?, let t?):
        if m == old || m == t {
          merged.append(t)
        } else if t == old {
          merged.append(m)
        } else {
          merged.append(t)
          conflicts.append(m)
        }
      case (nil, let t?):
        guard t != old else { continue }
        merged.append(t)
        keptDespiteDeletion.append(t)
      case (let m?, nil):
        guard m != old else { continue }
        merged.append(m)
        keptDespiteDeletion.append(m)
      case (nil, nil):
        continue
      }
    }
    for t in theirs where base[id: t.id] == nil {
      merged.append(t)
      if let m = mine[id: t.id], m != t { conflicts.append(m) }
    }
    for m in mine where base[id: m.id] == nil && merged[id: m.id] == nil {
      merged.append(m)
    }
    items = merged
  }
}
