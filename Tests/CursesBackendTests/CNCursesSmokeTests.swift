import CNCurses
import Testing

/// Proves the system library links and its wrappers behave, without a terminal.
@Suite struct CNCursesSmokeTests {
  @Test func linksAgainstWideNcurses() throws {
    let version = try #require(curses_version())
    #expect(String(cString: version).hasPrefix("ncurses 6"))
  }

  @Test func attributeWrappersAreDistinctBits() {
    let bits = [cn_a_bold(), cn_a_dim(), cn_a_reverse(), cn_a_underline()]
    #expect(cn_a_normal() == 0)
    #expect(Set(bits).count == 4)
    for bit in bits { #expect(bit.nonzeroBitCount == 1) }
  }

  @Test func colorPairMacroShiftsIntoColorBits() {
    #expect(cn_color_pair(0) == 0)
    #expect(cn_color_pair(1) != 0)
    #expect(cn_color_pair(1) & cn_a_bold() == 0)
  }

  @Test func keyCodeHelpersMatchNcurses() {
    #expect(cn_key_f(1) == cn_key_f(0) + 1)
    #expect(cn_err() == -1)
    #expect(cn_ok() == 0)
    #expect(KEY_UP != KEY_DOWN)
    #expect(cn_ccharw_max() >= 2)
  }

  @Test func widthOfWideCharacterUnderUTF8Locale() {
    // wcwidth depends on the locale; C.UTF-8 ships with glibc.
    guard setlocale(LC_CTYPE, "C.UTF-8") != nil else { return }
    #expect(cn_wcwidth(0x65E5) == 2)  // 日
    #expect(cn_wcwidth(0x0041) == 1)
  }
}
