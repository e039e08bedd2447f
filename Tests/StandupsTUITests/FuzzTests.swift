import Foundation
import StandupsCore
import TerminalApp
import TerminalUI
import Testing

@testable import StandupsTUI

/// Random keys, pastes, resizes and clock ticks through the whole app (keymaps,
/// reducers, effects, views), checking the app's invariants after every event.
/// Every run is replayable: a failure names its seed and the last events.
@MainActor
@Suite struct FuzzTests {
  /// FUZZ_SEEDS=n runs seeds 1…n instead (FUZZ_SEEDS=17-17 replays seed 17).
  static let seeds: [UInt64] = {
    let spec = ProcessInfo.processInfo.environment["FUZZ_SEEDS"] ?? ""
    let bounds = spec.split(separator: "-").compactMap { UInt64($0) }
    switch bounds.count {
    case 1: return Array(1...max(1, bounds[0]))
    case 2: return Array(bounds[0]...max(bounds[0], bounds[1]))
    default: return Array(1...50)
    }
  }()
  static let keysPerSeed = 2_000

  @Test func randomEventsKeepTheInvariants() async {
    var seen: [Sight: Int] = [:]
    var keys = 0
    var quits = 0
    var frames = 0
    let elapsed = await ContinuousClock().measure {
      for seed in Self.seeds {
        let session = FuzzSession(seed: seed)
        await session.run(keys: Self.keysPerSeed)
        seen.merge(session.seen, uniquingKeysWith: +)
        keys += session.keyCount
        quits += session.relaunches
        frames += session.frameCount
      }
    }
    print(
      "fuzz: \(Self.seeds.count) seeds, \(keys) keys, \(frames) frames, \(quits) relaunches,",
      "\(elapsed);",
      Sight.allCases.map { "\($0)=\(seen[$0, default: 0])" }.joined(separator: " "))
    #expect(keys >= 100_000)
    for sight in Sight.allCases {
      #expect(seen[sight, default: 0] > 0, "the fuzz never reached \(sight)")
    }
  }
}

extension FuzzTests {
  /// The checks the fuzz relies on do reject broken states and frames.
  @Test func invariantsRejectBrokenStates() {
    var state = appState([.mock, .engineeringMock])
    #expect(Invariants.state(state).isEmpty)
    state.standupsList.standups[0].attendees = []
    #expect(!Invariants.state(state).isEmpty)

    state = appState([.mock], selection: .init(UUID(12_345)))
    #expect(!Invariants.state(state).isEmpty)

    var form = StandupForm.State(standup: .mock)
    form.focus = .attendee(.init(UUID(12_345)))
    state = appState([.mock], destination: .add(form))
    #expect(!Invariants.state(state).isEmpty)

    state = appState([.mock], path: [.record(RecordMeeting.State(standup: .mock))])
    #expect(!Invariants.state(state).isEmpty)

    state = appState(
      [.mock], destination: .add(StandupForm.State(standup: .mock)),
      path: [.detail(StandupDetail.State(standup: .mock))])
    #expect(!Invariants.state(state).isEmpty)

    #expect(Invariants.grid(Canvas(size: Size(width: 3, height: 2)), size: .large) != nil)
    #expect(Invariants.grid(Canvas(size: .large), size: .large) == nil)
    #expect(["a", "␛", "日", "e\u{301}"].allSatisfy(Invariants.isInert))
    #expect(
      !["\u{1B}", "\u{7}", "\u{9B}", "\u{202E}", "\u{2069}", "\n"].contains(
        where: Invariants.isInert))
  }
}

/// What the fuzz has been shown; every one must come up at least once.
enum Sight: String, CaseIterable, Hashable, CustomStringConvertible {
  case list, addSheet, listDeleteAlert, detail, editSheet, detailDeleteAlert, record
  case endMeetingAlert, meeting, help, tooSmall
  var description: String { rawValue }
}

enum FuzzEvent: CustomStringConvertible {
  case key(Key)
  case paste(String)
  case resize(Size)
  /// The recording's clock moves on, one second at a time.
  case tick(seconds: Int)
  case terminate
  var description: String {
    switch self {
    case .key(.char(let c)): "char(\(String(reflecting: String(c))))"
    case .key(let key): "\(key)"
    case .paste(let text): "paste(\(String(reflecting: String(text.prefix(60)))))"
    case .resize(let size): "resize(\(size))"
    case .tick(let seconds): "tick(\(seconds)s)"
    case .terminate: "terminate"
    }
  }
}

/// One seed's run: a runtime on a real store and an in-memory terminal.
@MainActor
final class FuzzSession {
  let seed: UInt64
  var rng: SplitMix64
  let backend: InMemoryBackend
  private(set) var runtime: StandupsRuntime
  private var clock: ManualClock
  private let uuids: UUIDGenerator
  private var recent: [FuzzEvent] = []
  private var step = 0
  private(set) var seen: [Sight: Int] = [:]
  private(set) var keyCount = 0
  private(set) var relaunches = 0
  private(set) var frameCount = 0
  private var failed = false

  init(seed: UInt64) {
    self.seed = seed
    var rng = SplitMix64(seed: seed)
    backend = InMemoryBackend(size: FuzzGen.size(&rng))
    let counter = LockedCounter()
    let uuids = UUIDGenerator { UUID(1_000_000 + counter.next()) }
    let clock = ManualClock()
    let state = FuzzGen.initialState(&rng)
    self.rng = rng
    self.uuids = uuids
    self.clock = clock
    runtime = StandupsRuntime(
      store: Self.makeStore(state, clock: clock, uuids: uuids), view: standupsView,
      memory: ViewMemory(), backend: backend)
  }

  static func makeStore(_ state: AppFeature.State, clock: ManualClock, uuids: UUIDGenerator)
    -> Store<Shell<AppFeature>.State, Shell<AppFeature>.Action>
  {
    // Like the app's global generator: new pushes never reuse a live id.
    let nextID = (state.path.ids.map(\.rawValue).max() ?? -1) + 1
    return Store(
      initialState: Shell<AppFeature>.State(app: state), reducer: Shell(AppFeature()),
      withDependencies: {
        $0.uuid = uuids
        $0.date.now = testNow
        $0.continuousClock = clock
        $0.speakerChime = .silent
        $0.stackElementID = StackElementIDGenerator(startingAt: nextID)
      })
  }

  /// Events come in batches, as from a terminal: the state is checked after
  /// every event, the frame after every batch (the run loop draws once per batch).
  func run(keys: Int) async {
    runtime.store.send(.app(.onLaunch))
    await settle()
    render()
    while keyCount < keys, !failed {
      let batch = rng.chance(25) ? 1 : 2 + rng.below(8)
      for _ in 0..<batch where !failed {
        await handle(FuzzGen.event(&rng))
        if let problem = Invariants.state(runtime.store.state.app).first { fail(problem) }
      }
      render()
    }
    if !failed, let problem = Invariants.grid(backend.screen, size: backend.size) {
      fail(problem)
    }
    clock.shutDown()
  }

  private func handle(_ event: FuzzEvent) async {
    step += 1
    recent = Array((recent + [event]).suffix(15))
    switch event {
    case .key(let key):
      keyCount += 1
      runtime.handle(.key(key))
    case .paste(let text): runtime.handle(.paste(text))
    case .resize(let size):
      backend.resize(to: size)
      runtime.handle(.resize(size))
    case .tick(let seconds):
      for _ in 1..<seconds {
        clock.advance(by: .seconds(1))
        await settle()
      }
      clock.advance(by: .seconds(1))
    case .terminate: runtime.handle(.terminate(signal: 15))
    }
    await settle()
    if runtime.isFinished { await relaunch() }
  }

  /// Quitting must not end the fuzz: start again on the state the app quit with.
  private func relaunch() async {
    relaunches += 1
    clock.shutDown()
    clock = ManualClock()
    let store = Self.makeStore(runtime.store.state.app, clock: clock, uuids: uuids)
    runtime = StandupsRuntime(
      store: store, view: standupsView, memory: ViewMemory(), backend: backend)
    store.send(.app(.onLaunch))
    await settle()
  }

  /// No effect is in flight except the recording's sleeping timer, and nothing
  /// is waiting to be dismissed. Effects run on other threads, so `settle()`
  /// yields until that holds (a bounded number of times; it never sleeps).
  var isSettled: Bool {
    let sleepers = clock.sleeperCount
    guard runtime.store.runningEffectCount == sleepers, sleepers <= 1 else { return false }
    let path = runtime.store.state.app.path
    // A recording can only sit right above a detail (the invariants check that).
    let recording = if path.count == 2, case .record = path[1] { true } else { false }
    guard sleepers == (recording ? 1 : 0) else { return false }
    guard case .detail(let detail) = path.first else { return true }
    return runtime.store.state.app.standupsList.standups[id: detail.standup.id] != nil
  }

  private func settle() async {
    // Counted in yields, not seconds: other tests on the main actor may take
    // their turn at each yield, for as long as they need.
    var yields = 0
    while !isSettled, yields < 1_000_000 {
      await Task.yield()
      yields += 1
    }
    if !isSettled {
      fail(
        "effects never settled: \(runtime.store.runningEffectCount) running, "
          + "\(clock.sleeperCount) sleeping, path \(runtime.store.state.app.path.count)")
    }
  }

  private func fail(_ message: String) {
    guard !failed else { return }
    failed = true
    Issue.record(
      """
      seed \(seed), event \(step) at \(backend.size): \(message)
      last events: \(recent.map(\.description).joined(separator: ", "))
      replay: FUZZ_SEEDS=\(seed)-\(seed) swift test --filter FuzzTests
      """)
  }

  /// Draws a frame and checks it against the state it was drawn from.
  private func render() {
    runtime.render()
    frameCount += 1
    let state = runtime.store.state.app
    let size = backend.size
    let fits =
      size.width >= StandupsView.minimumSize.width && size.height >= StandupsView.minimumSize.height
    var problems: [String] = []
    guard let frame = backend.frames.last else { return fail("nothing drawn") }
    if frame.size != size { problems.append("frame is \(frame.size)") }
    // Re-measuring every row's text is the costly part: every 8th frame.
    if let grid = Invariants.grid(backend.screen, size: size, rows: frameCount % 8 == 0) {
      problems.append(grid)
    }
    let expected = Invariants.expectedLayers(state, ui: runtime.ui, size: size)
    let names = frame.layers.map(\.name)
    if names != expected { problems.append("layers \(names), expected \(expected)") }
    if names.count > 3 { problems.append("\(names.count - 1) overlays") }
    if !fits, let notice = Invariants.tooSmallNotice(backend.lines, size: size) {
      problems.append(notice)
    }
    if let problem = problems.first { return fail(problem) }
    for sight in Invariants.sights(state, ui: runtime.ui, fits: fits) {
      seen[sight, default: 0] += 1
    }
  }
}

/// Random inputs, weighted towards keys that do something somewhere.
enum FuzzGen {
  static let commandKeys: [Key] =
    [
      .char("a"), .char("d"), .char("e"), .char("s"), .char("x"), .char("q"), .char("?"),
      .enter, .escape, .tab, .backTab, .up, .down, .left, .right, .pageUp, .pageDown, .home,
      .end, .ctrl("s"), .ctrl("n"), .ctrl("x"), .ctrl("e"), .backspace, .delete, .function(1),
      .char("j"), .char("k"), .char("g"), .char("G"), .char("y"), .char("n"), .char("r"),
      .char("h"), .char("l"), .char("+"), .char("-"), .char(" "),
    ] + [.enter, .enter, .escape, .escape, .char("a"), .char("e"), .char("s"), .ctrl("s")]
  static let text: [Character] =
    Array("abcxyzQWZ019 .,;:!@#/") + [
      "é", "ß", "ж", "Ω", "日", "本", "한", "😀", "👩‍👩‍👧", "e\u{301}", "🇯🇵", "\u{200B}", "ｱ",
    ]
  static let hostileChars: [Character] = ["\u{1B}", "\u{7}", "\u{0}", "\u{9B}", "\u{202E}", "\n"]
  static let rareKeys: [Key] = [
    .alt("x"), .alt("ä"), .insert, .function(2), .function(12), .ctrl("a"), .ctrl("u"),
    .ctrl("k"), .ctrl("w"), .ctrl("z"),
  ]
  static let pasteFragments: [String] = [
    "hello", " ", "日本語", "😀", "\u{1B}[31m", "\u{1B}]0;title\u{7}", "\u{1B}[2J", "\n", "\r\n",
    "\t", "\u{9B}1;2H", "\u{202E}", "\u{7}", "\u{0}", "e\u{301}",
    String(repeating: "x", count: 300),
  ]

  static func event(_ rng: inout SplitMix64) -> FuzzEvent {
    switch rng.below(1000) {
    case ..<560: .key(rng.pick(commandKeys))
    case ..<850: .key(.char(rng.pick(text)))
    case ..<860: .key(.char(rng.pick(hostileChars)))
    case ..<880: .key(rng.pick(rareKeys))
    case ..<884: .key(.ctrl("c"))
    case ..<914: .paste((0...rng.below(6)).map { _ in rng.pick(pasteFragments) }.joined())
    case ..<934: .resize(size(&rng))
    case ..<960: .tick(seconds: 1)
    case ..<961: .tick(seconds: 30 + rng.below(60))
    case ..<999: .key(rng.pick(commandKeys))
    default: .terminate
    }
  }

  /// Mostly sizes the layouts are made for, sometimes anything from 1×1.
  static func size(_ rng: inout SplitMix64) -> Size {
    rng.chance(75)
      ? Size(width: 32 + rng.below(49), height: 10 + rng.below(15))
      : Size(width: 1 + rng.below(100), height: 1 + rng.below(30))
  }

  static func initialState(_ rng: inout SplitMix64) -> AppFeature.State {
    switch rng.below(4) {
    case 0: return AppFeature.State()
    case 1: return appState(SampleData.standups)
    case 2: return appState([.withMeetings, .engineeringMock, Hostile.short])
    default:
      var standups = Standup.many
      standups.append(Hostile.short)
      return appState(
        standups, selection: Standup.mock.id,
        path: [.detail(StandupDetail.State(standup: .mock))])
    }
  }
}

/// SplitMix64: a tiny seeded generator, so a failing run replays from its seed.
struct SplitMix64: RandomNumberGenerator {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
  /// Uniform enough in 0..<n (n > 0).
  mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
  mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }
  mutating func chance(_ percent: Int) -> Bool { below(100) < percent }
}
