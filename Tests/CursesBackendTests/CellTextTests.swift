import Testing

@testable import CursesBackend

@Suite struct CellTextTests {
  @Test func controlCharactersNeverReachTheTerminal() {
    #expect(CellWriter.scalars(of: "\u{1B}") == nil)
    #expect(CellWriter.scalars(of: "\n") == nil)
    #expect(CellWriter.scalars(of: "\u{9B}") == nil)  // C1 CSI
    #expect(CellWriter.scalars(of: "a\u{7}") == ["a"])
  }

  @Test func keepsBaseAndCombiningMarks() {
    #expect(CellWriter.scalars(of: "e\u{301}") == ["e", "\u{301}"])
    #expect(CellWriter.scalars(of: "") == [" "])
    let long = "a" + String(repeating: "\u{301}", count: 8)
    #expect(CellWriter.scalars(of: long)?.count == 5)
  }

  @Test func terminfoPaddingIsStripped() {
    let bytes = Array("\u{1B}[?1049l$<5>\u{1B}[m$<2/>".utf8)
    #expect(SignalGuard.withoutPadding(bytes) == Array("\u{1B}[?1049l\u{1B}[m".utf8))
  }
}
