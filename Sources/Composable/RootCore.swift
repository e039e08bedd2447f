import ConcurrencyExtras

/// Where an action came from: the outside world (a key, a test) or an effect.
package enum ActionOrigin: Sendable {
  case external
  case effect
}

/// The engine behind a root `Store` (and the `TestStore`): the action queue,
/// the reducer, and every running effect with its cancellation ids.
@MainActor
package final class RootCore<State, Action: Sendable>: StoreCore {
  package private(set) var state: State
  private let reducer: any Reducer<State, Action>
  /// What the reducer and the effects it creates see; the store's own
  /// canceller is put in, so a child's `dismiss()` reaches this store.
  package var dependencies: DependencyValues {
    didSet { installCanceller() }
  }

  /// Each action with where it came from and its cause: the external send
  /// that led to it, through any number of effects (so a test can say which
  /// of its steps started an effect that never ended).
  private var queue: [(Action, ActionOrigin, cause: Int)] = []
  private var nextCause = 0
  private var isProcessing = false

  private struct Running {
    let task: Task<Void, Never>
    let tracked: Bool
    let keys: [CancelID]
    let cause: Int
  }
  private var running: [Int: Running] = [:]
  private struct Watcher {
    let trigger: CancelID
    let action: Action
    let keys: [CancelID]
    let cause: Int
  }
  private var watchers: [Int: Watcher] = [:]
  private var cancellables: [CancelID: Set<Int>] = [:]
  private var nextTaskID = 0

  /// In the order they were added: that is the order they are told.
  private var observers: [(id: Int, notify: @MainActor () -> Void)] = []
  private var nextObserverID = 0

  /// Where effects run (their code outside the main actor); nil: the global
  /// executor. A TestStore gives its own, to know when effects are idle.
  package var effectExecutor: (any TaskExecutor)?

  /// Called after each action is reduced, with the state it produced (for tests
  /// and the debug log).
  package var didProcess: ((Action, ActionOrigin, State) -> Void)?

  package init<R: Reducer>(
    initialState: State, reducer: R, prepareDependencies: (inout DependencyValues) -> Void
  ) where R.State == State, R.Action == Action {
    self.state = initialState
    self.reducer = reducer
    self.dependencies = withDependencies(prepareDependencies) { DependencyValues._current }
    installCanceller()
  }

  private func installCanceller() {
    guard !isInstallingCanceller else { return }
    isInstallingCanceller = true
    defer { isInstallingCanceller = false }
    dependencies.effectCanceller = EffectCanceller { [weak self] id in self?.cancel(id) }
    // Paths start at the store: what a state remembers of its presentations
    // (their paths) is then only true in the store that set them up, and a
    // state moved to another store (a relaunch) is set up again there.
    dependencies.navigationIDPath = NavigationIDPath().appending(
      NavigationID(
        slot: AnyHashable(ObjectIdentifier(RootCoreCounter.self)), id: storeID))
  }
  private var isInstallingCanceller = false
  private let storeID: Int = {
    RootCoreCounter.next += 1
    return RootCoreCounter.next
  }()

  @discardableResult
  package func send(_ action: Action, origin: ActionOrigin, cause: Int? = nil) -> StoreTask {
    queue.append((action, origin, cause ?? newCause()))
    guard !isProcessing else { return StoreTask(tasks: []) }
    isProcessing = true
    defer { isProcessing = false }
    var started: [Task<Void, Never>] = []
    repeat {
      var index = 0
      while index < queue.count {
        let (next, nextOrigin, cause) = queue[index]
        index += 1
        let effect = withDependencies {
          $0 = dependencies
        } operation: {
          reducer.reduce(into: &state, action: next)
        }
        didProcess?(next, nextOrigin, state)
        // Most actions start nothing; `start` is not specialised for the
        // store's types, and would look up their metadata just to see that.
        if !effect.isNone { started += start(effect, keys: [], cause: cause) }
      }
      queue.removeAll(keepingCapacity: true)
      // Still "processing": an observer's send is queued, and becomes the next
      // batch once every observer has seen this one.
      for observer in observers { observer.notify() }
    } while !queue.isEmpty
    return StoreTask(tasks: started)
  }

  /// A new cause, for an action from outside.
  package func newCause() -> Int {
    nextCause += 1
    return nextCause
  }

  private func start(_ effect: Effect<Action>, keys: [CancelID], cause: Int) -> [Task<Void, Never>]
  {
    switch effect.node {
    case .none:
      return []

    case .send(let action):
      if isProcessing {
        queue.append((action, .effect, cause))
      } else {
        send(action, origin: .effect, cause: cause)
      }
      return []

    case .run(let priority, let operation):
      let id = nextID()
      let send = Send<Action> { [weak self] action in
        self?.send(action, origin: .effect, cause: cause)
      }
      let task = Task(executorPreference: effectExecutor, priority: priority) { [weak self] in
        await operation(send)
        await self?.finished(id)
      }
      register(id, task: task, tracked: true, keys: keys, cause: cause)
      return [task]

    case .merge(let effects):
      return effects.flatMap { start($0, keys: keys, cause: cause) }

    case .concatenate(let effects):
      // Leading sends and cancels happen now, in order, as a merge's would;
      // only from the first asynchronous effect on does a task wait for each.
      let leading = effects.prefix { $0.isSynchronous }
      for effect in leading { _ = start(effect, keys: keys, cause: cause) }
      let rest = effects.dropFirst(leading.count)
      guard !rest.isEmpty else { return [] }
      let id = nextID()
      let task = Task { [weak self] in
        for effect in rest {
          // The store only while starting each: held across the wait, it
          // could never be released (and its effects cancelled).
          guard !Task.isCancelled, let inner = self?.start(effect, keys: keys, cause: cause)
          else { break }
          await withTaskCancellationHandler {
            for t in inner { await t.value }
          } onCancel: {
            for t in inner { t.cancel() }
          }
        }
        self?.finished(id)
      }
      register(
        id, task: task, tracked: rest.contains(where: \.isTracked), keys: keys, cause: cause)
      return [task]

    case .cancellable(let cancelID, let cancelInFlight, let descendants, let inner):
      if cancelInFlight { cancel(cancelID) }
      return start(
        inner, keys: keys + (descendants ? cancelID.withAncestors : [cancelID]), cause: cause)

    case .cancel(let cancelID):
      cancel(cancelID)
      return []

    case .watch(let trigger, let action):
      let id = nextID()
      watchers[id] = Watcher(trigger: trigger, action: action, keys: keys, cause: cause)
      for key in keys + [trigger] { cancellables[key, default: []].insert(id) }
      return []
    }
  }

  private func nextID() -> Int {
    nextTaskID += 1
    return nextTaskID
  }

  private func register(
    _ id: Int, task: Task<Void, Never>, tracked: Bool, keys: [CancelID], cause: Int
  ) {
    running[id] = Running(task: task, tracked: tracked, keys: keys, cause: cause)
    for key in keys { cancellables[key, default: []].insert(id) }
  }

  private func finished(_ id: Int) {
    guard let entry = running.removeValue(forKey: id) else { return }
    for key in entry.keys {
      cancellables[key]?.remove(id)
      if cancellables[key]?.isEmpty == true { cancellables[key] = nil }
    }
  }

  func cancel(_ id: CancelID) {
    guard let ids = cancellables.removeValue(forKey: id) else { return }
    var fired: [(Int, Watcher)] = []
    for entryID in ids {
      if let watcher = watchers.removeValue(forKey: entryID) {
        for key in watcher.keys + [watcher.trigger] where key != id {
          cancellables[key]?.remove(entryID)
          if cancellables[key]?.isEmpty == true { cancellables[key] = nil }
        }
        if watcher.trigger == id { fired.append((entryID, watcher)) }
      } else {
        running[entryID]?.task.cancel()
      }
    }
    // In the order the watchers were set up, so the result does not depend on
    // how a set happens to be ordered.
    for (_, watcher) in fired.sorted(by: { $0.0 < $1.0 }) {
      if isProcessing {
        queue.append((watcher.action, .effect, watcher.cause))
      } else {
        send(watcher.action, origin: .effect, cause: watcher.cause)
      }
    }
  }

  /// The causes of the effects still running (one per effect), tracked and
  /// not cancelled.
  package var runningEffectCauses: [Int] {
    running.values.filter { $0.tracked && !$0.task.isCancelled }.map(\.cause).sorted()
  }

  /// Cancelled effects are not counted: they may take a moment to wind down,
  /// but their sends are dropped, so they can no longer affect the state.
  package var runningEffectCount: Int {
    running.values.filter { $0.tracked && !$0.task.isCancelled }.count
  }

  /// Leaves running effects alone but stops counting them (they can still send).
  package func stopTrackingEffects() {
    for (id, entry) in running {
      running[id] = Running(task: entry.task, tracked: false, keys: entry.keys, cause: entry.cause)
    }
  }

  /// A store nobody holds any more leaves nothing running (as TCA's): its
  /// effects could only send to no one.
  isolated deinit {
    for entry in running.values { entry.task.cancel() }
  }

  package func cancelAllEffects() {
    watchers.removeAll()
    for entry in running.values { entry.task.cancel() }
  }

  package func addObserver(_ f: @escaping @MainActor () -> Void) -> StoreObservation {
    nextObserverID += 1
    let id = nextObserverID
    observers.append((id, f))
    return StoreObservation { [weak self] in self?.observers.removeAll { $0.id == id } }
  }
}

@MainActor
private enum RootCoreCounter {
  static var next = 0
}
