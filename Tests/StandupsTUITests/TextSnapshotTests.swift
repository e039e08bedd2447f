import Foundation
import Testing
import TextSnapshotTesting

/// The snapshot assertion itself: it must pass only on an exact match, and a
/// failure must leave the committed snapshot as it was.
struct TextSnapshotTests {
  let directory = FileManager.default.temporaryDirectory
    .appendingPathComponent("standups-snapshot-tests-\(UUID().uuidString)")

  @Test func namesTheFileAfterTheTestFileTheTestAndTheName() {
    let url = TextSnapshot.url(
      filePath: "/repo/Tests/X/ListSnapshotTests.swift", testName: "listEmpty()", name: "80x24")
    #expect(url.path == "/repo/Tests/X/__Snapshots__/ListSnapshotTests/listEmpty.80x24.txt")
  }

  @Test func matchPassesAndAMismatchFailsWithoutTouchingTheSnapshot() throws {
    guard !TextSnapshot.isRecording else { return }
    let url = directory.appendingPathComponent("a.txt")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    try Data("one\ntwo".utf8).write(to: url)

    #expect(TextSnapshot.verify("one\ntwo", at: url) == nil)
    let failure = try #require(TextSnapshot.verify("one\nthree", at: url))
    #expect(failure.contains("three"))
    #expect(try String(contentsOf: url, encoding: .utf8) == "one\ntwo")
    // Still failing on a second run.
    #expect(TextSnapshot.verify("one\nthree", at: url) != nil)
    // Trailing whitespace counts: screens are compared cell for cell.
    #expect(TextSnapshot.verify("one\ntwo ", at: url) != nil)
  }

  @Test func aMissingSnapshotIsRecordedAndFails() throws {
    guard !TextSnapshot.isRecording else { return }
    let url = directory.appendingPathComponent("new/b.txt")
    defer { try? FileManager.default.removeItem(at: directory) }
    #expect(TextSnapshot.verify("fresh", at: url) != nil)
    #expect(try String(contentsOf: url, encoding: .utf8) == "fresh")
    #expect(TextSnapshot.verify("fresh", at: url) == nil)
  }
}
