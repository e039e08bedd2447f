import CustomDump
import IssueReporting

/// Optional child state that a parent presents (a sheet, an alert): on screen
/// exactly when non-nil. Use `@PresentationState var destination: Destination.State?`
/// and `ifLet(\.$destination, action: \.destination)`.
@propertyWrapper
public struct PresentationState<State> {
  // Boxed (copy on write), so that a feature can present itself: its state
  // may hold a `PresentationState` of its own type.
  private var storage: Storage
  /// Which presentation the `ifLet` last set up (watcher, effect scope): when
  /// it differs from the current value's identity, that presentation ended,
  /// whoever changed the state. Bookkeeping, not part of equality.
  var presentedID: NavigationIDPath?

  public init(wrappedValue: State?) { storage = Storage(wrappedValue) }

  public var wrappedValue: State? {
    get { storage.value }
    set {
      if isKnownUniquelyReferenced(&storage) {
        storage.value = newValue
      } else {
        storage = Storage(newValue)
      }
    }
    _modify {
      if !isKnownUniquelyReferenced(&storage) { storage = Storage(storage.value) }
      yield &storage.value
    }
  }

  public var projectedValue: Self {
    get { self }
    set { self = newValue }
  }

  /// The presented value in one case of an enum, for assertions and edits:
  /// `$0.$destination[case: \.edit]?.title = "Design"`. Setting it while
  /// another case is presented is reported and changes nothing.
  public subscript<Case>(
    case casePath: CaseKeyPath<State, Case>,
    fileID fileID: StaticString = #fileID, filePath filePath: StaticString = #filePath,
    line line: UInt = #line, column column: UInt = #column
  ) -> Case? where State: CasePathable {
    get { wrappedValue.flatMap { AnyCasePath(casePath).extract(from: $0) } }
    set {
      let path = AnyCasePath(casePath)
      if let current = wrappedValue, path.extract(from: current) == nil {
        reportIssue(
          "Can't modify unrelated case \"\(enumCasePath(of: current).cases.first ?? "?")\"",
          fileID: fileID, filePath: filePath, line: line, column: column)
        return
      }
      wrappedValue = newValue.map(path.embed)
    }
  }

  private final class Storage: @unchecked Sendable {
    // Mutated only through a uniquely referenced box (copy on write).
    var value: State?
    init(_ value: State?) { self.value = value }
  }

  fileprivate func sharesStorage(with other: Self) -> Bool { storage === other.storage }
}

extension PresentationState: Equatable where State: Equatable {
  public static func == (l: Self, r: Self) -> Bool {
    l.sharesStorage(with: r) || l.wrappedValue == r.wrappedValue
  }
}
extension PresentationState: Hashable where State: Hashable {
  public func hash(into hasher: inout Hasher) { hasher.combine(wrappedValue) }
}
extension PresentationState: Sendable where State: Sendable {}
extension PresentationState: Codable where State: Codable {
  public init(from decoder: any Decoder) throws {
    self.init(wrappedValue: try State?(from: decoder))
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

/// State that closes itself when one of its own actions arrives (alerts,
/// dialogs): it has no reducer and no effects of its own.
public protocol _EphemeralState {
  static var actionType: Any.Type { get }
}

/// The ephemeral type presented in `value`, looking through enum cases
/// (a destination enum in its alert case).
func ephemeralType(of value: Any) -> (any _EphemeralState.Type)? {
  if let ephemeral = value as? any _EphemeralState { return type(of: ephemeral) }
  let mirror = Mirror(reflecting: value)
  guard mirror.displayStyle == .enum, let child = mirror.children.first else { return nil }
  return ephemeralType(of: child.value)
}

func isEphemeral(_ value: Any) -> Bool { ephemeralType(of: value) != nil }

/// Whether `action` is one of `ephemeral`'s own actions (a button of the
/// alert), not an action for another case of the same destination.
func canSend(_ action: Any, to ephemeral: any _EphemeralState.Type) -> Bool {
  var current = action
  while type(of: current) != ephemeral.actionType {
    let mirror = Mirror(reflecting: current)
    guard mirror.displayStyle == .enum, let child = mirror.children.first else { return false }
    current = child.value
  }
  return true
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
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _PresentationReducer<Self, Destination>
  where Destination.State == DestinationState, Destination.Action == DestinationAction {
    _PresentationReducer(
      base: self, destination: destination(), toPresentationState: toPresentationState,
      toPresentationAction: AnyCasePath(toPresentationAction),
      site: SourceSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// `ifLet` for alerts and dialogs, which have no reducer of their own.
  public func ifLet<ChildState, ChildAction: Sendable>(
    _ toPresentationState: WritableKeyPath<State, PresentationState<ChildState>>,
    action toPresentationAction: CaseKeyPath<Action, PresentationAction<ChildAction>>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _PresentationReducer<Self, EmptyReducer<ChildState, ChildAction>> {
    ifLet(
      toPresentationState, action: toPresentationAction, destination: { EmptyReducer() },
      fileID: fileID, filePath: filePath, line: line, column: column)
  }
}

public struct _PresentationReducer<Base: Reducer, Destination: Reducer>: Reducer {
  let base: Base
  let destination: Destination
  let toPresentationState: WritableKeyPath<Base.State, PresentationState<Destination.State>>
  let toPresentationAction: AnyCasePath<Base.Action, PresentationAction<Destination.Action>>
  let site: SourceSite

  @Dependency(\.navigationIDPath) var navigationIDPath

  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    let initial = state[keyPath: toPresentationState]
    let presentedBefore = initial.presentedID
    var effects: [Effect<Base.Action>] = []

    switch (initial.wrappedValue, toPresentationAction.extract(from: action)) {
    case (.some(let presented), .dismiss):
      effects.append(base.reduce(into: &state, action: action))
      // Only the child that was asked to go: the parent may have replaced it.
      if path(for: presented) == currentPath(state) {
        state[keyPath: toPresentationState].wrappedValue = nil
      }

    case (.some(let presented), .presented(let childAction)):
      let childPath = path(for: presented)
      let embed = toPresentationAction
      let childEffect = withDependencies {
        $0.navigationIDPath = childPath
        $0.dismiss = dismissEffect(for: childPath)
      } operation: {
        destination.reduce(
          into: &state[keyPath: toPresentationState].wrappedValue!, action: childAction)
      }
      effects.append(childEffect.map { embed.embed(.presented($0)) }.presented(at: childPath))
      effects.append(base.reduce(into: &state, action: action))
      // An alert's button closes it; an action for another case does not.
      if let ephemeral = ephemeralType(of: presented), canSend(childAction, to: ephemeral),
        childPath == currentPath(state)
      {
        state[keyPath: toPresentationState].wrappedValue = nil
      }

    case (.some, nil), (nil, nil):
      effects.append(base.reduce(into: &state, action: action))

    case (nil, .some):
      reportIssue(
        """
        An "ifLet" at "\(site)" received a presentation action when destination \
        state was absent.

          Action:
            \(debugCaseOutput(action))

        Either a reducer set the destination state to nil before this ifLet ran (it must run \
        first, so the destination can handle its actions while its state is present), or the \
        action was sent while nothing was presented (send destination actions only while it \
        is, or from effects that start in this reducer).
        """,
        at: site
      )
      effects.append(base.reduce(into: &state, action: action))
    }

    // The presentation this ifLet set up is over, whoever ended it and
    // however: its effects (and its descendants') are cancelled.
    let current = currentPath(state)
    let identityChanged = presentedBefore != current
    if identityChanged, let ended = presentedBefore {
      effects.append(.cancelPresentation(at: ended))
    }
    if identityChanged, current == nil {
      state[keyPath: toPresentationState].presentedID = nil
    }
    // A new presentation, or one that came with the state (a deep link):
    // scope it and watch for its dismiss(). Alerts have no effects to scope.
    if identityChanged || state[keyPath: toPresentationState].presentedID == nil,
      let current, let presented = state[keyPath: toPresentationState].wrappedValue,
      !isEphemeral(presented)
    {
      state[keyPath: toPresentationState].presentedID = current
      effects.append(
        .dismissWatcher(childPath: current, sending: toPresentationAction.embed(.dismiss)))
    }
    return .merge(effects)
  }

  private func path(for presented: Destination.State) -> NavigationIDPath {
    navigationIDPath.appending(
      NavigationID(slot: AnyHashable(toPresentationState), value: presented))
  }

  private func currentPath(_ state: Base.State) -> NavigationIDPath? {
    state[keyPath: toPresentationState].wrappedValue.map(path(for:))
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
