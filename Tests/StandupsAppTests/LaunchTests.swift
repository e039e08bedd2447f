import ArgumentParser
import Foundation
import Persistence
import StandupsCore
import Testing

@testable import StandupsApp

/// What the app starts with when the data file is one it must not replace.
struct LaunchTests {
  let directory = makeTestDirectory("standups-launch")

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

  /// A file with nothing in it (`touch`) is a new file, not a damaged one:
  /// no notice, no copy aside, and saves may replace it.
  @Test(arguments: ["", "\n", " \t\r\n "])
  func anEmptyFileIsANewFile(text: String) throws {
    let file = try write(text)
    let launch = try Launch.prepare(file: file, route: nil)
    #expect(launch.notice == nil)
    #expect(launch.standups.isEmpty)
    #expect(!launch.isReadOnly)
    #expect(launch.version != nil)
    #expect(try files() == ["standups.json"])
    // Anything else that is not JSON is still kept aside.
    _ = try write(text + "x")
    #expect(try Launch.prepare(file: file, route: nil).notice?.contains("kept as") == true)
  }

  @Test func theAppKeepsAnUnreadableFileAside() throws {
    let file = try write("{ not json")
    let launch = try Launch.prepare(file: file, route: nil)
    #expect(!launch.isReadOnly)
    #expect(try files().count == 2)
  }

  @Test func theCopyOfAnUnreadableFileIsNamedAsTheSaverNamesIt() throws {
    let file = try write("{ not json")
    let launch = try Launch.prepare(file: file, route: nil)
    let copies = try files().filter { $0 != "standups.json" }
    #expect(copies.count == 1)
    #expect(copies.first?.wholeMatch(of: /standups\.unreadable-\d{8}T\d{6}\.\d{3}Z/) != nil)
    #expect(launch.notice?.contains("kept as \(copies.first ?? "")") == true)
  }

  /// The status says why, after what was done about it.
  @Test func theNoticeSaysWhyAFileIsNotValid() throws {
    let id = "AAAAAAAA-0000-0000-0000-000000000001"
    let file = try write(
      #"{"version": 1, "standups": [{"id": "\#(id)", "title": "X", "theme": "neonpink", "minutes": 5, "attendees": []}]}"#
    )
    let launch = try Launch.prepare(file: file, route: nil)
    let notice = try #require(launch.notice)
    #expect(notice.contains("kept as"))
    #expect(notice.contains("neonpink"), "\(notice)")
  }

  /// Through a link, the copy must hold the bytes: a copied link would point
  /// at the very file the first save replaces.
  @Test func anUnreadableFileReachedThroughALinkIsCopiedAsBytes() throws {
    let target = directory + "/elsewhere.json"
    try Data("{ not json".utf8).write(to: URL(fileURLWithPath: target))
    let link = directory + "/standups.json"
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
    let launch = try Launch.prepare(file: DataFile(path: link), route: nil)
    let copies = try files().filter { $0.contains(".unreadable-") }
    #expect(copies.count == 1)
    let copy = directory + "/" + (copies.first ?? "")
    #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: copy)) == nil)
    #expect(try String(contentsOfFile: copy, encoding: .utf8) == "{ not json")
    // The version kept is the target's: the first save may replace it.
    #expect(launch.version != nil)
  }
  /// A route that finds nothing in a file that could not be read says why
  /// there is nothing: the file, not an empty list.
  @Test func aRouteIntoAnUnreadableFileNamesTheFileAsTheReason() throws {
    let file = try write("{ not json")
    var message = ""
    do {
      _ = try Launch.prepare(file: file, route: "/design")
    } catch {
      #expect(error.exitCode == ExitCode(2))
      message = error.message
    }
    #expect(message.contains("no standup matches \"design\""), "\(message)")
    #expect(message.contains("standups.json is not a valid standups file"), "\(message)")
    // The file first: it is why the route found nothing.
    #expect(
      message.split(separator: "\n").first?.hasSuffix(
        "standups.json is not a valid standups file: not valid JSON at line 1, column 3: unexpected `n` where a key in quotes belongs"
      ) == true, "\(message)")
    #expect(
      message.split(separator: "\n").last?.hasPrefix("standups: '/design' does not open anything")
        == true, "\(message)")
    // The app does not start: nothing is copied aside for it.
    #expect(try files() == ["standups.json"])
  }

  /// Starting again on a file still unreadable keeps the one copy; other
  /// bytes get a copy of their own.
  @Test func startingAgainOnTheSameUnreadableFileKeepsOneCopy() throws {
    let file = try write("{ not json")
    let first = try Launch.prepare(file: file, route: nil)
    let again = try Launch.prepare(file: file, route: nil)
    #expect(try files().count == 2)
    #expect(first.notice == again.notice, "the same copy is named")
    _ = try write("{ still not json")
    _ = try Launch.prepare(file: file, route: nil)
    let copies = try files().filter { $0 != "standups.json" }
    #expect(copies.count == 2)
    let texts = try copies.map { try String(contentsOfFile: directory + "/" + $0, encoding: .utf8) }
    #expect(Set(texts) == ["{ not json", "{ still not json"])
  }

  /// The reason goes on after the file's error: no full stop of its own.
  @Test func theFilesErrorReadsAsOneSentence() throws {
    let file = try write("{ not json")
    let launch = try Launch.prepare(file: file, route: nil)
    let printed = try #require(launch.longNotice)
    #expect(!printed.contains(".;") && !printed.contains(". ;"), "\(printed)")
    #expect(printed.contains("; kept a copy at"), "\(printed)")
  }
}
