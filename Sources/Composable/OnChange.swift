extension Reducer {
  /// Runs `reaction` after this reducer whenever the value at `toValue` changed.
  public func onChange<Value: Equatable>(
    of toValue: @escaping (State) -> Value,
    _ reaction: @escaping (_ oldValue: Value, _ newValue: Value) -> Reduce<State, Action>
  ) -> _OnChangeReducer<Self, Value> {
    _OnChangeReducer(base: self, toValue: toValue, reaction: reaction)
  }
}

public struct _OnChangeReducer<Base: Reducer, Value: Equatable>: Reducer {
  let base: Base
  let toValue: (Base.State) -> Value
  let reaction: (Value, Value) -> Reduce<Base.State, Base.Action>

  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    let old = toValue(state)
    let effect = base.reduce(into: &state, action: action)
    let new = toValue(state)
    guard old != new else { return effect }
    return effect.merge(with: reaction(old, new).reduce(into: &state, action: action))
  }
}
