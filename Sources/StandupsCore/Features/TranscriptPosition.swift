/// A row of a transcript as shown: row `row` of line `line` (a note) once
/// the view has wrapped it. Kept by line, not by row on screen, so that a
/// terminal of another width still shows the same words there (only the
/// view knows the width).
public struct TranscriptPosition: Equatable, Sendable {
  public var line: Int
  public var row: Int

  public init(line: Int = 0, row: Int = 0) {
    self.line = line
    self.row = row
  }

  /// The position of the row at `index` among lines of `counts` rows (the
  /// last row past the end).
  public init(row index: Int, in counts: [Int]) {
    var rest = index
    for (line, count) in counts.enumerated() {
      if rest < count {
        self.init(line: line, row: rest)
        return
      }
      rest -= count
    }
    self.init(line: max(0, counts.count - 1), row: max(0, (counts.last ?? 1) - 1))
  }

  /// Its index among all the rows of lines of `counts` rows.
  public func row(in counts: [Int]) -> Int {
    guard !counts.isEmpty else { return 0 }
    let line = min(self.line, counts.count - 1)
    return counts[..<line].reduce(0, +) + min(row, max(0, counts[line] - 1))
  }
}

extension TranscriptPosition: Comparable {
  /// Earlier in the transcript: an earlier line, or an earlier row of it.
  public static func < (lhs: Self, rhs: Self) -> Bool {
    (lhs.line, lhs.row) < (rhs.line, rhs.row)
  }
}
