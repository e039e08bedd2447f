import Foundation
import Testing

@testable import StandupsCore

/// The data file's fast reader accepts only what JSONDecoder reads the same
/// way, and leaves everything else (and every error) to JSONDecoder.
struct DataFileReaderTests {
  func viaDecoder(_ json: String) -> IdentifiedArrayOf<Standup>? {
    try? StandupsFormat.decodeWithJSONDecoder(Data(json.utf8))
  }

  func fast(_ json: String) -> IdentifiedArrayOf<Standup>? {
    DataFileReader.read(Data(json.utf8))
  }

  func standup(_ fields: String) -> String {
    #"{"version": 1, "standups": [{"id": "00000000-0000-0000-0000-00000000000A", "#
      + #""theme": "teal", "minutes": 5, "attendees": [], \#(fields)}]}"#
  }

  /// A standup with meetings of ids `…0000000000<suffix>` at these dates.
  func meetings(_ list: [(idSuffix: String, date: String)]) -> String {
    let items = list.map {
      #"{"id": "00000000-0000-0000-0000-0000000000\#($0.idSuffix)", "#
        + #""date": "\#($0.date)", "transcript": "a"}"#
    }
    return standup(#""title": "x", "meetings": [\#(items.joined(separator: ", "))]"#)
  }

  @Test func readsWhatSaveWritesExactlyAsJSONDecoderDoes() throws {
    let standups = awkwardStandups()
    let data = try StandupsFormat.encode(standups)
    let fast = try #require(DataFileReader.read(data))
    #expect(fast == standups)
    #expect(fast == (try StandupsFormat.decodeWithJSONDecoder(data)))
  }

  @Test func readsEscapesAndOptionalMeetingsLikeJSONDecoder() throws {
    for fields in [
      #""title": "\u00e9\ud83d\ude00\/\b\f\r\u0000""#,
      #""title": "x", "meetings": null"#,
      #""title": "x""#,
      #""title": "x", "meetings": [{"id": "00000000-0000-0000-0000-0000000000ff", "#
        + #""date": "2024-12-31T23:59:59Z", "transcript": "a"}]"#,
      #""title": "x", "meetings": [{"attendees": ["A", "\u00e9"], "#
        + #""id": "00000000-0000-0000-0000-0000000000ff", "#
        + #""date": "2024-12-31T23:59:59Z", "transcript": "a"}]"#,
    ] {
      let json = standup(fields)
      let read = try #require(fast(json), "\(fields)")
      #expect(read == viaDecoder(json), "\(fields)")
    }
  }

  @Test func invalidUTF8InAStringBecomesAReplacementCharacterAsWhenRepaired() throws {
    var bytes = Array(standup(#""title": "Caf""#).utf8)
    let at = try #require(bytes.firstRange(of: Array("Caf".utf8))).upperBound
    bytes.insert(contentsOf: [0xE9, 0xE2, 0x82], at: at)
    let data = Data(bytes)
    let fast = try #require(DataFileReader.read(data))
    #expect(fast == (try StandupsFormat.decodeWithJSONDecoder(data)))
    #expect(fast.first?.title == "Caf\u{FFFD}\u{FFFD}")
  }

  @Test func leavesAnythingUnusualToJSONDecoder() {
    // The helpers make valid files; only the one thing changed is unusual.
    #expect(fast(meetings([("ff", "2024-12-31T23:59:59Z")])) != nil)
    let unusual = [
      standup(#""title": "x", "extr\u0061": 1"#),  // an unknown key with an escape
      standup(#""title": "x", "title": "y""#),  // repeated key
      meetings([("ff", "2024-12-31T23:59:59.5Z")]),  // fractional seconds
      meetings([("ff", "2024-12-31T23:59:59+01:00")]),  // an offset
      meetings([("ff", "1500-01-01T00:00:00Z")]),  // before the Gregorian switch
      meetings([("ff", "2023-02-29T00:00:00Z")]),  // no such day
      meetings([("ff", "2024-01-01T00:00:00Z"), ("FF", "2024-01-01T00:00:00Z")]),  // same id
      standup(#""\u0074itle": "x""#),  // escaped key
      standup("\"title\": \"tab\u{09}raw\""),  // raw control character
      standup(#""title": "\ud800""#),  // lone surrogate
      standup(#""title": "x",}"#),  // trailing comma
      standup(
        #""title": "x", "meetings": [{"attendees": null, "#
          + #""id": "00000000-0000-0000-0000-0000000000ff", "#
          + #""date": "2024-12-31T23:59:59Z", "transcript": "a"}]"#),  // a null roster
      #"{"version": 2, "standups": []}"#,
      #"{"version": 1.0, "standups": []}"#,
      #"{"version": 01, "standups": []}"#,
      #"{"standups": []}"#,
      #"{"version": 1, "standups": []} x"#,
      "\u{FEFF}" + #"{"version": 1, "standups": []}"#,
      #"{"version": 1, "standups": [{"id": "not-a-uuid", "title": "x", "theme": "teal", "minutes": 5, "attendees": []}]}"#,
      #"{"version": 1, "standups": [{"id": "00000000-0000-0000-0000-00000000000A", "title": "x", "theme": "plaid", "minutes": 5, "attendees": []}]}"#,
      #"{"version": 1, "standups": [{"id": "00000000-0000-0000-0000-00000000000A", "title": "x", "theme": "teal", "minutes": 0, "attendees": []}]}"#,
      #"{"version": 1, "standups": [{"id": "00000000-0000-0000-0000-00000000000A", "title": "x", "theme": "teal", "minutes": 5}]}"#,
    ]
    for json in unusual {
      #expect(fast(json) == nil, "\(json)")
    }
  }

  @Test func readsTheEmbeddedSampleFile() throws {
    let data = SampleData.json
    let fast = try #require(DataFileReader.read(data))
    #expect(fast == (try StandupsFormat.decodeWithJSONDecoder(data)))
    #expect(fast.map(\.title) == ["Design", "Engineering", "Product"])
  }

  /// Strings read eight bytes at a time must still stop at every quote,
  /// backslash and control character wherever it falls in a word: random
  /// texts, written as `save` writes them, read back as JSONDecoder reads them.
  @Test func randomTextsReadAsJSONDecoderReadsThem() throws {
    let pieces: [String] = [
      "a", "bc", "defghij", "\"", "\\", "/", "\n", "\t", "\r", "\u{0}", "\u{1F}", "\u{7F}",
      "é", "日本", "😀", "\u{2028}", "\u{1B}[2J", "        ", "12345678",
    ]
    var generator = SystemRandomNumberGenerator()
    for round in 0..<300 {
      let length = Int.random(in: 0...40, using: &generator)
      let text = (0..<length).map { _ in pieces.randomElement(using: &generator)! }.joined()
      var standups: IdentifiedArrayOf<Standup> = [.mock]
      standups[0].title = text
      standups[0].meetings[0].transcript = String(text.reversed())
      let data = try StandupsFormat.encode(standups)
      let fast = try #require(DataFileReader.read(data), "round \(round): \(text.debugDescription)")
      #expect(fast == standups, "round \(round): \(text.debugDescription)")
    }
  }

  @Test func aStringThatEndsTheFileEarlyIsLeftToJSONDecoder() {
    for cut in [
      #"{"version": 1, "standups": [{"title": "abcdefghijklmnop"#,
      #"{"version": 1, "standups": [{"title": "abcdefgh\"#,
      #"{"version": 1, "standups": [{"title": "abc\u00"#,
    ] {
      #expect(fast(cut) == nil, "\(cut)")
    }
  }
}
