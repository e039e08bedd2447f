extension IdentifiedArray where Element: Identifiable, Element.ID == ID {
  /// Where a highlight on `id` moves when the list becomes `merged`, which
  /// no longer has it: as after a deletion here, the next element still
  /// there, else the one before it. For lists changed by another writer.
  public func survivor(of id: ID, in merged: IdentifiedArray<ID, Element>) -> ID? {
    guard let index = self.index(id: id) else { return merged.first?.id }
    let after = self[(index + 1)...].first { merged[id: $0.id] != nil }
    let before = self[..<index].last { merged[id: $0.id] != nil }
    return (after ?? before)?.id ?? merged.first?.id
  }
}

/// Where an element another writer deleted stood, to put it back there if
/// the user keeps it: after the nearest element before it that is still
/// there, or first.
public enum ListPlace<ID: Hashable & Sendable>: Hashable, Sendable {
  case first
  case after(ID)
}

extension IdentifiedArray where Element: Identifiable, Element.ID == ID, ID: Sendable {
  /// The place `id` had in this list among the elements `merged` still
  /// has; nil when this list has no `id`.
  public func place(of id: ID, in merged: IdentifiedArray<ID, Element>) -> ListPlace<ID>? {
    guard let index = self.index(id: id) else { return nil }
    return self[..<index].last { merged[id: $0.id] != nil }.map { .after($0.id) } ?? .first
  }

  /// Where an element goes back to `place`: after its neighbour while that
  /// is still here (whatever came or went around them), else at the end.
  public func insertionIndex(for place: ListPlace<ID>?) -> Int {
    switch place {
    case .first: 0
    case .after(let id): index(id: id).map { $0 + 1 } ?? count
    case nil: count
    }
  }
}
