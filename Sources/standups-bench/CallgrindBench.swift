import Foundation
import StandupsApp
import StandupsCore

/// Instruction counts to pair with the times: this benchmark run under
/// callgrind twice, with 200 and 400 keys (2 000 and 4 000 store actions);
/// the difference ÷ 200 (÷ 2 000) is what one costs, free of start-up and of
/// the machine's speed of the moment. Start-up is the app itself loading a
/// file and drawing its first frame (`standups render`, no terminal).
@MainActor
enum CallgrindBench {
  static func run(report: Report, app: String) {
    guard
      let valgrind = ["/usr/bin/valgrind", "/usr/local/bin/valgrind"].first(where: {
        FileManager.default.isExecutableFile(atPath: $0)
      })
    else {
      report.add("instructions", "callgrind", "valgrind is not installed: skipped")
      return
    }
    let benchmark = withoutDebugInfo(CommandLine.arguments[0])
    for scenario in KeystrokeBench.Scenario.allCases {
      let perKey = perUnit(valgrind, benchmark, few: 200, many: 400) {
        ["--only", "keystroke", "--sizes", "1000", "--scenarios", scenario.name, "--keys", "\($0)"]
      }
      report.add(
        "instructions", "a key, \(scenario.name), 1 000 standups (callgrind)",
        perKey.map { String(format: "%.2f M instructions", $0 / 1e6) } ?? "callgrind failed")
    }
    let perFilterKey = perUnit(valgrind, benchmark, few: 200, many: 400) {
      ["--only", "filter", "--keys", "\($0)"]
    }
    report.add(
      "instructions", "a key typed into the filter, 1 000 standups × 20 meetings (callgrind)",
      perFilterKey.map { String(format: "%.2f M instructions", $0 / 1e6) } ?? "callgrind failed")
    let perSend = perUnit(valgrind, benchmark, few: 2_000, many: 4_000) {
      ["--only", "store", "--store-sends", "\($0)"]
    }
    report.add(
      "instructions", "a leaf action through Store.send, 3 levels deep (callgrind)",
      perSend.map { String(format: "%.1f k instructions", $0 / 1e3) } ?? "callgrind failed")
    startUp(valgrind, app: app, report: report)
  }

  /// The instructions of loading a data file and drawing the list's first
  /// frame, for the 1 000 × 20 file and the three sample standups.
  private static func startUp(_ valgrind: String, app: String, report: Report) {
    guard FileManager.default.isExecutableFile(atPath: app) else {
      report.add("instructions", "start-up (callgrind)", "no app binary at \(app)")
      return
    }
    let binary = withoutDebugInfo(app)
    let files: [(label: String, standups: IdentifiedArrayOf<Standup>)] = [
      ("1 000 standups × 20 meetings", Fixtures.standups(count: 1_000, meetings: 20)),
      ("the 3 sample standups", SampleData.standups),
    ]
    for (label, standups) in files {
      let path = Fixtures.temporaryDirectory("callgrind-start") + "/standups.json"
      try? FileManager.default.removeItem(atPath: path)
      guard (try? DataFile(path: path).save(standups)) != nil else {
        report.add("instructions", "start-up, \(label) (callgrind)", "cannot write \(path)")
        continue
      }
      let count = instructions(valgrind, binary, ["render", "--data", path])
      report.add(
        "instructions", "load and first frame, \(label) (standups render, callgrind)",
        count.map { String(format: "%.1f M instructions", Double($0) / 1e6) } ?? "callgrind failed")
    }
  }

  /// What one unit (a key, a send) costs: a run of `many` minus a run of
  /// `few`, divided by the difference, so that start-up and exit cancel out.
  private static func perUnit(
    _ valgrind: String, _ benchmark: String, few: Int, many: Int,
    _ arguments: (Int) -> [String]
  ) -> Double? {
    guard let small = instructions(valgrind, benchmark, arguments(few)),
      let large = instructions(valgrind, benchmark, arguments(many)), large > small
    else { return nil }
    return Double(large - small) / Double(many - few)
  }

  /// A copy of `binary` without its debug information, or `binary` itself if
  /// `strip` is not there: valgrind 3.19 gives up on the release build's
  /// DWARF ("possibly corrupted debuginfo"), and counts the same instructions
  /// without it.
  private static func withoutDebugInfo(_ binary: String) -> String {
    let name = (binary as NSString).lastPathComponent
    let copy = Fixtures.temporaryDirectory("callgrind") + "/" + name
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/strip")
    process.arguments = ["--strip-debug", "-o", copy, binary]
    guard (try? process.run()) != nil else { return binary }
    process.waitUntilExit()
    return process.terminationStatus == 0 ? copy : binary
  }

  /// The total instructions callgrind counted for one run of `benchmark`
  /// with `arguments`.
  private static func instructions(
    _ valgrind: String, _ benchmark: String, _ arguments: [String]
  ) -> UInt64? {
    let output = Fixtures.temporaryDirectory("callgrind") + "/callgrind.out"
    let process = Process()
    process.executableURL = URL(fileURLWithPath: valgrind)
    process.arguments =
      ["--tool=callgrind", "--callgrind-out-file=\(output)", benchmark] + arguments
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return nil }
    process.waitUntilExit()
    guard process.terminationStatus == 0,
      let text = try? String(contentsOfFile: output, encoding: .utf8)
    else { return nil }
    // "summary: N" (or "totals: N") holds the run's instruction count.
    for line in text.split(separator: "\n")
    where line.hasPrefix("summary:") || line.hasPrefix("totals:") {
      if let value = line.split(separator: " ").dropFirst().first, let count = UInt64(value) {
        return count
      }
    }
    return nil
  }
}
