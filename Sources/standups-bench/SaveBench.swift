import EventLoop
import Foundation
import Persistence
import StandupsApp
import StandupsCore

/// Encoding and writing 1 000 standups × 20 meetings, and proof that the
/// app's `Saver` does it off the main actor.
@MainActor
enum SaveBench {
  final class Probe: @unchecked Sendable {
    private let lock = NSLock()
    private var _done = false
    private var _onMain: Bool?
    func finish(onMainThread: Bool) {
      lock.withLock {
        _done = true
        _onMain = onMainThread
      }
    }
    var done: Bool { lock.withLock { _done } }
    var onMain: Bool? { lock.withLock { _onMain } }
  }

  static func run(report: Report, standups: IdentifiedArrayOf<Standup>, runs: Int) async {
    let directory = Fixtures.temporaryDirectory("save")
    let file = DataFile(path: directory + "/standups.json")
    var encodes: [Double] = []
    var saves: [Double] = []
    var size = 0
    for _ in 0..<runs {
      var t = monotonicNanos()
      size = (try? StandupsFormat.encode(standups).count) ?? 0
      encodes.append(Double(monotonicNanos() - t))
      t = monotonicNanos()
      do { try file.save(standups) } catch { fatalError("save failed: \(error)") }
      saves.append(Double(monotonicNanos() - t))
    }
    // Loading it back, as the app does at start-up.
    var loads: [Double] = []
    for _ in 0..<runs {
      let t = monotonicNanos()
      let loaded = try? file.load()
      loads.append(Double(monotonicNanos() - t))
      precondition(loaded == standups, "the file did not load back as saved")
    }
    // Encoding what a load left in the file: each standup's meetings read
    // back from the private copy on the way.
    guard let loaded = try? file.load() else { fatalError("the file did not load") }
    var encodesLoaded: [Double] = []
    for _ in 0..<runs {
      let t = monotonicNanos()
      _ = try? StandupsFormat.encode(loaded)
      encodesLoaded.append(Double(monotonicNanos() - t))
    }
    let label =
      "\(Format.grouped(standups.count)) standups × \(standups.first?.meetings.count ?? 0) meetings"
    report.add(
      "save", "encode JSON, \(label)",
      "\(Format.duration(nanoseconds: Samples(encodes).median)) (\(Format.bytes(size)))")
    report.add(
      "save", "encode JSON of that file as loaded (meetings read from the file)",
      "median \(Format.duration(nanoseconds: Samples(encodesLoaded).median))")
    report.add(
      "save", "DataFile.load of that file (at start-up)",
      "median \(Format.duration(nanoseconds: Samples(loads).median))")
    report.add(
      "save", "DataFile save (encode + write + fsync + rename)",
      "median \(Format.duration(nanoseconds: Samples(saves).median)), max \(Format.duration(nanoseconds: Samples(saves).max))"
    )

    // Through the Saver, as the app does: the main actor hands the standups
    // over and keeps turning; we time its longest stall while the save runs.
    let probe = Probe()
    let saver = Saver(file: file, executor: ThreadExecutor()) { _ in
      probe.finish(onMainThread: Thread.isMainThread)
    }
    let start = monotonicNanos()
    var last = start
    var longest: UInt64 = 0
    saver.submit(standups)
    while !probe.done {
      await Task.yield()
      let now = monotonicNanos()
      longest = max(longest, now - last)
      last = now
    }
    let total = monotonicNanos() - start
    let offMain = probe.onMain == false
    report.add(
      "save", "Saver (actor): written on the main thread?",
      offMain ? "no — off the main actor" : "YES", target: "off main", met: offMain)
    report.add(
      "save", "main actor's longest stall during a Saver write",
      "\(Format.duration(nanoseconds: Double(longest))) (write took \(Format.duration(nanoseconds: Double(total))))"
    )
  }
}
