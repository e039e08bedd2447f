import Testing

@testable import TerminalUI

@Suite struct GlyphTests {
  @Test(arguments: [
    " ", "a", "~", "é", "中", "😀", "e\u{301}", "👍🏽", "🇫🇷", "", "123456789012345",
  ])
  func shortTextIsHeldAndReadBack(_ text: String) {
    let glyph = Glyph(text)
    #expect(glyph.string == text)
    #expect(Array(glyph.withUTF8 { Array($0) }) == Array(text.utf8))
    #expect(Cell(text: text).text == text)
  }

  @Test func clustersLongerThanTheInlineBytesReadBackWhole() {
    let family = "👨‍👩‍👧‍👦"  // 25 bytes of UTF-8
    let flag = "🏴󠁧󠁢󠁳󠁣󠁴󠁿"  // a tag sequence, 28 bytes
    #expect(family.utf8.count > Glyph.inlineCapacity)
    #expect(Glyph(family).string == family)
    #expect(Glyph(flag).string == flag)
    #expect(Glyph(family) == Glyph(family))
    #expect(Glyph(family) != Glyph(flag))
    #expect(Glyph(family).hashValue == Glyph(String(family)).hashValue)
    let sixteen = String(repeating: "a", count: 16)
    #expect(Glyph(sixteen).string == sixteen)
    #expect(Glyph(sixteen) != Glyph(String(repeating: "a", count: 15)))
  }

  @Test func equalityIsByTheBytesTheTerminalGets() {
    // Canonically equivalent, as `String` compares them, but sent differently.
    #expect("\u{E9}" == "e\u{301}")
    #expect(Glyph("\u{E9}") != Glyph("e\u{301}"))
    let long = String(repeating: "e\u{301}", count: 9)
    let precomposed = String(repeating: "\u{E9}", count: 9)
    #expect(long.utf8.count > Glyph.inlineCapacity)
    #expect(precomposed.utf8.count > Glyph.inlineCapacity)
    #expect(Glyph(long) != Glyph(precomposed))
    #expect(Glyph(long).string.utf8.elementsEqual(long.utf8))
    #expect(Glyph(precomposed).string.utf8.elementsEqual(precomposed.utf8))
  }

  @Test func asciiIsTheOneByteCase() {
    #expect(Glyph("a").ascii == UInt8(ascii: "a"))
    #expect(Glyph(ascii: UInt8(ascii: "a")) == Glyph("a"))
    #expect(Glyph.space == Glyph(" "))
    #expect(Glyph("é").ascii == nil)
    #expect(Glyph("ab").ascii == nil)
    #expect(Glyph.empty.isEmpty)
    #expect(Glyph("").isEmpty)
    #expect(!Glyph(" ").isEmpty)
  }

  @Test func cellsAreCopiedWithoutReferenceCounting() {
    // What keeps copying and comparing a frame's cells cheap.
    #expect(_isPOD(Cell.self))
    #expect(MemoryLayout<Cell>.stride <= 32)
    // No padding: equal cells are equal bytes (the renderer's memcmp).
    #expect(MemoryLayout<Cell>.size == MemoryLayout<Cell>.stride)
  }

  @Test func cellWidthKeepsTheRangeInUse() {
    #expect(Cell(text: "中", width: 2).width == 2)
    #expect(Cell(text: "", width: 0).isContinuation)
    #expect(Cell(text: "\u{0}", width: -1).width == -1)
    var cell = Cell.blank
    cell.text = "x"
    #expect(cell.glyph == Glyph("x"))
    #expect(cell == Cell(text: "x"))
  }

  @Test func drawnTextIsInertInTheGlyph() {
    var canvas = Canvas(size: Size(width: 4, height: 1))
    canvas.set(0, 0, Cell(text: "\u{1B}"))
    canvas.fill(Rect(x: 1, y: 0, width: 1, height: 1), with: Cell(text: "\u{7}"))
    #expect(canvas[0, 0].text == "\u{241B}")
    #expect(canvas[1, 0].text == "\u{2407}")
  }
}
