import ConcurrencyExtras
import IssueReporting

/// Work a reducer asks the store to do after it returns: send actions now or
/// later, run async code, or cancel earlier work. A value; the store runs it.
public struct Effect<Action: Sendable>: Sendable {
  @usableFromInline
  enum Node: Sendable {
    case none
    case send(Action)
    case run(priority: TaskPriority?, @Sendable (Send<Action>) async -> Void)
    case merge([Effect<Action>])
    case concatenate([Effect<Action>])
    /// `descendants`: the id also names this effect for cancellations from every
    /// ancestor of its navigation path (a parent's `.cancel(id:)` reaches down).
    indirect case cancellable(
      CancelID, cancelInFlight: Bool, descendants: Bool, Effect<Action>)
    case cancel(CancelID)
    /// Sends the action when `trigger` is cancelled; ends silently when it is
    /// cancelled by any other id it carries. Needs no task (a dismiss watcher).
    case watch(trigger: CancelID, Action)
  }

  @usableFromInline let node: Node

  @usableFromInline init(_ node: Node) { self.node = node }

  /// No work.
  public static var none: Self { Self(.none) }

  /// Feeds `action` straight back into the store, right after the current action.
  public static func send(_ action: Action) -> Self { Self(.send(action)) }

  /// Runs `operation` off the main actor with the dependencies in force where the
  /// effect was created. Errors go to `handler`, or are reported when there is none;
  /// cancellation is not an error.
  public static func run(
    priority: TaskPriority? = nil,
    operation: @escaping @Sendable (_ send: Send<Action>) async throws -> Void,
    catch handler: (@Sendable (_ error: any Error, _ send: Send<Action>) async -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Self {
    withEscapedDependencies { dependencies in
      Self(
        .run(priority: priority) { send in
          await dependencies.yield {
            do {
              try await operation(send)
            } catch is CancellationError {
            } catch {
              if Task.isCancelled { return }
              if let handler {
                await handler(error, send)
              } else {
                reportIssue(
                  """
                  An "Effect.run" returned from \(fileID):\(line) threw an unhandled error: \
                  \(error)
                  Handle it with the "catch:" argument, or inside the operation.
                  """,
                  fileID: fileID, filePath: filePath, line: line, column: column
                )
              }
            }
          }
        })
    }
  }

  /// Runs every effect at once.
  public static func merge(_ effects: Self...) -> Self { .merge(effects) }

  public static func merge(_ effects: [Self]) -> Self {
    // Counted first: most merges hold one effect or none, and need no array.
    var count = 0
    var only = Self.none
    for effect in effects where !effect.isNone {
      count += 1
      only = effect
    }
    switch count {
    case 0, 1: return only
    default: return Self(.merge(effects.filter { !$0.isNone }))
    }
  }

  /// Adds `other` to run alongside this effect. Most actions return `.none`
  /// at every level, so that costs nothing: no array until two effects meet.
  mutating func formMerge(_ other: Self) {
    if other.isNone { return }
    self = isNone ? other : Self(.merge([self, other]))
  }

  var isNone: Bool { if case .none = node { true } else { false } }

  /// Runs the effects one after another, each starting when the previous finished.
  public static func concatenate(_ effects: Self...) -> Self { .concatenate(effects) }

  public static func concatenate(_ effects: [Self]) -> Self {
    let nonEmpty = effects.filter { if case .none = $0.node { false } else { true } }
    switch nonEmpty.count {
    case 0: return .none
    case 1: return nonEmpty[0]
    default: return Self(.concatenate(nonEmpty))
    }
  }

  public func merge(with other: Self) -> Self {
    var merged = self
    merged.formMerge(other)
    return merged
  }
  public func concatenate(with other: Self) -> Self { .concatenate([self, other]) }

  /// Makes this effect cancellable by `id`, scoped to the current navigation path,
  /// so the same id in two presentations of a feature names two different things.
  ///
  /// A `.cancel(id:)` from this feature or from any feature that presents it
  /// (directly or further up) cancels it; one from a child or a sibling does not.
  public func cancellable(id: some Hashable & Sendable, cancelInFlight: Bool = false) -> Self {
    if isNone, !cancelInFlight { return self }
    return cancellable(
      CancelID(id: id, path: currentNavigationIDPath), cancelInFlight: cancelInFlight)
  }

  func cancellable(_ id: CancelID, cancelInFlight: Bool = false, descendants: Bool = true)
    -> Self
  {
    if case .none = node, !cancelInFlight { return self }
    return Self(
      .cancellable(id, cancelInFlight: cancelInFlight, descendants: descendants, self))
  }

  /// Cancels the in-flight effects marked with `id` in the current navigation path
  /// and in every feature presented below it.
  public static func cancel(id: some Hashable & Sendable) -> Self {
    Self(.cancel(CancelID(id: id, path: currentNavigationIDPath)))
  }

  /// Transforms the actions this effect sends.
  public func map<T: Sendable>(_ transform: @escaping @Sendable (Action) -> T) -> Effect<T> {
    switch node {
    case .none:
      return .none
    case .send(let action):
      return .send(transform(action))
    case .run(let priority, let operation):
      return Effect<T>(
        .run(priority: priority) { send in
          await operation(Send { action in send(transform(action)) })
        })
    case .merge(let effects):
      return Effect<T>(.merge(effects.map { $0.map(transform) }))
    case .concatenate(let effects):
      return Effect<T>(.concatenate(effects.map { $0.map(transform) }))
    case .cancellable(let id, let cancelInFlight, let descendants, let effect):
      return Effect<T>(
        .cancellable(
          id, cancelInFlight: cancelInFlight, descendants: descendants, effect.map(transform)))
    case .cancel(let id):
      return Effect<T>(.cancel(id))
    case .watch(let trigger, let action):
      return Effect<T>(.watch(trigger: trigger, transform(action)))
    }
  }

  /// Whether running this effect needs no task: it only sends or cancels.
  var isSynchronous: Bool {
    switch node {
    case .none, .send, .cancel, .watch: return true
    case .run: return false
    case .merge(let effects), .concatenate(let effects): return effects.allSatisfy(\.isSynchronous)
    case .cancellable(_, _, _, let effect): return effect.isSynchronous
    }
  }

  /// Whether a TestStore waits for this effect: false when all it does is
  /// send, cancel or watch (a dismiss watcher lives as long as a presentation).
  var isTracked: Bool {
    switch node {
    case .none, .send, .cancel, .watch: return false
    case .run: return true
    case .merge(let effects), .concatenate(let effects): return effects.contains(where: \.isTracked)
    case .cancellable(_, _, _, let effect): return effect.isTracked
    }
  }

}

/// The identity of a cancellable effect: the id a feature chose plus the
/// navigation path of the feature that created it.
public struct CancelID: Hashable, Sendable {
  let id: AnyHashableSendable
  let path: NavigationIDPath
  init(id: some Hashable & Sendable, path: NavigationIDPath) {
    self.id = AnyHashableSendable(id)
    self.path = path
  }
  init(id: AnyHashableSendable, path: NavigationIDPath) {
    self.id = id
    self.path = path
  }

  /// The same id at this path and at each of its ancestors, so that a
  /// cancellation from any of them finds the effect.
  var withAncestors: [CancelID] {
    path.prefixes.map { CancelID(id: id, path: $0) }
  }
}

/// Sends actions from an effect back into the store. Sending from a cancelled
/// effect does nothing, so a cancelled timer can never tick into absent state.
public struct Send<Action: Sendable>: Sendable {
  let send: @MainActor @Sendable (Action) -> Void

  public init(send: @escaping @MainActor @Sendable (Action) -> Void) {
    self.send = send
  }

  @MainActor
  public func callAsFunction(_ action: Action) {
    guard !Task.isCancelled else { return }
    send(action)
  }
}
