import Foundation
import Persistence
import StandupsApp
import Testing

@testable import StandupsCore

/// A data file is loaded from a private copy of its bytes, mapped and given
/// back as the readers pass them (or, where no copy can be made, from pages
/// of its own); a file the fast path refuses part-way is read again, whole.
struct LargeFileLoadTests {
  let directory = makeTestDirectory("standups-load")

  /// 600 standups of 8 meetings (newest first, as the app keeps them): a file
  /// of well over a megabyte.
  static let many: IdentifiedArrayOf<Standup> = IdentifiedArray(
    uniqueElements: (0..<600).map { n in
      Standup(
        id: Standup.ID(UUID(n * 100 + 1)),
        meetings: IdentifiedArray(
          uniqueElements: (0..<8).map { m in
            Meeting(
              id: Meeting.ID(UUID(n * 100 + 10 + m)),
              date: Date(timeIntervalSince1970: Double(1_700_000_000 + n * 86_400 - m)),
              transcript: "Blob: notes of meeting \(m) of standup \(n).\nBlob Jr: no blockers.")
          }),
        title: "Standup \(n)")
    })

  @Test func aLargeFileLoadsWithTheVersionOfItsBytes() throws {
    let file = DataFile(path: directory + "/standups.json")
    try file.save(Self.many)
    let loaded = try #require(try file.read())
    #expect(loaded.document == Self.many)
    let snapshot = try #require(try FileSnapshot.read(file.path))
    #expect(snapshot.data.count > 1_000_000)
    #expect(loaded.version == snapshot.version)
  }

  @Test func aFileTheFastPathRefusesPartWayIsReadAgainWhole() throws {
    let file = DataFile(path: directory + "/standups.json")
    try file.save(Self.many)
    // An escaped key in the last standup: read by `JSONDecoder` only, after
    // the fast path gave back most of the bytes.
    var json = try String(contentsOfFile: file.path, encoding: .utf8)
    let lastTitle = try #require(json.range(of: "\"title\" : ", options: .backwards))
    json.replaceSubrange(lastTitle, with: "\"\\u0074itle\" : ")
    try json.write(toFile: file.path, atomically: true, encoding: .utf8)
    let loaded = try #require(try file.read())
    #expect(loaded.document == Self.many)
    #expect(loaded.version == (try FileSnapshot.read(file.path))?.version)
  }

  @Test func meetingsLeftInTheFileSurviveItsBeingEmptiedInPlace() throws {
    let file = DataFile(path: directory + "/standups.json")
    try file.save(Self.many)
    let loaded = try #require(try file.read()).document
    #expect(loaded.allSatisfy { if case .inFile = $0.storedMeetings { true } else { false } })
    // Another program empties the file where it is (no new file renamed
    // over it): the meetings nobody asked for yet are still in the copy.
    let handle = try #require(FileHandle(forWritingAtPath: file.path))
    try handle.truncate(atOffset: 0)
    try handle.close()
    #expect(loaded == Self.many)
    try file.save(loaded)
    #expect(try file.load() == Self.many)
  }

  @Test func pagesGivenBackReadAsZerosAndOnlyWholeOnes() throws {
    let (path, contents, page) = try pagedFile()
    let buffer = try #require(try FileBuffer.read(path, copying: false))
    #expect(buffer.copy == nil)
    #expect(Data(buffer.bytes) == contents)
    #expect(buffer.version == (try FileSnapshot.read(path))?.version)
    // From the middle of the first page to the middle of the fourth: the
    // second and third pages only.
    buffer.release((page / 2)..<(page * 3 + page / 2))
    let after = Data(buffer.bytes)
    #expect(after.prefix(page) == contents.prefix(page))
    #expect(after[page..<(page * 3)].allSatisfy { $0 == 0 })
    #expect(after.suffix(from: page * 3) == contents.suffix(from: page * 3))
    // Nothing outside the bytes, and no part of a page.
    buffer.release((page * 4)..<(page * 9))
    buffer.release(10..<20)
    #expect(Data(buffer.bytes).suffix(from: page * 3) == contents.suffix(from: page * 3))
    #expect(Data(buffer.bytes).prefix(page) == contents.prefix(page))
  }

  @Test func aPrivateCopyOutlivesTheFileAndItsPagesLeaveTheProcess() throws {
    let (path, contents, page) = try pagedFile()
    let buffer = try #require(try FileBuffer.read(path))
    let copy = try #require(buffer.copy)
    #expect(buffer.version == (try FileSnapshot.read(path))?.version)
    // Hashing gave every page back as it went.
    #expect(try resident(buffer.bytes) == 0)
    #expect(Data(buffer.bytes) == contents)
    #expect(try resident(buffer.bytes) == 5 * page)
    buffer.release((page / 2)..<(page * 3 + page / 2))
    #expect(try resident(buffer.bytes) == 3 * page)
    // Given back, not lost: they read again from the copy, whatever now
    // happens to the file itself.
    try Data("{}".utf8).write(to: URL(fileURLWithPath: path))
    #expect(Data(buffer.bytes) == contents)
    #expect(copy.bytes(in: page..<(page + 10)) == Array(contents[page..<(page + 10)]))
    #expect(copy.bytes(in: (contents.count - 1)..<(contents.count + 1)) == nil)
  }

  /// A file of four pages and a hundred bytes, none of them zero.
  private func pagedFile() throws -> (path: String, contents: Data, page: Int) {
    let path = directory + "/bytes"
    let page = Int(sysconf(Int32(_SC_PAGESIZE)))
    let contents = Data((0..<(page * 4 + 100)).map { UInt8(truncatingIfNeeded: $0 % 251 + 1) })
    try contents.write(to: URL(fileURLWithPath: path))
    return (path, contents, page)
  }

  /// How much of the mapping that starts at `bytes` is resident in this
  /// process (`Rss` in /proc/self/smaps).
  private func resident(_ bytes: UnsafeRawBufferPointer) throws -> Int {
    let start = String(UInt(bitPattern: bytes.baseAddress), radix: 16)
    // Read to the end: /proc's files say they are empty, and a read sized by
    // that stops after a page.
    let file = try #require(FileHandle(forReadingAtPath: "/proc/self/smaps"))
    let smaps = String(decoding: file.readDataToEndOfFile(), as: UTF8.self)
    var lines = smaps.split(separator: "\n")[...]
    while let line = lines.popFirst() {
      guard line.hasPrefix(start + "-") else { continue }
      while let field = lines.popFirst() {
        if field.hasPrefix("Rss:") {
          let kilobytes = field.split(separator: " ").dropFirst().first.flatMap { Int($0) }
          return try #require(kilobytes) * 1024
        }
      }
    }
    throw CocoaError(.fileReadUnknown)
  }

  @Test func aMissingFileIsNoBuffer() throws {
    #expect(try FileBuffer.read(directory + "/none") == nil)
  }
}
