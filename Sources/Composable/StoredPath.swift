/// A writable key path that reads by offset where it names stored
/// properties of structs. Reading through a `KeyPath` is a call into the
/// runtime that walks its components (and looks up generic metadata) on
/// every access; the reducers that read their child's slot on every action
/// (`ifLet`, `forEach` on a stack) read it through this instead.
struct StoredPath<Root, Value> {
  let keyPath: WritableKeyPath<Root, Value>
  /// Where the value lies in `Root`; nil when the path goes through a
  /// class or a computed property, which only the key path can read.
  private let offset: Int?

  init(_ keyPath: WritableKeyPath<Root, Value>) {
    self.keyPath = keyPath
    // Documented as equivalent to the key path when not nil.
    offset = MemoryLayout<Root>.offset(of: keyPath)
  }

  /// `body` applied to the value at the path in `root`, which is not copied.
  @inline(__always)
  func read<Result>(_ root: inout Root, _ body: (borrowing Value) -> Result) -> Result {
    guard let offset else { return body(root[keyPath: keyPath]) }
    return withUnsafeMutablePointer(to: &root) { pointer in
      body(
        UnsafeRawPointer(pointer).advanced(by: offset).assumingMemoryBound(to: Value.self).pointee)
    }
  }
}
