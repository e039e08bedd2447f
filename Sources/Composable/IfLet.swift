import IssueReporting

extension Reducer {
  /// Runs `child` on optional child state that is not a presentation (no
  /// `PresentationAction`: the parent shows and hides it by setting the state).
  /// Child actions run first, while the state is there; when the state becomes
  /// nil or another child during an action, the old child's effects are cancelled.
  public func ifLet<ChildState, ChildAction, Child: Reducer>(
    _ toChildState: WritableKeyPath<State, ChildState?>,
    action toChildAction: CaseKeyPath<Action, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> then child: () -> Child,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _IfLetReducer<Self, Child>
  where Child.State == ChildState, Child.Action == ChildAction {
    _IfLetReducer(
      parent: self, child: child(), toChildState: StoredPath(toChildState),
      toChildAction: TaggedCasePath(toChildAction),
      site: SourceSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// `ifLet` for optional ephemeral state (an alert without a presentation action).
  public func ifLet<ChildState, ChildAction: Sendable>(
    _ toChildState: WritableKeyPath<State, ChildState?>,
    action toChildAction: CaseKeyPath<Action, ChildAction>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _IfLetReducer<Self, EmptyReducer<ChildState, ChildAction>> {
    ifLet(
      toChildState, action: toChildAction, then: { EmptyReducer() }, fileID: fileID,
      filePath: filePath, line: line, column: column)
  }
}

public struct _IfLetReducer<Parent: Reducer, Child: Reducer>: Reducer {
  let parent: Parent
  let child: Child
  let toChildState: StoredPath<Parent.State, Child.State?>
  let toChildAction: TaggedCasePath<Parent.Action, Child.Action>
  let site: SourceSite
  let facts = TypeFacts.of(Child.State.self)

  public func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action>
  {
    let childAction = toChildAction.extract(from: action)
    var effects = Effect<Parent.Action>.none
    if let childAction {
      effects = reduceChild(into: &state, action: action, childAction: childAction)
    }
    let before = identity(in: &state)
    effects.formMerge(parent.reduce(into: &state, action: action))
    let after = identity(in: &state)

    if after == before, childAction != nil, let childState = state[keyPath: toChildState.keyPath],
      facts.ephemeralType(of: childState) != nil
    {
      state[keyPath: toChildState.keyPath] = nil
    }
    if let before, before != after {
      effects.formMerge(.cancel(id: navigationID(before)))
    }
    return effects
  }

  private func identity(in state: inout Parent.State) -> NavigationIdentity? {
    toChildState.read(&state) { $0.map { facts.identity(of: $0) } }
  }

  private func navigationID(_ identity: NavigationIdentity) -> NavigationID {
    NavigationID(slot: AnyHashable(toChildState.keyPath), identity: identity)
  }

  private func reduceChild(
    into state: inout Parent.State, action: Parent.Action, childAction: Child.Action
  ) -> Effect<Parent.Action> {
    guard let identity = identity(in: &state) else {
      reportIssue(
        """
        An "ifLet" at "\(site)" received a child action when child state was nil.

          Action:
            \(debugCaseOutput(action))

        Either a reducer set the child state to nil before this ifLet ran (it must run first, \
        so the child can handle its actions while its state is present), or an effect or a \
        view sent the action while the state was nil.
        """,
        at: site)
      return .none
    }
    // As TCA's: the child's effects and cancellations are its own, under
    // the parent's path and this child's place in it, so a child's
    // `.cancel(id:)` reaches no sibling's or parent's effect with that id.
    let navigationID = navigationID(identity)
    let parentPath = currentNavigationIDPath
    let effect = withDependencies {
      $0.navigationIDPath = parentPath.appending(navigationID)
    } operation: {
      child.reduce(into: &state[keyPath: toChildState.keyPath]!, action: childAction)
    }
    if effect.isNone { return .none }
    let embed = toChildAction
    return effect.map { embed.embed($0) }.cancellable(id: navigationID)
  }
}
