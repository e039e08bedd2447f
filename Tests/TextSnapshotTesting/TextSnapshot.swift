import CustomDump
import Foundation
import Testing

/// Plain-text snapshots: `__Snapshots__/<test file>/<test>.<name>.txt` beside
/// the test file, compared line by line. Shared by the apps' view tests.
///
/// Ours rather than swift-snapshot-testing's: that package turns on
/// swift-custom-dump's FoundationNetworking trait for the whole build, and the
/// app (which links CustomDump through the core) then loads libcurl, OpenSSL
/// and Kerberos at every start and cannot be linked statically.
///
/// A missing snapshot is written and the test fails (review it, then run
/// again); a different one fails and is left alone; `make snapshots`
/// (SNAPSHOT_RECORD=1, or SNAPSHOT_TESTING_RECORD=all) re-records them all.
public enum TextSnapshot {
  public static let isRecording: Bool = {
    let environment = ProcessInfo.processInfo.environment
    let record = environment["SNAPSHOT_RECORD"] ?? ""
    let libraryRecord = environment["SNAPSHOT_TESTING_RECORD"] ?? ""
    return !(record.isEmpty || record == "0") || libraryRecord == "all"
  }()

  /// The snapshot file for `testName` (a `#function`, like `listEmpty()`).
  public static func url(filePath: StaticString, testName: String, name: String) -> URL {
    let testFile = URL(fileURLWithPath: "\(filePath)")
    let test = testName.prefix { $0 != "(" }
    return testFile.deletingLastPathComponent()
      .appendingPathComponent("__Snapshots__")
      .appendingPathComponent(testFile.deletingPathExtension().lastPathComponent)
      .appendingPathComponent("\(test).\(name).txt")
  }

  /// Nil when `text` matches the snapshot; otherwise what went wrong.
  public static func verify(_ text: String, at url: URL) -> String? {
    let existing = try? String(contentsOf: url, encoding: .utf8)
    if existing == text { return nil }
    guard let existing, !isRecording else {
      do {
        try write(text, to: url)
      } catch {
        return "Could not write the snapshot \(url.path): \(error)"
      }
      return existing == nil
        ? "No snapshot at \(url.path): recorded it; run the test again."
        : "Re-recorded \(url.path)."
    }
    // The committed snapshot stays as it is: a rerun must fail again.
    let actual = FileManager.default.temporaryDirectory
      .appendingPathComponent("text-snapshots")
      .appendingPathComponent(url.lastPathComponent)
    try? write(text, to: actual)
    let difference =
      diff(
        existing.split(separator: "\n", omittingEmptySubsequences: false),
        text.split(separator: "\n", omittingEmptySubsequences: false), format: .proportional)
      ?? ""
    return "Snapshot \(url.lastPathComponent) does not match (− recorded, + now; "
      + "the new text is in \(actual.path); `make snapshots` re-records):\n\(difference)"
  }

  private static func write(_ text: String, to url: URL) throws {
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: url, options: .atomic)
  }
}

/// Compares `text` with the committed plain-text snapshot `name`.
public func assertText(
  _ text: String, named name: String,
  fileID: StaticString = #fileID, filePath: StaticString = #filePath,
  testName: String = #function, line: UInt = #line, column: UInt = #column
) {
  let url = TextSnapshot.url(filePath: filePath, testName: testName, name: name)
  if let failure = TextSnapshot.verify(text, at: url) {
    Issue.record(
      Comment(rawValue: failure),
      sourceLocation: SourceLocation(
        fileID: "\(fileID)", filePath: "\(filePath)", line: Int(line), column: Int(column)))
  }
}
