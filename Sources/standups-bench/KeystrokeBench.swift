import Foundation
import StandupsApp
import StandupsCore
import StandupsTUI
import TerminalApp
import TerminalUI

/// A terminal for the keystroke benchmark: it plays a script of keys into the
/// app's real run loop (`TerminalRuntime.run`) and times each turn of the loop,
/// from handing over one key until the loop asks for the next one — keymap,
/// action, reducer, the runtime's state-change hook, view and a composited
/// frame, exactly what `InMemoryBackend.draw` does (without keeping every frame).
@MainActor
final class ScriptedBackend: TerminalBackend {
  let size: Size
  private let script: [Key]
  private var position = 0
  private var handedOut: (wall: UInt64, cpu: UInt64)?
  /// Per key: wall-clock and main-thread CPU nanoseconds.
  private(set) var durations: [Double] = []
  private(set) var cpuDurations: [Double] = []
  private(set) var screen: Canvas
  private(set) var frameCount = 0
  /// What the app must have done before the key at `readyBefore`, as a
  /// person would leave it time to (nil: type at once), and how long that
  /// took after the frame before that key (nanoseconds).
  private let isReady: (@MainActor () -> Bool)?
  private let readyBefore: Int
  private var readiness: CheckedContinuation<Void, Never>?
  /// The first frame drawn once the key before `readyBefore` was handed out.
  private var lastFrame: UInt64?
  private(set) var readyAfter: UInt64?

  init(
    size: Size, script: [Key], isReady: (@MainActor () -> Bool)? = nil, readyBefore: Int = 0
  ) {
    self.size = size
    self.script = script
    self.screen = Canvas(size: size)
    self.isReady = isReady
    self.readyBefore = readyBefore
  }

  func draw(_ frame: Frame) {
    screen = frame.composited()
    frameCount += 1
    if position == readyBefore, lastFrame == nil { lastFrame = monotonicNanos() }
    // The runtime draws when an effect's action arrives while it waits.
    if let readiness, isReady?() == true {
      self.readiness = nil
      readiness.resume()
    }
  }

  func nextEvents() async -> [TerminalEvent] {
    if let handedOut {
      let cpu = threadCPUNanos()
      durations.append(Double(monotonicNanos() - handedOut.wall))
      cpuDurations.append(Double(cpu - handedOut.cpu))
      self.handedOut = nil
    }
    if position == readyBefore, readyAfter == nil, let isReady {
      let drawn = lastFrame ?? monotonicNanos()
      if !isReady() { await withCheckedContinuation { readiness = $0 } }
      readyAfter = monotonicNanos() - drawn
    }
    guard position < script.count else { return [.terminate(signal: 15)] }
    let key = script[position]
    position += 1
    handedOut = (monotonicNanos(), threadCPUNanos())
    return [.key(key)]
  }

  func bell() {}
  func suspend() -> Bool { false }
  func forgetScreen() {}
  func shutdown() {}
}

/// Keystroke cost through the app's loop, for list moves and form typing.
@MainActor
enum KeystrokeBench {
  static let size = Size(width: 80, height: 24)

  enum Scenario: String, CaseIterable {
    case listMove = "list: move selection (j/k)"
    case formTyping = "add sheet: type a character"

    var name: String { self == .listMove ? "list" : "form" }
  }

  /// Runs `keys` keystrokes (after `warmUp` unmeasured ones) and returns the
  /// per-key wall-clock and CPU durations in nanoseconds.
  static func measure(_ scenario: Scenario, standups count: Int, keys: Int, warmUp: Int)
    async -> (wall: Samples, cpu: Samples)
  {
    let standups = Fixtures.standups(count: count)
    var list = StandupsList.State(standups: standups, selection: standups[count / 2].id)
    let script: [Key]
    switch scenario {
    case .listMove:
      // Down 25, up 25, around the middle of the list: every key moves.
      let cycle =
        Array(repeating: Key.char("j"), count: 25) + Array(repeating: .char("k"), count: 25)
      script = (0..<(keys + warmUp)).map { cycle[$0 % cycle.count] }
    case .formTyping:
      list.destination = .add(StandupForm.State(standup: Standup(id: .init(UUID()))))
      // Type 20 letters, erase them, again: the field never scrolls far.
      let word = Array("standupsbenchmarking").map { Key.char($0) }
      let cycle = word + Array(repeating: .backspace, count: word.count)
      script = (0..<(keys + warmUp)).map { cycle[$0 % cycle.count] }
    }
    // Built as the app builds it; saves go to a store in memory.
    let store = StandupsComposition.makeStore(
      state: AppFeature.State(standupsList: list), standupsStore: .inMemory())
    let backend = ScriptedBackend(size: size, script: script)
    let runtime = StandupsComposition.makeRuntime(store: store, backend: backend)
    await runtime.run(onLaunch: .onLaunch)
    precondition(backend.durations.count == keys + warmUp, "the script did not run to the end")
    return (
      Samples(Array(backend.durations.dropFirst(warmUp))),
      Samples(Array(backend.cpuDurations.dropFirst(warmUp)))
    )
  }

  static func run(report: Report, sizes: [Int], keys: Int, scenarios: [Scenario]) async {
    for scenario in scenarios {
      var p99s: [Double] = []
      for count in sizes {
        let (wall, cpu) = await measure(scenario, standups: count, keys: keys, warmUp: keys / 10)
        p99s.append(cpu.percentile(99))
        func summary(_ samples: Samples) -> String {
          "p50 \(Format.duration(nanoseconds: samples.median)), "
            + "p99 \(Format.duration(nanoseconds: samples.percentile(99)))"
        }
        report.add(
          "keystroke", "\(scenario.rawValue), \(Format.grouped(count)) standups, CPU",
          summary(cpu), target: "p99 ≤ 1 ms", met: cpu.percentile(99) <= 1_000_000)
        report.add(
          "keystroke", "\(scenario.rawValue), \(Format.grouped(count)) standups, wall",
          summary(wall) + ", max \(Format.duration(nanoseconds: wall.max))")
      }
      // Flat: the largest list costs at most twice the smallest (plus noise).
      if let first = p99s.first, let last = p99s.last, p99s.count > 1 {
        let ratio = last / first
        report.add(
          "keystroke",
          "\(scenario.rawValue), CPU p99 \(Format.grouped(sizes.last!)) ÷ \(Format.grouped(sizes.first!))",
          String(format: "×%.2f", ratio), target: "flat (≤ ×2)", met: ratio <= 2)
      }
    }
  }
}
