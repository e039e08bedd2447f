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

  /// The ANSI colour (of the first `count`, 8 or 16) of the same hue: a
  /// terminal's own palette varies too much for distances to it to mean
  /// much, and the nearest by distance turned dark colours (navy, oxblood)
  /// black, invisible on a black console, and pale ones all white. Only
  /// colours with next to no hue become black, grey or white.
  static func nearestANSI(r: Int, g: Int, b: Int, count: Int) -> Int {
    let (high, low) = (max(r, g, b), min(r, g, b))
    let lightness = (high + low) / 2
    guard high - low >= 24 else {
      if count < 16 { return lightness < 64 ? 0 : 7 }
      return lightness < 40 ? 0 : lightness < 150 ? 8 : lightness < 215 ? 7 : 15
    }
    let base = ansiHue(r: r, g: g, b: b, high: high, chroma: high - low)
    return count >= 16 && high >= 230 ? base + 8 : base
  }

  /// Red 1, yellow 3 (orange and tan too), green 2, cyan 6, blue 4 (violet
  /// too), magenta 5: the hue circle cut where these names change.
  private static func ansiHue(r: Int, g: Int, b: Int, high: Int, chroma: Int) -> Int {
    let c = Double(chroma)
    var hue: Double
    if high == r {
      hue = 60 * (Double(g - b) / c)
    } else if high == g {
      hue = 60 * (Double(b - r) / c + 2)
    } else {
      hue = 60 * (Double(r - g) / c + 4)
    }
    if hue < 0 { hue += 360 }
    switch hue {
    case 20..<75: return 3
    case 75..<150: return 2
    case 150..<195: return 6
    case 195..<275: return 4
    case 275..<330: return 5
    default: return 1
    }
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
