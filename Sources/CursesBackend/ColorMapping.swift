import TerminalUI

/// Maps the app's colours to colour numbers a terminal offers. Pure arithmetic,
/// kept apart from ncurses so it can be tested without a terminal.
enum ColorMapping {
  /// ncurses' number for "the terminal's own colour" (needs `use_default_colors`).
  static let terminalDefault = -1

  /// The colour number to use for `color` on a terminal with `colors` colours.
  static func index(for color: Color, colors: Int) -> Int {
    switch color {
    case .default:
      return terminalDefault
    case .ansi(let n):
      let n = Int(n & 15)
      // 8-colour terminals have no bright half; fold it onto the normal one.
      return colors >= 16 ? n : n % 8
    case .rgb(let r, let g, let b):
      if colors >= 256 { return nearest256(r: Int(r), g: Int(g), b: Int(b)) }
      return nearestANSI(r: Int(r), g: Int(g), b: Int(b), count: colors >= 16 ? 16 : 8)
    }
  }

  /// The channel values of xterm's 6×6×6 colour cube (indices 16–231).
  static let cubeLevels = [0, 95, 135, 175, 215, 255]

  /// The nearest entry of the 256-colour palette, searching the colour cube and
  /// the grey ramp (232–255) but not 0–15, whose colours vary with the theme.
  static func nearest256(r: Int, g: Int, b: Int) -> Int {
    let (ri, gi, bi) = (cubeStep(r), cubeStep(g), cubeStep(b))
    let cube = 16 + 36 * ri + 6 * gi + bi
    let cubeDistance = distance(
      (r, g, b), (cubeLevels[ri], cubeLevels[gi], cubeLevels[bi]))

    let average = (r + g + b) / 3
    let greyStep = min(23, max(0, (average - 3) / 10))
    let greyValue = 8 + 10 * greyStep
    let greyDistance = distance((r, g, b), (greyValue, greyValue, greyValue))
    return greyDistance < cubeDistance ? 232 + greyStep : cube
  }

  /// xterm's default values for the 16 ANSI colours.
  static let ansiPalette: [(Int, Int, Int)] = [
    (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0),
    (0, 0, 238), (205, 0, 205), (0, 205, 205), (229, 229, 229),
    (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0),
    (92, 92, 255), (255, 0, 255), (0, 255, 255), (255, 255, 255),
  ]

  /// The nearest of the first `count` (8 or 16) ANSI colours.
  static func nearestANSI(r: Int, g: Int, b: Int, count: Int) -> Int {
    var best = 0
    var bestDistance = Int.max
    for (i, c) in ansiPalette.prefix(count).enumerated() {
      let d = distance((r, g, b), c)
      if d < bestDistance {
        best = i
        bestDistance = d
      }
    }
    return best
  }

  /// Which of the six cube levels is closest to a 0–255 channel value.
  private static func cubeStep(_ v: Int) -> Int {
    if v < 48 { return 0 }
    if v < 115 { return 1 }
    return min(5, (v - 35) / 40)
  }

  private static func distance(_ a: (Int, Int, Int), _ b: (Int, Int, Int)) -> Int {
    let (dr, dg, db) = (a.0 - b.0, a.1 - b.1, a.2 - b.2)
    return dr * dr + dg * dg + db * db
  }
}

/// Hands out colour-pair numbers for (foreground, background) combinations on
/// demand and remembers them, since a terminal has a limited number of pairs.
struct PairTable {
  private struct Key: Hashable {
    var foreground: Int
    var background: Int
  }

  /// How many pairs the terminal has (`COLOR_PAIRS`); pair 0 is fixed.
  let capacity: Int
  private var assigned: [Key: Int] = [:]
  private var next = 1

  init(capacity: Int) { self.capacity = capacity }

  /// The pair for the two colours, defining a new one through `define` when
  /// needed. Default-on-default is pair 0. When the table is full the
  /// terminal's default colours are used: text stays readable, only uncoloured.
  mutating func pair(
    foreground: Int, background: Int, define: (_ pair: Int, _ fg: Int, _ bg: Int) -> Bool
  ) -> Int {
    if foreground == ColorMapping.terminalDefault && background == ColorMapping.terminalDefault {
      return 0
    }
    let key = Key(foreground: foreground, background: background)
    if let pair = assigned[key] { return pair }
    guard next < capacity, define(next, foreground, background) else { return 0 }
    assigned[key] = next
    next += 1
    return next - 1
  }
}
