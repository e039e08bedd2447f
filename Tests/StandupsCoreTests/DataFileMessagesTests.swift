import Foundation
import Testing

@testable import StandupsCore

/// A file the app refuses is refused with where and what, in the file's
/// terms: a path like `standups[0].minutes` or a line and column, and the
/// kind of value expected, never Swift's type names.
struct DataFileMessagesTests {
  func message(_ json: String) -> String? {
    do {
      _ = try StandupsFormat.decode(Data(json.utf8))
      return nil
    } catch {
      guard case .corrupt(let message) = error else { return "\(error)" }
      return message
    }
  }

  func standup(_ fields: String) -> String {
    #"{"version": 1, "standups": [{"id": "00000000-0000-0000-0000-00000000000A", "#
      + #""title": "x", "theme": "teal", "minutes": 5, "attendees": []\#(fields)}]}"#
  }

  @Test(arguments: [
    ("[]", "the top level: expected an object, found an array"),
    (#"{"version": "1", "standups": []}"#, "version: expected a whole number, found a string"),
    // Kinds the decoder names by their Swift types, in the file's words.
    (
      #"{"version": true, "standups": []}"#, "version: expected a whole number, found true or false"
    ),
    (#"{"version": 1, "standups": {}}"#, "standups: expected an array, found an object"),
    (
      #"{"version": 1, "standups": [{"id": "nope", "title": "x", "theme": "teal", "#
        + #""minutes": 5, "attendees": []}]}"#,
      "standups[0].id: not an id (a UUID)"
    ),
    (#"{"version": 1, "standups": [{}]}"#, #"standups[0]: "minutes" is missing"#),
    (
      #"{"version": 1, "standups": [{"id": "00000000-0000-0000-0000-00000000000A", "title": null, "#
        + #""theme": "teal", "minutes": 5, "attendees": []}]}"#,
      "standups[0].title: expected a string, found null"
    ),
    (
      #"{"version": 1, "standups": [{"id": "00000000-0000-0000-0000-00000000000A", "title": "x", "#
        + #""theme": "plaid", "minutes": 5, "attendees": []}]}"#,
      #"standups[0].theme: "plaid" is not a theme (one of bubblegum, buttercup, indigo, "#
        + "lavender, magenta, navy, orange, oxblood, periwinkle, poppy, purple, seafoam, sky, "
        + "tan, teal, yellow)"
    ),
  ])
  func aValueOfTheWrongKindIsNamedByItsPath(json: String, expected: String) {
    #expect(message(json) == expected)
  }

  @Test func aBadDateOrARepeatedIdSaysWhichMeetingOrStandup() {
    let date = standup(
      #", "meetings": [{"id": "00000000-0000-0000-0000-00000000000B", "date": "yesterday", "#
        + #""transcript": ""}]"#)
    #expect(
      message(date)
        == "standups[0].meetings[0].date: a date is not written as 2024-05-01T09:30:00Z")
    // A date written right but not on the calendar (JSONDecoder's own
    // strategy would take the 30th of February for the 2nd of March).
    for impossible in [
      "2026-02-30T09:30:00Z", "2025-02-29T09:30:00+01:00", "2026-03-01T24:00:00Z",
      "2026-13-01T09:30:00Z",
    ] {
      let text = standup(
        #", "meetings": [{"id": "00000000-0000-0000-0000-00000000000B", "date": ""#
          + impossible + #"", "transcript": ""}]"#)
      #expect(message(text) == "standups[0].meetings[0].date: \(impossible) is no such date")
    }
    let leapDay = standup(
      #", "meetings": [{"id": "00000000-0000-0000-0000-00000000000B", "#
        + #""date": "2024-02-29T23:30:00-01:00", "transcript": ""}]"#)
    #expect(message(leapDay) == nil)
    let one =
      #"{"id": "00000000-0000-0000-0000-00000000000A", "title": "x", "theme": "teal", "#
      + #""minutes": 5, "attendees": []}"#
    #expect(
      message(#"{"version": 1, "standups": [\#(one), \#(one)]}"#)
        == "standups[1]: has the id of one before it; each id must be there once")
  }

  @Test(arguments: [
    (#"{"version": 1,"#, "line 1, column 15: the file ends too early"),
    ("{\n  \"version\" 1}", "line 2, column 13: unexpected `1` where `:` belongs"),
    ("{\n\n  \"version\": tru}", "line 3, column 17: unexpected `}` in `true`"),
    (
      #"{"version": 1, "standups": []} x"#,
      "line 1, column 32: unexpected `x` after the end of the document"
    ),
    (#"{"version": 1, 3}"#, "line 1, column 16: unexpected `3` where a key in quotes belongs"),
    (#"{"é": [1, x], "version": 1}"#, "line 1, column 11: unexpected `x` where a value belongs"),
    (
      #"{"version": 05, "standups": []}"#,
      "line 1, column 13: a number starts with 0 (JSON has no leading zeros)"
    ),
    (
      #"{"version": 1, "standups": [], "a": "\u12"}"#,
      "line 1, column 39: unexpected `u` in a \\u escape, which takes four hex digits"
    ),
    ("{\"version\": \"a", "line 1, column 13: a string is not closed"),
  ])
  func textThatIsNotJSONSaysWhereByLineAndColumn(json: String, expected: String) {
    #expect(message(json) == "not valid JSON at \(expected)")
  }

  /// A byte that is not UTF-8 where JSON goes is named as it is in the
  /// file, not as the U+FFFD the repair made of it.
  @Test func aBrokenByteIsNamedAsInTheFile() {
    let json = Data([0xFF, 0xFE]) + Data(#"{"version": 1}"#.utf8)
    do {
      _ = try StandupsFormat.decode(json)
      Issue.record("decoded")
    } catch {
      #expect("\(error)".contains("line 1, column 1: unexpected byte 0xFF"), "\(error)")
    }
  }

  /// Valid JSON the decoder still calls not JSON, without a place: a number
  /// that is not whole or too large, a `\u` escape that is half a character.
  /// Said with where it is.
  @Test(arguments: [
    (
      #"{"version": 99999999999999999999, "standups": []}"#,
      "version: 99999999999999999999 is too large (at most 9223372036854775807)"
    ),
    (#"{"version": 1.5, "standups": []}"#, "version: 1.5 is not a whole number"),
    (
      #"{"version": 1, "standups": [{"id": "00000000-0000-0000-0000-00000000000A", "title": "x", "#
        + #""theme": "teal", "minutes": 2.5, "attendees": []}]}"#,
      "standups[0].minutes: 2.5 is not a whole number"
    ),
    (
      #"{"version": 1, "standups": [{"id": "00000000-0000-0000-0000-00000000000A", "#
        + #""title": "A\ud800B", "theme": "teal", "minutes": 5, "attendees": []}]}"#,
      "standups[0].title: \\ud800 is half a character (a surrogate without its pair)"
    ),
    (
      #"{"version": -99999999999999999999, "standups": []}"#,
      "version: -99999999999999999999 is too small (at least -9223372036854775808)"
    ),
    // A fraction in a member kept unread is fine; the one in `minutes` is not.
    (
      #"{"version": 1, "standups": [{"rating": 4.5, "id": "00000000-0000-0000-0000-00000000000A", "#
        + #""title": "x", "theme": "teal", "minutes": 2.5, "attendees": []}]}"#,
      "standups[0].minutes: 2.5 is not a whole number"
    ),
    // A key is named as read, not with its escapes.
    (
      #"{"version": 1, "standups": [{"id": "00000000-0000-0000-0000-00000000000A", "#
        + #""t\u0069tle": "A\ud800B", "theme": "teal", "minutes": 5, "attendees": []}]}"#,
      "standups[0].title: \\ud800 is half a character (a surrogate without its pair)"
    ),
    // `\\` is a backslash: the `ud800` after it is text, so `\udc00` stands alone.
    (
      #"{"version": 1, "standups": [{"id": "00000000-0000-0000-0000-00000000000A", "#
        + #""title": "\\ud800\udc00", "theme": "teal", "minutes": 5, "attendees": []}]}"#,
      "standups[0].title: \\udc00 is half a character (a surrogate without its pair)"
    ),
  ])
  func aValueJSONDecoderRefusesWithoutAPlaceIsSaidWithItsPlace(json: String, expected: String) {
    #expect(message(json) == expected)
  }

  /// Whole numbers however written, the largest 64-bit one, and a surrogate
  /// pair are no problem.
  @Test func wellFormedNumbersAndPairsAreNotRefused() {
    #expect(
      message(
        #"{"version": 1e0, "standups": [{"id": "00000000-0000-0000-0000-00000000000A", "#
          + #""title": "\ud83d\ude00 9223372036854775807", "theme": "teal", "minutes": 5, "#
          + #""attendees": []}]}"#) == nil)
  }

  /// Invalid UTF-8 costs the broken character, not the file.
  @Test func invalidUTF8IsRepaired() throws {
    var bytes = Array(
      #"{"version": 1, "standups": [{"id": "00000000-0000-0000-0000-00000000000A", "title": "caf"#
        .utf8)
    bytes += [0xE9]
    bytes += Array(#"", "theme": "teal", "minutes": 5, "attendees": []}]}"#.utf8)
    let standups = try StandupsFormat.decode(Data(bytes))
    #expect(standups.first?.title == "caf\u{FFFD}")
  }
}
