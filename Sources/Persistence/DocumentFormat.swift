import Foundation

/// How a document is written to and read from bytes: what the file store needs
/// to know of the document it keeps. Each app gives its own.
public struct DocumentFormat<Document: Sendable>: Sendable {
  /// What a file of this format is called in messages ("standups file").
  public var name: String
  /// The program whose files these are, for "written by a newer …".
  public var program: String
  /// The newest format version this program reads (and writes).
  public var version: Int
  public var decode: @Sendable (Data) throws(FormatError) -> Document
  public var encode: @Sendable (Document) throws -> Data
  /// A quicker decode for loading a file that lets go of the bytes as it
  /// passes them (`passed(range)`: none of `range` is read again), or nil
  /// when it does not take the bytes — then `decode` reads the file afresh.
  /// `copy`, when one could be made, is a private copy of the file's bytes,
  /// kept for as long as the document holds on to it: a document may leave
  /// parts of itself there, to read when they are first needed.
  public typealias DecodeOnce =
    @Sendable (
      _ bytes: UnsafeRawBufferPointer, _ passed: @escaping @Sendable (Range<Int>) -> Void,
      _ copy: OpenFile?
    ) -> Document?
  public var decodeOnce: DecodeOnce?
  /// `encode`'s bytes handed to `emit` a piece at a time, or nil when the
  /// format only encodes whole: a save then writes the file as it goes and
  /// never holds all of it in memory.
  public typealias EncodeInPieces =
    @Sendable (_ document: Document, _ emit: (UnsafeRawBufferPointer) throws -> Void) throws ->
    Void
  public var encodeInPieces: EncodeInPieces?

  public init(
    name: String, program: String, version: Int,
    decode: @escaping @Sendable (Data) throws(FormatError) -> Document,
    encode: @escaping @Sendable (Document) throws -> Data,
    decodeOnce: DecodeOnce? = nil,
    encodeInPieces: EncodeInPieces? = nil
  ) {
    self.name = name
    self.program = program
    self.version = version
    self.decode = decode
    self.encode = encode
    self.decodeOnce = decodeOnce
    self.encodeInPieces = encodeInPieces
  }
}

/// Why bytes are not a document.
public enum FormatError: Error, Equatable, Sendable {
  /// Not a valid document: the reason, for the user.
  case corrupt(String)
  /// A valid document of a later format version than this program reads.
  case newerVersion(Int)
}
