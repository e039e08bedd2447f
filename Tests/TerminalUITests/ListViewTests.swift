import Testing

@testable import TerminalUI

@Suite struct ListViewTests {
  struct Case: Sendable, CustomTestStringConvertible {
    var selected: Int?
    var count: Int
    var visible: Int
    var previous: Int
    var expected: Int
    var testDescription: String {
      "sel \(selected.map(String.init) ?? "nil") of \(count), \(visible) visible, prev \(previous)"
    }
  }

  @Test(arguments: [
    Case(selected: 0, count: 10, visible: 5, previous: 0, expected: 0),
    Case(selected: 4, count: 10, visible: 5, previous: 0, expected: 0),
    Case(selected: 5, count: 10, visible: 5, previous: 0, expected: 1),
    Case(selected: 9, count: 10, visible: 5, previous: 0, expected: 5),
    // moving up inside the window doesn't scroll; above it scrolls just enough
    Case(selected: 4, count: 10, visible: 5, previous: 3, expected: 3),
    Case(selected: 2, count: 10, visible: 5, previous: 5, expected: 2),
    Case(selected: 8, count: 10, visible: 5, previous: 3, expected: 4),
    // the window never runs past the end, even after the list shrank
    Case(selected: nil, count: 10, visible: 5, previous: 20, expected: 5),
    Case(selected: 2, count: 3, visible: 5, previous: 2, expected: 0),
    Case(selected: nil, count: 10, visible: 5, previous: 3, expected: 3),
    // out-of-range input is clamped, never trusted
    Case(selected: 50, count: 10, visible: 5, previous: 0, expected: 5),
    Case(selected: -4, count: 10, visible: 5, previous: 4, expected: 0),
    Case(selected: 3, count: 10, visible: 0, previous: 2, expected: 0),
    Case(selected: 0, count: 0, visible: 5, previous: 2, expected: 0),
    Case(selected: 99_999, count: 100_000, visible: 20, previous: 0, expected: 99_980),
  ])
  func scrollOffset(_ c: Case) {
    let offset = ListView.scrollOffset(
      selected: c.selected, count: c.count, visible: c.visible, previousOffset: c.previous)
    #expect(offset == c.expected)
  }

  @Test func aHugeListOnlyDrawsVisibleRows() {
    var drawn: [Int] = []
    var offset = 0
    let c = render(20, 10) { canvas in
      offset = ListView(count: 100_000, selected: 50_000).draw(in: &canvas) { i, _, row in
        drawn.append(i)
        row.put("item \(i)", x: 0, y: 0)
      }
    }
    #expect(drawn == Array(49_991...50_000))
    #expect(offset == 49_991)
    #expect(c.lines[9].hasPrefix("item 50000"))
  }

  @Test func selectedRowIsHighlightedAndFlagged() {
    var flagged: [Int] = []
    let c = render(6, 3) { canvas in
      ListView(count: 3, selected: 1).draw(in: &canvas) { i, isSelected, row in
        if isSelected { flagged.append(i) }
        row.put("r\(i)", x: 0, y: 0)
      }
    }
    #expect(flagged == [1])
    #expect(c.lines == ["r0    ", "r1    ", "r2    "])
    #expect((0..<6).allSatisfy { c[$0, 1].style.attributes.contains(.reverse) })
    #expect(!c[0, 0].style.attributes.contains(.reverse))
  }

  @Test func scrollbarShowsWhereTheWindowIs() {
    let top = render(4, 4) { canvas in
      ListView(count: 8, selected: 0).draw(in: &canvas) { i, _, row in row.put("\(i)", x: 0, y: 0) }
    }
    #expect(top.lines.map { String($0.suffix(1)) } == ["┃", "┃", "│", "│"])
    let bottom = render(4, 4) { canvas in
      ListView(count: 8, selected: 7).draw(in: &canvas) { i, _, row in row.put("\(i)", x: 0, y: 0) }
    }
    #expect(bottom.lines.map { String($0.suffix(1)) } == ["│", "│", "┃", "┃"])
    // rows are drawn one column narrower, so they can't overwrite the bar
    var rowWidth = 0
    _ = render(4, 4) { canvas in
      ListView(count: 8, selected: 0).draw(in: &canvas) { _, _, row in rowWidth = row.bounds.width }
    }
    #expect(rowWidth == 3)
  }

  @Test func noScrollbarWhenEverythingFits() {
    let c = render(4, 4) { canvas in
      ListView(count: 2, selected: 0).draw(in: &canvas) { i, _, row in row.put("\(i)", x: 0, y: 0) }
    }
    #expect(c.lines.allSatisfy { !$0.contains("│") && !$0.contains("┃") })
  }

  @Test func tallRowsAndAPartialLastRow() {
    var sizes: [Int: Size] = [:]
    let c = render(5, 5) { canvas in
      ListView(count: 10, selected: 0, rowHeight: 2, showsScrollbar: false).draw(in: &canvas) {
        i, _, row in
        sizes[i] = row.bounds
        row.put("t\(i)", x: 0, y: 0)
        row.put("b\(i)", x: 0, y: 1)
      }
    }
    #expect(sizes.keys.sorted() == [0, 1, 2])
    #expect(sizes[2] == Size(width: 5, height: 2))
    #expect(c.lines == ["t0   ", "b0   ", "t1   ", "b1   ", "t2   "])
  }

  @Test func emptyOrTinyListsDrawNothingAndDontCrash() {
    var calls = 0
    _ = render(0, 0) { canvas in
      ListView(count: 5, selected: 2).draw(in: &canvas) { _, _, _ in calls += 1 }
    }
    _ = render(5, 5) { canvas in
      ListView(count: 0, selected: nil).draw(in: &canvas) { _, _, _ in calls += 1 }
    }
    #expect(calls == 0)
  }

  /// The list's rows, in the canvas, moved by whole items: what a terminal
  /// can scroll instead of redrawing.
  @Test func aListThatKeepsItsOffsetReportsHowFarItsRowsScrolled() {
    func scroll(selected: Int, previous: Int, reports: Bool = true) -> Canvas.Scroll? {
      render(10, 20) { canvas in
        canvas.within(Rect(x: 1, y: 2, width: 8, height: 9)) { list in
          ListView(
            count: 50, selected: selected, rowHeight: 3, offset: previous, reportsScroll: reports
          ).draw(in: &list) { _, _, _ in }
          return
        }
      }.scroll
    }
    // One item down past the bottom: the rows moved up by one item's height.
    #expect(scroll(selected: 3, previous: 0)?.rows == 2..<11)
    #expect(scroll(selected: 3, previous: 0)?.by == 3)
    // One item up past the top: down.
    #expect(scroll(selected: 4, previous: 5)?.by == -3)
    // Within the page, a jump of a page or more, or not asked: nothing.
    #expect(scroll(selected: 1, previous: 0) == nil)
    #expect(scroll(selected: 40, previous: 0) == nil)
    #expect(scroll(selected: 3, previous: 0, reports: false) == nil)
  }

  /// Items whose last rows are a separator: the last one on screen goes
  /// without it, so three 3-row cards fit in 8 rows, with no scrollbar and
  /// no scrolling to the third.
  @Test func theLastItemOnScreenGoesWithoutItsGap() {
    #expect(ListView.visibleItems(height: 8, rowHeight: 3, gap: 1) == 3)
    #expect(ListView.visibleItems(height: 8, rowHeight: 3) == 2)
    #expect(ListView.visibleItems(height: 1, rowHeight: 3, gap: 1) == 1)
    let canvas = render(6, 8) { canvas in
      let offset = ListView(count: 3, selected: 2, rowHeight: 3, gap: 1).draw(in: &canvas) {
        index, _, row in
        row.put("i\(index)", x: 0, y: 0)
      }
      #expect(offset == 0)
    }
    #expect(
      canvas.lines.map { $0.hasPrefix("i") } == [
        true, false, false, true, false, false, true, false,
      ])
    #expect(!canvas.lines.contains { $0.contains("┃") || $0.contains("│") }, "no scrollbar")
  }
}
