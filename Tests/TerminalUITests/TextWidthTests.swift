import Testing

@testable import TerminalUI

@Suite struct TextWidthTests {
  @Test(arguments: [
    ("", 0), ("hello", 5), ("a b~", 4),
    // CJK, kana, Hangul, fullwidth forms
    ("中文", 4), ("日本語", 6), ("ひらがな", 8), ("カタカナ", 8), ("한국어", 6), ("ＡＢ", 4),
    ("\u{3000}", 2),
    // other scripts and symbols stay narrow
    ("ñandú", 5), ("Ελλάδα", 6), ("Россия", 6), ("مرحبا", 5), ("─│┌", 3), ("…›•", 3),
    ("␛␇", 2), ("½", 1),
  ])
  func stringWidth(_ text: String, _ expected: Int) {
    #expect(TextWidth.of(text) == expected)
  }

  @Test(arguments: [
    ("😀", 2), ("🚀", 2),
    // a skin-tone modifier is a code point of its own, two columns (wcwidth)
    ("👍🏽", 4),
    // ZWJ sequences take the columns of their parts; the joiner takes none
    ("👨‍👩‍👧‍👦", 8), ("👩🏽‍💻", 6), ("🏳️‍🌈", 3),
    // a regional indicator is one column, a flag two
    ("🇯🇵", 2), ("🇺🇦", 2),
    // VS16 adds nothing: the terminal gives the base its own width
    ("❤", 1), ("❤️", 1), ("1️⃣", 1), ("©️", 1), ("⌚", 2), ("⌚️", 2),
  ])
  func emojiWidth(_ text: String, _ expected: Int) {
    #expect(text.count == 1)
    #expect(TextWidth.of(Character(text)) == expected)
    #expect(TextWidth.of(text) == expected)
    #expect(TextWidth.cells(of: Character(text)).map(\.width).reduce(0, +) == expected)
  }

  @Test func aGraphemeIsDrawnAsOneCellPerSpacingScalar() {
    func cells(_ s: String) -> [String] { TextWidth.cells(of: Character(s)).map(\.text) }
    #expect(cells("👩‍💻") == ["👩", "💻"])  // the joiner is dropped
    #expect(cells("🇺🇦") == ["🇺", "🇦"])
    #expect(cells("👍🏽") == ["👍", "🏽"])
    #expect(cells("❤️") == ["❤"])  // the variation selector is dropped
    #expect(cells("e\u{301}") == ["e\u{301}"])  // marks ride on their base
    #expect(cells("\u{1100}\u{1161}\u{11A8}") == ["\u{1100}\u{1161}\u{11A8}"])
    // ncurses holds a base and four marks per cell; more are left out
    #expect(cells("a" + String(repeating: "\u{301}", count: 7)).first?.unicodeScalars.count == 5)
    // an unassigned code point is drawn as U+FFFD, one column
    #expect(TextWidth.cells(of: Character("\u{378}")) == [.init(text: "\u{FFFD}", width: 1)])
  }

  @Test func flagsAreTwoGraphemesOfTwoColumns() {
    let flags = "🇯🇵🇫🇷"
    #expect(flags.count == 2)
    #expect(TextWidth.of(flags) == 4)
  }

  @Test func combiningMarksAddNothing() {
    #expect(TextWidth.of("e\u{301}") == 1)
    #expect(TextWidth.of("e\u{301}\u{323}") == 1)
    #expect(TextWidth.of("a\u{20DD}") == 1)  // enclosing circle
    #expect(TextWidth.of("Zalgo\u{336}\u{337}\u{338}") == 5)
    // conjoining Hangul jamo: one syllable, two columns
    #expect(TextWidth.of("\u{1100}\u{1161}\u{11A8}") == 2)
    #expect(TextWidth.of("\u{200D}") == 0)
    #expect(TextWidth.of("a\u{200B}b") == 2)
    #expect(TextWidth.of(Character("\u{301}")) == 0)
  }

  @Test func controlsAreZeroWide() {
    for v in Array(0x00..<0x20) + [0x7F] + Array(0x80...0x9F) {
      let s = String(Unicode.Scalar(UInt8(v)))
      #expect(TextWidth.of(s) == 0, "U+\(String(v, radix: 16))")
    }
    #expect(TextWidth.of("\r\n") == 0)
  }

  @Test func substringMatchesString() {
    let s = "ab中文😀"
    #expect(TextWidth.of(s.dropFirst()) == TextWidth.of(String(s.dropFirst())))
  }

  @Test func widthTableReadsRangesSingleCodePointsAndEachWidth() {
    let ranges = WidthTable("300-36F:0 378:x\n1100-115F:2 1F1E6-1F1FF:2").ranges
    #expect(ranges.map(\.first) == [0x300, 0x378, 0x1100, 0x1F1E6])
    #expect(ranges.map(\.last) == [0x36F, 0x378, 0x115F, 0x1F1FF])
    #expect(ranges.map(\.width) == [0, -1, 2, 2])
  }

  @Test func widthTableIsSortedAndDisjoint() {
    let ranges = WidthTable(TextWidth.exceptionalWidths).ranges
    #expect(ranges.count > 100)
    for (a, b) in zip(ranges, ranges.dropFirst()) {
      #expect(a.first <= a.last)
      #expect(a.last < b.first)
      #expect([-1, 0, 2].contains(a.width))
    }
  }
}
