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
      base: self, destination: destination(),
      toPresentationState: StoredPath(toPresentationState) { PresentationState(wrappedValue: nil) },
      toPresentationAction: TaggedCasePath(toPresentationAction),
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
  let toPresentationState: StoredPath<Base.State, PresentationState<Destination.State>>
  let toPresentationAction: TaggedCasePath<Base.Action, PresentationAction<Destination.Action>>
  let site: SourceSite
  let facts = TypeFacts.of(Destination.State.self)

  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    let parentPath = currentNavigationIDPath
    // Each access through the key path costs a call into the runtime: what
    // was set up and who is presented are read together.
    let (setUp, before) = toPresentationState.read(&state) { look(at: $0) }
    var child: ChildPresentation?
    var effects = Effect<Base.Action>.none

    switch (before, toPresentationAction.extract(from: action)) {
    case (.some(let presented), .dismiss):
      effects = base.reduce(into: &state, action: action)
      // Only the child that was asked to go: the parent may have replaced it.
      if identity(in: &state) == presented {
        toPresentationState.modify(&state) { $0.wrappedValue = nil }
      }

    case (.some(let presented), .presented(let childAction)):
      let presentation = presentation(of: presented, under: parentPath, reusing: setUp)
      child = presentation
      let ephemeral =
        facts.mayBeEphemeral
        ? toPresentationState.read(&state) { $0.withPresented { facts.ephemeralType(of: $0) } }
          ?? nil
        : nil
      let childEffect = withDependencies {
        $0.navigationContext = presentation.context
      } operation: {
        reducePresented(in: &state) { destination.reduce(into: &$0, action: childAction) }
      }
      if !childEffect.isNone {
        let embed = toPresentationAction
        effects = childEffect.map { embed.embed(.presented($0)) }.presented(at: presentation.path)
      }
      effects.formMerge(base.reduce(into: &state, action: action))
      // An alert's button closes it; an action for another case does not.
      if let ephemeral, canSend(childAction, to: ephemeral), identity(in: &state) == presented {
        toPresentationState.modify(&state) { $0.wrappedValue = nil }
      }

    case (.some, nil), (nil, nil):
      effects = base.reduce(into: &state, action: action)

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
      effects = base.reduce(into: &state, action: action)
    }

    let current = identity(in: &state)
    if let setUp, let current,
      setUp.isPresentation(of: current, in: toPresentationState.keyPath, under: parentPath)
    {
      return effects
    }
    // The presentation this ifLet set up is over, whoever ended it and
    // however: its effects (and its descendants') are cancelled.
    if let setUp {
      effects.formMerge(.cancelPresentation(at: setUp.path))
    }
    // A new presentation, or one that came with the state (a deep link):
    // scope it and watch for its dismiss(). Alerts have no effects to scope.
    var next: ChildPresentation?
    if let current,
      toPresentationState.read(
        &state, { $0.withPresented { facts.ephemeralType(of: $0) == nil } })
        == true
    {
      let presentation = presentation(of: current, under: parentPath, reusing: child)
      next = presentation
      effects.formMerge(
        .dismissWatcher(
          childPath: presentation.path, sending: toPresentationAction.embed(.dismiss)))
    }
    if setUp != nil || next != nil {
      toPresentationState.modify(&state) { $0.presentation = next }
    }
    return effects
  }

  private func look(
    at presentation: borrowing PresentationState<Destination.State>
  ) -> (setUp: ChildPresentation?, identity: NavigationIdentity?) {
    (presentation.presentation, presentation.withPresented { facts.identity(of: $0) })
  }

  /// Runs `body` on the presented state in place. Through the key path of a
  /// projection (`\.$destination`) it would change a copy that shares the
  /// state's storage, and the first change would copy the whole child state
  /// on every action: the presentation is taken out of the parent while
  /// `body` runs, then put back.
  private func reducePresented(
    in state: inout Base.State,
    _ body: (inout Destination.State) -> Effect<Destination.Action>
  ) -> Effect<Destination.Action> {
    guard !toPresentationState.isStored else {
      return toPresentationState.modify(&state) { body(&$0.wrappedValue!) }
    }
    let keyPath = toPresentationState.keyPath
    var presented = state[keyPath: keyPath]
    state[keyPath: keyPath] = PresentationState(wrappedValue: nil)
    defer { state[keyPath: keyPath] = presented }
    return body(&presented.wrappedValue!)
  }

  private func identity(in state: inout Base.State) -> NavigationIdentity? {
    toPresentationState.read(&state) { $0.withPresented { facts.identity(of: $0) } }
  }

  /// `existing` when it is the presentation of `identity` here, else a new one.
  private func presentation(
    of identity: NavigationIdentity, under parentPath: NavigationIDPath,
    reusing existing: ChildPresentation?
  ) -> ChildPresentation {
    if let existing,
      existing.isPresentation(of: identity, in: toPresentationState.keyPath, under: parentPath)
    {
      return existing
    }
    return ChildPresentation(
      parentPath: parentPath, slot: toPresentationState.keyPath, identity: identity)
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
