import Foundation
import Persistence
import StandupsCore
import Testing

@testable import StandupsApp

/// What the app starts with when the data file is one it must not replace.
struct LaunchTests {
  let directory: String = {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("standups-launch-\(UUID().uuidString)").path
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }()

  func write(_ text: String) throws -> DataFile {
    let path = directory + "/standups.json"
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    return DataFile(path: path)
  }

  func files() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
  }

  @Test func aFileFromANewerVersionOpensReadOnlyAndIsLeftAsItIs() throws {
    let text = #"{ "version": 99, "standups": [], "teams": [] }"#
    let file = try write(text)
    let launch = try Launch.prepare(file: file, route: nil)
    #expect(launch.isReadOnly)
    // Both versions are named, so the user knows which program to use.
    #expect(launch.notice?.contains("format version 99") == true)
    #expect(launch.notice?.contains("reads up to \(StandupsFormat.currentVersion)") == true)
    #expect(launch.notice?.contains("read-only") == true)
    // Not copied aside, not changed.
    #expect(try files() == ["standups.json"])
    #expect(try String(contentsOfFile: file.path, encoding: .utf8) == text)
  }

  @Test func aCommandThatOnlyReadsCopiesNothingAside() throws {
    let file = try write("{ not json")
    let launch = try Launch.prepare(file: file, route: nil, keepsAside: false)
    #expect(launch.notice?.contains("not a valid standups file") == true)
    #expect(try files() == ["standups.json"])
  }

  @Test func theAppKeepsAnUnreadableFileAside() throws {
    let file = try write("{ not json")
    let launch = try Launch.prepare(file: file, route: nil)
    #expect(!launch.isReadOnly)
    #expect(try files().count == 2)
  }
}
