@_spi(Reflection) import CasePaths

/// Which presentation a value is, for navigation: its type, the enum cases it
/// is in (through destination enums, by case tag) down to the first
/// `Identifiable` value, and that value's `id`. Two values with the same
/// identity in one slot are the same presentation, whatever else changed.
struct NavigationIdentity: Hashable, Sendable {
  var type: ObjectIdentifier?
  var cases = CaseTags()
  var id: AnyID?

  /// A plain id (a stack element's, a store's).
  init(id: some Hashable) { self.id = AnyID(id) }

  init(type: ObjectIdentifier) { self.type = type }
}

/// An `id` as navigation compares it. `AnyHashable` looks a conformance up
/// at run time for each one made; this keeps the id in an `Any` (inline for
/// ids up to three words: no allocation) with its type's `==` and `hash`,
/// looked up once per type.
struct AnyID: Hashable, @unchecked Sendable {
  // `value` is an immutable id of the type `kind` was made for.
  private let value: Any
  private let kind: IDKind

  init<ID: Hashable>(_ id: ID) { self.init(id, kind: IDKind.of(ID.self)) }

  fileprivate init<ID: Hashable>(_ id: ID, kind: IDKind) {
    value = id
    self.kind = kind
  }

  static func == (l: Self, r: Self) -> Bool { l.kind === r.kind && l.kind.equals(l.value, r.value) }
  func hash(into hasher: inout Hasher) { kind.hash(value, &hasher) }
}

/// `==` and `hash` of one id type, for `AnyID`.
private final class IDKind: @unchecked Sendable {
  // Immutable: both are set once, in `init`.
  let equals: (Any, Any) -> Bool
  let hash: (Any, inout Hasher) -> Void

  private init<ID: Hashable>(_: ID.Type) {
    equals = { ($0 as! ID) == ($1 as! ID) }
    hash = { ($0 as! ID).hash(into: &$1) }
  }

  static func of<ID: Hashable>(_: ID.Type) -> IDKind {
    TypeCache.shared.value(for: .id(ObjectIdentifier(ID.self))) { IDKind(ID.self) }
  }
}

/// Enum case tags, outermost first. Destination enums nest one or two deep,
/// so up to four tags are kept in one word: no array to allocate per action.
struct CaseTags: Hashable {
  private var packed: UInt64 = 0
  private var packedCount: UInt8 = 0
  /// Tags past the fourth, or too large to pack, and every tag after them.
  private var rest: [UInt32] = []

  mutating func append(_ tag: UInt32) {
    if rest.isEmpty, packedCount < 4, tag < 0xFFFF {
      packed |= UInt64(tag + 1) << (16 * UInt64(packedCount))
      packedCount += 1
    } else {
      rest.append(tag)
    }
  }
}

/// What identity and ephemerality need to know about a type, worked out once
/// per type: conformance checks and metadata look-ups cost more than an action.
final class TypeFacts: @unchecked Sendable {
  // Immutable: each property is set once, in `init`.
  /// Reads the `id` of a value of this type, when it is `Identifiable`.
  let id: ((UnsafeRawPointer) -> AnyID)?
  /// Its metadata, when it is an enum (not `Optional`, which reflection
  /// treats as a value of its own, not a case to look into).
  let enumeration: EnumMetadata?
  /// An existential (`any P`, `Any`): the facts are those of what it holds.
  let isExistential: Bool
  let ephemeral: (any _EphemeralState.Type)?

  private init<T>(_: T.Type) {
    if let identifiable = T.self as? any Identifiable.Type {
      id = idReader(for: identifiable)
    } else {
      id = nil
    }
    enumeration = T.self is any _OptionalType.Type ? nil : EnumMetadata(T.self)
    isExistential = isExistentialType(T.self)
    ephemeral = T.self as? any _EphemeralState.Type
  }

  static func of<T>(_ type: T.Type) -> TypeFacts {
    TypeCache.shared.value(for: .facts(ObjectIdentifier(T.self))) { TypeFacts(T.self) }
  }

  /// The facts of the payload type of case `tag` (`Void` for a case without one).
  private func payload(tag: UInt32, of metadata: EnumMetadata, in type: Any.Type) -> TypeFacts {
    TypeCache.shared.value(for: .payload(ObjectIdentifier(type), tag: tag)) {
      func open<T>(_: T.Type) -> TypeFacts { TypeFacts.of(T.self) }
      return _openExistential(metadata.associatedValueType(forTag: tag), do: open)
    }
  }

  /// The identity of `value`, a value of this type.
  func identity<Value>(of value: Value) -> NavigationIdentity {
    var identity = NavigationIdentity(type: ObjectIdentifier(type(of: value)))
    appendIdentity(of: value, to: &identity)
    return identity
  }

  func appendIdentity<Value>(of value: Value, to identity: inout NavigationIdentity) {
    if isExistential {
      Self.appendIdentity(ofContents: value, to: &identity)
    } else if let id {
      identity.id = withUnsafePointer(to: value) { id(UnsafeRawPointer($0)) }
    } else if let enumeration {
      let tag = enumeration.tag(of: value)
      identity.cases.append(tag)
      let payload = payload(tag: tag, of: enumeration, in: Value.self)
      // Only a payload that can add to the identity is worth projecting.
      guard payload.mayAddIdentity, let inner = EnumMetadata.project(value) else { return }
      Self.appendIdentity(ofContents: inner, to: &identity)
    }
  }

  func ephemeralType<Value>(of value: Value) -> (any _EphemeralState.Type)? {
    if let ephemeral { return ephemeral }
    if isExistential { return Self.ephemeralType(ofContents: value) }
    guard let enumeration else { return nil }
    let payload = payload(tag: enumeration.tag(of: value), of: enumeration, in: Value.self)
    if let ephemeral = payload.ephemeral { return ephemeral }
    guard payload.enumeration != nil || payload.isExistential,
      let inner = EnumMetadata.project(value)
    else { return nil }
    return Self.ephemeralType(ofContents: inner)
  }

  /// Continues with what an existential holds, by its own type.
  private static func ephemeralType(ofContents value: Any) -> (any _EphemeralState.Type)? {
    func open<T>(_ inner: T) -> (any _EphemeralState.Type)? {
      TypeFacts.of(T.self).ephemeralType(of: inner)
    }
    return _openExistential(value, do: open)
  }

  /// Whether a value of this type may be, or hold, an ephemeral one.
  var mayBeEphemeral: Bool { ephemeral != nil || enumeration != nil || isExistential }

  private var mayAddIdentity: Bool { id != nil || enumeration != nil || isExistential }

  /// Continues with what an existential holds, by its own type.
  private static func appendIdentity(
    ofContents value: Any, to identity: inout NavigationIdentity
  ) {
    func open<T>(_ inner: T) { TypeFacts.of(T.self).appendIdentity(of: inner, to: &identity) }
    _openExistential(value, do: open)
  }
}

private func idReader<T: Identifiable>(for _: T.Type) -> (UnsafeRawPointer) -> AnyID {
  let kind = IDKind.of(T.ID.self)
  return { AnyID($0.assumingMemoryBound(to: T.self).pointee.id, kind: kind) }
}

/// Lets the facts tell `Optional` from other enums.
private protocol _OptionalType {}
extension Optional: _OptionalType {}

/// Whether `type` is an existential: the first word of type metadata is its
/// kind (the runtime's ABI); 0x303 is an existential, 0x307 an extended one
/// (`any P<T>`).
private func isExistentialType(_ type: Any.Type) -> Bool {
  let kind = unsafeBitCast(type, to: UnsafePointer<UInt>.self).pointee
  return kind == 0x303 || kind == 0x307
}
