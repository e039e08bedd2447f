import Testing

@testable import TerminalUI

/// `TextWidth.wrap`: words whole where they fit; a word wider than a line
/// goes on from where the line is and is broken at the edge, nothing lost.
struct TextWrapTests {
  @Test func wordsWrapWhole() {
    #expect(TextWidth.wrap("the quick brown fox", width: 9) == ["the quick", "brown fox"])
    #expect(TextWidth.wrap("a\n\nb", width: 5) == ["a", "", "b"])
    #expect(TextWidth.wrap("", width: 5) == [""])
    #expect(TextWidth.wrap("anything", width: 0) == [])
  }

  /// Spaces as typed (two after a stop, a column lined up): only a line
  /// break swallows them.
  @Test func spacesBetweenWordsAreKept() {
    #expect(TextWidth.wrap("one.  two   three", width: 20) == ["one.  two   three"])
    #expect(TextWidth.wrap("one.  two   three", width: 9) == ["one.  two", "three"])
    #expect(TextWidth.wrap("ab   cdefgh", width: 6) == ["ab", "cdefgh"])
    // A word wider than a line still goes on from where the line is.
    #expect(TextWidth.wrap("ab   cdefghijk", width: 6) == ["ab   c", "defghi", "jk"])
  }

  /// Text from Windows or old Macs: every kind of line break ends a line.
  @Test func everyLineBreakEndsALine() {
    #expect(TextWidth.wrap("a\r\nb\rc\nd", width: 5) == ["a", "b", "c", "d"])
  }

  @Test func aWordWiderThanALineIsBrokenFromWhereTheLineIs() {
    #expect(
      TextWidth.wrap("see https://example.com/abc now", width: 10) == [
        "see https:", "//example.", "com/abc", "now",
      ])
    #expect(TextWidth.wrap("abcdefghij", width: 4) == ["abcd", "efgh", "ij"])
  }

  /// Text written without spaces (Japanese, Chinese) breaks at the edge,
  /// a two-column character never split.
  @Test func textWithoutSpacesBreaksBetweenCharacters() {
    #expect(TextWidth.wrap("来週の会議では新しい", width: 10) == ["来週の会議", "では新しい"])
    #expect(TextWidth.wrap("来週の", width: 5) == ["来週", "の"])
    // A character wider than the line has a line of its own (drawn cut).
    #expect(TextWidth.wrap("来週", width: 1) == ["来", "週"])
  }

  /// A stop, a comma, a closing bracket or a small kana never begins a
  /// line: the character before it goes on with it.
  @Test func japanesePunctuationNeverBeginsALine() {
    #expect(TextWidth.wrap("会議です。次へ", width: 8) == ["会議で", "す。次へ"])
    #expect(TextWidth.wrap("「会議」です", width: 6) == ["「会", "議」で", "す"])
    #expect(TextWidth.wrap("会議。", width: 4) == ["会", "議。"])
    // Alone on a line of one character's room, it has to begin one.
    #expect(TextWidth.wrap("会。", width: 2) == ["会", "。"])
  }

  @Test func noLineIsWiderThanTheWidthAndNothingIsLost() {
    var generator = SystemRandomNumberGenerator()
    let pieces = ["a", "bc", "来", "👩‍👩‍👧", "é", " ", " ", "https://x.y/z", "会議室"]
    for _ in 0..<300 {
      let text = (0..<Int.random(in: 0...30, using: &generator)).map { _ in
        pieces.randomElement(using: &generator)!
      }.joined()
      let width = Int.random(in: 2...12, using: &generator)
      let lines = TextWidth.wrap(text, width: width)
      // (A character wider than the line, as a family emoji of three
      // people is at 4, has one of its own.)
      #expect(
        lines.allSatisfy { TextWidth.of($0) <= width || $0.count == 1 },
        "\(text) at \(width): \(lines)")
      #expect(
        lines.joined().filter { $0 != " " } == text.filter { $0 != " " },
        "\(text) at \(width): \(lines)")
    }
  }
}
