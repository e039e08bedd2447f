import IssueReporting

extension Reducer {
  /// Runs `element` on stack elements, child first, then this reducer. Elements
  /// leaving the stack, by any route, have their effects cancelled.
  public func forEach<ElementState, ElementAction, Element: Reducer>(
    _ toStackState: WritableKeyPath<State, StackState<ElementState>>,
    action toStackAction: CaseKeyPath<Action, StackAction<ElementState, ElementAction>>,
    @ReducerBuilder<ElementState, ElementAction> element: () -> Element,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _StackReducer<Self, Element>
  where Element.State == ElementState, Element.Action == ElementAction {
    _StackReducer(
      base: self, element: element(), toStackState: StoredPath(toStackState),
      toStackAction: TaggedCasePath(toStackAction),
      site: SourceSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }
}

/// What a stack's `forEach` has set up: where it runs (its store's path
/// included) and each element's presentation, bottom first.
final class MountedStack: @unchecked Sendable {
  // Immutable: replaced, never changed, when the stack changes.
  let parentPath: NavigationIDPath
  let ids: [StackElementID]
  let elements: [ChildPresentation]

  init(parentPath: NavigationIDPath, ids: [StackElementID], elements: [ChildPresentation]) {
    self.parentPath = parentPath
    self.ids = ids
    self.elements = elements
  }

  func presentation(of id: StackElementID) -> ChildPresentation? {
    ids.firstIndex(of: id).map { elements[$0] }
  }
}

public struct _StackReducer<Base: Reducer, Element: Reducer>: Reducer {
  let base: Base
  let element: Element
  let toStackState: StoredPath<Base.State, StackState<Element.State>>
  let toStackAction: TaggedCasePath<Base.Action, StackAction<Element.State, Element.Action>>
  let site: SourceSite

  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    let parentPath = currentNavigationIDPath
    // Only what was set up here counts: a state moved to another store or
    // place is set up again there.
    let mounted = toStackState.read(&state) {
      $0.mounted.flatMap { $0.parentPath == parentPath ? $0 : nil }
    }
    var effects = Effect<Base.Action>.none
    let embed = toStackAction

    switch toStackAction.extract(from: action) {
    case .element(let id, let elementAction):
      if state[keyPath: toStackState.keyPath].contains(id: id) {
        let child = mounted?.presentation(of: id) ?? presentation(of: id, under: parentPath)
        let childEffect = withDependencies {
          $0.navigationContext = child.context
        } operation: {
          state[keyPath: toStackState.keyPath].modifyElement(id: id) {
            element.reduce(into: &$0, action: elementAction)
          } ?? .none
        }
        if !childEffect.isNone {
          effects = childEffect.map { embed.embed(.element(id: id, action: $0)) }
            .presented(at: child.path)
        }
      } else {
        reportIssue(
          """
          A "forEach" at "\(site)" received an action for a missing element.

            Action:
              \(debugCaseOutput(action))

          Either a reducer removed the element before this forEach ran (it must run first, so \
          the element can handle its actions while its state is present), or an effect or a \
          view sent it after the element left the stack.
          """,
          at: site)
      }
      effects.formMerge(base.reduce(into: &state, action: action))

    case .popFrom(let id):
      let canPop = state[keyPath: toStackState.keyPath].contains(id: id)
      effects.formMerge(base.reduce(into: &state, action: action))
      if canPop {
        state[keyPath: toStackState.keyPath].pop(from: id)
      } else {
        reportIssue(
          """
          A "forEach" at "\(site)" received a "popFrom" action for a missing element.

            ID:
              \(id)
            Path IDs:
              \(state[keyPath: toStackState.keyPath].ids)
          """,
          at: site)
      }

    case .push(let id, let elementState):
      effects.formMerge(push(elementState, id: id, into: &state, action: action))

    case nil:
      effects = base.reduce(into: &state, action: action)
    }

    if let mounted, toStackState.read(&state, { $0.holds(ids: mounted.ids) }) { return effects }
    let idsAfter = state[keyPath: toStackState.keyPath].ids
    let after = Set(idsAfter)
    var changes = [effects]
    for (id, child) in zip(mounted?.ids ?? [], mounted?.elements ?? []) where !after.contains(id) {
      changes.append(.cancelPresentation(at: child.path))
    }
    let elements = idsAfter.map { id in
      if let child = mounted?.presentation(of: id) { return child }
      let child = presentation(of: id, under: parentPath)
      changes.append(.dismissWatcher(childPath: child.path, sending: embed.embed(.popFrom(id: id))))
      return child
    }
    state[keyPath: toStackState.keyPath].mounted = MountedStack(
      parentPath: parentPath, ids: idsAfter, elements: elements)
    return .merge(changes)
  }

  /// A push: rare next to the actions that pass through, so kept apart.
  func push(
    _ elementState: Element.State, id: StackElementID, into state: inout Base.State,
    action: Base.Action
  ) -> Effect<Base.Action> {
    if state[keyPath: toStackState.keyPath].contains(id: id) {
      reportIssue(
        """
        A "forEach" at "\(site)" received a "push" action for an element it \
        already contains.

          ID:
            \(id)
          Path IDs:
            \(state[keyPath: toStackState.keyPath].ids)
        """,
        at: site)
      return base.reduce(into: &state, action: action)
    }
    @Dependency(\.context) var context
    @Dependency(\.stackElementID) var generator
    // In tests ids come from the store's generator in order, so that an
    // expectation can name them: one from elsewhere is a mistake in the test.
    if context == .test, id > generator.peek() {
      reportIssue(
        """
        A "forEach" at "\(site)" received a "push" action with an unexpected \
        generational ID.

          Received ID:
            \(id)
          Expected ID:
            \(generator.peek())
        """,
        at: site)
    }
    state[keyPath: toStackState.keyPath].append(elementState, id: id)
    return base.reduce(into: &state, action: action)
  }

  func presentation(
    of id: StackElementID, under parentPath: NavigationIDPath
  ) -> ChildPresentation {
    ChildPresentation(
      parentPath: parentPath, slot: toStackState.keyPath, identity: NavigationIdentity(id: id))
  }
}
