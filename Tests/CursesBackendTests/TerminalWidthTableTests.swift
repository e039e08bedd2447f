import CNCurses
import Testing

@testable import TerminalUI

#if canImport(Glibc)
  import Glibc
#endif

/// TextWidth's table is the C library's wcwidth, which ncurses and tmux use
/// to place text: any code point they disagree on would shift a row.
@Suite struct TerminalWidthTableTests {
  @Test func everyCodePointHasTheWidthWcwidthGivesIt() throws {
    try #require(setlocale(LC_CTYPE, "C.UTF-8") != nil, "the C.UTF-8 locale is missing")
    var differences: [String] = []
    for value in UInt32(0xA0)...0x10FFFF {
      guard let scalar = Unicode.Scalar(value) else { continue }  // surrogates
      let expected = Int(cn_wcwidth(wchar_t(value)))
      let actual = TextWidth.terminalWidth(scalar)
      if actual != expected, differences.count < 20 {
        differences.append(
          "U+\(String(value, radix: 16, uppercase: true)): \(actual), wcwidth \(expected)")
      }
    }
    #expect(
      differences.isEmpty,
      "the table differs from this C library; run scripts/wcwidth-table.py: \(differences)")
  }
}
