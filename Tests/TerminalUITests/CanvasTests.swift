import Testing

@testable import TerminalUI

@Suite struct CanvasTests {
  @Test func putWritesTextAndReturnsTheNextColumn() {
    var next = 0
    let c = render(8, 1) { next = $0.put("ab中", x: 1, y: 0) }
    #expect(c.text == " ab中   ")
    #expect(next == 5)
    #expect(c[3, 0].width == 2)
    #expect(c[4, 0].isContinuation)
  }

  /// Rows put in move what is below them, the cursor with it; a scroll
  /// hint over the rows they split is dropped.
  @Test func insertingBlankRowsMovesWhatIsBelow() {
    let c = render(4, 3) {
      $0.put("one", x: 0, y: 0)
      $0.put("two", x: 0, y: 1)
      $0.put("bar", x: 0, y: 2)
      $0.setCursor(x: 1, y: 2)
      $0.setScroll(by: 1)
    }
    let taller = c.insertingBlankRows(2, before: 2)
    #expect(taller.lines == ["one ", "two ", "    ", "    ", "bar "])
    #expect(taller.cursor == Point(x: 1, y: 4))
    #expect(taller.scroll == nil)
    #expect(c.insertingBlankRows(0, before: 1) == c)
  }

  @Test func putStopsAtTheClipEdge() {
    var next = 0
    let c = render(8, 1) { canvas in
      canvas.within(Rect(x: 2, y: 0, width: 3, height: 1)) { next = $0.put("abcdef", x: 0, y: 0) }
    }
    #expect(c.text == "  abc   ")
    #expect(next == 3)
  }

  @Test func wideCharacterAtTheRightEdgeBecomesABlank() {
    let c = render(4, 1) { $0.put("abc中", x: 0, y: 0) }
    #expect(c.text == "abc ")
    #expect(c[3, 0].width == 1)
    let inner = render(6, 1) { canvas in
      canvas.put("zzzzzz", x: 0, y: 0)
      canvas.within(Rect(x: 0, y: 0, width: 2, height: 1)) { $0.put("a中", x: 0, y: 0) }
    }
    #expect(inner.text == "a zzzz")
    #expect(isWellFormed(inner))
  }

  @Test func wideCharacterCutByTheLeftEdgeShowsItsVisibleHalfBlank() {
    let c = render(6, 1) { canvas in
      canvas.put("zzzzzz", x: 0, y: 0)
      canvas.within(Rect(x: 2, y: 0, width: 4, height: 1)) { $0.put("中b", x: -1, y: 0) }
    }
    #expect(c.text == "zz bzz")
    #expect(isWellFormed(c))
  }

  @Test func overwritingHalfOfAWideCharacterBlanksTheOtherHalf() {
    let right = render(4, 1) { c in
      c.put("中", x: 0, y: 0)
      c.put("x", x: 1, y: 0)
    }
    #expect(right.text == " x  ")
    let left = render(4, 1) { c in
      c.put("中", x: 0, y: 0)
      c.put("x", x: 0, y: 0)
    }
    #expect(left.text == "x   ")
    #expect(left[1, 0] == .blank)
    let shifted = render(4, 1) { c in
      c.put("中", x: 0, y: 0)
      c.put("文", x: 1, y: 0)
    }
    #expect(shifted.text == " 文 ")
    let under = render(4, 1) { c in
      c.put("中", x: 1, y: 0)
      c.put("文", x: 0, y: 0)
    }
    #expect(under.text == "文  ")
    for c in [right, left, shifted, under] { #expect(isWellFormed(c)) }
  }

  @Test func overwritingOutsideTheClipStillKeepsWideCharactersWhole() {
    let c = render(4, 1) { canvas in
      canvas.put("中文", x: 0, y: 0)
      canvas.within(Rect(x: 1, y: 0, width: 2, height: 1)) { $0.put("ab", x: 0, y: 0) }
    }
    #expect(c.text == " ab ")
    #expect(isWellFormed(c))
  }

  @Test func randomDrawingNeverBreaksWideCharacters() {
    var rng = SplitMix(state: 42)
    let pieces = ["a", "中", "😀", "e\u{301}", "👨‍👩‍👧", "🇯🇵", "bc", "字幕", "\u{1B}[1m", "\t"]
    var canvas = Canvas(size: Size(width: 13, height: 3))
    for _ in 0..<2_000 {
      let text = (0..<(1 + rng.next(4))).map { _ in pieces[rng.next(pieces.count)] }.joined()
      let rect = Rect(
        x: rng.next(15) - 2, y: rng.next(4) - 1, width: rng.next(10), height: rng.next(3) + 1)
      canvas.within(rect) { $0.put(text, x: rng.next(8) - 3, y: rng.next(2)) }
    }
    #expect(isWellFormed(canvas))
  }

  @Test func withinNestsClipsAndOrigins() {
    var innerBounds = Size.zero
    let c = render(10, 3) { canvas in
      canvas.within(Rect(x: 2, y: 1, width: 6, height: 2)) { outer in
        outer.within(Rect(x: 3, y: 0, width: 10, height: 1)) { inner in
          innerBounds = inner.bounds
          inner.put("abcdefgh", x: 0, y: 0)
          inner.put("never", x: 0, y: 1)  // below the inner clip
        }
        outer.put("<", x: -1, y: 1)  // left of the outer clip
        outer.put(">", x: 0, y: 1)
      }
      canvas.put("!", x: 0, y: 0)  // clip restored afterwards
    }
    #expect(c.lines == ["!         ", "     abc  ", "  >       "])
    #expect(innerBounds == Size(width: 10, height: 1))
    #expect(c.clip == Rect(x: 0, y: 0, width: 10, height: 3))
    #expect(c.origin == .zero)
  }

  @Test func withinPassesTheResultThrough() {
    var canvas = Canvas(size: Size(width: 5, height: 1))
    let next = canvas.within(Rect(x: 1, y: 0, width: 4, height: 1)) { $0.put("ab", x: 0, y: 0) }
    #expect(next == 2)
  }

  @Test func fillAndRestyleStayInsideTheRegion() {
    let c = render(5, 3) { canvas in
      canvas.within(Rect(x: 1, y: 1, width: 3, height: 5)) { inner in
        inner.fill(with: Cell(text: "#"))
        inner.restyle(Rect(x: 1, y: 0, width: 1, height: 1)) { $0.with(.bold) }
      }
      canvas.fill(Rect(x: -100, y: -100, width: 1_000_000, height: 1), with: Cell(text: "x"))
    }
    #expect(c.lines == ["     ", " ### ", " ### "])
    #expect(c[2, 1].style == .bold)
    #expect(c[1, 1].style == .plain)
  }

  @Test func fillWithAWideCellTiles() {
    let c = render(5, 1) { $0.fill(with: Cell(text: "中", width: 2)) }
    #expect(c.text == "中中 ")
    #expect(isWellFormed(c))
  }

  /// A fill with a one-column cell, row by row, leaves what setting each of
  /// its cells in turn leaves: wide characters cut at its edges lose their
  /// other half, inside the clip or not.
  @Test func fillIsLikeSettingEachCell() {
    var random = SplitMix(state: 19)
    let styles: [Style] = [.plain, .bold, Style(foreground: .ansi(1)), .reverse]
    for _ in 0..<300 {
      let size = Size(width: 1 + random.next(9), height: 1 + random.next(3))
      var start = Canvas(size: size)
      for y in 0..<size.height {
        var x = 0
        while x < size.width {
          let style = styles[random.next(styles.count)]
          if random.next(2) == 0 {
            x = start.put("中", x: x, y: y, style: style)
          } else {
            x = start.put("ab", x: x, y: y, style: style)
          }
        }
      }
      let clip = Rect(
        x: random.next(size.width), y: random.next(size.height),
        width: 1 + random.next(size.width), height: 1 + random.next(size.height))
      let rect = Rect(
        x: random.next(size.width + 2) - 1, y: random.next(size.height + 1) - 1,
        width: random.next(size.width + 2), height: random.next(size.height + 2))
      let cell = Cell(text: "#", style: styles[random.next(styles.count)])
      var filled = start
      var set = start
      filled.within(clip) { $0.fill(rect, with: cell) }
      set.within(clip) { canvas in
        for y in rect.y..<rect.maxY {
          for x in rect.x..<rect.maxX { canvas.set(x, y, cell) }
        }
      }
      #expect(filled.cells == set.cells, "\(start.lines) \(clip) \(rect)")
      #expect(isWellFormed(filled))
    }
  }

  /// ASCII text is written a run at a time: it leaves what setting each of
  /// its characters in turn leaves.
  @Test func asciiTextIsLikeSettingEachCharacter() {
    var random = SplitMix(state: 23)
    for _ in 0..<300 {
      let size = Size(width: 1 + random.next(9), height: 1 + random.next(3))
      var start = Canvas(size: size)
      for y in 0..<size.height {
        var x = 0
        while x < size.width { x = start.put(random.next(2) == 0 ? "中" : "ab", x: x, y: y) }
      }
      let clip = Rect(
        x: random.next(size.width), y: random.next(size.height),
        width: 1 + random.next(size.width), height: 1 + random.next(size.height))
      let text = String("hello, world".prefix(random.next(12)))
      let (x, y) = (random.next(size.width + 2) - 1, random.next(size.height))
      var put = start
      var set = start
      put.within(clip) { $0.put(text, x: x, y: y, style: .bold) }
      set.within(clip) { canvas in
        for (i, ch) in text.enumerated() {
          canvas.set(x + i, y, Cell(text: String(ch), style: .bold))
        }
      }
      #expect(put.cells == set.cells, "\(start.lines) \(clip) \(text) at \(x)")
      #expect(isWellFormed(put))
    }
  }

  @Test func putSanitizes() {
    let c = render(10, 1) { $0.put("a\u{1B}[2Jb\u{07}", x: 0, y: 0) }
    #expect(c.text == "a␛[2Jb␇   ")
  }

  @Test func setAndFillSanitizeRawCells() {
    let c = render(3, 2) { canvas in
      canvas.set(0, 0, Cell(text: "\u{1B}"))
      canvas.fill(Rect(x: 0, y: 1, width: 3, height: 1), with: Cell(text: "\u{9B}"))
    }
    #expect(c.lines == ["␛  ", "���"])
  }

  @Test func putIntoAFixedWidthTruncatesOrPads() {
    var next = 0
    let c = render(12, 2) { canvas in
      next = canvas.put("hello world", x: 1, y: 0, width: 8)
      canvas.put("ok", x: 0, y: 1, width: 5, alignment: .trailing, style: .bold)
    }
    #expect(c.lines == [" hello w…   ", "   ok       "])
    #expect(next == 9)
    #expect(c[0, 1].style == .bold)  // padding carries the style too
  }

  @Test func setIgnoresContinuationCells() {
    let c = render(3, 1) { $0.set(1, 0, Cell(text: "", width: 0)) }
    #expect(c.text == "   ")
    #expect(isWellFormed(c))
  }

  @Test func zeroSizedCanvasIgnoresDrawing() {
    let c = render(0, 0) { canvas in
      canvas.put("abc", x: 0, y: 0)
      canvas.fill(with: Cell(text: "x"))
      canvas.setCursor(x: 0, y: 0)
    }
    #expect(c.text == "")
    #expect(c.cursor == nil)
  }

  @Test func cursorIsRecordedInGridCoordinatesWhenVisible() {
    let c = render(10, 5) { canvas in
      canvas.within(Rect(x: 3, y: 2, width: 4, height: 2)) { $0.setCursor(x: 1, y: 1) }
    }
    #expect(c.cursor == Point(x: 4, y: 3))
    let clipped = render(10, 5) { canvas in
      canvas.within(Rect(x: 3, y: 2, width: 4, height: 2)) { $0.setCursor(x: 4, y: 0) }
    }
    #expect(clipped.cursor == nil)
  }

  @Test func drawingACanvasOntoAnotherClipsWideCharacters() {
    let source = render(4, 1) { $0.put("中文", x: 0, y: 0) }
    let c = render(6, 1) { canvas in
      canvas.put("zzzzzz", x: 0, y: 0)
      canvas.within(Rect(x: 1, y: 0, width: 4, height: 1)) { $0.draw(source, x: -1) }
    }
    #expect(c.text == "z 文zz")
    #expect(isWellFormed(c))
  }
}
