@_spi(Reflection) import CasePaths
import Synchronization

/// A case key path as the reducers keep it: made into a case path once, and
/// quick to turn away the actions it never matches. Extracting through a
/// case key path walks a key path and builds a case path on every call, and
/// most extractions fail: every `Scope`, `ifLet` and `forEach` looks at
/// every action that passes its parent.
///
/// A path that is one of its root's own cases (`\.child`, as the
/// `@CasePathable` macro lists them) matches that case alone, so a root of
/// any case it once failed on is turned away by the case's tag. A path
/// through several cases (`\.child.grandchild`), the identity path and roots
/// that are not enums always extract.
///
/// Once such a path has matched, its case's payload is read straight out of
/// the enum when it is stored inline and is exactly `Value`: extracting
/// through the case key path boxes the root as `Any`, casts it back and walks
/// a key path, thousands of instructions for the one match each action has.
@usableFromInline
struct TaggedCasePath<Root, Value>: Sendable {
  private let path: AnyCasePath<Root, Value>
  private let misses: TagMisses?

  init(_ keyPath: CaseKeyPath<Root, Value>) {
    path = AnyCasePath(keyPath)
    // Kept per path: a reducer that stores anything builds its body, and so
    // its paths, for every action, and telling whether a path is one of its
    // root's cases lists every case path of the root (≈ 200 k instructions
    // for a large action enum). What a path learns is kept with it too.
    misses =
      TypeCache.shared.value(for: .casePath(.init(keyPath: keyPath))) {
        CasePathFacts(isOneCase(keyPath) ? EnumMetadata(Root.self).map(TagMisses.init) : nil)
      }.misses
  }

  func extract(from root: Root) -> Value? {
    guard let misses else { return path.extract(from: root) }
    let tag = misses.metadata.tag(of: root)
    if misses.contains(tag) { return nil }
    if misses.isInlineHit(tag) { return InlinePayload.read(Value.self, from: root) }
    guard let value = path.extract(from: root) else {
      misses.insert(tag)
      return nil
    }
    if InlinePayload.isExactly(Value.self, inCase: tag, of: Root.self, metadata: misses.metadata) {
      misses.insertInlineHit(tag)
    }
    return value
  }

  func embed(_ value: Value) -> Root {
    if let tag = misses?.inlineHitTag {
      return InlinePayload.embed(value, inCase: tag, as: Root.self)
    }
    return path.embed(value)
  }

  /// `body` on the value in `root`, which is then put back; nil (and `body`
  /// not run) when `root` is in another case. A case whose payload is read
  /// in place is changed in place: nothing copied, so what it holds stays
  /// uniquely referenced.
  func modify<Result>(_ root: inout Root, _ body: (inout Value) -> Result) -> Result? {
    if let misses, let tag = misses.inlineHitTag, misses.metadata.tag(of: root) == tag {
      return InlinePayload.modify(&root, tag: tag, body)
    }
    guard var value = extract(from: root) else { return nil }
    let result = body(&value)
    root = embed(value)
    return result
  }

  /// Whether it turns away the cases it failed on (for tests).
  var learnsFromMisses: Bool { misses != nil }

  /// Whether it reads the payload of the case it matched straight out of the
  /// root (for tests).
  var readsInlinePayload: Bool { misses?.hasInlineHit ?? false }
}

/// Whether `keyPath` is one of the case key paths its root lists as its own.
private func isOneCase<Root, Value>(_ keyPath: CaseKeyPath<Root, Value>) -> Bool {
  guard let root = Root.self as? any CasePathable.Type else { return false }
  return ownCasePaths(of: root).contains { $0 == keyPath }
}

private func ownCasePaths<R: CasePathable>(of _: R.Type) -> [AnyKeyPath] {
  guard let all = R.allCasePaths as? any Sequence else { return [] }
  return keyPaths(in: all)
}

private func keyPaths<S: Sequence>(in sequence: S) -> [AnyKeyPath] {
  sequence.compactMap { $0 as? AnyKeyPath }
}

/// What the cache keeps for a case key path.
private final class CasePathFacts: Sendable {
  let misses: TagMisses?
  init(_ misses: TagMisses?) { self.misses = misses }
}

/// The tags of the cases a one-case path failed on (the first 64), and of
/// the case it matched when its payload can be read in place, shared by every
/// thread that runs the reducer: a tag is only ever added, and adding it
/// twice is harmless.
private final class TagMisses: Sendable {
  let metadata: EnumMetadata
  private let tags = Atomic<UInt64>(0)
  /// The matched case's tag plus one; 0 until it is known.
  private let inlineHit = Atomic<UInt64>(0)

  init(_ metadata: EnumMetadata) { self.metadata = metadata }

  func contains(_ tag: UInt32) -> Bool {
    tag < 64 && tags.load(ordering: .relaxed) & (1 << UInt64(tag)) != 0
  }

  func insert(_ tag: UInt32) {
    guard tag < 64 else { return }
    tags.bitwiseOr(1 << UInt64(tag), ordering: .relaxed)
  }

  func isInlineHit(_ tag: UInt32) -> Bool {
    inlineHit.load(ordering: .relaxed) == UInt64(tag) + 1
  }

  func insertInlineHit(_ tag: UInt32) {
    inlineHit.store(UInt64(tag) + 1, ordering: .relaxed)
  }

  var hasInlineHit: Bool { inlineHit.load(ordering: .relaxed) != 0 }

  /// The matched case's tag, once known.
  var inlineHitTag: UInt32? {
    let hit = inlineHit.load(ordering: .relaxed)
    return hit == 0 ? nil : UInt32(hit - 1)
  }
}
