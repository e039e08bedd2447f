import Foundation
import Persistence
import Testing

/// The version a check reads a piece at a time is the one a whole read gives.
struct FileVersionTests {
  let directory = makeTestDirectory("standups-version")

  @Test(arguments: [0, 1, 7, 8, 9, 65_535, 65_536, 65_537, 200_003])
  func readInPiecesItIsTheVersionOfTheWholeBytes(size: Int) throws {
    let path = directory + "/file-\(size)"
    var generator = SystemRandomNumberGenerator()
    let bytes = Data((0..<size).map { _ in UInt8.random(in: 0...255, using: &generator) })
    try bytes.write(to: URL(fileURLWithPath: path))
    let whole = try #require(try FileSnapshot.read(path))
    #expect(try FileVersion.read(path) == whole.version)
    #expect(whole.version.hash == FileSnapshot.hash(bytes))

    // One byte changed anywhere is another version.
    guard size > 0 else { return }
    var changed = bytes
    changed[size / 2] ^= 0x01
    try changed.write(to: URL(fileURLWithPath: path))
    let now = try #require(try FileVersion.read(path))
    #expect(!now.hasSameContent(as: whole.version))
    #expect(now == (try FileSnapshot.read(path))?.version)
  }

  @Test func noFileIsNoVersion() throws {
    #expect(try FileVersion.read(directory + "/missing") == nil)
    #expect(try FileVersion.read(directory + "/missing/below") == nil)
  }

  @Test func aDirectoryIsUnreadable() {
    #expect(throws: DocumentFailure.self) { try FileVersion.read(directory) }
  }
}
