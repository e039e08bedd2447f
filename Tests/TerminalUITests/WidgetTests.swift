import Testing

@testable import TerminalUI

@Suite struct WidgetTests {
  // MARK: Box

  @Test func boxDrawsBorderTitleAndFooter() {
    var interior = Rect(x: 0, y: 0, width: 0, height: 0)
    let c = render(16, 4) { interior = Box(title: "Standup", footer: "esc close").draw(in: &$0) }
    #expect(
      c.lines == [
        "┌─ Standup ────┐",
        "│              │",
        "│              │",
        "└── esc close ─┘",
      ])
    #expect(interior == Rect(x: 1, y: 1, width: 14, height: 2))
    #expect(c[3, 0].style == .bold)
    #expect(c[4, 3].style == .dim)
  }

  @Test func boxTitleIsTruncatedAndBordersVary() {
    let c = render(10, 3) { Box(title: "A very long title", border: .rounded).draw(in: &$0) }
    #expect(c.lines == ["╭─ A v… ─╮", "│        │", "╰────────╯"])
  }

  @Test func boxContentIsConfinedToTheInterior() {
    let c = render(6, 3) { canvas in
      Box(border: .ascii).draw(in: &canvas) { $0.put("overflowing", x: 0, y: 0) }
    }
    #expect(c.lines == ["+----+", "|over|", "+----+"])
  }

  @Test func tinyBoxesOnlyClear() {
    for (w, h) in [(0, 0), (1, 1), (1, 5), (5, 1)] {
      var interior = Rect(x: 9, y: 9, width: 9, height: 9)
      let c = render(w, h) { canvas in
        canvas.fill(with: Cell(text: "x"))
        interior = Box(title: "T").draw(in: &canvas)
      }
      #expect(interior.isEmpty)
      #expect(!c.text.contains("x"))
    }
    let two = render(2, 2) { Box(border: .heavy).draw(in: &$0) }
    #expect(two.lines == ["┏┓", "┗┛"])
  }

  // MARK: Stepper and OptionPicker

  @Test func stepperShowsValueBetweenArrows() {
    let c = render(12, 1) { Stepper("5 min", canDecrement: false, isFocused: true).draw(in: &$0) }
    #expect(c.text == "◀ 5 min ▶   ")
    #expect(c[0, 0].style == .dim)  // at its lower limit
    #expect(c[8, 0].style == .bold)
    #expect(c[2, 0].style == .reverse)
    #expect(Stepper("5 min").width == 9)
    let narrow = render(7, 1) { Stepper("15 minutes").draw(in: &$0) }
    #expect(narrow.text == "◀ 15… ▶")
  }

  @Test func optionPickerShowsAllOptionsWhenTheyFit() {
    let picker = OptionPicker(["Red", "Green", "Blue"], selected: 1, isFocused: true)
    #expect(picker.width == 20)
    let c = render(21, 1) { picker.draw(in: &$0) }
    #expect(c.text == "◀ Red  Green  Blue ▶ ")
    #expect(c[6, 0].style == .reverse)
    #expect(c[1, 0].style == .plain)
  }

  @Test func optionPickerFallsBackToTheSelectedOption() {
    let c = render(10, 1) { OptionPicker(["Red", "Green", "Blue"], selected: 2).draw(in: &$0) }
    #expect(c.text == "◀ Blue ▶  ")
    #expect(c[2, 0].style == .bold)
    let tiny = render(3, 1) { OptionPicker(["Green"], selected: 9).draw(in: &$0) }
    #expect(tiny.text == "Gr…")
  }

  // MARK: ProgressBar

  /// Drawn as fills, the bar shows exactly its text.
  @Test func aProgressBarDrawsItsText() {
    for glyphs in [ProgressBar.Glyphs.blocks, .ascii] {
      for width in 0...9 {
        for fraction in [-1, 0, 0.01, 0.3, 0.5, 0.77, 0.99, 1, 2, .nan] {
          let bar = ProgressBar(fraction: fraction, glyphs: glyphs, filledStyle: .bold)
          let drawn = render(width, 1) { bar.draw(in: &$0) }
          let (filled, empty) = ProgressBar.bar(fraction: fraction, width: width, glyphs: glyphs)
          let text = render(width, 1) {
            let x = $0.put(filled, x: 0, y: 0, style: .bold)
            $0.put(empty, x: x, y: 0, style: .dim)
          }
          #expect(drawn == text, "\(glyphs) \(fraction) in \(width)")
        }
      }
    }
  }

  @Test(arguments: [
    (0.0, "", "░░░░░░░░░░"),
    (1.0, "██████████", ""),
    (0.5, "█████", "░░░░░"),
    (0.55, "█████▌", "░░░░"),
    (0.01, "", "░░░░░░░░░░"),
    (0.0125, "▏", "░░░░░░░░░"),
    (-3.0, "", "░░░░░░░░░░"),
    (7.0, "██████████", ""),
    (Double.nan, "", "░░░░░░░░░░"),
  ])
  func progressBlocks(_ fraction: Double, _ filled: String, _ empty: String) {
    let bar = ProgressBar.bar(fraction: fraction, width: 10)
    #expect(bar.filled == filled)
    #expect(bar.empty == empty)
  }

  @Test func progressAsciiAndDrawing() {
    #expect(ProgressBar.bar(fraction: 0.46, width: 10, glyphs: .ascii) == ("####", "------"))
    let c = render(4, 1) { ProgressBar(fraction: 0.5).draw(in: &$0) }
    #expect(c.text == "██░░")
    #expect(c[0, 0].style == .plain)
    #expect(c[3, 0].style == .dim)
    #expect(ProgressBar.bar(fraction: 0.5, width: 0) == ("", ""))
  }

  // MARK: ButtonRow

  @Test func buttonsAreRightAlignedWithSelectionAndShortcuts() {
    let row = ButtonRow(["Save", "Cancel"], selected: 0)
    #expect(row.width == 19)
    let c = render(21, 1) { row.draw(in: &$0) }
    #expect(c.text == "  [ Save ] [ Cancel ]")
    #expect(c[4, 0].style == Style.reverse.with(.underline))  // "S"
    #expect(c[5, 0].style == .reverse)
    #expect(c[13, 0].style == .underline)  // "C"
    #expect(c[14, 0].style == .plain)
  }

  @Test func aLoneButtonTooWideForItsRowIsShortenedWithAnEllipsis() {
    let row = ButtonRow(["Mark as sold out"], selected: 0, alignment: .leading)
    #expect(render(15, 1) { row.draw(in: &$0) }.text == "[ Mark as so… ]")
    #expect(render(20, 1) { row.draw(in: &$0) }.text == "[ Mark as sold out ]")
    // Never a space before the ellipsis.
    #expect(render(18, 1) { row.draw(in: &$0) }.text == "[ Mark as sold… ] ")
  }

  @Test func buttonShortcutsMatchKeys() {
    let row = ButtonRow(["Save", "Cancel", "  42 go"])
    #expect(ButtonRow.shortcut(for: "Save") == "s")
    #expect(ButtonRow.shortcut(for: "  42 go") == "4")
    #expect(ButtonRow.shortcut(for: "…") == nil)
    #expect(row.index(for: .char("c")) == 1)
    #expect(row.index(for: .char("S")) == 0)
    #expect(row.index(for: .char("4")) == 2)
    #expect(row.index(for: .char("x")) == nil)
    #expect(row.index(for: .enter) == nil)
  }

  // MARK: Header

  @Test(arguments: [
    (40, "Standups › Design › Record"),
    (26, "Standups › Design › Record"),
    (25, "… › Design › Record"),
    (18, "… › Record"),
    (9, "Record"),
    (4, "…ord"),
    (0, ""),
  ])
  func breadcrumbsGiveWayFromTheLeft(_ width: Int, _ expected: String) {
    let text = Header.breadcrumbs(["Standups", "Design", "Record"], width: width)
    #expect(text == expected)
    #expect(TextWidth.of(text) <= width)
  }

  /// A long title gives way from its end before any crumb goes: the one
  /// between first, then the current one, each down to a few columns.
  @Test func aLongCrumbIsCutFromItsEndFirst() {
    let long = "The quick brown fox jumps over the lazy dog"
    #expect(
      Header.breadcrumbs(["Inventory", long], width: 30) == "Inventory › The quick brown f…")
    #expect(
      Header.breadcrumbs(["Standups", long, "Record"], width: 40)
        == "Standups › The quick brown fox… › Record")
    #expect(
      Header.breadcrumbs(["Standups", long, long], width: 40)
        == "Standups › The qui… › The quick brown f…")
    // Narrower: the title is cut further before it goes, and the current
    // crumb stays whole while dropping crumbs before it makes room.
    #expect(
      Header.breadcrumbs(["Standups", long, "Record"], width: 24) == "… › The quick… › Record")
    #expect(
      Header.breadcrumbs(["Standups", "Design", "2026-11-19 09:30"], width: 24)
        == "… › 2026-11-19 09:30")
    // Too narrow even so: the leading crumbs give way.
    #expect(Header.breadcrumbs(["Standups", long, "Record"], width: 20) == "… › Record")
    for width in 0...50 {
      #expect(
        TextWidth.of(Header.breadcrumbs(["Standups", long, "Record"], width: width)) <= width)
    }
    // A cut before a space or a wide character leaves no space around "…".
    let wide = "👩‍💻 Dev 🇫🇷 会議会議 café"
    for width in 10...40 {
      let crumbs = Header.breadcrumbs(["Standups", wide, "Record"], width: width)
      #expect(!crumbs.contains(" …") && !crumbs.contains("  "), "\(width): \(crumbs)")
    }
  }

  /// A letter is underlined only where typing it presses the button.
  @Test func aButtonsShortcutIsUnderlinedOnlyWhereItWorks() {
    let dialog = render(20, 1) { ButtonRow(["Yes", "No"]).draw(in: &$0) }
    #expect(
      (0..<20).filter { dialog[$0, 0].style.attributes.contains(.underline) }.map {
        dialog[$0, 0].text
      } == ["Y", "N"])
    let form = render(24, 1) {
      ButtonRow(["Mark as sold out"], selected: 0, showsShortcuts: false).draw(in: &$0)
    }
    #expect(form.text.contains("[ Mark as sold out ]"))
    #expect((0..<24).allSatisfy { !form[$0, 0].style.attributes.contains(.underline) })
  }

  @Test func headerDrawsABarWithTrailingText() {
    let c = render(30, 1) { Header(["Standups", "Design"], trailing: "12:03").draw(in: &$0) }
    #expect(c.text == " Standups › Design      12:03 ")
    #expect(c[0, 0].style == .reverse)
    #expect(c[12, 0].style == Style.reverse.with(.bold))  // current crumb
    #expect(c[1, 0].style == .reverse)
  }

  /// A header drawn again is copied from its last drawing: the same row,
  /// whatever the canvas held, and any change to it drawn anew.
  @Test func aHeaderDrawnAgainIsTheSameDrawing() {
    let header = Header(["Memo", "Test"], trailing: "9 items")
    let first = render(30, 1) { header.draw(in: &$0) }
    var second = Canvas(size: Size(width: 30, height: 1), fill: Cell(text: "x"))
    header.draw(in: &second)
    #expect(second == first)
    let changed = render(30, 1) {
      Header(["Memo", "Test"], trailing: "10 items").draw(in: &$0)
    }
    #expect(changed.text == " Memo › Test         10 items ")
    let narrower = render(20, 1) { header.draw(in: &$0) }
    #expect(narrower.text == " … › Test   9 items ")
  }

  @Test func headerSanitizesCrumbs() {
    let c = render(20, 1) { Header(["Evil\u{1B}[2J"]).draw(in: &$0) }
    #expect(c.text == " Evil␛[2J           ")
    #expect(c[1, 0].style == Style.reverse.with(.bold))
  }
}
