import Foundation
import InventoryCore
import TerminalApp
import TerminalUI
import Testing

@testable import InventoryTUI

/// The inventory fuzz's parts, in a namespace of their own: other tests of
/// this target are free to use the plain names.
enum InventoryFuzz {
  /// What the fuzz has been shown; every one must come up in the default run.
  enum Sight: String, CaseIterable, Hashable, CustomStringConvertible {
    case tabOne, inventoryList, emptyInventory, tabThree
    case addSheet, duplicateSheet, editPopover, centredEditSheet, detail, deleteAlert
    case duplicateDialog, help, banner, tooSmall
    var description: String { rawValue }
  }

  enum Event: CustomStringConvertible {
    case key(Key)
    case paste(String)
    case resize(Size)
    /// What the items store reports about a save (the shell shows failures).
    case saveResult(ItemsEvent)
    case terminate

    var description: String {
      switch self {
      case .key(.char(let c)): "char(\(String(reflecting: String(c))))"
      case .key(let key): "\(key)"
      case .paste(let text): "paste(\(String(reflecting: String(text.prefix(60)))))"
      case .resize(let size): "resize(\(size))"
      case .saveResult(let event): "saveResult(\(event))"
      case .terminate: "terminate"
      }
    }
  }

  /// One seed's run: the real runtime on a real store and an in-memory terminal.
  @MainActor
  final class Session {
    let seed: UInt64
    private var rng: SplitMix64
    private let backend: InMemoryBackend
    private var runtime: InventoryRuntime
    private let uuids: UUIDGenerator
    /// The items the app last handed its store.
    private let saved: LockIsolated<IdentifiedArrayOf<Item>?>
    private var recent: [Event] = []
    private(set) var seen: [Sight: Int] = [:]
    private(set) var eventCount = 0
    private(set) var relaunches = 0
    private(set) var frameCount = 0
    private var failed = false

    init(seed: UInt64) {
      self.seed = seed
      var rng = SplitMix64(seed: seed)
      backend = InMemoryBackend(size: Generator.size(&rng))
      // Far from the fixtures' ids (UUID(1)…): a new item must get an id of its own.
      let counter = LockIsolated(0)
      let uuids = UUIDGenerator {
        counter.withValue {
          $0 += 1
          return UUID(1_000_000 + $0)
        }
      }
      let saved = LockIsolated<IdentifiedArrayOf<Item>?>(nil)
      let state = Generator.initialState(&rng)
      self.rng = rng
      self.uuids = uuids
      self.saved = saved
      runtime = InventoryRuntime(
        store: Self.makeStore(state, uuids: uuids, saved: saved), view: inventoryView,
        memory: ViewMemory(), backend: backend)
    }

    /// The store as the app makes it (with its banners), saving into `saved`.
    static func makeStore(
      _ state: AppFeature.State, uuids: UUIDGenerator,
      saved: LockIsolated<IdentifiedArrayOf<Item>?>
    ) -> Store<Shell<AppFeature>.State, Shell<AppFeature>.Action> {
      Store(
        initialState: Shell<AppFeature>.State(app: state),
        reducer: Shell(AppFeature(), messages: InventoryView.message),
        withDependencies: {
          $0.uuid = uuids
          $0.itemsStore = ItemsStore(
            save: { items, _ in saved.setValue(items) }, events: { AsyncStream { $0.finish() } })
        })
    }

    /// Events come in batches, as from a terminal: the state is checked after
    /// every event, the frame after every batch (the run loop draws once per batch).
    func run(events: Int) async {
      runtime.store.send(.app(.onLaunch))
      await settle()
      render()
      while eventCount < events, !failed {
        let batch = rng.chance(25) ? 1 : 2 + rng.below(8)
        for _ in 0..<batch where !failed {
          await handle(Generator.event(&rng))
          if let problem = Invariants.state(runtime.store.state.app, saved: saved.value).first {
            fail(problem)
          }
        }
        render()
      }
      if !failed, let problem = Invariants.grid(backend.screen, size: backend.size) {
        fail(problem)
      }
    }

    private func handle(_ event: Event) async {
      eventCount += 1
      recent = Array((recent + [event]).suffix(15))
      switch event {
      case .key(let key):
        runtime.handle(.key(key))
        // What the run loop does after Ctrl-Z: stop (the backend has job control), continue.
        if runtime.store.state.isSuspendRequested {
          runtime.store.send(.suspendFinished(stopped: backend.suspend()))
        }
      case .paste(let text): runtime.handle(.paste(text))
      case .resize(let size):
        // Not `resize(to:)`: that queues an event for a run loop this test does not run.
        backend.resizeSilently(to: size)
        runtime.handle(.resize(size))
      case .saveResult(let result): runtime.store.send(.app(.persistence(result)))
      case .terminate: runtime.handle(.terminate(signal: 15))
      }
      await settle()
      if runtime.isFinished { await relaunch() }
    }

    /// Quitting must not end the fuzz: start again on the state the app quit
    /// with, as the next launch would read it from the data file.
    private func relaunch() async {
      relaunches += 1
      let store = Self.makeStore(runtime.store.state.app, uuids: uuids, saved: saved)
      runtime = InventoryRuntime(
        store: store, view: inventoryView, memory: ViewMemory(), backend: backend)
      store.send(.app(.onLaunch))
      await settle()
    }

    /// Every effect the inventory starts (a save, the detail's dismiss, the
    /// launch's listener on a store that reports nothing) ends by itself;
    /// presentation watchers are not counted.
    private var isSettled: Bool { runtime.store.runningEffectCount == 0 }

    /// Effects run on other threads, so this yields until they are done.
    private func settle() async {
      // Counted in yields, not seconds: other tests on the main actor may take
      // their turn at each yield, for as long as they need.
      var yields = 0
      while !isSettled, yields < 1_000_000 {
        await Task.yield()
        yields += 1
      }
      if !isSettled {
        fail("effects never settled: \(runtime.store.runningEffectCount) running")
      }
    }

    private func fail(_ message: String) {
      guard !failed else { return }
      failed = true
      Issue.record(
        """
        seed \(seed), event \(eventCount) at \(backend.size): \(message)
        last events: \(recent.map(\.description).joined(separator: ", "))
        replay: FUZZ_SEEDS=\(seed)-\(seed) swift test --filter InventoryFuzzTests
        """)
    }

    /// Draws a frame and checks it against the state it was drawn from.
    private func render() {
      runtime.render()
      frameCount += 1
      let state = runtime.store.state
      let size = backend.size
      let fits =
        size.width >= InventoryView.minimumSize.width
        && size.height >= InventoryView.minimumSize.height
      guard let frame = backend.frames.last else { return fail("nothing drawn") }
      var problems: [String] = []
      if frame.size != size { problems.append("frame is \(frame.size)") }
      let screen = Rect(x: 0, y: 0, width: size.width, height: size.height)
      for layer in frame.layers {
        if layer.canvas.size != layer.rect.size {
          problems.append("layer \(layer.name) is \(layer.canvas.size) in \(layer.rect)")
        }
        if layer.rect.intersection(screen) != layer.rect {
          problems.append("layer \(layer.name) at \(layer.rect) is off a \(size) screen")
        }
      }
      // Re-measuring every row's text is the costly part: every 8th frame.
      if let grid = Invariants.grid(backend.screen, size: size, rows: frameCount % 8 == 0) {
        problems.append(grid)
      }
      problems += Invariants.layers(frame, state: state, size: size, fits: fits)
      if fits,
        let helpBar = Invariants.helpBar(
          frame, state: state.app, helpShown: state.isHelpShown, size: size)
      {
        problems.append(helpBar)
      }
      if !fits, let notice = Invariants.tooSmallNotice(backend.lines, size: size) {
        problems.append(notice)
      }
      if let problem = problems.first { return fail(problem) }
      for sight in Invariants.sights(state, frame: frame, fits: fits) {
        seen[sight, default: 0] += 1
      }
    }
  }

  /// Random inputs, weighted towards keys that do something on some screen.
  enum Generator {
    static let commandKeys: [Key] =
      [
        .char("a"), .char("e"), .char("c"), .char("d"), .char("y"), .char("q"), .char("?"),
        .function(1),
        .enter, .escape, .tab, .backTab, .up, .down, .left, .right, .pageUp, .pageDown, .home,
        .end, .ctrl("s"), .backspace, .delete, .char("j"), .char("k"), .char("g"), .char("G"),
        .char("h"), .char("l"), .char("+"), .char("-"), .char("="), .char(" "), .char("1"),
        .char("2"), .char("3"), .char("["), .char("]"),
      ] + [.enter, .enter, .escape, .escape, .char("a"), .char("e"), .char("2"), .ctrl("s"), .tab]
    static let text: [Character] =
      Array("abcxyzQWZ019 .,;:!@#/") + [
        "é", "ß", "ж", "Ω", "日", "本", "한", "😀", "👩‍👩‍👧", "e\u{301}", "🇯🇵", "\u{200B}", "ｱ",
      ]
    static let hostileChars: [Character] = ["\u{1B}", "\u{7}", "\u{0}", "\u{9B}", "\u{202E}", "\n"]
    static let rareKeys: [Key] = [
      .alt("x"), .alt("ä"), .insert, .function(2), .function(12), .ctrl("a"), .ctrl("u"),
      .ctrl("k"), .ctrl("w"), .ctrl("z"), .ctrl("e"), .ctrl("n"),
    ]
    static let pasteFragments: [String] = [
      "hello", " ", "日本語", "😀", "\u{1B}[31m", "\u{1B}]0;title\u{7}", "\u{1B}[2J", "\n", "\r\n",
      "\t", "\u{9B}1;2H", "\u{202E}", "\u{7}", "\u{0}", "e\u{301}",
      String(repeating: "x", count: 300),
    ]

    static func event(_ rng: inout SplitMix64) -> Event {
      switch rng.below(1000) {
      case ..<600: .key(rng.pick(commandKeys))
      case ..<850: .key(.char(rng.pick(text)))
      case ..<860: .key(.char(rng.pick(hostileChars)))
      case ..<880: .key(rng.pick(rareKeys))
      case ..<884: .key(.ctrl("c"))
      case ..<914: .paste((0...rng.below(6)).map { _ in rng.pick(pasteFragments) }.joined())
      case ..<944: .resize(size(&rng))
      case ..<954: .saveResult(.failed("disk full"))
      case ..<964: .saveResult(.saved)
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

    /// Names no terminal should receive raw, cut short enough to draw thousands of times.
    static let hostileNames: [String] = [
      "\u{1B}]0;pwned\u{7}Title", "\u{1B}[2J\u{1B}[31mred\u{1B}[0m", "a\u{0}b\u{7}c\u{8}d\u{7F}g",
      "\u{85}c1\u{9B}31m", "\u{202E}evil\u{202C} \u{2066}iso\u{2069}", "tab\tline\nfeed\rcr",
      String(repeating: "日", count: 120), String(repeating: "e\u{301}👩‍👩‍👧", count: 60), "", "   ",
    ]

    static let hostileItems: IdentifiedArrayOf<Item> = IdentifiedArray(
      uniqueElements: hostileNames.enumerated().map { index, name in
        let colors = Item.Color.choices
        return Item(
          id: .init(UUID(500 + index)), name: name, color: colors[index % colors.count],
          status: index % 3 == 2
            ? .outOfStock(isOnBackOrder: index % 2 == 0)
            : .inStock(quantity: index == 0 ? .max : index + 1))
      })

    static func initialState(_ rng: inout SplitMix64) -> AppFeature.State {
      switch rng.below(4) {
      case 0: return AppFeature.State()
      case 1: return appState(items: Item.samples)
      case 2: return appState(.three, items: Item.many, selection: Item.many.last?.id)
      default:
        var items = Item.samples
        items.append(contentsOf: hostileItems)
        let item = rng.pick(Array(items))
        let destinations: [Inventory.Destination.State] = [
          .add(.newItem(id: .init(UUID(999_999)))), .edit(.editItem(item)),
          .detail(ItemDetail.State(item: item)), .alert(.deleteItem(item)),
          .duplicate(.duplicateItem(item)),
        ]
        return appState(items: items, selection: item.id, destination: rng.pick(destinations))
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
}
