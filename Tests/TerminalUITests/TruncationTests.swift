import Testing

@testable import TerminalUI

@Suite struct TruncationTests {
  @Test func shortTextIsUnchanged() {
    #expect(TextWidth.truncate("hello", to: 5) == "hello")
    #expect(TextWidth.truncate("中文", to: 4) == "中文")
  }

  @Test func cutTextEndsInEllipsis() {
    #expect(TextWidth.truncate("hello world", to: 8) == "hello w…")
    #expect(TextWidth.truncate("hello", to: 1) == "…")
    #expect(TextWidth.truncate("hello", to: 0) == "")
    #expect(TextWidth.truncate("hello", to: -3) == "")
    // Cut at a word's end: no space before the "…", the room after it.
    #expect(TextWidth.truncate("Headphones theirs", to: 12) == "Headphones… ")
    #expect(TextWidth.truncate("Dev  🇫🇷 会議", to: 6) == "Dev…  ")
  }

  @Test func wideCharactersAreNeverSplit() {
    #expect(TextWidth.truncate("中文字幕", to: 5) == "中文…")
    // 中文 + … is 5; the sixth column is padding, not half of 字
    #expect(TextWidth.truncate("中文字幕", to: 6) == "中文… ")
    #expect(TextWidth.truncate("中文字幕", to: 2) == "… ")
    #expect(TextWidth.truncate("a😀b", to: 2) == "a…")
    #expect(TextWidth.truncate("👨‍👩‍👧x", to: 2) == "… ")
  }

  @Test func cutResultIsExactlyTheWidthAskedFor() {
    let samples = ["中文字幕テスト", "a中b文c", "😀😀 emoji", "e\u{301}e\u{301}e\u{301}e\u{301}", "🇯🇵🇫🇷🇩🇪"]
    for sample in samples {
      let full = TextWidth.of(sample)
      for width in 0...(full + 2) {
        let cut = TextWidth.truncate(sample, to: width)
        #expect(TextWidth.of(cut) == min(width, full), "\(sample) @\(width)")
        let cutLeft = TextWidth.truncateLeading(sample, to: width)
        #expect(TextWidth.of(cutLeft) == min(width, full), "\(sample) @\(width) leading")
      }
    }
  }

  @Test func leadingTruncationKeepsTheEnd() {
    #expect(TextWidth.truncateLeading("Standups › Design", to: 8) == "… Design")
    #expect(TextWidth.truncateLeading("Record", to: 4) == "…ord")
    #expect(TextWidth.truncateLeading("字幕", to: 3) == "…幕")
    #expect(TextWidth.truncateLeading("a字幕", to: 4) == "…幕 ")
    #expect(TextWidth.truncateLeading("short", to: 10) == "short")
  }

  @Test func padAndFit() {
    #expect(TextWidth.pad("ab", to: 5) == "ab   ")
    #expect(TextWidth.pad("ab", to: 5, alignment: .trailing) == "   ab")
    #expect(TextWidth.pad("ab", to: 5, alignment: .center) == " ab  ")
    #expect(TextWidth.pad("中", to: 3) == "中 ")
    #expect(TextWidth.pad("toolong", to: 3) == "toolong")
    #expect(TextWidth.fit("toolong", to: 5) == "tool…")
    #expect(TextWidth.fit("ok", to: 4, alignment: .trailing) == "  ok")
  }

  @Test func fittingMeasuresTextAsDrawn() {
    // ESC shows as one column (␛), so it counts as one.
    #expect(TextWidth.truncate("a\u{1B}[31mb", to: 3) == "a␛…")
    #expect(TextWidth.of(TextWidth.fit("x\ty", to: 6)) == 6)
  }

  @Test func prefixAndSuffixStopBeforeAWideCharacter() {
    let p = TextWidth.prefix("ab中"[...], fitting: 3)
    #expect(p.text == "ab")
    #expect(p.width == 2)
    let s = TextWidth.suffix("中ab"[...], fitting: 3)
    #expect(s.text == "ab")
    #expect(s.width == 2)
  }
}
