import ConcurrencyExtras
import CustomDump

/// "Set this field to this value": one action for every plain form field, so a
/// form feature needs no action per field. Apply it with `BindingReducer`.
public struct BindingAction<Root>: Equatable, @unchecked Sendable {
  // The key path and value are immutable and Sendable by construction (`set`).
  public let keyPath: PartialKeyPath<Root>
  let value: any Sendable
  let apply: @Sendable (inout Root) -> Void
  let isEqual: @Sendable (BindingAction<Root>) -> Bool
  let dump: @Sendable () -> String

  public static func set<Value: Equatable & Sendable>(
    _ keyPath: WritableKeyPath<Root, Value> & Sendable, _ value: Value
  ) -> Self {
    Self(
      keyPath: keyPath,
      value: value,
      apply: { $0[keyPath: keyPath] = value },
      isEqual: { other in other.keyPath == keyPath && (other.value as? Value) == value },
      dump: { "set(\(keyPath), \(String(customDumping: value)))" }
    )
  }

  public static func == (l: Self, r: Self) -> Bool { l.isEqual(r) }

  /// The new value, if this action sets `keyPath`.
  public func value<Value>(for keyPath: KeyPath<Root, Value>) -> Value? {
    self.keyPath == keyPath ? value as? Value : nil
  }

  /// Lets `case .binding(\.title):` match an action that sets `title`.
  public static func ~= <Value>(keyPath: KeyPath<Root, Value>, action: Self) -> Bool {
    action.keyPath == keyPath
  }
}

extension BindingAction: CustomDumpStringConvertible {
  public var customDumpDescription: String { dump() }
}

/// An action enum with a `binding` case.
public protocol BindableAction<State>: Sendable {
  associatedtype State
  static func binding(_ action: BindingAction<State>) -> Self
  var binding: BindingAction<State>? { get }
}

/// Applies `.binding` actions to state. Put it before the feature's own `Reduce`
/// so that logic sees the new value.
public struct BindingReducer<State, Action: BindableAction>: Reducer
where Action.State == State {
  public init() {}
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    action.binding?.apply(&state)
    return .none
  }
}
