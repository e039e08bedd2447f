import ConcurrencyExtras

/// Identifies one presentation of a child feature: which parent slot it lives in
/// and which value is there (its case, and its `id` when it has one). When the
/// identity changes, the old child's effects are cancelled.
public struct NavigationID: Hashable, @unchecked Sendable {
  // Both fields are immutable identity values (key paths and ids).
  let slot: AnyHashable
  let identity: AnyHashable

  init(slot: AnyHashable, value: Any) {
    self.slot = slot
    self.identity = navigationIdentity(of: value)
  }

  init(slot: AnyHashable, identity: AnyHashable) {
    self.slot = slot
    self.identity = identity
  }
}

/// The chain of presentations from the root to a feature. Effects created by a
/// feature are scoped to it.
public struct NavigationIDPath: Hashable, Sendable {
  public private(set) var ids: [NavigationID] = []
  public init() {}
  public func appending(_ id: NavigationID) -> Self {
    var copy = self
    copy.ids.append(id)
    return copy
  }
  /// This path and every path above it, up to the root (empty) path.
  var prefixes: [NavigationIDPath] {
    (0...ids.count).map { n in
      var prefix = NavigationIDPath()
      prefix.ids = Array(ids.prefix(n))
      return prefix
    }
  }
}

private enum NavigationIDPathKey: DependencyKey {
  static let liveValue = NavigationIDPath()
  static let testValue = NavigationIDPath()
}

extension DependencyValues {
  public var navigationIDPath: NavigationIDPath {
    get { self[NavigationIDPathKey.self] }
    set { self[NavigationIDPathKey.self] = newValue }
  }
}

/// A value's identity for navigation: its type, its enum case (recursively,
/// through destination enums) and its `id` if it is `Identifiable`.
func navigationIdentity(of value: Any) -> AnyHashable {
  var parts: [AnyHashable] = [ObjectIdentifier(type(of: value))]
  let path = enumCasePath(of: value) { $0 is any Identifiable }
  parts += path.cases.map(AnyHashable.init)
  if let identifiable = path.leaf as? any Identifiable {
    parts.append(identifier(of: identifiable))
  }
  return AnyHashable(parts)
}

/// The chain of enum cases a value is in (`.edit` of `.destination` …) and the
/// payload at the end; stops early at a value for which `stop` holds. A case
/// without a payload is named by its description.
func enumCasePath(
  of value: Any, stoppingAt stop: (Any) -> Bool = { _ in false }
) -> (cases: [String], leaf: Any) {
  var cases: [String] = []
  var current: Any = value
  while !stop(current) {
    let mirror = Mirror(reflecting: current)
    guard mirror.displayStyle == .enum else { break }
    guard let child = mirror.children.first, let label = child.label else {
      cases.append("\(current)")
      break
    }
    cases.append(label)
    current = child.value
  }
  return (cases, current)
}

private func identifier<T: Identifiable>(of value: T) -> AnyHashable { AnyHashable(value.id) }
