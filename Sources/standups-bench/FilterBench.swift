import Foundation
import StandupsApp
import StandupsCore
import TerminalApp
import TerminalUI

/// Keystroke cost of the list's filter line, through the app's loop as
/// `KeystrokeBench` times it: 1 000 standups × 20 meetings (transcripts
/// searched too), typing words that narrow the list and erasing them, so
/// every key refilters. The first character typed builds the index
/// (folding every standup once); it is timed on its own, apart from the rest.
@MainActor
enum FilterBench {
  /// Typed, erased, typed again: words that match many standups ("blob"),
  /// few ("1234"), none ("zq"), and several words at once.
  static let queries = ["blob jr", "review 1234", "zq", "flaky build", "TÉAM 99"]

  static func measure(standups count: Int, meetings: Int, keys: Int, warmUp: Int)
    async -> (first: Double, wall: Samples, cpu: Samples)
  {
    let standups = Fixtures.standups(count: count, meetings: meetings)
    let list = StandupsList.State(standups: standups, selection: standups[count / 2].id)
    var cycle: [Key] = []
    for query in queries {
      cycle += query.map { Key.char($0) }
      cycle += Array(repeating: .backspace, count: query.count)
    }
    let script = [Key.char("/")] + (0..<(keys + warmUp)).map { cycle[$0 % cycle.count] }
    let store = StandupsComposition.makeStore(
      state: AppFeature.State(standupsList: list), standupsStore: .inMemory())
    let backend = ScriptedBackend(size: KeystrokeBench.size, script: script)
    let runtime = StandupsComposition.makeRuntime(store: store, backend: backend)
    await runtime.run(onLaunch: .onLaunch)
    precondition(backend.durations.count == script.count, "the script did not run to the end")
    precondition(store.state.app.standupsList.filter.isEditing, "the filter line did not open")
    // `/`, then the first character (which builds the index), then warm-up.
    let typing = 2 + warmUp
    return (
      backend.cpuDurations[1],
      Samples(Array(backend.durations.dropFirst(typing))),
      Samples(Array(backend.cpuDurations.dropFirst(typing)))
    )
  }

  static func run(report: Report, keys: Int) async {
    let count = 1_000
    let meetings = 20
    let (first, wall, cpu) = await measure(
      standups: count, meetings: meetings, keys: keys, warmUp: keys / 10)
    let label = "\(Format.grouped(count)) standups × \(meetings) meetings"
    report.add(
      "filter", "list: type into the filter, \(label), CPU",
      "p50 \(Format.duration(nanoseconds: cpu.median)), "
        + "p99 \(Format.duration(nanoseconds: cpu.percentile(99)))",
      target: "p99 ≤ 1 ms", met: cpu.percentile(99) <= 1_000_000)
    report.add(
      "filter", "list: type into the filter, \(label), wall",
      "p50 \(Format.duration(nanoseconds: wall.median)), "
        + "p99 \(Format.duration(nanoseconds: wall.percentile(99))), "
        + "max \(Format.duration(nanoseconds: wall.max))")
    report.add(
      "filter", "list: first character typed (builds the index), \(label), CPU",
      Format.duration(nanoseconds: first))
  }
}
