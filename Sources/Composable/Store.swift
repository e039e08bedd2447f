import ConcurrencyExtras

/// Runs a feature: holds its state, processes actions one at a time in order,
/// runs effects and feeds their actions back, and tells observers once per batch.
@MainActor
@dynamicMemberLookup
public final class Store<State, Action: Sendable> {
  private let core: any StoreCore
  private let toState: @MainActor () -> State
  private let sendAction: @MainActor (Action) -> StoreTask

  /// Creates a root store. `prepareDependencies` overrides dependencies for
  /// everything this store runs.
  public init<R: Reducer>(
    initialState: R.State,
    reducer: R,
    withDependencies prepareDependencies: (inout DependencyValues) -> Void = { _ in }
  ) where R.State == State, R.Action == Action {
    let core = RootCore(
      initialState: initialState, reducer: reducer, prepareDependencies: prepareDependencies)
    self.core = core
    self.toState = { core.state }
    self.sendAction = { core.send($0, origin: .external) }
  }

  public convenience init<R: Reducer>(
    initialState: R.State,
    @ReducerBuilder<State, Action> reducer: () -> R,
    withDependencies prepareDependencies: (inout DependencyValues) -> Void = { _ in }
  ) where R.State == State, R.Action == Action {
    self.init(
      initialState: initialState, reducer: reducer(), withDependencies: prepareDependencies)
  }

  private init(
    core: any StoreCore, toState: @escaping @MainActor () -> State,
    send: @escaping @MainActor (Action) -> StoreTask
  ) {
    self.core = core
    self.toState = toState
    self.sendAction = send
  }

  /// The current state.
  public var state: State { toState() }

  public subscript<Value>(dynamicMember keyPath: KeyPath<State, Value>) -> Value {
    state[keyPath: keyPath]
  }

  /// Processes `action` (and any actions it sends synchronously) now, or after
  /// the current action if called while one is being processed.
  @discardableResult
  public func send(_ action: Action) -> StoreTask { sendAction(action) }

  /// A store for a child feature's part of the state and actions.
  public func scope<ChildState, ChildAction>(
    state toChildState: KeyPath<State, ChildState>,
    action toChildAction: CaseKeyPath<Action, ChildAction>
  ) -> Store<ChildState, ChildAction> {
    let parentState = toState
    let parentSend = sendAction
    let embed = AnyCasePath(toChildAction)
    return Store<ChildState, ChildAction>(
      core: core,
      toState: { parentState()[keyPath: toChildState] },
      send: { parentSend(embed.embed($0)) }
    )
  }

  /// A store for presented child state, or nil when nothing is presented.
  public func scope<ChildState, ChildAction>(
    state toChildState: KeyPath<State, ChildState?>,
    action toChildAction: CaseKeyPath<Action, PresentationAction<ChildAction>>
  ) -> Store<ChildState, ChildAction>? {
    guard let initial = state[keyPath: toChildState] else { return nil }
    let parentState = toState
    let parentSend = sendAction
    let embed = AnyCasePath(toChildAction)
    return Store<ChildState, ChildAction>(
      core: core,
      toState: { parentState()[keyPath: toChildState] ?? initial },
      send: { parentSend(embed.embed(.presented($0))) }
    )
  }

  /// Calls `onChange` after every batch of processed actions.
  public func observe(_ onChange: @escaping @MainActor () -> Void) -> StoreObservation {
    core.addObserver(onChange)
  }

  /// How many effects are running (bookkeeping and cancelled effects excluded).
  public var runningEffectCount: Int { core.runningEffectCount }
}

extension Store where State: Equatable {}

/// The store of a feature: `StoreOf<StandupDetail>`.
public typealias StoreOf<R: Reducer> = Store<R.State, R.Action>

/// Lets a caller await the effects started by one `send`.
public struct StoreTask: Hashable, Sendable {
  let tasks: [Task<Void, Never>]
  package init(tasks: [Task<Void, Never>]) { self.tasks = tasks }
  public func finish() async {
    for t in tasks { await t.value }
  }
  public func cancel() {
    for t in tasks { t.cancel() }
  }
  public var isCancelled: Bool { tasks.allSatisfy(\.isCancelled) }
}

/// Cancels an observation when cancelled or released.
@MainActor
public final class StoreObservation {
  private var onCancel: (@MainActor () -> Void)?
  init(onCancel: @escaping @MainActor () -> Void) { self.onCancel = onCancel }
  public func cancel() {
    onCancel?()
    onCancel = nil
  }
  isolated deinit { onCancel?() }
}

@MainActor
package protocol StoreCore: AnyObject, Sendable {
  func addObserver(_ f: @escaping @MainActor () -> Void) -> StoreObservation
  var runningEffectCount: Int { get }
  func stopTrackingEffects()
}
