import Testing

@testable import TerminalUI

@Suite struct GlyphTests {
  @Test(arguments: [
    " ", "a", "~", "é", "中", "😀", "e\u{301}", "👍🏽", "🇫🇷", "", "1234567", "12345678",
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
    let eight = String(repeating: "a", count: 8)
    #expect(Glyph(eight).string == eight)
    #expect(Glyph(eight) != Glyph(String(repeating: "a", count: 7)))
    #expect(Glyph(eight) != Glyph(String(repeating: "a", count: 9)))
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
    #expect(MemoryLayout<Cell>.stride <= 16)
    // No padding: equal cells are equal bytes (the renderer's memcmp).
    #expect(MemoryLayout<Cell>.size == MemoryLayout<Cell>.stride)
  }

  @Test func cellWidthKeepsTheRangeInUse() {
    #expect(Cell(text: "中", width: 2).width == 2)
    #expect(Cell(text: "", width: 0).isContinuation)
    #expect(Cell(text: "\u{0}", width: -1).width == -1)
    #expect(Cell(text: "x", width: 100).width == 7)
    #expect(Cell(text: "x", width: -100).width == -8)
    var cell = Cell.blank
    cell.text = "x"
    #expect(cell.glyph == Glyph("x"))
    #expect(cell == Cell(text: "x"))
  }

  @Test(arguments: [
    Style.plain,
    Style(foreground: .ansi(15), background: .rgb(255, 0, 128), attributes: [.bold, .underline]),
    Style(foreground: .rgb(1, 2, 3), background: .ansi(0), attributes: [.dim, .reverse]),
    Style(foreground: .rgb(255, 255, 255), background: .rgb(0, 0, 0)),
    Style(attributes: Attributes(rawValue: 0xFF)),
  ])
  func aCellKeepsItsStyleAndWidthApart(_ style: Style) {
    for width in [-1, 0, 1, 2] {
      var cell = Cell(text: "中", width: width, style: style)
      #expect(cell.style == style)
      #expect(cell.width == width)
      cell.style = .reverse
      #expect(cell.width == width)
      #expect(cell.style == .reverse)
      cell.width = 1
      #expect(cell.style == .reverse)
      #expect(Cell(text: "a", style: style).styleBits == Cell(text: "b", style: style).styleBits)
      #expect(
        Cell(text: "a", style: style).styleBits != Cell(text: "a", style: .underline).styleBits)
    }
  }

  @Test func drawnTextIsInertInTheGlyph() {
    var canvas = Canvas(size: Size(width: 4, height: 1))
    canvas.set(0, 0, Cell(text: "\u{1B}"))
    canvas.fill(Rect(x: 1, y: 0, width: 1, height: 1), with: Cell(text: "\u{7}"))
    #expect(canvas[0, 0].text == "\u{241B}")
    #expect(canvas[1, 0].text == "\u{2407}")
  }
}
