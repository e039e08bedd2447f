import Clocks
import ConcurrencyExtras
import EventLoop
import Foundation
import Persistence
import Testing

@testable import StandupsApp
@testable import StandupsCore

#if canImport(Glibc)
  import Glibc
#endif

extension SecondWriterTests {
  // MARK: - The file's primitives

  @Test func replaceSwapsAtomicallyAndHandsBackAnotherWritersBytes() throws {
    let file = DataFile(path: directory + "/standups.json")
    try file.save([.mock])
    let expected = try #require(try FileSnapshot.read(file.path)).version

    // Another writer got in between the check and the swap.
    let theirs = try encoded([.engineeringMock])
    try OtherWriter.replaceByRename(file.path, with: theirs)
    let mine = try encoded([.productMock])
    switch try file.replace(with: mine, expecting: expected) {
    case .replacedOther(let written, let previous):
      #expect(previous == theirs)
      let now = try #require(try FileSnapshot.read(file.path))
      #expect(now.data == mine)
      #expect(now.version.hasSameContent(as: written))
    case let other:
      Issue.record("expected replacedOther, got \(other)")
    }
    #expect(try leftovers() == ["standups.json"])

    // The version that is there: replaced, nothing handed back.
    let current = try #require(try FileSnapshot.read(file.path)).version
    let next = try encoded([.mock, .productMock])
    switch try file.replace(with: next, expecting: current) {
    case .replaced(let written):
      let now = try #require(try FileSnapshot.read(file.path))
      #expect(now.data == next)
      #expect(now.version.hasSameContent(as: written))
    case let other:
      Issue.record("expected replaced, got \(other)")
    }
    #expect(try leftovers() == ["standups.json"])

    // Expecting no file where there is one: nothing written.
    switch try file.replace(with: mine, expecting: nil) {
    case .notReplaced(let current?):
      #expect(current.data == next)
    case let other:
      Issue.record("expected notReplaced with the file, got \(other)")
    }
    #expect(try Data(contentsOf: URL(fileURLWithPath: file.path)) == next)
    #expect(try leftovers() == ["standups.json"])

    // Expecting a file that is gone: nothing written either.
    let last = try #require(try FileSnapshot.read(file.path)).version
    guard unlink(file.path) == 0 else { throw SystemError("unlink", errno) }
    switch try file.replace(with: mine, expecting: last) {
    case .notReplaced(nil): break
    case let other: Issue.record("expected notReplaced without a file, got \(other)")
    }
    #expect(try leftovers() == [])
  }

  /// A newer version's file, or one still being written, that appeared
  /// between the check and the swap is put back, never replaced or kept aside.
  @Test(arguments: [
    #"{ "version": 99, "standups": [], "teams": [] }"#, #"{ "version": 1, "standups": [ { "id"#,
  ])
  func replaceSwapsBackWhatItCannotMerge(_ theirs: String) throws {
    let file = DataFile(path: directory + "/standups.json")
    try file.save([.mock])
    let expected = try #require(try FileSnapshot.read(file.path)).version
    try OtherWriter.replaceByRename(file.path, with: Data(theirs.utf8))
    switch try file.replace(with: try encoded([.productMock]), expecting: expected) {
    case .notReplaced(let current?):
      #expect(current.data == Data(theirs.utf8))
    case let other:
      Issue.record("expected notReplaced with their file, got \(other)")
    }
    #expect(try String(contentsOfFile: file.path, encoding: .utf8) == theirs)
    #expect(try leftovers() == ["standups.json"])
  }

  /// Where the file system refuses `renameat2`: the version is checked just
  /// before a plain rename, and a file that is not the expected one (or one
  /// where none was expected) is left alone.
  @Test func withoutAtomicRenamesTheCheckComesJustBeforeTheRename() throws {
    let file = DataFile(path: directory + "/standups.json")
    let first = try encoded([.mock])
    switch try file.replace(with: first, expecting: nil, atomicRename: false) {
    case .replaced: break
    case let other: Issue.record("expected replaced, got \(other)")
    }
    let expected = try #require(try FileSnapshot.read(file.path)).version
    switch try file.replace(with: try encoded([.productMock]), expecting: nil, atomicRename: false)
    {
    case .notReplaced(let current?): #expect(current.data == first)
    case let other: Issue.record("expected notReplaced with the file, got \(other)")
    }

    let theirs = try encoded([.engineeringMock])
    try OtherWriter.replaceByRename(file.path, with: theirs)
    switch try file.replace(
      with: try encoded([.productMock]), expecting: expected, atomicRename: false)
    {
    case .notReplaced(let current?): #expect(current.data == theirs)
    case let other: Issue.record("expected notReplaced with theirs, got \(other)")
    }
    let now = try #require(try FileSnapshot.read(file.path)).version
    let mine = try encoded([.mock, .productMock])
    switch try file.replace(with: mine, expecting: now, atomicRename: false) {
    case .replaced(let written):
      #expect(try FileSnapshot.read(file.path)?.version.hasSameContent(as: written) == true)
    case let other: Issue.record("expected replaced, got \(other)")
    }
    #expect(try Data(contentsOf: URL(fileURLWithPath: file.path)) == mine)
    #expect(try leftovers() == ["standups.json"])
  }

  @Test func copiesMadeInTheSameMillisecondGetDistinctNames() throws {
    let file = DataFile(path: directory + "/standups.json")
    try file.save([.mock])
    let now = Date(timeIntervalSince1970: 1_700_000_000.5)
    let first = try file.writeConflictCopy([.mock], now: now)
    let second = try file.writeConflictCopy([.productMock], now: now)
    let third = try file.writeConflictCopy([.engineeringMock], now: now)
    #expect(first == directory + "/standups.conflict-20231114T221320.500Z.json")
    #expect(second == directory + "/standups.conflict-20231114T221320.500Z-2.json")
    #expect(third == directory + "/standups.conflict-20231114T221320.500Z-3.json")
    #expect(try DataFile(path: first).load() == [.mock])
    #expect(try DataFile(path: second).load() == [.productMock])
    #expect(try DataFile(path: third).load() == [.engineeringMock])

    let bytes = Data("not json".utf8)
    let kept = try file.keepAside(bytes, now: now)
    let keptAgain = try file.keepAside(Data(), now: now)
    #expect(kept == directory + "/standups.unreadable-20231114T221320.500Z")
    #expect(keptAgain == directory + "/standups.unreadable-20231114T221320.500Z-2")
    #expect(try Data(contentsOf: URL(fileURLWithPath: kept)) == bytes)
    #expect(try Data(contentsOf: URL(fileURLWithPath: keptAgain)) == Data())
    #expect(try file.load() == [.mock])
    #expect(try leftovers().count == 6)
  }
}
