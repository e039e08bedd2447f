import Foundation

/// Instruction counts to pair with the keystroke times: this benchmark run
/// under callgrind twice, with 200 and 400 keys; the difference ÷ 200 is what
/// one key costs, free of start-up and of the machine's speed of the moment.
@MainActor
enum CallgrindBench {
  static func run(report: Report) {
    guard
      let valgrind = ["/usr/bin/valgrind", "/usr/local/bin/valgrind"].first(where: {
        FileManager.default.isExecutableFile(atPath: $0)
      })
    else {
      report.add("instructions", "callgrind", "valgrind is not installed: skipped")
      return
    }
    for scenario in KeystrokeBench.Scenario.allCases {
      let counts = [200, 400].map { instructions(valgrind, scenario: scenario.name, keys: $0) }
      guard let few = counts[0], let many = counts[1], many > few else {
        report.add("instructions", "a key, \(scenario.name), 1 000 standups", "callgrind failed")
        continue
      }
      report.add(
        "instructions", "a key, \(scenario.name), 1 000 standups (callgrind)",
        String(format: "%.2f M instructions", Double(many - few) / 200 / 1e6))
    }
  }

  /// The total instructions callgrind counted for one keystroke run.
  private static func instructions(_ valgrind: String, scenario: String, keys: Int) -> UInt64? {
    let output = Fixtures.temporaryDirectory("callgrind") + "/callgrind.out"
    let process = Process()
    process.executableURL = URL(fileURLWithPath: valgrind)
    process.arguments = [
      "--tool=callgrind", "--callgrind-out-file=\(output)", CommandLine.arguments[0],
      "--only", "keystroke", "--sizes", "1000", "--scenarios", scenario, "--keys", "\(keys)",
    ]
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
