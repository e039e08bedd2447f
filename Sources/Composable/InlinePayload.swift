@_spi(Reflection) import CasePaths

/// An enum case's payload read where it lies, through the value witnesses
/// the runtime keeps for every enum: the root is copied bit for bit (nothing
/// retained), the payload projected in that copy (a multi-payload enum keeps
/// its tag in its payloads' spare bits, which projecting clears), and the
/// payload copied out. Only for a case whose payload is stored inline and is
/// exactly the type read, which `isExactly` checks against the case's
/// reflection record first.
enum InlinePayload {
  /// Whether case `tag` of `Root` holds exactly a `Value`, not behind an `indirect` box.
  static func isExactly<Root, Value>(
    _: Value.Type, inCase tag: UInt32, of _: Root.Type, metadata: EnumMetadata
  ) -> Bool {
    guard MemoryLayout<Value>.size > 0, MemoryLayout<Value>.size <= MemoryLayout<Root>.size,
      metadata.associatedValueType(forTag: tag) == Value.self,
      let flags = caseFlags(of: Root.self, at: tag)
    else { return false }
    return flags & indirectCase == 0
  }

  /// The payload of `root`, whose case `isExactly` accepted.
  static func read<Root, Value>(_: Value.Type, from root: Root) -> Value {
    let metadata = unsafeBitCast(Root.self as Any.Type, to: UnsafeRawPointer.self)
    let witnesses = metadata.load(
      fromByteOffset: -MemoryLayout<UnsafeRawPointer>.size, as: UnsafeRawPointer.self)
    let project = witnesses.load(fromByteOffset: projectEnumDataOffset, as: ProjectEnumData.self)
    return withUnsafeTemporaryAllocation(of: Root.self, capacity: 1) { buffer in
      let copy = UnsafeMutableRawPointer(buffer.baseAddress!)
      withUnsafeBytes(of: root) { copy.copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
      project(copy, metadata)
      return copy.load(as: Value.self)
    }
  }

  private typealias ProjectEnumData =
    @convention(c) (UnsafeMutableRawPointer, UnsafeRawPointer) -> Void

  /// `destructiveProjectEnumData` in an enum's value witness table: after the
  /// eight value functions, size and stride, flags and extra inhabitants
  /// (two 32-bit fields), and `getEnumTag`.
  private static let projectEnumDataOffset = 11 * MemoryLayout<UnsafeRawPointer>.size + 2 * 4

  /// A case's field record flag: its payload is boxed.
  private static let indirectCase: UInt32 = 0x1

  /// The flags of the field record of case `index` (payload cases come first,
  /// in tag order, as the runtime's own reflection reads them).
  private static func caseFlags(of type: Any.Type, at index: UInt32) -> UInt32? {
    let metadata = unsafeBitCast(type, to: UnsafeRawPointer.self)
    // An enum's metadata: its kind, then its type descriptor.
    let descriptor = metadata.load(
      fromByteOffset: MemoryLayout<UnsafeRawPointer>.size, as: UnsafeRawPointer.self)
    // The descriptor's flags, parent, name and access function, then its fields.
    guard let fields = relativeTarget(descriptor + 16) else { return nil }
    // A field descriptor: mangled name, superclass, kind, record size, count, records.
    let recordSize = Int(fields.load(fromByteOffset: 10, as: UInt16.self))
    let count = fields.load(fromByteOffset: 12, as: UInt32.self)
    guard index < count, recordSize >= 4 else { return nil }
    return fields.load(fromByteOffset: 16 + Int(index) * recordSize, as: UInt32.self)
  }

  private static func relativeTarget(_ pointer: UnsafeRawPointer) -> UnsafeRawPointer? {
    let offset = pointer.load(as: Int32.self)
    return offset == 0 ? nil : pointer + Int(offset)
  }
}
