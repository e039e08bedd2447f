@_spi(Reflection) import CasePaths

/// An enum case's payload read, changed or stored where it lies, through the
/// value witnesses the runtime keeps for every enum: projecting clears the
/// tag a multi-payload enum keeps in its payloads' spare bits, injecting sets
/// it. Only for a case whose payload is stored inline and is exactly the type
/// read, which `isExactly` checks against the case's reflection record first.
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
    // Nothing to read (an empty struct), or no value at all (an enum without
    // cases, which no root holds): Swift 6.3's optimizer crashes on the
    // load below specialised for the latter, so neither comes to it.
    guard MemoryLayout<Value>.size > 0 else { return zeroSized(Value.self) }
    let (metadata, witnesses) = enumWitnesses(Root.self)
    let project = witnesses.load(fromByteOffset: projectEnumDataOffset, as: ProjectEnumData.self)
    return withUnsafeTemporaryAllocation(of: Root.self, capacity: 1) { buffer in
      let copy = UnsafeMutableRawPointer(buffer.baseAddress!)
      withUnsafeBytes(of: root) { copy.copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
      project(copy, metadata)
      return copy.load(as: Value.self)
    }
  }

  /// The value of a type with no bytes, never specialised (see `read`).
  @_semantics("optimize.sil.specialize.generic.never")
  @inline(never)
  private static func zeroSized<Value>(_: Value.Type) -> Value {
    withUnsafeTemporaryAllocation(of: Value.self, capacity: 1) {
      UnsafeRawPointer($0.baseAddress!).load(as: Value.self)
    }
  }

  /// `body` on the payload of `root`, whose case `tag` `isExactly` accepted,
  /// where it lies: the payload is projected in place (the root is no enum
  /// value meanwhile, and nothing can read it: `body` has it exclusively),
  /// changed, and the tag put back. Nothing is copied, so the payload's
  /// arrays and strings stay uniquely referenced and change in place.
  static func modify<Root, Value, Result>(
    _ root: inout Root, tag: UInt32, _ body: (inout Value) -> Result
  ) -> Result {
    let (metadata, witnesses) = enumWitnesses(Root.self)
    let project = witnesses.load(fromByteOffset: projectEnumDataOffset, as: ProjectEnumData.self)
    let inject = witnesses.load(fromByteOffset: injectEnumDataOffset, as: InjectEnumData.self)
    return withUnsafeMutablePointer(to: &root) { pointer in
      let raw = UnsafeMutableRawPointer(pointer)
      project(raw, metadata)
      defer {
        raw.bindMemory(to: Root.self, capacity: 1)
        inject(raw, tag, metadata)
      }
      return body(&raw.bindMemory(to: Value.self, capacity: 1).pointee)
    }
  }

  /// The root of case `tag` holding `value`, for a case `isExactly` accepted.
  static func embed<Root, Value>(_ value: Value, inCase tag: UInt32, as _: Root.Type) -> Root {
    let (metadata, witnesses) = enumWitnesses(Root.self)
    let inject = witnesses.load(fromByteOffset: injectEnumDataOffset, as: InjectEnumData.self)
    return withUnsafeTemporaryAllocation(of: Root.self, capacity: 1) { buffer in
      let raw = UnsafeMutableRawPointer(buffer.baseAddress!)
      // Bytes past a smaller payload are no part of the value: zero, not garbage.
      raw.initializeMemory(as: UInt8.self, repeating: 0, count: MemoryLayout<Root>.size)
      raw.initializeMemory(as: Value.self, to: value)
      raw.bindMemory(to: Root.self, capacity: 1)
      inject(raw, tag, metadata)
      return buffer.baseAddress!.move()
    }
  }

  private static func enumWitnesses(_ type: Any.Type) -> (UnsafeRawPointer, UnsafeRawPointer) {
    let metadata = unsafeBitCast(type, to: UnsafeRawPointer.self)
    let witnesses = metadata.load(
      fromByteOffset: -MemoryLayout<UnsafeRawPointer>.size, as: UnsafeRawPointer.self)
    return (metadata, witnesses)
  }

  private typealias InjectEnumData =
    @convention(c) (UnsafeMutableRawPointer, UInt32, UnsafeRawPointer) -> Void

  /// `destructiveInjectEnumData`, right after `destructiveProjectEnumData`.
  private static let injectEnumDataOffset =
    projectEnumDataOffset + MemoryLayout<UnsafeRawPointer>.size

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
