@testable import TerminalUI

/// Draws into a fresh canvas of `width`×`height` and returns it.
func render(_ width: Int, _ height: Int, _ body: (inout Canvas) -> Void) -> Canvas {
  var canvas = Canvas(size: Size(width: width, height: height))
  body(&canvas)
  return canvas
}

/// The wide-character invariant: every wide lead is followed by its
/// continuation, every continuation follows a wide lead, and every row is
/// exactly as wide as the grid.
func isWellFormed(_ canvas: Canvas) -> Bool {
  for y in 0..<canvas.size.height {
    for x in 0..<canvas.size.width {
      let cell = canvas[x, y]
      if cell.width == 2, x + 1 >= canvas.size.width || !canvas[x + 1, y].isContinuation {
        return false
      }
      if cell.isContinuation, x == 0 || canvas[x - 1, y].width != 2 { return false }
    }
  }
  return canvas.lines.allSatisfy { TextWidth.of($0) == canvas.size.width }
}

/// A small deterministic generator, so "random" tests fail the same way twice.
struct SplitMix {
  var state: UInt64
  mutating func next(_ upperBound: Int) -> Int {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return Int((z ^ (z >> 31)) % UInt64(upperBound))
  }
}
