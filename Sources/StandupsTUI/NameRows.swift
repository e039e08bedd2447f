import TerminalUI

/// Names that outnumber their rows: several to a row, never split.
enum NameRows {
  /// `names` joined by commas into rows of `width` columns, at most
  /// `limit`; the last one ends with how many more there are.
  static func packed(_ names: [String], width: Int, limit: Int) -> [String] {
    var rows: [String] = []
    var index = 0
    while index < names.count, rows.count < limit {
      let isLast = rows.count == limit - 1
      // The last row takes every name left when they fit without a count,
      // which it would otherwise save room for.
      if isLast {
        let rest = names[index...].map(Sanitizer.inert).joined(separator: ", ")
        if TextWidth.of(rest) <= width {
          rows.append(rest)
          break
        }
      }
      var row = ""
      var end = index
      while end < names.count {
        let piece = Sanitizer.inert(names[end])
        let candidate = row.isEmpty ? piece : row + ", " + piece
        let left = names.count - end - 1
        // Room for what follows: the count on the last row, else a comma.
        let after = left == 0 ? 0 : isLast ? TextWidth.of(", and \(left) more") : 1
        let fits = TextWidth.of(candidate) + after <= width
        // A name longer than a row has one of its own, cut; on the last row
        // it is cut to leave room for the count, if that leaves a few columns.
        guard fits || (row.isEmpty && (!isLast || left == 0)) else {
          let room = width - TextWidth.of(", and \(left) more")
          if row.isEmpty, isLast, room >= 4 {
            row = String(
              TextWidth.truncate(piece, to: room).reversed().drop { $0 == " " }.reversed())
            end += 1
          }
          break
        }
        row = candidate
        end += 1
      }
      index = end
      let left = names.count - index
      if left > 0 { row += isLast ? (row.isEmpty ? "" : ", ") + "and \(left) more" : "," }
      rows.append(row)
    }
    return rows
  }
}
