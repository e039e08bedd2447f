import ConcurrencyExtras

/// Identifies one presentation of a child feature: which parent slot it lives in
/// and which value is there (its case, and its `id` when it has one). When the
/// identity changes, the old child's effects are cancelled.
public struct NavigationID: Hashable, @unchecked Sendable {
  // Both fields are immutable identity values (key paths, case tags and ids).
  let slot: AnyHashable
  let identity: NavigationIdentity

  init(slot: AnyHashable, identity: NavigationIdentity) {
    self.slot = slot
    self.identity = identity
  }

  init(slot: AnyHashable, id: some Hashable) {
    self.init(slot: slot, identity: NavigationIdentity(id: id))
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

/// Where the running feature is presented, and how it closes itself: one
/// dependency value, so that a presenting reducer writes one, not two, for
/// each action it passes to its child.
struct NavigationContext: Sendable {
  var path = NavigationIDPath()
  var dismiss = DismissEffect()
}

private enum NavigationContextKey: DependencyKey {
  static let liveValue = NavigationContext()
  static let testValue = NavigationContext()
}

extension DependencyValues {
  public var navigationIDPath: NavigationIDPath {
    get { navigationContext.path }
    set { navigationContext.path = newValue }
  }

  var navigationContext: NavigationContext {
    get { self[NavigationContextKey.self] }
    set { self[NavigationContextKey.self] = newValue }
  }
}

/// The navigation path of the feature whose action is running. Read straight
/// from the current dependencies: `@Dependency` merges every dependency value
/// into a copy on each read, which costs more than the action.
var currentNavigationIDPath: NavigationIDPath { DependencyValues._current.navigationIDPath }

/// A presentation an `ifLet` or a stack's `forEach` has set up: where it is
/// (the parent's path and the slot), which value it is, and what its child
/// gets (its path, its `dismiss`). Kept in the state, so that each action
/// reuses them instead of building them again; and as long as a parent
/// reuses its child's path, the child's comparison of its parent's path is
/// the arrays' identity check, not a walk through every element.
final class ChildPresentation: @unchecked Sendable {
  // Immutable; `slot` is a key path, an immutable value.
  let parentPath: NavigationIDPath
  let slot: AnyKeyPath
  let identity: NavigationIdentity
  /// The child's path and dismiss.
  let context: NavigationContext
  var path: NavigationIDPath { context.path }

  init(parentPath: NavigationIDPath, slot: AnyKeyPath, identity: NavigationIdentity) {
    self.parentPath = parentPath
    self.slot = slot
    self.identity = identity
    let path = parentPath.appending(NavigationID(slot: AnyHashable(slot), identity: identity))
    context = NavigationContext(path: path, dismiss: dismissEffect(for: path))
  }

  /// Whether this is the presentation of `identity` in `slot` under `parentPath`.
  func isPresentation(
    of identity: NavigationIdentity, in slot: AnyKeyPath, under parentPath: NavigationIDPath
  ) -> Bool {
    identity == self.identity && (slot === self.slot || slot == self.slot)
      && parentPath == self.parentPath
  }
}

/// The chain of enum cases a value is in (`.edit` of `.destination` …), for
/// messages. A case without a payload is named by its description.
func enumCaseNames(of value: Any) -> [String] {
  var cases: [String] = []
  var current: Any = value
  while true {
    let mirror = Mirror(reflecting: current)
    guard mirror.displayStyle == .enum else { break }
    guard let child = mirror.children.first, let label = child.label else {
      cases.append("\(current)")
      break
    }
    cases.append(label)
    current = child.value
  }
  return cases
}
