import Synchronization

/// A writable key path that reads and changes its value by offset where it
/// names stored properties of structs. Going through a `KeyPath` is a call
/// into the runtime that walks its components (and looks up generic
/// metadata) on every access, and changing a value behind a computed
/// property gets a copy and sets it back, so the copy shares the value's
/// storage and the first change copies it all; the reducers that reach their
/// child's slot on every action (`ifLet`, `forEach` on a stack) go through
/// this instead.
struct StoredPath<Root, Value> {
  let keyPath: WritableKeyPath<Root, Value>
  /// Where the value lies in `Root`; nil when the path goes through a
  /// class or a computed property.
  private let offset: Int?
  /// For a path `MemoryLayout` gives no offset for (a property wrapper's
  /// projection, `\.$destination`): where the path was found to keep its
  /// value, learned from the first root it is used on.
  private let learned: LearnedOffset<Root, Value>?

  /// Whether the path is read and changed by offset (named stored properties
  /// of structs, or a projection found to store its value in the root).
  var isStored: Bool { offset != nil || learned?.offset != nil }

  init(_ keyPath: WritableKeyPath<Root, Value>) {
    self.keyPath = keyPath
    // Documented as equivalent to the key path when not nil.
    offset = MemoryLayout<Root>.offset(of: keyPath)
    learned = nil
  }

  /// A path that, if `MemoryLayout` gives no offset for it, looks for where
  /// it stores its value: `marker()` makes a value whose bytes nothing else
  /// in a root can hold (one holding a new object). It must be a path whose
  /// setter stores the value as it is, and whose getter reads it from there,
  /// as a property wrapper's projection of itself does.
  init(_ keyPath: WritableKeyPath<Root, Value>, marker: @escaping @Sendable () -> Value) {
    self.keyPath = keyPath
    offset = MemoryLayout<Root>.offset(of: keyPath)
    learned = offset == nil ? LearnedOffset(keyPath, marker: marker) : nil
  }

  /// `body` applied to the value at the path in `root`, which is not copied.
  @inline(__always)
  func read<Result>(_ root: inout Root, _ body: (borrowing Value) -> Result) -> Result {
    guard let offset = offset(in: &root) else { return body(root[keyPath: keyPath]) }
    return withUnsafeMutablePointer(to: &root) { pointer in
      body(
        UnsafeRawPointer(pointer).advanced(by: offset).assumingMemoryBound(to: Value.self).pointee)
    }
  }

  /// `body` applied to the value at the path in `root`, changed where it lies.
  @inline(__always)
  func modify<Result>(_ root: inout Root, _ body: (inout Value) -> Result) -> Result {
    guard let offset = offset(in: &root) else { return body(&root[keyPath: keyPath]) }
    return withUnsafeMutablePointer(to: &root) { pointer in
      body(
        &UnsafeMutableRawPointer(pointer).advanced(by: offset).assumingMemoryBound(to: Value.self)
          .pointee)
    }
  }

  @inline(__always)
  private func offset(in root: inout Root) -> Int? {
    offset ?? learned?.offset(in: &root)
  }
}

/// Where a path `MemoryLayout` cannot place keeps its value in its root,
/// found once: the path sets a marker in a copy of a root, and the one place
/// in the copy's bytes that then holds the marker is the value's. A path
/// through a class sets it in the object, not in the copy, and is found to
/// have no offset (its value is put back). Shared by the threads that run the
/// reducer; two of them finding it at once find the same.
final class LearnedOffset<Root, Value>: @unchecked Sendable {
  // Immutable after init; the result is an atomic.
  private let keyPath: WritableKeyPath<Root, Value>
  private let marker: @Sendable () -> Value
  /// 0: not looked for yet; -1: none; otherwise the offset plus one.
  private let found = Atomic<Int>(0)

  init(_ keyPath: WritableKeyPath<Root, Value>, marker: @escaping @Sendable () -> Value) {
    self.keyPath = keyPath
    self.marker = marker
  }

  /// The offset once looked for (nil before, or if there is none).
  var offset: Int? {
    let value = found.load(ordering: .relaxed)
    return value > 0 ? value - 1 : nil
  }

  func offset(in root: inout Root) -> Int? {
    switch found.load(ordering: .relaxed) {
    case 0:
      let offset = look(in: root)
      found.store(offset.map { $0 + 1 } ?? -1, ordering: .relaxed)
      return offset
    case -1: return nil
    case let value: return value - 1
    }
  }

  private func look(in root: Root) -> Int? {
    let size = MemoryLayout<Value>.size
    let stride = max(1, MemoryLayout<Value>.alignment)
    guard size > 0, MemoryLayout<Root>.size >= size else { return nil }
    var copy = root
    let original = copy[keyPath: keyPath]
    let marker = marker()
    copy[keyPath: keyPath] = marker
    defer { copy[keyPath: keyPath] = original }
    return withUnsafeBytes(of: marker) { wanted in
      withUnsafeBytes(of: &copy) { bytes in
        let places = Swift.stride(from: 0, through: bytes.count - size, by: stride).filter {
          bytes[$0..<$0 + size].elementsEqual(wanted)
        }
        return places.count == 1 ? places[0] : nil
      }
    }
  }
}
