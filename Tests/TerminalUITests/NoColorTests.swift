import Testing

@testable import TerminalUI

/// no-color.org: any non-empty value turns colour off; empty is unset.
struct NoColorTests {
  @Test(
    arguments: [
      ([:], false), (["NO_COLOR": ""], false), (["NO_COLOR": "1"], true),
      (["NO_COLOR": "0"], true), (["NO_COLOR": " "], true),
    ] as [([String: String], Bool)])
  func onlyANonEmptyValueTurnsColourOff(environment: [String: String], requested: Bool) {
    #expect(NoColor.isRequested(environment: environment) == requested)
  }
}
