import CustomDump
import IssueReporting

/// Optional child state that a parent presents (a sheet, an alert): on screen
/// exactly when non-nil. Use `@PresentationState var destination: Destination.State?`
/// and `ifLet(\.$destination, action: \.destination)`.
@propertyWrapper
public struct PresentationState<State> {
  public var wrappedValue: State?
  public init(wrappedValue: State?) { self.wrappedValue = wrappedValue }
  public var projectedValue: Self {
    get { self }
    set { self = newValue }
  }
}

extension PresentationState: Equatable where State: Equatable {}
extension PresentationState: Hashable where State: Hashable {}
extension PresentationState: Sendable where State: Sendable {}
extension PresentationState: Codable where State: Codable {
  public init(from decoder: any Decoder) throws {
    self.wrappedValue = try State?(from: decoder)
  }
  public func encode(to encoder: any Encoder) throws { try wrappedValue.encode(to: encoder) }
}
extension PresentationState: CustomDumpRepresentable {
  public var customDumpValue: Any { wrappedValue as Any }
}

/// What a parent receives about its presented child.
@CasePathable
public enum PresentationAction<Action: Sendable>: Sendable {
  /// An action of the presented child.
  case presented(Action)
  /// Close the presentation (Esc, or the child's own `dismiss()`).
  case dismiss
}
extension PresentationAction: Equatable where Action: Equatable {}

/// Marks state that closes itself after any of its actions (alerts, dialogs).
public protocol _EphemeralState {}

func isEphemeral(_ value: Any) -> Bool {
  if value is any _EphemeralState { return true }
  let mirror = Mirror(reflecting: value)
  guard mirror.displayStyle == .enum, let child = mirror.children.first else { return false }
  return isEphemeral(child.value)
}

extension Reducer {
  /// Runs `destination` on the presented child state, child first, then this reducer.
  ///
  /// `.dismiss` runs this reducer and then clears the state. Whenever the presented
  /// state becomes nil or changes identity — by any route, including the parent
  /// setting it directly — every effect of the old child is cancelled.
  public func ifLet<DestinationState, DestinationAction, Destination: Reducer>(
    _ toPresentationState: WritableKeyPath<State, PresentationState<DestinationState>>,
    action toPresentationAction: CaseKeyPath<Action, PresentationAction<DestinationAction>>,
    @ReducerBuilder<DestinationState, DestinationAction> destination: () -> Destination,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> _PresentationReducer<Self, Destination>
  where Destination.State == DestinationState, Destination.Action == DestinationAction {
    _PresentationReducer(
      base: self, destination: destination(), toPresentationState: toPresentationState,
      toPresentationAction: AnyCasePath(toPresentationAction), fileID: fileID, line: line)
  }

  /// `ifLet` for alerts and dialogs, which have no reducer of their own.
  public func ifLet<ChildState, ChildAction: Sendable>(
    _ toPresentationState: WritableKeyPath<State, PresentationState<ChildState>>,
    action toPresentationAction: CaseKeyPath<Action, PresentationAction<ChildAction>>,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> _PresentationReducer<Self, EmptyReducer<ChildState, ChildAction>> {
    ifLet(
      toPresentationState, action: toPresentationAction, destination: { EmptyReducer() },
      fileID: fileID, line: line)
  }
}

public struct _PresentationReducer<Base: Reducer, Destination: Reducer>: Reducer {
  let base: Base
  let destination: Destination
  let toPresentationState: WritableKeyPath<Base.State, PresentationState<Destination.State>>
  let toPresentationAction: AnyCasePath<Base.Action, PresentationAction<Destination.Action>>
  let fileID: StaticString
  let line: UInt

  @Dependency(\.navigationIDPath) var navigationIDPath

  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    let slot = AnyHashable(toPresentationState)
    let initialID = state[keyPath: toPresentationState].wrappedValue.map {
      NavigationID(slot: slot, value: $0)
    }
    var effects: [Effect<Base.Action>] = []

    switch toPresentationAction.extract(from: action) {
    case .presented(let childAction):
      guard var child = state[keyPath: toPresentationState].wrappedValue, let initialID else {
        reportIssue(
          """
          An "ifLet" at \(fileID):\(line) received a presentation action when destination \
          state was absent. Action: \(debugCaseOutput(action))
          This is usually an effect of a dismissed child that was not cancelled, or a \
          view sending actions to a sheet that is no longer shown.
          """
        )
        effects.append(base.reduce(into: &state, action: action))
        break
      }
      let (childPath, dismiss) = presentationDependencies(
        parentPath: navigationIDPath, childID: initialID)
      let embed = toPresentationAction
      let childEffect = withDependencies {
        $0.navigationIDPath = childPath
        $0.dismiss = dismiss
      } operation: {
        destination.reduce(into: &child, action: childAction)
      }
      state[keyPath: toPresentationState].wrappedValue = child
      effects.append(childEffect.map { embed.embed(.presented($0)) }.cancellable(id: initialID))
      effects.append(base.reduce(into: &state, action: action))
      // Alerts and dialogs close after any button.
      if isEphemeral(child),
        let now = state[keyPath: toPresentationState].wrappedValue,
        NavigationID(slot: slot, value: now) == initialID
      {
        state[keyPath: toPresentationState].wrappedValue = nil
      }

    case .dismiss:
      effects.append(base.reduce(into: &state, action: action))
      state[keyPath: toPresentationState].wrappedValue = nil

    case nil:
      effects.append(base.reduce(into: &state, action: action))
    }

    let finalID = state[keyPath: toPresentationState].wrappedValue.map {
      NavigationID(slot: slot, value: $0)
    }
    if let initialID, initialID != finalID {
      effects.append(.cancel(id: initialID))
    }
    if let finalID, finalID != initialID || !hasDismissWatcher(childID: finalID) {
      effects.append(
        dismissWatcher(childID: finalID, sending: toPresentationAction.embed(.dismiss)))
    }
    return .merge(effects)
  }
}

extension PresentationAction {
  /// The same presentation action for a child embedded in a larger action
  /// (e.g. an alert's action inside a destination enum).
  public func map<T: Sendable>(_ transform: (Action) -> T) -> PresentationAction<T> {
    switch self {
    case .presented(let action): .presented(transform(action))
    case .dismiss: .dismiss
    }
  }
}
