import CNCurses
import TerminalUI
import Testing

@testable import CursesBackend

@Suite struct InputDecoderTests {
  private func chars(_ text: String) -> [RawInput] {
    text.unicodeScalars.map { .character($0.value) }
  }

  private func decode(_ input: [RawInput]) -> [TerminalEvent] {
    var decoder = InputDecoder()
    return decoder.decode(input)
  }

  @Test func singlePrintableCharactersAreKeys() {
    #expect(decode(chars("a")) == [.key(.char("a"))])
    #expect(decode(chars("é")) == [.key(.char("é"))])
    #expect(decode(chars("日")) == [.key(.char("日"))])
    #expect(decode(chars("ab")) == [.key(.char("a")), .key(.char("b"))])
  }

  @Test func combiningMarksJoinTheirBase() {
    #expect(decode(chars("e\u{301}")) == [.key(.char("e\u{301}"))])
  }

  @Test func controlCodes() {
    #expect(decode([.character(3)]) == [.key(.ctrl("c"))])
    #expect(decode([.character(1)]) == [.key(.ctrl("a"))])
    #expect(decode([.character(26)]) == [.key(.ctrl("z"))])
    #expect(decode([.character(9)]) == [.key(.tab)])
    #expect(decode([.character(10)]) == [.key(.enter)])
    #expect(decode([.character(13)]) == [.key(.enter)])
    #expect(decode([.character(8)]) == [.key(.backspace)])
    #expect(decode([.character(127)]) == [.key(.backspace)])
    #expect(decode([.character(28)]) == [.key(.ctrl("\\"))])
  }

  @Test func functionKeyCodes() {
    let cases: [(Int32, Key)] = [
      (KEY_UP, .up), (KEY_DOWN, .down), (KEY_LEFT, .left), (KEY_RIGHT, .right),
      (KEY_HOME, .home), (KEY_END, .end), (KEY_PPAGE, .pageUp), (KEY_NPAGE, .pageDown),
      (KEY_BTAB, .backTab), (KEY_DC, .delete), (KEY_IC, .insert),
      (KEY_BACKSPACE, .backspace), (KEY_ENTER, .enter), (cn_key_f(5), .function(5)),
    ]
    for (code, key) in cases {
      #expect(decode([.keyCode(code)]) == [.key(key)])
    }
    #expect(decode([.keyCode(KEY_MOUSE)]) == [])
  }

  @Test func escapeAloneAndAltCharacters() {
    #expect(decode([.character(27)]) == [.key(.escape)])
    #expect(decode([.character(27)] + chars("x")) == [.key(.alt("x"))])
    #expect(decode([.character(27), .character(27)]) == [.key(.escape), .key(.escape)])
    #expect(decode([.character(27), .keyCode(KEY_UP)]) == [.key(.escape), .key(.up)])
    #expect(decode([.character(27), .character(3)]) == [.key(.escape), .key(.ctrl("c"))])
  }

  /// Control strings (OSC, DCS…) and charset selections arriving as keys
  /// are dropped whole: none of their contents is typed.
  @Test func controlStringsAndCharsetSelectionsAreDroppedWhole() {
    let esc: [RawInput] = [.character(27)]
    #expect(
      decode(chars("A") + esc + chars("]0;evil") + [.character(7)] + chars("B")) == [
        .key(.char("A")), .key(.char("B")),
      ])
    #expect(decode(chars("C") + esc + chars("(BD")) == [.key(.char("C")), .key(.char("D"))])
    #expect(
      decode(chars("E") + esc + chars("P1;2|xyz") + esc + chars("\\F")) == [
        .key(.char("E")), .key(.char("F")),
      ])
    #expect(decode(esc + chars("]52;c;aGk=")) == [])
  }

  /// Alt with Backspace deletes a word back; Alt with Enter or Tab does
  /// nothing. Neither is Esc (which closes a sheet, draft and all).
  @Test func altWithBackspaceEnterOrTabIsNoEscape() {
    for backspace: UInt32 in [127, 8] {
      #expect(decode([.character(27), .character(backspace)]) == [.key(.ctrl("w"))])
    }
    for key: UInt32 in [13, 10, 9] {
      #expect(decode([.character(27), .character(key)]) == [])
    }
    #expect(decode([.character(27), .character(13)] + chars("x")) == [.key(.char("x"))])
    #expect(decode([.character(27), .keyCode(KEY_BACKSPACE)]) == [.key(.ctrl("w"))])
    #expect(decode([.character(27), .keyCode(KEY_ENTER)]) == [])
  }

  /// Esc O and a final byte (SS3), and CSI sequences, the terminal
  /// description did not list: the common keys are decoded, the rest
  /// dropped; none is typed.
  @Test func unlistedSequencesAreKeysOrNothingNeverText() {
    #expect(decode([.character(27)] + chars("OA")) == [.key(.up)])
    #expect(decode([.character(27)] + chars("OP")) == [.key(.function(1))])
    #expect(decode([.character(27)] + chars("OH")) == [.key(.home)])
    #expect(decode([.character(27)] + chars("OM")) == [.key(.enter)])
    #expect(decode([.character(27)] + chars("OZ")) == [])
    #expect(
      decode([.character(27)] + chars("Ok") + chars("x")) == [.key(.char("+")), .key(.char("x"))])
    #expect(decode([.character(27)] + chars("Op")) == [.key(.char("0"))])
    // The Linux console's F1 and F5.
    #expect(decode([.character(27)] + chars("[[A")) == [.key(.function(1))])
    #expect(decode([.character(27)] + chars("[[E")) == [.key(.function(5))])
    // The common CSI keys, when TERM's description lists others.
    #expect(decode([.character(27)] + chars("[1~")) == [.key(.home)])
    #expect(decode([.character(27)] + chars("[4~")) == [.key(.end)])
    #expect(decode([.character(27)] + chars("[3~")) == [.key(.delete)])
    #expect(decode([.character(27)] + chars("[9~")) == [])
    // Ctrl and Alt with ← and → (xterm, tmux; rxvt's Esc O d / c): by word.
    #expect(decode([.character(27)] + chars("[1;5D")) == [.key(.wordLeft)])
    #expect(decode([.character(27)] + chars("[1;3C")) == [.key(.wordRight)])
    #expect(decode([.character(27)] + chars("Od")) == [.key(.wordLeft)])
    #expect(decode([.character(27)] + chars("[1;5A")) == [])
    // Esc O alone is Alt-O.
    #expect(decode([.character(27)] + chars("O")) == [.key(.alt("O"))])
  }

  @Test func burstOfPrintableTextIsTypedText() {
    #expect(decode(chars("hello world")) == [.typed("hello world")])
    #expect(decode(chars("abc")) == [.key(.char("a")), .key(.char("b")), .key(.char("c"))])
    // A control key ends the run: Enter after typed-ahead text still submits.
    #expect(decode(chars("name") + [.character(13)]) == [.typed("name"), .key(.enter)])
  }

  /// Tabs in a burst of nothing else (a row copied from a spreadsheet:
  /// empty cells, a tab at either end, its line break) are part of the text,
  /// as in a bracketed paste; among fewer characters than a paste has (keys
  /// typed ahead of a late read), or with other keys in the read, they are
  /// still the Tab key.
  @Test func tabsInABurstAreText() {
    #expect(decode(chars("alpha\tbeta gamma delta")) == [.typed("alpha\tbeta gamma delta")])
    #expect(decode(chars("Ada Lovelace\t\tLondon")) == [.typed("Ada Lovelace\t\tLondon")])
    #expect(decode(chars("\tname of the cell\t")) == [.typed("\tname of the cell\t")])
    #expect(
      decode(chars("alpha beta\tgamma delta") + [.character(13)])
        == [.typed("alpha beta\tgamma delta"), .key(.enter)])
    #expect(decode(chars("a\tb")) == [.key(.char("a")), .key(.tab), .key(.char("b"))])
    #expect(
      decode(chars("abc\t")) == [.key(.char("a")), .key(.char("b")), .key(.char("c")), .key(.tab)])
    // Typed into a form faster than a busy app read it.
    #expect(
      decode(chars("Retro\t\t\tAlice") + [.character(13)])
        == [
          .typed("Retro"), .key(.tab), .key(.tab), .key(.tab), .typed("Alice"), .key(.enter),
        ])
    #expect(
      decode(chars("abcd efgh ijkl mnop\tef") + [.character(27)] + chars("[A"))
        == [
          .typed("abcd efgh ijkl mnop"), .key(.tab), .key(.char("e")), .key(.char("f")), .key(.up),
        ])
  }

  /// Lines pasted where the terminal does not mark pastes arrive in one
  /// read with their breaks: a paste, not text and Enter and text.
  @Test func unmarkedLinesInOneReadAreAPaste() {
    #expect(
      decode(chars("first line") + [.character(13)] + chars("second line"))
        == [.paste("first line\nsecond line")])
    // Tabs in the lines (columns of a table) stay in the text.
    #expect(
      decode(
        chars("Alice Smith") + [.character(9)] + chars("Eng") + [.character(10)]
          + chars("Bob") + [.character(9)] + chars("Ops") + [.character(10)] + chars("Cy"))
        == [.paste("Alice Smith\tEng\nBob\tOps\nCy")])
    // Two breaks with text after each: lines, however short.
    #expect(
      decode(
        chars("Ann") + [.character(13), .character(10)] + chars("Bob") + [.character(10)]
          + chars("Cy")) == [.paste("Ann\nBob\nCy")])
  }

  /// Typed ahead faster than the screen showed it (a slow link, a busy
  /// app): text, Enter and more keys keep their meaning.
  @Test func typedAheadTextEnterAndKeysAreNoPaste() {
    #expect(decode(chars("name") + [.character(13)]) == [.typed("name"), .key(.enter)])
    #expect(
      decode(chars("Daily") + [.character(13)] + chars("Alice"))
        == [.typed("Daily"), .key(.enter), .typed("Alice")])
    // Enter, then a key held down.
    #expect(
      decode([.character(13)] + chars("jjjj"))
        == [.key(.enter), .typed("jjjj")])
    #expect(
      decode(chars("a") + [.character(13)] + chars("b"))
        == [.key(.char("a")), .key(.enter), .key(.char("b"))])
    // Another control in the read: keys as before.
    #expect(
      decode(chars("abcd") + [.character(9)] + chars("efgh") + [.character(13)] + chars("ij"))
        == [
          .typed("abcd"), .key(.tab), .typed("efgh"), .key(.enter), .key(.char("i")),
          .key(.char("j")),
        ])
  }

  @Test func bracketedPasteKeepsLineBreaksAndControlText() {
    let input =
      [.character(27)] + chars("[200~one") + [.character(13)] + chars("two")
      + [.character(27)] + chars("[201~")
    #expect(decode(input) == [.paste("one\ntwo")])
    let short = [.character(27)] + chars("[200~q") + [.character(27)] + chars("[201~")
    #expect(decode(short) == [.paste("q")])
  }

  @Test func bracketedPasteSpanningReads() {
    var decoder = InputDecoder()
    #expect(decoder.decode([.character(27)] + chars("[200~abc")) == [])
    #expect(decoder.isInsidePaste)
    #expect(decoder.decode(chars("def") + [.character(27)] + chars("[2")) == [])
    #expect(decoder.decode(chars("01~x")) == [.paste("abcdef"), .key(.char("x"))])
    #expect(!decoder.isInsidePaste)
  }

  @Test func unknownEscapeSequencesAreDropped() {
    #expect(decode([.character(27)] + chars("[99;5u") + chars("a")) == [.key(.char("a"))])
  }
}
