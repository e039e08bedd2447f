import Foundation

/// Values worked out once per type and kept for the life of the process: a
/// stateless reducer's `body`, what navigation needs to know about a state
/// type, how ids of a type compare. Swift has no stored static properties in
/// generic types, so they live here, keyed by the type.
@usableFromInline
final class TypeCache: @unchecked Sendable {
  // `entries` is only touched under `lock`.
  @usableFromInline static let shared = TypeCache()

  @usableFromInline
  enum Key: Hashable, Sendable {
    case body(ObjectIdentifier)
    case facts(ObjectIdentifier)
    /// The facts of the payload of one case of an enum.
    case payload(ObjectIdentifier, tag: UInt32)
    /// How ids of a type compare and hash.
    case id(ObjectIdentifier)
    /// What a case key path has learned of its root's cases.
    case casePath(KeyPathKey)
  }

  /// A key path as a key: key paths are immutable, and equal when they name
  /// the same path, however often they are instantiated.
  @usableFromInline
  struct KeyPathKey: Hashable, @unchecked Sendable {
    let keyPath: AnyKeyPath
  }

  private let lock = NSLock()
  private var entries: [Key: AnyObject] = [:]

  /// The value for `key`, made by `make` the first time. Every caller of one
  /// key must ask for the same class `T`.
  @usableFromInline
  func value<T: AnyObject>(for key: Key, _ make: () -> T) -> T {
    lock.lock()
    let found = entries[key]
    lock.unlock()
    if let found { return unsafeDowncast(found, to: T.self) }
    // Made outside the lock: making a value may look up others.
    let made = make()
    lock.lock()
    defer { lock.unlock() }
    if let raced = entries[key] { return unsafeDowncast(raced, to: T.self) }
    entries[key] = made
    return made
  }
}

/// A reducer's body as the cache holds it.
@usableFromInline
final class BodyBox<Body>: @unchecked Sendable {
  // Immutable. A stateless reducer's body is built from its type alone, so
  // sharing it between threads shares nothing a thread could change.
  @usableFromInline let body: Body
  init(_ body: Body) { self.body = body }
}

/// Runs `reducer.body`, built once per type when the reducer has no stored
/// properties: such a body depends on nothing but its type, and rebuilding
/// it costs more than the action (a case key path with an argument, as
/// `action: \.child` in an `ifLet`, is instantiated anew at each evaluation).
/// The cached body is run where the cache keeps it, not copied out: a copy
/// of a body is a copy of every reducer in it.
@usableFromInline
func reduceCachedBody<R: Reducer>(
  of reducer: R, into state: inout R.State, action: R.Action
) -> Effect<R.Action> where R.Body: Reducer<R.State, R.Action> {
  guard MemoryLayout<R>.size == 0 else { return reducer.body.reduce(into: &state, action: action) }
  let box = TypeCache.shared.value(for: .body(ObjectIdentifier(R.self))) { BodyBox(reducer.body) }
  return box.body.reduce(into: &state, action: action)
}
