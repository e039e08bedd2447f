import ConcurrencyExtras
import Foundation
import Testing

@testable import StandupsCore

/// Loading a file lets go of its bytes as the readers pass them
/// (`StandupsFormat.decodeOnce`): what they report passed, neither reads again.
struct DecodeOnceTests {
  /// Bytes owned by a test, written to by the `passed` of two threads (each
  /// in its own part of them).
  final class Bytes: @unchecked Sendable {
    let pointer: UnsafeMutableRawBufferPointer
    let passed = LockIsolated<[Range<Int>]>([])
    init(_ data: Data) {
      pointer = .allocate(byteCount: data.count, alignment: 16)
      data.withUnsafeBytes { pointer.copyMemory(from: $0) }
    }
    deinit { pointer.deallocate() }
    /// Zeros what a reader says it passed: a second read of it would fail.
    func zero(_ range: Range<Int>) {
      passed.withValue { $0.append(range) }
      UnsafeMutableRawBufferPointer(rebasing: pointer[range]).initializeMemory(
        as: UInt8.self, repeating: 0)
    }
  }

  @Test func whatTheReadersPassTheyNeverReadAgain() throws {
    let data = try StandupsFormat.encode(TailReaderTests.many)
    let boundary = try #require(data.withUnsafeBytes { TailReader.splitPoint(in: $0) })
    let bytes = Bytes(data)
    let standups = StandupsFormat.decodeOnce(
      UnsafeRawBufferPointer(bytes.pointer), helper: testHelper, passed: bytes.zero)
    #expect(standups == TailReaderTests.many)
    let passed = bytes.passed.value.sorted { $0.lowerBound < $1.lowerBound }
    // Both threads reported, never across the boundary between their parts,
    // and most of the file was given back before the last standup was read.
    #expect(passed.contains { $0.upperBound <= boundary })
    #expect(passed.contains { $0.lowerBound >= boundary })
    #expect(passed.allSatisfy { $0.upperBound <= boundary || $0.lowerBound >= boundary })
    #expect(zip(passed, passed.dropFirst()).allSatisfy { $0.upperBound <= $1.lowerBound })
    #expect(passed.reduce(0) { $0 + $1.count } >= data.count / 2)
  }

  @Test func aFileTheFastPathRefusesLateIsNotTaken() throws {
    var json = try #require(
      String(data: try StandupsFormat.encode(TailReaderTests.many), encoding: .utf8))
    // An escaped key in the last standup: `JSONDecoder` reads it, the fast path does not.
    let lastTitle = try #require(json.range(of: "\"title\" : ", options: .backwards))
    json.replaceSubrange(lastTitle, with: "\"\\u0074itle\" : ")
    let bytes = Bytes(Data(json.utf8))
    let standups = StandupsFormat.decodeOnce(
      UnsafeRawBufferPointer(bytes.pointer), helper: testHelper, passed: bytes.zero)
    #expect(standups == nil)
    // It had already let go of bytes: they are no longer the file.
    #expect(!bytes.passed.value.isEmpty)
    #expect((try? StandupsFormat.decode(Data(UnsafeRawBufferPointer(bytes.pointer)))) == nil)
  }
}
