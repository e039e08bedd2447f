import Foundation

/// One line of the results table.
struct Row {
  enum Verdict: String {
    case ok = "ok"
    case miss = "MISS"
    case info = ""
  }

  var section: String
  var name: String
  var value: String
  var target: String = ""
  var verdict: Verdict = .info
}

/// Collects rows as the benchmarks run and prints them as one table.
@MainActor
final class Report {
  private(set) var rows: [Row] = []

  func add(_ row: Row) {
    rows.append(row)
    // Progress on stderr, so a long run shows life; the table goes to stdout.
    FileHandle.standardError.write(Data("  \(row.section) · \(row.name): \(row.value)\n".utf8))
  }

  /// Adds a row with its verdict.
  func add(
    _ section: String, _ name: String, _ value: String, target: String, met: Bool
  ) {
    add(Row(section: section, name: name, value: value, target: target, verdict: met ? .ok : .miss))
  }

  func add(_ section: String, _ name: String, _ value: String) {
    add(Row(section: section, name: name, value: value))
  }

  /// Adds times in nanoseconds, judged by their median against `limit`:
  /// "median …, max …" (or the 90th percentile, with `p90`).
  func add(
    _ section: String, _ name: String, times: Samples, p90: Bool = false, target: String,
    limit: Double
  ) {
    let upper =
      p90
      ? "p90 \(Format.duration(nanoseconds: times.percentile(90)))"
      : "max \(Format.duration(nanoseconds: times.max))"
    add(
      section, name, "median \(Format.duration(nanoseconds: times.median)), \(upper)",
      target: target, met: times.median <= limit)
  }

  func printTable() {
    let header = Row(section: "section", name: "measure", value: "value", target: "target")
    let all = [header] + rows
    func width(_ column: (Row) -> String) -> Int { all.map { column($0).count }.max() ?? 0 }
    let widths = [width(\.section), width(\.name), width(\.value), width(\.target)]
    func line(_ row: Row) -> String {
      let cells = [row.section, row.name, row.value, row.target]
      let padded = zip(cells, widths).map { $0.padding(toLength: $1, withPad: " ", startingAt: 0) }
      let text = (padded + [row.verdict.rawValue]).joined(separator: "  ")
      return String(text.reversed().drop(while: { $0 == " " }).reversed())
    }
    print(line(header))
    print(String(repeating: "-", count: widths.reduce(0, +) + 2 * widths.count + 4))
    var lastSection = ""
    for row in rows {
      var shown = row
      if row.section == lastSection { shown.section = "" }
      lastSection = row.section
      print(line(shown))
    }
    let misses = rows.filter { $0.verdict == .miss }.count
    print(misses == 0 ? "\nall targets met" : "\n\(misses) target(s) missed")
  }
}

/// Formatting helpers shared by the sections.
enum Format {
  static func duration(nanoseconds ns: Double) -> String {
    if ns < 1_000 { return String(format: "%.0f ns", ns) }
    if ns < 1_000_000 { return String(format: "%.1f µs", ns / 1_000) }
    if ns < 1_000_000_000 { return String(format: "%.2f ms", ns / 1_000_000) }
    return String(format: "%.2f s", ns / 1_000_000_000)
  }

  static func bytes(_ n: Int) -> String {
    if n < 10_000 { return "\(n) B" }
    if n < 10_000_000 { return String(format: "%.1f KB", Double(n) / 1_000) }
    return String(format: "%.1f MB", Double(n) / 1_000_000)
  }

  static func count(_ n: Double) -> String {
    if n >= 1_000_000 { return String(format: "%.2f M", n / 1_000_000) }
    if n >= 1_000 { return String(format: "%.0f k", n / 1_000) }
    return String(format: "%.0f", n)
  }

  static func grouped(_ n: Int) -> String {
    let digits = String(n)
    var out = ""
    for (i, ch) in digits.enumerated() {
      if i > 0, (digits.count - i) % 3 == 0 { out.append(" ") }
      out.append(ch)
    }
    return out
  }
}
