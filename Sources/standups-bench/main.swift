import EventLoop
import Foundation
import Persistence
import StandupsApp
import StandupsCore

// `make bench`: the figures of docs/PERFORMANCE.md. Not a test — it prints
// numbers and marks the ones that miss their targets.
//
//   standups-bench [--quick] [--only SECTIONS] [--app PATH] [--keys N]
//                  [--sizes 10,1000,100000] [--scenarios list,form] [--idle-seconds S]
//                  [--store-sends N]
//   standups-bench --write-data FILE    (the 1 000 × 20 data file, to try by hand)
//
// SECTIONS: keystroke, filter, terminal, startup, idle, store, save, team, instructions
// (comma-separated; team starts a private PostgreSQL server; instructions runs the
// keystroke, filter and store sections and the app's start-up under callgrind;
// --store-sends N: the store section sends exactly N actions and times nothing,
// for callgrind).

struct Options {
  var sections: Set<String> = [
    "keystroke", "filter", "terminal", "startup", "idle", "store", "save", "team", "instructions",
  ]
  var app: String
  /// The C program the key latency is compared with (`ncurses-reference`).
  var reference: String
  var keys = 5_000
  var sizes = [10, 1_000, 100_000]
  var scenarios = Set(KeystrokeBench.Scenario.allCases.map(\.name))
  var idleSeconds = 3.0
  var storeSeconds = 1.0
  /// Only send this many actions through the store, untimed (for callgrind).
  var storeSends: Int?
  var startUpRuns = 5
  /// Only write the 1 000 × 20 data file here (to try the app on it by hand).
  var writeData: String?

  init(_ arguments: [String]) {
    let binDirectory = PathName.parent(of: CommandLine.arguments[0])
    app = binDirectory + "/standups"
    reference = binDirectory + "/ncurses-reference"
    var rest = arguments[...]
    func value(_ flag: String) -> String {
      guard let v = rest.popFirst() else { fail("\(flag) needs a value") }
      return v
    }
    while let flag = rest.popFirst() {
      switch flag {
      case "--quick":
        keys = 1_000
        idleSeconds = 1
        storeSeconds = 0.3
        startUpRuns = 2
      case "--only": sections = Set(value(flag).split(separator: ",").map(String.init))
      case "--app": app = value(flag)
      case "--keys": keys = Int(value(flag)) ?? keys
      case "--sizes": sizes = value(flag).split(separator: ",").compactMap { Int($0) }
      case "--scenarios": scenarios = Set(value(flag).split(separator: ",").map(String.init))
      case "--idle-seconds": idleSeconds = Double(value(flag)) ?? idleSeconds
      case "--store-sends": storeSends = Int(value(flag))
      case "--write-data": writeData = value(flag)
      case "-h", "--help":
        print(
          "usage: standups-bench [--quick] [--only keystroke,filter,terminal,startup,idle,store,save,team,instructions] "
            + "[--app PATH] [--keys N] [--sizes 10,1000,100000] [--scenarios list,form] "
            + "[--idle-seconds S] [--store-sends N] | --write-data FILE")
        exit(0)
      default: fail("unknown option \(flag)")
      }
    }
  }
}

func fail(_ message: String) -> Never {
  FileHandle.standardError.write(Data("standups-bench: \(message)\n".utf8))
  exit(2)
}

let options = Options(Array(CommandLine.arguments.dropFirst()))
let report = Report()

if let path = options.writeData {
  do {
    try DataFile(path: path).save(Fixtures.standups(count: 1_000, meetings: 20))
  } catch {
    fail("cannot write \(path): \(error)")
  }
  exit(0)
}

if options.sections.contains("keystroke") {
  await KeystrokeBench.run(
    report: report, sizes: options.sizes, keys: options.keys,
    scenarios: KeystrokeBench.Scenario.allCases.filter { options.scenarios.contains($0.name) })
}
if options.sections.contains("instructions") {
  CallgrindBench.run(report: report, app: options.app)
}
if options.sections.contains("filter") {
  await FilterBench.run(report: report, keys: options.keys)
}
if options.sections.contains("store") {
  if let sends = options.storeSends {
    StoreBench.send(count: sends)
  } else {
    StoreBench.run(report: report, seconds: options.storeSeconds)
  }
}

let needsBigFile = !options.sections.isDisjoint(with: [
  "terminal", "startup", "idle", "save", "team",
])
let big = needsBigFile ? Fixtures.standups(count: 1_000, meetings: 20) : []
if options.sections.contains("save") {
  await SaveBench.run(report: report, standups: big, runs: 5)
}

let terminalSections = options.sections.intersection(["terminal", "startup", "idle"])
if !terminalSections.isEmpty {
  guard FileManager.default.isExecutableFile(atPath: options.app) else {
    fail("no app binary at \(options.app) (build it: swift build -c release --product standups)")
  }
  let path = Fixtures.temporaryDirectory("app") + "/standups.json"
  do { try DataFile(path: path).save(big) } catch { fail("cannot write \(path): \(error)") }
  let bench = TerminalBench(app: options.app, dataFile: path, report: report)
  do {
    if terminalSections.contains("terminal") {
      try bench.bytesPerKey()
      try bench.keyToFirstByte(reference: options.reference)
      try bench.escapeClosesTheSheet(reference: options.reference)
    }
    if terminalSections.contains("startup") {
      try bench.startUp(runs: options.startUpRuns, label: "1 000 standups × 20 meetings")
      try bench.peakAfterSave()
      // The floor: the same start with the three sample standups.
      let small = Fixtures.temporaryDirectory("sample") + "/standups.json"
      try DataFile(path: small).save(SampleData.standups)
      try TerminalBench(app: options.app, dataFile: small, report: report)
        .startUp(runs: options.startUpRuns, label: "the 3 sample standups", targets: false)
      // The floor: ten standups as the large file has them.
      let ten = Fixtures.temporaryDirectory("ten") + "/standups.json"
      try DataFile(path: ten).save(Fixtures.standups(count: 10, meetings: 20))
      try TerminalBench(app: options.app, dataFile: ten, report: report)
        .startUp(runs: options.startUpRuns, label: "10 standups × 20 meetings", targets: false)
    }
    if terminalSections.contains("idle") { try bench.idle(seconds: options.idleSeconds) }
  } catch {
    fail("\(error)")
  }
}

if options.sections.contains("team") {
  guard FileManager.default.isExecutableFile(atPath: options.app) else {
    fail("no app binary at \(options.app) (build it: swift build -c release --product standups)")
  }
  do {
    try TeamBench.run(app: options.app, standups: big, report: report, runs: options.startUpRuns)
  } catch {
    fail("team: \(error)")
  }
}

Fixtures.removeTemporaryFiles()
report.printTable()
