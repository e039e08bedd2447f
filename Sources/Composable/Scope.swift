/// Runs a child reducer on a part of the parent's state, for the child's actions.
///
/// The child state is either a stored property (`state: \.child`) or one case of
/// an enum (`state: \.someCase`); in the enum form an action that arrives while
/// the state is in another case is reported, as it is a logic error upstream.
public struct Scope<ParentState, ParentAction: Sendable, Child: Reducer>: Reducer {
  enum StatePath {
    case keyPath(WritableKeyPath<ParentState, Child.State>)
    case casePath(TaggedCasePath<ParentState, Child.State>)
  }
  let toChildState: StatePath
  let toChildAction: TaggedCasePath<ParentAction, Child.Action>
  let child: Child
  let site: SourceSite

  public init<ChildState, ChildAction>(
    state toChildState: WritableKeyPath<ParentState, ChildState>,
    action toChildAction: CaseKeyPath<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child
  ) where ChildState == Child.State, ChildAction == Child.Action {
    self.toChildState = .keyPath(toChildState)
    self.toChildAction = TaggedCasePath(toChildAction)
    self.child = child()
    self.site = SourceSite(fileID: #fileID, filePath: #filePath, line: #line, column: #column)
  }

  public init<ChildState, ChildAction>(
    state toChildState: CaseKeyPath<ParentState, ChildState>,
    action toChildAction: CaseKeyPath<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) where ChildState == Child.State, ChildAction == Child.Action {
    self.toChildState = .casePath(TaggedCasePath(toChildState))
    self.toChildAction = TaggedCasePath(toChildAction)
    self.child = child()
    self.site = SourceSite(fileID: fileID, filePath: filePath, line: line, column: column)
  }

  public func reduce(into state: inout ParentState, action: ParentAction) -> Effect<ParentAction> {
    guard let childAction = toChildAction.extract(from: action) else { return .none }
    let embed = toChildAction
    switch toChildState {
    case .keyPath(let keyPath):
      let effect = child.reduce(into: &state[keyPath: keyPath], action: childAction)
      // Mapping makes the closure, and copies what it captures, even for no effect.
      if effect.isNone { return .none }
      return effect.map { embed.embed($0) }
    case .casePath(let casePath):
      guard let effect = casePath.modify(&state, { child.reduce(into: &$0, action: childAction) })
      else {
        reportIssue(
          """
          A "Scope" at "\(site)" received a child action when child state was in \
          another case.
            Action: \(debugCaseOutput(action))
            State: \(debugCaseOutput(state))
          """,
          at: site)
        return .none
      }
      if effect.isNone { return .none }
      return effect.map { embed.embed($0) }
    }
  }
}

/// A short description of an enum value for messages: its case path, not its payload.
func debugCaseOutput(_ value: Any) -> String {
  let cases = enumCaseNames(of: value)
  return cases.isEmpty ? "\(type(of: value))" : ".\(cases.joined(separator: "."))"
}

/// Where a reducer was written, for the issues it reports: they point at the
/// line that composed it, not at the library.
struct SourceSite: CustomStringConvertible, Sendable {
  let fileID: StaticString
  let filePath: StaticString
  let line: UInt
  let column: UInt

  var description: String { "\(fileID):\(line)" }
}

func reportIssue(_ message: String, at site: SourceSite) {
  reportIssue(
    message, fileID: site.fileID, filePath: site.filePath, line: site.line, column: site.column)
}
