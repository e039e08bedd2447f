import Foundation

/// How a route names one of a list's elements: by id, by 1-based position, by
/// name (any case) or by a unique id prefix — tried in that order. The apps
/// share it so `--open` reads the same in each.
public enum Reference {
  /// `text` (a route, a reference) as an error message repeats it: cut
  /// after `limit` characters, so a long one does not bury the message.
  public static func echoed(_ text: String, limit: Int = 48) -> String {
    text.count <= limit ? text : text.prefix(limit - 1) + "…"
  }

  /// What a reference names: one element, or why not a single one.
  public enum Match<Element> {
    case found(Element)
    /// A position outside 1…count.
    case noPosition(Int, count: Int)
    /// More than one element has that name.
    case ambiguousName([Element])
    /// More than one id starts with it.
    case ambiguousPrefix([Element])
    /// Not an id, a position, a name or an id prefix of any element.
    case noMatch
  }

  /// The element `reference` names. `name` is nil for elements without one
  /// (they are named by id, position or prefix only).
  public static func resolve<Element>(
    _ reference: String, in elements: some RandomAccessCollection<Element>,
    id: (Element) -> UUID, name: ((Element) -> String)? = nil
  ) -> Match<Element> {
    if let uuid = UUID(uuidString: reference), let match = elements.first(where: { id($0) == uuid })
    {
      return .found(match)
    }
    // A number past the end may still be a name, or, from 8 digits (as
    // `shortest` makes them), the start of an id: tried as those before it
    // is called no such position. Shorter, a stale or mistyped position
    // must not open whatever id happens to start with it.
    if let position = Int(reference), reference.allSatisfy(\.isASCII) {
      guard position >= 1, position <= elements.count else {
        return resolveByNameOrPrefix(
          reference, in: elements, id: id, name: name, byPrefix: reference.count >= 8
        ).orNoPosition(position, count: elements.count)
      }
      return .found(elements[elements.index(elements.startIndex, offsetBy: position - 1)])
    }
    return resolveByNameOrPrefix(reference, in: elements, id: id, name: name)
  }

  private static func resolveByNameOrPrefix<Element>(
    _ reference: String, in elements: some RandomAccessCollection<Element>,
    id: (Element) -> UUID, name: ((Element) -> String)?, byPrefix: Bool = true
  ) -> Match<Element> {
    if let name {
      let byName = elements.filter { name($0).caseInsensitiveCompare(reference) == .orderedSame }
      if byName.count == 1 { return .found(byName[0]) }
      if byName.count > 1 { return .ambiguousName(byName) }
    }
    guard byPrefix else { return .noMatch }
    let lowered = reference.lowercased()
    let byPrefix = elements.filter { id($0).uuidString.lowercased().hasPrefix(lowered) }
    if byPrefix.count == 1 { return .found(byPrefix[0]) }
    if byPrefix.count > 1 { return .ambiguousPrefix(byPrefix) }
    return .noMatch
  }

  /// The shortest id prefix (at least 8 characters) that resolves back to
  /// `id`: no other id shares it, and it reads as neither a position nor one
  /// of `names`.
  public static func shortest(for id: UUID, among ids: [UUID], names: [String] = []) -> String {
    let text = id.uuidString.lowercased()
    let others = ids.filter { $0 != id }.map { $0.uuidString.lowercased() }
    for length in [8, 13, 18, 23] {
      let prefix = String(text.prefix(length))
      guard Int(prefix) == nil,
        !names.contains(where: { $0.caseInsensitiveCompare(prefix) == .orderedSame })
      else { continue }
      if !others.contains(where: { $0.hasPrefix(prefix) }) { return prefix }
    }
    return text
  }
}

extension Reference.Match {
  /// No match, said as the position it was read as.
  fileprivate func orNoPosition(_ position: Int, count: Int) -> Self {
    if case .noMatch = self { return .noPosition(position, count: count) }
    return self
  }
}
