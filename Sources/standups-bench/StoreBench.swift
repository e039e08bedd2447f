import Foundation
import StandupsCore

// A tiny feature three presentation levels deep: Root presents Middle, which
// presents Inner, which presents Leaf. Each parent also runs logic of its own
// for its child's actions, as real features do.

struct Leaf: Reducer {
  struct State: Equatable, Identifiable {
    let id: Int
    var count = 0
  }
  enum Action: Equatable, Sendable { case tapped }
  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.count += 1
    return .none
  }
}

struct Inner: Reducer {
  struct State: Equatable {
    @PresentationState var child: Leaf.State?
    var seen = 0
  }
  @CasePathable
  enum Action: Equatable, Sendable { case child(PresentationAction<Leaf.Action>) }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      if case .child(.presented) = action { state.seen += 1 }
      return .none
    }
    .ifLet(\.$child, action: \.child) { Leaf() }
  }
}

struct Middle: Reducer {
  struct State: Equatable {
    @PresentationState var child: Inner.State?
    var seen = 0
  }
  @CasePathable
  enum Action: Equatable, Sendable { case child(PresentationAction<Inner.Action>) }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      if case .child(.presented) = action { state.seen += 1 }
      return .none
    }
    .ifLet(\.$child, action: \.child) { Inner() }
  }
}

struct Root: Reducer {
  struct State: Equatable {
    @PresentationState var child: Middle.State?
    var seen = 0
  }
  @CasePathable
  enum Action: Equatable, Sendable { case child(PresentationAction<Middle.Action>) }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      if case .child(.presented) = action { state.seen += 1 }
      return .none
    }
    .ifLet(\.$child, action: \.child) { Middle() }
  }
}

/// Actions per second through a root `Store` for the leaf's action, against
/// the leaf reducer called directly and the composed root reducer called directly.
@MainActor
enum StoreBench {
  static let leafAction = Root.Action.child(
    .presented(.child(.presented(.child(.presented(.tapped))))))

  static func initialState() -> Root.State {
    Root.State(child: Middle.State(child: Inner.State(child: Leaf.State(id: 1))))
  }

  // Not inlined, so the direct call is a real call, as it would be from a store.
  @inline(never)
  static func callLeaf(_ leaf: Leaf, _ state: inout Leaf.State) {
    _ = leaf.reduce(into: &state, action: .tapped)
  }

  @inline(never)
  static func callRoot(_ root: Root, _ state: inout Root.State) {
    _ = root.reduce(into: &state, action: leafAction)
  }

  /// Exactly `count` leaf actions through a store and nothing else timed or
  /// counted: callgrind runs this twice, and the difference is per action.
  static func send(count: Int) {
    let store = Store(initialState: initialState(), reducer: Root())
    for _ in 0..<count { store.send(leafAction) }
    precondition(store.state.child?.child?.child?.count == count, "the leaf action did not arrive")
  }

  static func run(report: Report, seconds: Double) {
    var leafState = Leaf.State(id: 1)
    let leaf = Leaf()
    let direct = throughput(seconds: seconds, batch: 10_000) { callLeaf(leaf, &leafState) }

    var rootState = initialState()
    let root = Root()
    let composed = throughput(seconds: seconds, batch: 1_000) { callRoot(root, &rootState) }

    let store = Store(initialState: initialState(), reducer: Root())
    let observation = store.observe {}
    let viaStore = throughput(seconds: seconds, batch: 1_000) { store.send(leafAction) }
    withExtendedLifetime(observation) {}
    let reached = store.state.child?.child?.child?.count ?? 0
    precondition(reached > 0 && store.state.seen == reached, "the leaf action did not arrive")

    func perAction(_ rate: Double) -> String { Format.duration(nanoseconds: 1e9 / rate) }
    report.add(
      "store", "leaf reducer called directly",
      "\(Format.count(direct))/s (\(perAction(direct)) each)")
    report.add(
      "store", "root reducer called directly (3 × ifLet)",
      "\(Format.count(composed))/s (\(perAction(composed)) each)")
    report.add(
      "store", "Store.send at the root, leaf 3 levels deep",
      "\(Format.count(viaStore))/s (\(perAction(viaStore)) each)", target: "≤ 20 µs each",
      met: 1e9 / viaStore <= 20_000)
    report.add(
      "store", "overhead: store ÷ direct leaf, store ÷ direct root",
      String(format: "×%.0f, ×%.1f", direct / viaStore, composed / viaStore))
  }
}
