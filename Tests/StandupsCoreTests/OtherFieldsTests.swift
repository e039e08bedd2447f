import Foundation
import Testing

@testable import StandupsCore

/// Fields another program (or a later version) wrote into the data file
/// are read, kept with their standup, attendee or meeting, and written back
/// in their sorted places: a save never drops what it did not understand.
struct OtherFieldsTests {
  static let file = """
    {
      "standups" : [
        {
          "attendees" : [
            {
              "id" : "00000000-0000-0000-0000-000000000001",
              "name" : "Blob",
              "slack" : "@blob"
            }
          ],
          "channel" : {
            "name" : "#design",
            "pinned" : [
              1.50e3,
              -0,
              true,
              null,
              "a \\"quoted\\" \\u00e9"
            ]
          },
          "id" : "00000000-0000-0000-0000-000000000000",
          "meetings" : [
            {
              "date" : "2023-11-14T22:13:20Z",
              "id" : "00000000-0000-0000-0000-000000000007",
              "mood" : 4,
              "transcript" : "Hi"
            }
          ],
          "minutes" : 5,
          "aa" : [

          ],
          "theme" : "orange",
          "title" : "Design",
          "zz" : {

          }
        }
      ],
      "version" : 1
    }

    """

  static var expectedFields: JSONMembers {
    JSONMembers([
      .init(key: "aa", value: .array([])),
      .init(
        key: "channel",
        value: .object(
          JSONMembers([
            .init(key: "name", value: .string("#design")),
            .init(
              key: "pinned",
              value: .array([
                .number("1.50e3"), .number("-0"), .bool(true), .null,
                .string("a \"quoted\" \u{e9}"),
              ])),
          ])!)),
      .init(key: "zz", value: .object(JSONMembers())),
    ])!
  }

  @Test func theFastPathKeepsThemWithTheirOwner() throws {
    let standups = try #require(DataFileReader.read(Data(Self.file.utf8)))
    let standup = try #require(standups.first)
    #expect(standup.title == "Design")
    #expect(standup.otherFields == Self.expectedFields)
    #expect(standup.attendees.first?.otherFields["slack"] == .string("@blob"))
    #expect(standup.meetings.first?.otherFields["mood"] == .number("4"))
  }

  /// Another program's member at the top level (which a save does not
  /// keep) leaves the file on the fast path: the standups' own fields keep
  /// their numbers as written. A repeated one is still the decoder's.
  @Test func aTopLevelFieldKeepsTheFastPath() throws {
    let file = Self.file.replacingOccurrences(
      of: "\"standups\" :", with: "\"exportedBy\" : {\"tool\": [1.50, null]},\n  \"standups\" :")
    #expect(file != Self.file)
    let standups = try #require(DataFileReader.read(Data(file.utf8)))
    #expect(standups.first?.otherFields == Self.expectedFields)
    #expect(try StandupsFormat.decode(Data(file.utf8)) == standups)
    let repeated = file.replacingOccurrences(
      of: "\"exportedBy\"", with: "\"x\": 1, \"x\": 2, \"exportedBy\"")
    #expect(DataFileReader.read(Data(repeated.utf8)) == nil)
  }

  @Test func aSaveWritesThemBackInTheirSortedPlaces() throws {
    let standups = try StandupsFormat.decode(Data(Self.file.utf8))
    let written = String(decoding: try StandupsFormat.encode(standups), as: UTF8.self)
    // The file as written, "aa" moved to where sorted keys put it and "é"
    // unescaped as in any other string; the number's text is kept as it
    // was, not as a Double would print it.
    let expected = Self.file.replacingOccurrences(of: "\\u00e9", with: "é").replacingOccurrences(
      of: "\n      \"minutes\" : 5,\n      \"aa\" : [\n\n      ],", with: "\n      \"minutes\" : 5,"
    ).replacingOccurrences(
      of: "\"attendees\" : [", with: "\"aa\" : [\n\n      ],\n      \"attendees\" : [")
    #expect(written == expected)
    #expect(try StandupsFormat.decode(Data(written.utf8)) == standups)
  }

  @Test func theGeneralPathKeepsThemToo() throws {
    // An escaped key is left to JSONDecoder, which reads the rest as well.
    let file = Self.file.replacingOccurrences(of: "\"mood\"", with: "\"m\\u006fod\"")
    #expect(DataFileReader.read(Data(file.utf8)) == nil)
    let standups = try StandupsFormat.decode(Data(file.utf8))
    let standup = try #require(standups.first)
    #expect(standup.meetings.first?.otherFields["mood"] == .number("4"))
    #expect(standup.attendees.first?.otherFields["slack"] == .string("@blob"))
    // Numbers come through a Decoder as Int64, Decimal or Double: their
    // values are kept, not their spelling.
    guard case .object(let channel) = standup.otherFields["channel"],
      case .array(let pinned) = channel["pinned"]
    else {
      Issue.record("channel not kept: \(standup.otherFields)")
      return
    }
    #expect(
      pinned == [.number("1500"), .number("0"), .bool(true), .null, .string("a \"quoted\" é")])
    #expect(standup.otherFields["zz"] == .object(JSONMembers()))
  }

  @Test func theWriterAgreesWithJSONEncoder() throws {
    var standup = Standup.mock
    standup.otherFields = JSONMembers([
      .init(key: "aa", value: .array([.number("1"), .array([]), .object(JSONMembers())])),
      .init(key: "m", value: .object(JSONMembers([.init(key: "k", value: .string("v"))])!)),
      .init(key: "zz", value: .null),
    ])!
    standup.attendees[0].otherFields = JSONMembers([.init(key: "a", value: .bool(false))])!
    standup.meetings[0].otherFields = JSONMembers([.init(key: "z", value: .number("-3"))])!
    let written = try StandupsFormat.encode([standup])
    let encoded = try StandupsFormat.encodeWithJSONEncoder([standup])
    #expect(String(decoding: written, as: UTF8.self) == String(decoding: encoded, as: UTF8.self))
  }

  @Test(arguments: [
    // A repeated key, something that is not JSON, a number JSON does not allow.
    "\"mood\" : 4, \"mood\" : 5", "\"mood\" : tru", "\"mood\" : 01", "\"mood\" : 1.",
    "\"mood\" : [1,]", "\"mood\" : {\"a\" : 1, \"a\" : 2}", "\"mo\u{1}od\" : 1",
  ])
  func whatIsNotPlainJSONIsTheDecodersToReport(member: String) {
    let file = Self.file.replacingOccurrences(of: "\"mood\" : 4", with: member)
    #expect(DataFileReader.read(Data(file.utf8)) == nil)
  }

  /// On the general path too, a number a Double would round keeps its digits.
  @Test func theGeneralPathKeepsLargeAndPreciseNumbers() throws {
    let file = Self.file.replacingOccurrences(
      of: "\"mood\" : 4",
      with: "\"m\\u006fod\" : [18446744073709551615, 0.1000000000000000055511]")
    let standups = try StandupsFormat.decode(Data(file.utf8))
    #expect(
      standups.first?.meetings.first?.otherFields["mood"]
        == .array([.number("18446744073709551615"), .number("0.1000000000000000055511")]))
  }

  @Test func nestingBeyondTheLimitIsTheDecodersToReport() {
    let deep = String(repeating: "[", count: 200) + String(repeating: "]", count: 200)
    let file = Self.file.replacingOccurrences(of: "\"mood\" : 4", with: "\"mood\" : \(deep)")
    #expect(DataFileReader.read(Data(file.utf8)) == nil)
    let shallow = String(repeating: "[", count: 20) + String(repeating: "]", count: 20)
    let kept = Self.file.replacingOccurrences(of: "\"mood\" : 4", with: "\"mood\" : \(shallow)")
    #expect(DataFileReader.read(Data(kept.utf8)) != nil)
  }

  @Test func anotherProgramsChangeToThemMergesLikeAnyOtherField() throws {
    let base = try StandupsFormat.decode(Data(Self.file.utf8))
    var theirs = base
    theirs[0].otherFields = JSONMembers([.init(key: "channel", value: .string("#new"))])!
    var mine = base
    mine[0].meetings.insert(
      Meeting(id: .init(UUID(8)), date: Date(timeIntervalSince1970: 1_800_000_000), transcript: ""),
      at: 0)
    let merged = StandupsMerge(base: base, mine: mine, theirs: theirs)
    #expect(merged.standups[0].otherFields == theirs[0].otherFields)
    #expect(merged.standups[0].meetings.count == 2)
    #expect(merged.conflicts.isEmpty)
  }

  /// A sync tool updating its own field while the user renames the standup
  /// is no conflict: the user's title and the tool's field both stay.
  @Test func anotherProgramsFieldChangingIsNoConflictWithAnEdit() throws {
    let base = try StandupsFormat.decode(Data(Self.file.utf8))
    var theirs = base
    theirs[0].otherFields = JSONMembers([.init(key: "lastSynced", value: .string("today"))])!
    theirs[0].attendees[0].otherFields = JSONMembers([.init(key: "slack", value: .string("@b"))])!
    var mine = base
    mine[0].title = "Design team"
    mine[0].attendees[0].name = "Blob Sr"
    let merged = StandupsMerge(base: base, mine: mine, theirs: theirs)
    #expect(merged.conflicts.isEmpty)
    #expect(merged.standups[0].title == "Design team")
    #expect(merged.standups[0].attendees[0].name == "Blob Sr")
    #expect(merged.standups[0].otherFields == theirs[0].otherFields)
    #expect(merged.standups[0].attendees[0].otherFields == theirs[0].attendees[0].otherFields)
  }

  @Test func droppingThemForTheDatabaseNamesEveryKey() throws {
    let standup = try #require(try StandupsFormat.decode(Data(Self.file.utf8)).first)
    let (kept, dropped) = standup.withoutOtherFields()
    #expect(dropped == ["aa", "channel", "zz", "slack", "mood"])
    #expect(kept.otherFields.isEmpty)
    #expect(kept.attendees.allSatisfy { $0.otherFields.isEmpty })
    #expect(kept.meetings.allSatisfy { $0.otherFields.isEmpty })
    #expect(kept.title == standup.title && kept.meetings.ids == standup.meetings.ids)
  }
}
