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
  var current: Any = value
  while true {
    if let identifiable = current as? any Identifiable {
      parts.append(identifier(of: identifiable))
      break
    }
    let mirror = Mirror(reflecting: current)
    guard mirror.displayStyle == .enum else { break }
    guard let child = mirror.children.first, let label = child.label else {
      parts.append("\(current)")
      break
    }
    parts.append(label)
    current = child.value
  }
  return AnyHashable(parts)
}

private func identifier<T: Identifiable>(of value: T) -> AnyHashable { AnyHashable(value.id) }
