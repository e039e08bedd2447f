import Synchronization

/// The last few rows a widget drew (the cells it wrote from column 0 of its
/// region), each with what it was drawn from: most frames draw the same
/// header and help bar again, which are then copied, not laid out and drawn.
/// Only a memo: what is drawn is the same without it. Shared by every
/// thread that draws.
final class RowMemo<Source: Equatable & Sendable>: Sendable {
  private let rows = Mutex<[(source: Source, cells: [Cell])]>([])
  /// A screen's and a sheet's bar can both be on screen, each redrawn.
  private let kept = 4

  /// Puts the cells drawn from `source` on row 0 of `canvas`'s region; false,
  /// changing nothing, when there are none or they do not fit.
  func put(_ source: Source, in canvas: inout Canvas) -> Bool {
    guard let cells = rows.withLock({ rows in rows.first { $0.source == source }?.cells }) else {
      return false
    }
    return canvas.put(region: cells, at: Rect(x: 0, y: 0, width: cells.count, height: 1))
  }

  /// Keeps row 0's first `width` cells as drawn from `source`: `draw` must
  /// have written every one of them, whatever the canvas held there.
  func keep(_ source: Source, width: Int, of canvas: Canvas) {
    guard width > 0, let cells = canvas.region(Rect(x: 0, y: 0, width: width, height: 1)) else {
      return
    }
    rows.withLock { rows in
      rows.insert((source, cells), at: 0)
      if rows.count > kept { rows.removeLast() }
    }
  }
}
