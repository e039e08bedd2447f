import ConcurrencyExtras
import CustomDump
import IssueReporting

/// A stable id for an element of a navigation stack, unique within a store.
public struct StackElementID: Hashable, Sendable, Comparable, ExpressibleByIntegerLiteral,
  CustomDebugStringConvertible, Codable
{
  public let rawValue: Int
  public init(rawValue: Int) { self.rawValue = rawValue }
  public init(integerLiteral value: Int) { self.rawValue = value }
  public static func < (l: Self, r: Self) -> Bool { l.rawValue < r.rawValue }
  public var debugDescription: String { "#\(rawValue)" }
}

/// Hands out stack element ids. Tests get a fresh sequence from 0 per TestStore.
public struct StackElementIDGenerator: Sendable {
  private let counter: LockIsolated<Int>
  public init(startingAt start: Int = 0) { self.counter = LockIsolated(start) }
  public func next() -> StackElementID {
    counter.withValue { n in
      defer { n += 1 }
      return StackElementID(rawValue: n)
    }
  }
  /// Makes sure later ids are above `id` (one pushed with an id of its own).
  public func advance(past id: StackElementID) {
    counter.withValue { n in n = max(n, id.rawValue + 1) }
  }
  /// The id `next()` would hand out.
  public func peek() -> StackElementID { StackElementID(rawValue: counter.value) }
  /// A generator that continues from where this one is, without advancing it.
  public func peekingCopy() -> Self { Self(startingAt: counter.value) }
}

private enum StackElementIDKey: DependencyKey {
  static let liveValue = StackElementIDGenerator()
  static var testValue: StackElementIDGenerator { StackElementIDGenerator() }
}

extension DependencyValues {
  public var stackElementID: StackElementIDGenerator {
    get { self[StackElementIDKey.self] }
    set { self[StackElementIDKey.self] = newValue }
  }
}

/// The screens pushed on a navigation stack, bottom first, each with a stable id.
public struct StackState<Element>: RandomAccessCollection {
  fileprivate var elements: IdentifiedArray<StackElementID, Component>
  /// The elements the `forEach` has set up (scope, dismiss watcher): any of them
  /// no longer in the stack left by some route, and its effects are cancelled.
  /// Bookkeeping, not part of equality.
  fileprivate var mounted: [StackElementID] = []
  /// Where the `forEach` that mounted them runs (its store's path included).
  fileprivate var mountedAt: NavigationIDPath?

  public init() { elements = IdentifiedArray(id: \.id) }

  public init(_ elements: some Sequence<Element>) {
    self.init()
    for e in elements { append(e) }
  }

  public var ids: [StackElementID] { Array(elements.ids) }
  public var startIndex: Int { elements.startIndex }
  public var endIndex: Int { elements.endIndex }
  public subscript(position: Int) -> Element {
    get { elements[position].element }
    set { elements[position].element = newValue }
  }

  public subscript(id id: StackElementID) -> Element? {
    get { elements[id: id]?.element }
    set {
      if let newValue {
        elements[id: id] = Component(id: id, element: newValue)
      } else {
        elements.remove(id: id)
      }
    }
  }

  public mutating func append(_ element: Element) {
    @Dependency(\.stackElementID) var generator
    elements.append(Component(id: generator.next(), element: element))
  }

  /// Appends with a chosen id (used by `.push`). Ids the generator hands out
  /// later are above it: an equal one would be dropped.
  public mutating func append(_ element: Element, id: StackElementID) {
    @Dependency(\.stackElementID) var generator
    generator.advance(past: id)
    elements.append(Component(id: id, element: element))
  }

  @discardableResult
  public mutating func removeLast() -> Element { elements.removeLast().element }

  public mutating func removeAll() { elements.removeAll() }

  /// Removes the element with `id` and everything pushed after it.
  public mutating func pop(from id: StackElementID) {
    guard let index = elements.index(id: id) else { return }
    elements.removeSubrange(index...)
  }

  /// Removes everything pushed after `id`.
  public mutating func pop(to id: StackElementID) {
    guard let index = elements.index(id: id) else { return }
    elements.removeSubrange((index + 1)...)
  }

  fileprivate struct Component {
    let id: StackElementID
    var element: Element
  }
}

extension StackState: Equatable where Element: Equatable {
  public static func == (l: Self, r: Self) -> Bool {
    l.ids == r.ids && l.elementsEqual(r)
  }
}
extension StackState: Hashable where Element: Hashable {
  public func hash(into hasher: inout Hasher) {
    hasher.combine(ids)
    for e in self { hasher.combine(e) }
  }
}
extension StackState: @unchecked Sendable where Element: Sendable {}
extension StackState: ExpressibleByArrayLiteral {
  public init(arrayLiteral elements: Element...) { self.init(elements) }
}
extension StackState: CustomDumpReflectable {
  // Keyed by id, as the ids are what a test names: `#1: Detail.State(…)`.
  public var customDumpMirror: Mirror {
    Mirror(self, unlabeledChildren: Array(zip(ids, self)), displayStyle: .dictionary)
  }
}

extension StackElementID: CustomDumpStringConvertible {
  public var customDumpDescription: String { "#\(rawValue)" }
}

/// What a parent receives about its navigation stack.
@CasePathable
public enum StackAction<State, Action: Sendable> {
  /// An action of the element with `id`.
  case element(id: StackElementID, action: Action)
  /// Pop the element with `id` and everything above it.
  case popFrom(id: StackElementID)
  /// Push `state` with `id` (ids must be greater than every id in the stack).
  case push(id: StackElementID, state: State)
}
extension StackAction: Equatable where State: Equatable, Action: Equatable {}
extension StackAction: Sendable where State: Sendable {}

public typealias StackActionOf<R: Reducer> = StackAction<R.State, R.Action>

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
      base: self, element: element(), toStackState: toStackState,
      toStackAction: AnyCasePath(toStackAction),
      site: SourceSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }
}

public struct _StackReducer<Base: Reducer, Element: Reducer>: Reducer {
  let base: Base
  let element: Element
  let toStackState: WritableKeyPath<Base.State, StackState<Element.State>>
  let toStackAction: AnyCasePath<Base.Action, StackAction<Element.State, Element.Action>>
  let site: SourceSite

  @Dependency(\.navigationIDPath) var navigationIDPath

  private func path(for id: StackElementID) -> NavigationIDPath {
    navigationIDPath.appending(
      NavigationID(slot: AnyHashable(toStackState), identity: AnyHashable(id)))
  }

  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    let isMountedHere = state[keyPath: toStackState].mountedAt == navigationIDPath
    let mountedBefore = isMountedHere ? state[keyPath: toStackState].mounted : []
    var effects: [Effect<Base.Action>] = []
    let embed = toStackAction

    switch toStackAction.extract(from: action) {
    case .element(let id, let elementAction):
      if state[keyPath: toStackState][id: id] != nil {
        let elementPath = path(for: id)
        let childEffect = withDependencies {
          $0.navigationIDPath = elementPath
          $0.dismiss = dismissEffect(for: elementPath)
        } operation: {
          element.reduce(into: &state[keyPath: toStackState][id: id]!, action: elementAction)
        }
        effects.append(
          childEffect.map { embed.embed(.element(id: id, action: $0)) }
            .presented(at: elementPath))
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
      effects.append(base.reduce(into: &state, action: action))

    case .popFrom(let id):
      let canPop = state[keyPath: toStackState].ids.contains(id)
      effects.append(base.reduce(into: &state, action: action))
      if canPop {
        state[keyPath: toStackState].pop(from: id)
      } else {
        reportIssue(
          """
          A "forEach" at "\(site)" received a "popFrom" action for a missing element.

            ID:
              \(id)
            Path IDs:
              \(state[keyPath: toStackState].ids)
          """,
          at: site)
      }

    case .push(let id, let elementState):
      if state[keyPath: toStackState].ids.contains(id) {
        reportIssue(
          """
          A "forEach" at "\(site)" received a "push" action for an element it \
          already contains.

            ID:
              \(id)
            Path IDs:
              \(state[keyPath: toStackState].ids)
          """,
          at: site)
        effects.append(base.reduce(into: &state, action: action))
        break
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
      state[keyPath: toStackState].append(elementState, id: id)
      effects.append(base.reduce(into: &state, action: action))

    case nil:
      effects.append(base.reduce(into: &state, action: action))
    }

    let idsAfter = state[keyPath: toStackState].ids
    if idsAfter != mountedBefore || !isMountedHere {
      let before = Set(mountedBefore)
      let after = Set(idsAfter)
      for id in mountedBefore where !after.contains(id) {
        effects.append(.cancelPresentation(at: path(for: id)))
      }
      for id in idsAfter where !before.contains(id) {
        effects.append(
          .dismissWatcher(childPath: path(for: id), sending: embed.embed(.popFrom(id: id))))
      }
      state[keyPath: toStackState].mounted = idsAfter
      state[keyPath: toStackState].mountedAt = navigationIDPath
    }
    return .merge(effects)
  }
}
