import Testing

@testable import TerminalUI

@Suite struct SanitizerTests {
  /// True when no scalar in `s` could change terminal state.
  func isSafe(_ s: String) -> Bool {
    !s.unicodeScalars.contains { Sanitizer.replacement(for: $0) != nil }
  }

  func storage(_ s: String) -> UnsafeRawPointer? {
    s.utf8.withContiguousStorageIfAvailable { UnsafeRawPointer($0.baseAddress) } ?? nil
  }

  @Test func safeTextComesBackUntouched() {
    // Longer than the small-string limit, so it has heap storage to compare.
    let ascii = "The quick brown fox jumps over the lazy dog"
    #expect(Sanitizer.inert(ascii) == ascii)
    #expect(storage(Sanitizer.inert(ascii)) == storage(ascii))
    let unicode = "Standups › Design 中文 😀 e\u{301} — no controls here"
    #expect(storage(Sanitizer.inert(unicode)) == storage(unicode))
  }

  @Test func escapeSequencesAreMadeVisible() {
    #expect(Sanitizer.inert("\u{1B}[2J\u{1B}[H") == "␛[2J␛[H")
    #expect(Sanitizer.inert("\u{1B}]0;pwned\u{07}") == "␛]0;pwned␇")
    #expect(Sanitizer.inert("\u{1B}]52;c;ZXZpbA==\u{1B}\\") == "␛]52;c;ZXZpbA==␛\\")
  }

  @Test func everyC0ControlIsReplaced() {
    for v in UInt8(0)..<0x20 {
      let out = Sanitizer.inert("a" + String(Unicode.Scalar(v)) + "b")
      #expect(isSafe(out), "0x\(String(v, radix: 16))")
      #expect(TextWidth.of(out) == 3, "0x\(String(v, radix: 16))")
    }
    #expect(Sanitizer.inert("\u{00}\u{07}\u{08}") == "␀␇␈")
  }

  @Test func whitespaceControlsBecomeSpaces() {
    #expect(Sanitizer.inert("a\tb\nc\rd\u{0B}e\u{0C}f") == "a b c d e f")
    #expect(Sanitizer.inert("line one\r\nline two") == "line one line two")
    #expect(Sanitizer.inert("a\u{2028}b\u{2029}c") == "a b c")
  }

  @Test func deleteAndC1ControlsAreReplaced() {
    #expect(Sanitizer.inert("a\u{7F}b") == "a␡b")
    for v in UInt32(0x80)...0x9F {
      let out = Sanitizer.inert("x" + String(Unicode.Scalar(v)!) + "y")
      #expect(out == "x�y", "U+\(String(v, radix: 16))")
    }
  }

  @Test(
    arguments: [
      0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069, 0x200E, 0x200F,
      0x061C,
    ] as [UInt32])
  func bidiControlsAreReplaced(_ v: UInt32) {
    let out = Sanitizer.inert("abc" + String(Unicode.Scalar(v)!) + "def")
    #expect(out == "abc�def")
  }

  @Test func joinersAndEmojiSurvive() {
    let family = "👨‍👩‍👧 🇯🇵 ❤️ e\u{301}"
    #expect(Sanitizer.inert(family) == family)
  }

  @Test func longHostileTextIsFullyNeutralised() {
    let unit = "ok\u{1B}[31m\u{9B}2J\u{202E}中\u{07}\u{7F}😀\t"
    var hostile = ""
    while hostile.unicodeScalars.count < 10_000 { hostile += unit }
    let out = Sanitizer.inert(hostile)
    #expect(isSafe(out))
    // one replacement per scalar (no CR LF pairs here), so nothing is lost or added
    #expect(out.unicodeScalars.count == hostile.unicodeScalars.count)
    #expect(!out.unicodeScalars.contains("\u{1B}"))
  }

  @Test func isInertMatchesInert() {
    for ch: Character in ["a", "中", "😀", "\u{1B}", "\r\n", "\u{202E}", "\u{9B}", "e\u{301}"] {
      #expect(
        Sanitizer.isInert(ch) == (Sanitizer.inert(String(ch)) == String(ch)),
        "\(ch.unicodeScalars.map(\.value))")
    }
  }

  @Test func strippedRemovesSequencesForInput() {
    #expect(Sanitizer.stripped("\u{1B}[1;31mred\u{1B}[0m") == "red")
    #expect(Sanitizer.stripped("\u{1B}]0;evil\u{07}ok") == "ok")
    #expect(Sanitizer.stripped("\u{1B}]8;;http://x\u{1B}\\link\u{1B}]8;;\u{1B}\\") == "link")
    #expect(Sanitizer.stripped("\u{9B}2Jx") == "x")
    #expect(Sanitizer.stripped("\u{1B}7a\u{1B}(Bb") == "ab")
    #expect(Sanitizer.stripped("one\ntwo\tthree\r\nfour") == "one two three four")
    #expect(Sanitizer.stripped("a\u{0}b\u{7F}c\u{202E}d") == "abcd")
    #expect(Sanitizer.stripped("中文 😀 e\u{301}") == "中文 😀 e\u{301}")
    #expect(Sanitizer.stripped("dangling\u{1B}") == "dangling")
  }
}
