/// Builds a reducer from a list: each runs in order on the same action and their
/// effects are merged. Supports `if`/`else` and optional blocks.
@resultBuilder
public enum ReducerBuilder<State, Action: Sendable> {
  public static func buildExpression<R: Reducer>(_ reducer: R) -> R
  where R.State == State, R.Action == Action { reducer }

  public static func buildBlock() -> EmptyReducer<State, Action> { EmptyReducer() }

  public static func buildPartialBlock<R: Reducer>(first: R) -> R
  where R.State == State, R.Action == Action { first }

  public static func buildPartialBlock<R0: Reducer, R1: Reducer>(
    accumulated: R0, next: R1
  ) -> _SequenceReducer<R0, R1> { _SequenceReducer(first: accumulated, second: next) }

  public static func buildEither<R0: Reducer, R1: Reducer>(first: R0) -> _ConditionalReducer<
    R0, R1
  > where R0.State == State, R0.Action == Action { .first(first) }

  public static func buildEither<R0: Reducer, R1: Reducer>(second: R1) -> _ConditionalReducer<
    R0, R1
  > where R1.State == State, R1.Action == Action { .second(second) }

  public static func buildOptional<R: Reducer>(_ reducer: R?) -> _OptionalReducer<R>
  where R.State == State, R.Action == Action { _OptionalReducer(base: reducer) }

  public static func buildLimitedAvailability<R: Reducer>(_ reducer: R) -> R
  where R.State == State, R.Action == Action { reducer }

  public static func buildFinalResult<R: Reducer>(_ reducer: R) -> R
  where R.State == State, R.Action == Action { reducer }
}

public struct _SequenceReducer<R0: Reducer, R1: Reducer>: Reducer
where R0.State == R1.State, R0.Action == R1.Action {
  @usableFromInline let first: R0
  @usableFromInline let second: R1
  @usableFromInline init(first: R0, second: R1) {
    self.first = first
    self.second = second
  }
  @inlinable
  public func reduce(into state: inout R0.State, action: R0.Action) -> Effect<R0.Action> {
    let a = first.reduce(into: &state, action: action)
    let b = second.reduce(into: &state, action: action)
    return a.merge(with: b)
  }
}

public enum _ConditionalReducer<R0: Reducer, R1: Reducer>: Reducer
where R0.State == R1.State, R0.Action == R1.Action {
  case first(R0)
  case second(R1)
  @inlinable
  public func reduce(into state: inout R0.State, action: R0.Action) -> Effect<R0.Action> {
    switch self {
    case .first(let r): r.reduce(into: &state, action: action)
    case .second(let r): r.reduce(into: &state, action: action)
    }
  }
}

public struct _OptionalReducer<Base: Reducer>: Reducer {
  @usableFromInline let base: Base?
  @usableFromInline init(base: Base?) { self.base = base }
  @inlinable
  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    base?.reduce(into: &state, action: action) ?? .none
  }
}
