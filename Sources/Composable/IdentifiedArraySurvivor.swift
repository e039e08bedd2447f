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
