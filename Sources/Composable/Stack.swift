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
  /// The elements the `forEach` has set up (scope, dismiss watcher, each
  /// one's path and dismiss) and where it runs: any of them no longer in the
  /// stack left by some route, and its effects are cancelled. Bookkeeping,
  /// not part of equality.
  var mounted: MountedStack?

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

  /// Runs `body` on the element with `id` where it is stored: on a copy, the
  /// element's own presentations would be shared with the copy and copied on
  /// their next change.
  mutating func modifyElement<R>(id: StackElementID, _ body: (inout Element) -> R) -> R? {
    guard let index = elements.index(id: id) else { return nil }
    return body(&elements[index].element)
  }

  func contains(id: StackElementID) -> Bool { elements.ids.contains(id) }

  /// Whether the stack holds exactly `ids`, in order (without making an array).
  func holds(ids: [StackElementID]) -> Bool { elements.ids.elementsEqual(ids) }

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
