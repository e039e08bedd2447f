import Testing

@testable import TerminalUI

@Suite struct TextFieldTests {
  func field(_ text: String, cursor: Int? = nil) -> TextFieldState {
    TextFieldState(text: text, cursor: cursor)
  }

  func applying(_ keys: [Key], to state: TextFieldState) -> TextFieldState {
    var s = state
    for key in keys { _ = s.apply(key) }
    return s
  }

  @Test func typingInsertsAtTheCursor() {
    var s = field("")
    for ch in "héllo 中文 😀" {
      let handled = s.apply(.char(ch))
      #expect(handled)
    }
    #expect(s.text == "héllo 中文 😀")
    #expect(s.cursor == 10)
    s = applying([.home, .char(">")], to: s)
    #expect(s.text == ">héllo 中文 😀")
    #expect(s.cursor == 1)
  }

  @Test func movementStaysInBounds() {
    var s = field("ab😀", cursor: 0)
    let handled = s.apply(.left)
    #expect(handled)
    #expect(s.cursor == 0)
    s = applying([.right, .right, .right, .right, .right], to: s)
    #expect(s.cursor == 3)
    s = applying([.home], to: s)
    #expect(s.cursor == 0)
    s = applying([.end], to: s)
    #expect(s.cursor == 3)
    s = applying([.ctrl("a")], to: s)
    #expect(s.cursor == 0)
    s = applying([.ctrl("e"), .ctrl("b")], to: s)
    #expect(s.cursor == 2)
    s = applying([.ctrl("f")], to: s)
    #expect(s.cursor == 3)
  }

  @Test func backspaceAndDeleteRemoveWholeGraphemes() {
    var s = field("a👨‍👩‍👧b🇯🇵e\u{301}")
    let handled = s.apply(.backspace)
    #expect(handled)
    #expect(s.text == "a👨‍👩‍👧b🇯🇵")
    s = applying([.backspace], to: s)
    #expect(s.text == "a👨‍👩‍👧b")
    s = applying([.left, .backspace], to: s)
    #expect(s.text == "ab")
    #expect(s.cursor == 1)
    s = applying([.delete], to: s)
    #expect(s.text == "a")
    s = applying([.home, .ctrl("d")], to: s)
    #expect(s.text == "")
    // at the edges the keys are still consumed, and change nothing
    let backspaceHandled = s.apply(.backspace)
    let deleteHandled = s.apply(.delete)
    #expect(backspaceHandled && deleteHandled)
    #expect(s.text == "")
  }

  @Test func lineKills() {
    let s = field("hello big world", cursor: 6)
    let u = applying([.ctrl("u")], to: s)
    #expect(u.text == "big world")
    #expect(u.cursor == 0)
    let k = applying([.ctrl("k")], to: s)
    #expect(k.text == "hello ")
    #expect(k.cursor == 6)
  }

  @Test func wordDeletionAndMovement() {
    var s = field("foo bar  baz  ")
    s = applying([.ctrl("w")], to: s)
    #expect(s.text == "foo bar  ")
    s = applying([.ctrl("w")], to: s)
    #expect(s.text == "foo ")
    s = applying([.ctrl("w"), .ctrl("w")], to: s)
    #expect(s.text == "")
    var m = field("one 中文 three", cursor: 0)
    m = applying([.alt("f")], to: m)
    #expect(m.cursor == 3)
    m = applying([.alt("f")], to: m)
    #expect(m.cursor == 6)
    m = applying([.alt("b")], to: m)
    #expect(m.cursor == 4)
    m = applying([.alt("d")], to: m)
    #expect(m.text == "one  three")
    #expect(m.cursor == 4)
    // Ctrl-← and Ctrl-→ as Alt-B and Alt-F.
    var c = field("one 中文 three", cursor: 0)
    c = applying([.wordRight, .wordRight], to: c)
    #expect(c.cursor == 6)
    c = applying([.wordLeft], to: c)
    #expect(c.cursor == 4)
    #expect(applying([.wordLeft], to: c).cursor == 0)
  }

  @Test func combiningInputMergesAndTheCursorFollows() {
    var s = field("")
    s = applying([.char("e"), .char("\u{301}")], to: s)
    #expect(s.text == "e\u{301}")
    #expect(s.text.count == 1)
    #expect(s.cursor == 1)
    var mid = field("ae", cursor: 1)
    mid.insert("\u{301}")
    #expect(mid.text == "a\u{301}e")
    #expect(mid.cursor == 1)
    var flag = field("")
    flag = applying([.char("🇯"), .char("🇵")], to: flag)
    #expect(flag.text == "🇯🇵")
    #expect(flag.cursor == 1)
    var zwj = field("👨")
    zwj.insert("\u{200D}👩")
    #expect(zwj.text.count == 1)
    #expect(zwj.cursor == 1)
  }

  @Test func nonEditingKeysAreLeftToTheCaller() {
    var s = field("abc", cursor: 1)
    for key: Key in [
      .enter, .escape, .up, .down, .tab, .backTab, .ctrl("s"), .pageUp, .function(1), .char("\n"),
      .char("\u{1B}"),
    ] {
      let handled = s.apply(key)
      #expect(!handled, "\(key)")
    }
    #expect(s == field("abc", cursor: 1))
  }

  @Test func pasteIsCleaned() {
    var s = field("[]", cursor: 1)
    s.insert("hello\nworld\u{1B}[31m!\u{07}")
    #expect(s.text == "[hello world!]")
    #expect(s.cursor == 13)
  }

  @Test func aPastedLineLeavesItsLineBreaksBehind() {
    // Copying a whole line usually takes its line break along.
    #expect(
      TextFieldState.insert("\r\nhello\n\nworld\r\n\n", text: "[]", cursor: 1) == (
        "[hello  world]", 13
      ))
    #expect(TextFieldState.insert("\n", text: "ab", cursor: 1) == ("ab", 1))
    #expect(TextFieldState.insert(" x \n", text: "", cursor: 0) == (" x ", 3))
  }

  @Test func maxLengthLimitsInsertion() {
    var s = TextFieldState(text: "abc", maxLength: 5)
    s.insert("defgh")
    #expect(s.text == "abcde")
    let handled = s.apply(.char("z"))
    #expect(handled)  // consumed, though full
    #expect(s.text == "abcde")
  }

  @Test func settingTextClampsTheCursor() {
    var s = field("hello")
    s.text = "hi"
    #expect(s.cursor == 2)
    s.cursor = -5
    #expect(s.cursor == 0)
    s.cursor = 99
    #expect(s.cursor == 2)
    #expect(TextFieldState(text: "abc", cursor: 10).cursor == 3)
  }

  // MARK: Drawing

  func draw(_ state: TextFieldState, width: Int, focused: Bool = true) -> (Canvas, Int) {
    var column = -1
    let c = render(width, 1) { column = TextField(state, isFocused: focused).draw(in: &$0) }
    return (c, column)
  }

  @Test func shortTextDrawsFromTheStart() {
    let (c, column) = draw(field("abc", cursor: 1), width: 6)
    #expect(c.text == "abc   ")
    #expect(column == 1)
    #expect(c.cursor == Point(x: 1, y: 0))
  }

  @Test func longTextScrollsToKeepTheCursorVisible() {
    // Scrolled, the first column says there is more before it.
    let (end, endColumn) = draw(field("abcdefgh"), width: 5)
    #expect(end.text == "…fgh ")
    #expect(endColumn == 4)
    let (start, startColumn) = draw(field("abcdefgh", cursor: 0), width: 5)
    #expect(start.text == "abcd…")
    #expect(startColumn == 0)
  }

  @Test func wideGraphemeUnderTheCursorShowsWhole() {
    let (c, column) = draw(field("中文字幕", cursor: 2), width: 5)
    // "…" takes the first column of a wide grapheme: the second is blank.
    #expect(c.text == "… 字…")
    #expect(column == 2)
    let (atEnd, endColumn) = draw(field("中文字幕"), width: 5)
    #expect(atEnd.text == "… 幕 ")
    #expect(endColumn == 4)
    // In the last two columns, with more after it: no "…" over its second half.
    let (edge, edgeColumn) = draw(field("abc字x", cursor: 3), width: 5)
    #expect(edge.text == "abc字")
    #expect(edgeColumn == 3)
  }

  @Test func cursorIsAlwaysOnScreen() {
    let texts = ["abcdefghij", "中文字幕テスト", "a😀b👨‍👩‍👧ce\u{301}f🇯🇵", "tab\there"]
    for text in texts {
      for cursor in 0...text.count {
        for width in 1...8 {
          let window = TextField.window(for: field(text, cursor: cursor), width: width)
          #expect(
            window.cursorColumn >= 0 && window.cursorColumn < width, "\(text) \(cursor) \(width)")
          let (canvas, _) = draw(field(text, cursor: cursor), width: width)
          #expect(isWellFormed(canvas))
        }
      }
    }
  }

  /// Printable ASCII takes a shortcut; it must land where measuring each grapheme does.
  @Test func asciiTextScrollsAsMeasuredText() {
    // The same columns, one grapheme wider than ASCII in each: "é" spelt
    // with a combining mark is one column, but not ASCII.
    for text in ["", "a", "abcdefghij", "Sprint planning, week 12"] {
      let measured = text.isEmpty ? "" : "e\u{301}" + text.dropFirst()
      for cursor in 0...text.count {
        for width in 1...12 {
          let ascii = TextField.window(for: field(text, cursor: cursor), width: width)
          let other = TextField.window(for: field(measured, cursor: cursor), width: width)
          #expect(ascii == other, "\(text) \(cursor) \(width)")
        }
      }
    }
  }

  @Test func placeholderAndFocus() {
    let c = render(8, 1) { TextField(field(""), placeholder: "Title").draw(in: &$0) }
    #expect(c.text == "Title   ")
    #expect(c[0, 0].style.attributes.contains(.dim))
    #expect(c.cursor == Point(x: 0, y: 0))
    let (unfocused, _) = draw(field("x"), width: 4, focused: false)
    #expect(unfocused.cursor == nil)
  }

  /// A field not being typed in that cannot show its whole text ends with
  /// "…"; focused, it shows the text at the cursor, and "…" where more
  /// follows out of sight.
  @Test func anUnfocusedTextTooLongForTheFieldEndsWithAnEllipsis() {
    let (cut, _) = draw(field("Maximiliana", cursor: 0), width: 6, focused: false)
    #expect(cut.text == "Maxim…")
    let (fits, _) = draw(field("Max", cursor: 0), width: 6, focused: false)
    #expect(fits.text == "Max   ")
    let (typing, _) = draw(field("Maximiliana", cursor: 0), width: 6)
    #expect(typing.text == "Maxim…")
  }
}

/// The helpers for a field kept in domain state as text + cursor.
struct TextFieldStateEditTests {
  @Test func editingKeysEditAndOthersAreLeftToTheCaller() {
    let typed = TextFieldState.edit(.char("!"), text: "Hi", cursor: 2)
    #expect(typed?.text == "Hi!" && typed?.cursor == 3)
    let deleted = TextFieldState.edit(.backspace, text: "Hi", cursor: 2)
    #expect(deleted?.text == "H" && deleted?.cursor == 1)
    #expect(TextFieldState.edit(.enter, text: "Hi", cursor: 2) == nil)
  }

  @Test func aPasteGoesInAtTheCursor() {
    let pasted = TextFieldState.insert("ey", text: "Hi", cursor: 1)
    #expect(pasted.text == "Heyi" && pasted.cursor == 3)
  }
}
