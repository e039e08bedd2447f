import EventLoop
import Foundation
import Persistence
import StandupsApp
import StandupsCore
import Testing

/// Data files and JSON exports carry no character a terminal acts on or that
/// reorders text: printed with `cat`, they show what they hold.
struct JSONTextTests {
  /// Each character that must not reach a terminal raw, by class.
  static let invisibles: [(String, String)] = [
    ("\u{7F}", "\\u007f"), ("\u{80}", "\\u0080"), ("\u{85}", "\\u0085"), ("\u{9B}", "\\u009b"),
    ("\u{9F}", "\\u009f"),
    ("\u{61C}", "\\u061c"), ("\u{200E}", "\\u200e"), ("\u{200F}", "\\u200f"),
    ("\u{2028}", "\\u2028"), ("\u{2029}", "\\u2029"), ("\u{202A}", "\\u202a"),
    ("\u{202E}", "\\u202e"), ("\u{2066}", "\\u2066"), ("\u{2069}", "\\u2069"),
  ]

  @Test(arguments: invisibles)
  func eachIsWrittenAsAnEscape(character: String, escape: String) throws {
    let json = Data("{\"t\":\"a\(character)b\"}".utf8)
    let escaped = JSONText.escapingInvisibles(json)
    #expect(String(decoding: escaped, as: UTF8.self) == "{\"t\":\"a\(escape)b\"}")
    let object = try JSONSerialization.jsonObject(with: escaped) as? [String: String]
    #expect(object?["t"] == "a\(character)b")
  }

  /// Text a terminal draws as it is, including neighbours of the escaped
  /// ranges in UTF-8 (U+00A0, U+200D, U+2030, U+2065, U+206A), is left alone,
  /// and a file without any is the very same bytes.
  @Test func everythingElseIsLeftAsItIs() {
    let text =
      "{\"t\":\"café ç\u{A0}\u{200D}👩‍💻 日本語 — \u{2030} \u{2065}\u{206A} ع\u{1B}\"}"
    let json = Data(text.utf8)
    #expect(JSONText.escapingInvisibles(json) == json)
    #expect(JSONText.escapingInvisibles(Data()) == Data())
  }

  @Test func severalInARowAndAtTheEnds() {
    let json = Data("\u{9B}\u{202E}\u{9B}x\u{2069}".utf8)
    #expect(
      String(decoding: JSONText.escapingInvisibles(json), as: UTF8.self)
        == "\\u009b\\u202e\\u009bx\\u2069")
  }

  @Test func aSavedFileHoldsThemAsEscapesAndReadsBackTheSame() throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("standups-json-text-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: directory) }
    var standup = Standup.mock
    standup.title = "Evil \u{9B}2J \u{202E}txt.exe"
    standup.attendees[standup.attendees.startIndex].name = "Bob\u{85}Next line"
    standup.meetings.append(
      Meeting(
        id: Meeting.ID(UUID()), date: Date(timeIntervalSince1970: 0),
        transcript: "a\u{2066}b\u{2069}"))
    let standups: IdentifiedArrayOf<Standup> = [standup, .engineeringMock]
    let file = DataFile(path: directory + "/standups.json")
    try file.save(standups)

    let bytes = try Data(contentsOf: URL(fileURLWithPath: file.path))
    let text = String(decoding: bytes, as: UTF8.self)
    for (character, _) in Self.invisibles {
      #expect(!text.contains(character))
    }
    #expect(text.contains("Evil \\u009b2J \\u202etxt.exe"))
    #expect(try file.load() == standups)
    // Any other JSON reader reads the same text.
    let object = try JSONSerialization.jsonObject(with: bytes) as? [String: Any]
    let first = (object?["standups"] as? [[String: Any]])?.first
    #expect(first?["title"] as? String == standup.title)
  }

  /// Escaped in pieces, cut anywhere (inside a character to escape too), it
  /// is the same bytes as escaped whole.
  @Test func piecesCutAnywhereEscapeAsTheWhole() throws {
    var text = "x"
    for (character, _) in Self.invisibles { text += character + "é中" + character }
    let json = Data(text.utf8)
    let whole = JSONText.escapingInvisibles(json)
    var generator = SystemRandomNumberGenerator()
    for cutEvery in [1, 2, 3, 5, 7]
      + (0..<20).map({ _ in Int.random(in: 1...40, using: &generator) })
    {
      var escaper = JSONText.Escaper()
      var out = Data()
      var start = 0
      while start < json.count {
        let end = min(json.count, start + cutEvery)
        json[start..<end].withUnsafeBytes { escaper.process($0) { out.append(contentsOf: $0) } }
        start = end
      }
      escaper.finish { out.append(contentsOf: $0) }
      #expect(out == whole, "pieces of \(cutEvery)")
    }
  }

  /// A save writes the file as it encodes it, in pieces: the same bytes as
  /// the format encodes whole, escapes included.
  @Test func aSaveWrittenInPiecesIsTheWholeEncoding() async throws {
    let directory = makeTestDirectory("standups-pieces")
    defer { try? FileManager.default.removeItem(atPath: directory) }
    var standups = IdentifiedArray(
      uniqueElements: (0..<300).map { index in
        var standup = Standup(id: .init(UUID()))
        standup.title = "Team \(index) \u{9B}\u{202E}"
        standup.meetings = IdentifiedArray(
          uniqueElements: (0..<3).map { _ in
            Meeting(
              id: .init(UUID()), date: Date(timeIntervalSince1970: 1_700_000_000),
              transcript: String(repeating: "Bob\u{85}said \u{2066}hi\u{2069}. ", count: 20))
          })
        return standup
      })
    standups[0].title = "First"
    let format = DocumentFormat<IdentifiedArrayOf<Standup>>.standups
    let pieces = try #require(format.encodeInPieces)
    var streamed = Data()
    var calls = 0
    try pieces(standups) {
      streamed.append(contentsOf: $0)
      calls += 1
    }
    let whole = try format.encode(standups)
    #expect(whole.count > 256 * 1024)
    #expect(calls > 4)
    #expect(streamed == whole)

    // Through the saver, as the app saves.
    let path = directory + "/standups.json"
    let saver = Saver(file: DataFile(path: path), executor: ThreadExecutor())
    await saver.schedule(standups)
    #expect(await saver.writeCount == 1)
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == whole)
    #expect(try FileVersion.read(path)?.hash == FileSnapshot.hash(whole))
  }
}
