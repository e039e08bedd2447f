import IssueReporting

extension Reducer {
  /// Runs `element` on the member of an identified collection that an action names.
  /// Members removed from the collection have their effects cancelled.
  public func forEach<ID: Hashable & Sendable, ElementState, ElementAction, Element: Reducer>(
    _ toElements: WritableKeyPath<State, IdentifiedArray<ID, ElementState>>,
    action toElementAction: CaseKeyPath<Action, IdentifiedAction<ID, ElementAction>>,
    @ReducerBuilder<ElementState, ElementAction> element: () -> Element,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _ForEachReducer<Self, ID, Element>
  where Element.State == ElementState, Element.Action == ElementAction {
    _ForEachReducer(
      base: self, element: element(), toElements: StoredPath(toElements),
      toElementAction: TaggedCasePath(toElementAction),
      site: SourceSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }
}

/// An action for one member of an identified collection.
@CasePathable
public enum IdentifiedAction<ID: Hashable & Sendable, Action: Sendable>: Sendable {
  case element(id: ID, action: Action)
}
extension IdentifiedAction: Equatable where Action: Equatable {}

public typealias IdentifiedActionOf<R: Reducer> = IdentifiedAction<R.State.ID, R.Action>
where R.State: Identifiable, R.State.ID: Sendable

public struct _ForEachReducer<Base: Reducer, ID: Hashable & Sendable, Element: Reducer>: Reducer {
  let base: Base
  let element: Element
  let toElements: StoredPath<Base.State, IdentifiedArray<ID, Element.State>>
  let toElementAction: TaggedCasePath<Base.Action, IdentifiedAction<ID, Element.Action>>
  let site: SourceSite

  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    let navigationIDPath = currentNavigationIDPath
    let initialIDs = toElements.read(&state) { $0.ids }
    var effects: [Effect<Base.Action>] = []
    if case .element(let id, let elementAction) = toElementAction.extract(from: action) {
      if var child = state[keyPath: toElements.keyPath][id: id] {
        let navID = NavigationID(slot: AnyHashable(toElements.keyPath), id: id)
        let embed = toElementAction
        let childEffect = withDependencies {
          $0.navigationIDPath = navigationIDPath.appending(navID)
        } operation: {
          element.reduce(into: &child, action: elementAction)
        }
        state[keyPath: toElements.keyPath][id: id] = child
        if !childEffect.isNone {
          effects.append(
            childEffect.map { embed.embed(.element(id: id, action: $0)) }.cancellable(id: navID))
        }
      } else {
        reportIssue(
          """
          A "forEach" at \(site) received an action for a missing element. \
          Action: \(debugCaseOutput(action))
          """
        )
      }
    }
    effects.append(base.reduce(into: &state, action: action))
    let finalIDs = toElements.read(&state) { $0.ids }
    if finalIDs.count != initialIDs.count || finalIDs != initialIDs {
      for id in initialIDs where !finalIDs.contains(id) {
        effects.append(
          .cancel(id: NavigationID(slot: AnyHashable(toElements.keyPath), id: id)))
      }
    }
    return .merge(effects)
  }
}
