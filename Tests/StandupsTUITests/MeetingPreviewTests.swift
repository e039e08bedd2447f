import Testing

@testable import StandupsTUI

/// A meeting row's preview: its transcript's first non-empty line, read by
/// the byte and cut long before the end of a long line, never inside a
/// character.
struct MeetingPreviewTests {
  @Test func theFirstNonEmptyLine() {
    #expect(
      StandupDetailScreen.firstLine(of: "\n\r\nBlob: Demo.\nBlob Jr: Tests.", columns: 40)
        == "Blob: Demo.")
    #expect(StandupDetailScreen.firstLine(of: "one line", columns: 40) == "one line")
    #expect(StandupDetailScreen.firstLine(of: "\n\n", columns: 40) == "")
    #expect(StandupDetailScreen.firstLine(of: "", columns: 40) == "")
  }

  @Test func aLongLineIsCutOnACharacter() {
    // 4 columns: cut after (4 + 1) × 8 bytes, which falls inside the 14th 日.
    let preview = StandupDetailScreen.firstLine(
      of: String(repeating: "日", count: 100), columns: 4)
    #expect(preview == String(repeating: "日", count: 13))
    let ascii = StandupDetailScreen.firstLine(of: String(repeating: "a", count: 1_000), columns: 4)
    #expect(ascii.count == 40)
  }
}
