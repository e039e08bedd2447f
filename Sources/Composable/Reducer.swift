/// A feature's logic: evolves `State` for each `Action` and returns effects to run.
///
/// Conform either by implementing `reduce(into:action:)` or by composing other
/// reducers in `body` (a `ReducerBuilder`). Exactly one of the two is provided.
///
/// A reducer with no stored properties has its `body` evaluated once, the
/// first time it runs, and that body serves every later action of every
/// instance of the type: build it from the type alone. Read dependencies and
/// anything else that can change inside its `Reduce` closures, when an action
/// runs, not while the body is built.
public protocol Reducer<State, Action> {
  associatedtype State
  associatedtype Action: Sendable
  associatedtype _Body
  typealias Body = _Body

  func reduce(into state: inout State, action: Action) -> Effect<Action>

  @ReducerBuilder<State, Action>
  var body: Body { get }
}

public typealias ReducerOf<R: Reducer> = Reducer<R.State, R.Action>

extension Reducer where Body == Never {
  public var body: Body {
    fatalError("'\(Self.self)' has no body: it implements reduce(into:action:)")
  }
}

extension Reducer where Body: Reducer, Body.State == State, Body.Action == Action {
  @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    reduceBody(into: &state, action: action)
  }

  /// What the default `reduce(into:action:)` does: runs `body`. A reducer
  /// run from other modules (an app's root, under the shell) declares
  /// `reduce` as a call to this, so that its body is specialised in its own
  /// module, where the body's type is known.
  @inlinable
  public func reduceBody(into state: inout State, action: Action) -> Effect<Action> {
    reduceCachedBody(of: self, into: &state, action: action)
  }
}

/// A reducer from a closure, for logic written inline in a `body`.
public struct Reduce<State, Action: Sendable>: Reducer {
  @usableFromInline let reduce: (inout State, Action) -> Effect<Action>

  public init(_ reduce: @escaping (_ state: inout State, _ action: Action) -> Effect<Action>) {
    self.reduce = reduce
  }

  public init<R: Reducer>(_ reducer: R) where R.State == State, R.Action == Action {
    self.reduce = { reducer.reduce(into: &$0, action: $1) }
  }

  @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    reduce(&state, action)
  }
}

/// Does nothing; the identity of reducer composition.
public struct EmptyReducer<State, Action: Sendable>: Reducer {
  public init() {}
  @inlinable
  public func reduce(into _: inout State, action _: Action) -> Effect<Action> { .none }
}

/// Runs its reducers in order, merging their effects.
public struct CombineReducers<State, Action: Sendable, Reducers: Reducer>: Reducer
where Reducers.State == State, Reducers.Action == Action {
  @usableFromInline let reducers: Reducers

  public init(@ReducerBuilder<State, Action> _ build: () -> Reducers) {
    self.reducers = build()
  }

  @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    reducers.reduce(into: &state, action: action)
  }
}
