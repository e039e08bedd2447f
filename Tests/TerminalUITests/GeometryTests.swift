import Testing

@testable import TerminalUI

struct GeometryTests {
  @Test func aSizeParsesFromItsDescription() {
    #expect(Size(parsing: "80x24") == Size(width: 80, height: 24))
    #expect(Size(parsing: "40X12") == Size(width: 40, height: 12))
    #expect(Size(parsing: Size(width: 200, height: 50).description) == Size(width: 200, height: 50))
  }

  @Test(arguments: ["", "80", "80x", "x24", "0x24", "80x0", "1001x24", "80x24x1", "-1x5", "axb"])
  func malformedSizesAreRefused(text: String) {
    #expect(Size(parsing: text) == nil)
  }
}
