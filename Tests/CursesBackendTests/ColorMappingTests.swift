import TerminalUI
import Testing

@testable import CursesBackend

@Suite struct ColorMappingTests {
  @Test func defaultAndANSIColours() {
    #expect(ColorMapping.index(for: .default, colors: 256) == -1)
    #expect(ColorMapping.index(for: .ansi(3), colors: 8) == 3)
    #expect(ColorMapping.index(for: .ansi(12), colors: 256) == 12)
    #expect(ColorMapping.index(for: .ansi(12), colors: 8) == 4)
  }

  @Test func rgbOnA256ColourTerminal() {
    #expect(ColorMapping.index(for: .rgb(255, 0, 0), colors: 256) == 196)
    #expect(ColorMapping.index(for: .rgb(0, 0, 0), colors: 256) == 16)
    #expect(ColorMapping.index(for: .rgb(255, 255, 255), colors: 256) == 231)
    #expect(ColorMapping.index(for: .rgb(95, 135, 175), colors: 256) == 67)
    // Mid greys land on the grey ramp, which is finer than the cube.
    #expect(ColorMapping.index(for: .rgb(128, 128, 128), colors: 256) == 244)
    #expect(ColorMapping.index(for: .rgb(18, 18, 18), colors: 256) == 233)
  }

  @Test func rgbOnSmallPalettes() {
    #expect(ColorMapping.index(for: .rgb(250, 10, 10), colors: 8) == 1)
    #expect(ColorMapping.index(for: .rgb(250, 10, 10), colors: 16) == 9)
    #expect(ColorMapping.index(for: .rgb(10, 10, 200), colors: 8) == 4)
    #expect(ColorMapping.index(for: .rgb(240, 240, 240), colors: 8) == 7)
  }

  /// Standups' themes on a console of 8 (or 16) colours: by hue, so that
  /// none turns black (invisible on a black console) and the pale ones do
  /// not all turn white.
  @Test(arguments: [
    (0x001441, 4, 4), (0x360071, 4, 4), (0x4A070B, 1, 1),  // navy, indigo, oxblood
    (0xCBEAE5, 6, 14), (0xC29B7E, 3, 3), (0xCFCEFF, 4, 12),  // seafoam, tan, lavender
    (0xEE80D1, 5, 13), (0xFFF196, 3, 11), (0x8682FF, 4, 12),  // bubblegum, buttercup, periwinkle
    (0x228F9E, 6, 6), (0xA51377, 5, 5), (0xFF5E5E, 1, 9),  // teal, magenta, poppy
  ])
  func themesKeepTheirHueOnSmallPalettes(hex: UInt32, eight: Int, sixteen: Int) {
    let color = Color(hex: hex)
    #expect(ColorMapping.index(for: color, colors: 8) == eight)
    #expect(ColorMapping.index(for: color, colors: 16) == sixteen)
  }

  @Test func greysStayGrey() {
    #expect(ColorMapping.index(for: .rgb(10, 10, 10), colors: 8) == 0)
    #expect(ColorMapping.index(for: .rgb(128, 128, 128), colors: 8) == 7)
    #expect(ColorMapping.index(for: .rgb(128, 128, 128), colors: 16) == 8)
    #expect(ColorMapping.index(for: .rgb(250, 250, 250), colors: 16) == 15)
  }

  @Test func pairTableReusesAndRunsOut() {
    var table = PairTable(capacity: 3)
    var defined: [[Int]] = []
    func pair(_ fg: Int, _ bg: Int) -> Int {
      table.pair(foreground: fg, background: bg) { pair, fg, bg in
        defined.append([pair, fg, bg])
        return true
      }
    }
    #expect(pair(-1, -1) == 0)
    #expect(pair(1, -1) == 1)
    #expect(pair(2, 0) == 2)
    #expect(pair(1, -1) == 1)
    #expect(pair(3, 3) == 0)  // full: fall back to default colours
    #expect(defined == [[1, 1, -1], [2, 2, 0]])
  }

  @Test func pairTableSkipsFailedDefinitions() {
    var table = PairTable(capacity: 10)
    #expect(table.pair(foreground: 1, background: 2) { _, _, _ in false } == 0)
    #expect(table.pair(foreground: 1, background: 2) { _, _, _ in true } == 1)
  }
}
