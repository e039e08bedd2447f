import Foundation
import StandupsApp
import StandupsCore
import TerminalApp
import TerminalUI

/// Keystroke cost of the list's filter line, through the app's loop as
/// `KeystrokeBench` times it: 1 000 standups × 20 meetings (transcripts
/// searched too), typing words that narrow the list and erasing them, so
/// every key refilters. `/` asks for the index, made off the main thread;
/// the script waits for it as a person reaching for the first key would (how
/// long that took is reported), and every key counts, `/` and the first
/// character typed included.
@MainActor
enum FilterBench {
  /// Typed, erased, typed again: words that match many standups ("blob"),
  /// few ("1234"), none ("zq"), and several words at once.
  static let queries = ["blob jr", "review 1234", "zq", "flaky build", "TÉAM 99"]

  static func measure(standups count: Int, meetings: Int, keys: Int)
    async -> (first: Double, readyAfter: Double, wall: Samples, cpu: Samples)
  {
    let standups = Fixtures.standups(count: count, meetings: meetings)
    let list = StandupsList.State(standups: standups, selection: standups[count / 2].id)
    var cycle: [Key] = []
    for query in queries {
      cycle += query.map { Key.char($0) }
      cycle += Array(repeating: .backspace, count: query.count)
    }
    let script = [Key.char("/")] + (0..<keys).map { cycle[$0 % cycle.count] }
    let store = StandupsComposition.makeStore(
      state: AppFeature.State(standupsList: list), standupsStore: .inMemory())
    let backend = ScriptedBackend(
      size: KeystrokeBench.size, script: script,
      isReady: { store.state.app.standupsList.search.isIndexed }, readyBefore: 1)
    let runtime = StandupsComposition.makeRuntime(store: store, backend: backend)
    await runtime.run(onLaunch: .onLaunch)
    precondition(backend.durations.count == script.count, "the script did not run to the end")
    precondition(store.state.app.standupsList.filter.isEditing, "the filter line did not open")
    return (
      backend.cpuDurations[1], Double(backend.readyAfter ?? 0),
      Samples(backend.durations), Samples(backend.cpuDurations)
    )
  }

  static func run(report: Report, keys: Int) async {
    let count = 1_000
    let meetings = 20
    let (first, readyAfter, wall, cpu) = await measure(
      standups: count, meetings: meetings, keys: keys)
    let label = "\(Format.grouped(count)) standups × \(meetings) meetings"
    report.add(
      "filter", "list: type into the filter (every key, the first included), \(label), CPU",
      "p50 \(Format.duration(nanoseconds: cpu.median)), "
        + "p99 \(Format.duration(nanoseconds: cpu.percentile(99)))",
      target: "p99 ≤ 1 ms", met: cpu.percentile(99) <= 1_000_000)
    report.add(
      "filter", "list: type into the filter, \(label), wall",
      "p50 \(Format.duration(nanoseconds: wall.median)), "
        + "p99 \(Format.duration(nanoseconds: wall.percentile(99))), "
        + "max \(Format.duration(nanoseconds: wall.max))")
    report.add(
      "filter", "list: first character typed into the filter, \(label), CPU",
      Format.duration(nanoseconds: first), target: "≤ 1 ms", met: first <= 1_000_000)
    report.add(
      "filter",
      "list: the index ready after `/` drew the filter line (made off the main thread), \(label)",
      Format.duration(nanoseconds: readyAfter))
  }
}
