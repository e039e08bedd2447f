import Foundation
import InventoryCore
import TerminalApp
import TerminalUI
import Testing

@testable import InventoryTUI

/// Random keys, pastes, resizes and save results through the whole inventory
/// app (every keymap, the reducers and their effects, the views), checking the
/// app's invariants after every event and the frame after every batch.
/// Every run replays from its seed: a failure names it and the last events.
@MainActor
@Suite struct InventoryFuzzTests {
  /// Enough to reach every screen and overlay in a few seconds on every test run.
  static let defaultSeeds: [UInt64] = Array(1...6)
  /// FUZZ_SEEDS=n runs seeds 1…n instead (FUZZ_SEEDS=17-17 replays seed 17).
  static let seeds: [UInt64] = {
    let spec = ProcessInfo.processInfo.environment["FUZZ_SEEDS"] ?? ""
    let bounds = spec.split(separator: "-").compactMap { UInt64($0) }
    switch bounds.count {
    case 1: return Array(1...max(1, bounds[0]))
    case 2: return Array(bounds[0]...max(bounds[0], bounds[1]))
    default: return defaultSeeds
    }
  }()
  static let eventsPerSeed = 1_500

  @Test func randomEventsKeepTheInvariants() async {
    var seen: [InventoryFuzz.Sight: Int] = [:]
    var events = 0
    var relaunches = 0
    var frames = 0
    let elapsed = await ContinuousClock().measure {
      for seed in Self.seeds {
        let session = InventoryFuzz.Session(seed: seed)
        await session.run(events: Self.eventsPerSeed)
        seen.merge(session.seen, uniquingKeysWith: +)
        events += session.eventCount
        relaunches += session.relaunches
        frames += session.frameCount
      }
    }
    print(
      "inventory fuzz: \(Self.seeds.count) seeds, \(events) events, \(frames) frames,",
      "\(relaunches) relaunches, \(elapsed);",
      InventoryFuzz.Sight.allCases.map { "\($0)=\(seen[$0, default: 0])" }
        .joined(separator: " "))
    #expect(events >= Self.seeds.count * Self.eventsPerSeed)
    // A replay of one or two seeds need not pass everywhere; the default
    // run (or a longer one) must, or the fuzz has stopped testing something.
    guard Self.seeds.count >= Self.defaultSeeds.count else { return }
    for sight in InventoryFuzz.Sight.allCases {
      #expect(seen[sight, default: 0] > 0, "the fuzz never reached \(sight)")
    }
  }

  /// The checks the fuzz relies on do reject broken states and frames.
  @Test func invariantsRejectBrokenStates() {
    typealias Invariants = InventoryFuzz.Invariants
    #expect(Invariants.state(appState(), saved: nil).isEmpty)
    #expect(Invariants.state(appState(items: []), saved: nil).isEmpty)
    #expect(!Invariants.state(appState(), saved: []).isEmpty)

    var state = appState()
    state.inventory.items[0].status = .inStock(quantity: 0)
    #expect(!Invariants.state(state, saved: nil).isEmpty)

    state = appState()
    state.inventory.selection = .init(UUID(12_345))
    #expect(!Invariants.state(state, saved: nil).isEmpty)
    state.inventory.selection = nil
    #expect(!Invariants.state(state, saved: nil).isEmpty)
    state = appState(items: [])
    state.inventory.selection = Item.keyboard.id
    #expect(!Invariants.state(state, saved: nil).isEmpty)

    var form = ItemForm.State.editItem(.keyboard)
    form.item.status = .inStock(quantity: 0)
    #expect(!Invariants.state(appState(destination: .edit(form)), saved: nil).isEmpty)
    form = .editItem(.keyboard)
    form.cursor = 99
    #expect(!Invariants.state(appState(destination: .edit(form)), saved: nil).isEmpty)
    form = .editItem(Item(id: .init(UUID(12_345)), name: "Gone"))
    #expect(!Invariants.state(appState(destination: .edit(form)), saved: nil).isEmpty)
    // A new item under an id already in the list would never be added.
    form = .newItem(id: Item.mouse.id)
    #expect(!Invariants.state(appState(destination: .add(form)), saved: nil).isEmpty)

    var changed = Item.keyboard
    changed.name = "Changed"
    let detail = ItemDetail.State(item: changed)
    #expect(!Invariants.state(appState(destination: .detail(detail)), saved: nil).isEmpty)
    let gone = Item(id: .init(UUID(12_345)), name: "Gone")
    #expect(!Invariants.state(appState(destination: .alert(.deleteItem(gone))), saved: nil).isEmpty)
    #expect(
      !Invariants.state(appState(destination: .duplicate(.duplicateItem(gone))), saved: nil)
        .isEmpty)

    #expect(Invariants.grid(Canvas(size: Size(width: 3, height: 2)), size: .large) != nil)
    #expect(Invariants.grid(Canvas(size: .large), size: .large) == nil)
    #expect(["a", "␛", "日", "e\u{301}"].allSatisfy(Invariants.isInert))
    #expect(
      !["\u{1B}", "\u{7}", "\u{9B}", "\u{202E}", "\u{2069}", "\n"].contains(
        where: Invariants.isInert))
  }
}
