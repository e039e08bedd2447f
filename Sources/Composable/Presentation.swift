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
  /// The presentation the `ifLet` last set up (watcher, effect scope, the
  /// child's path and dismiss): when it differs from the current value's
  /// identity, that presentation ended, whoever changed the state.
  /// Bookkeeping, not part of equality.
  var presentation: ChildPresentation?

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
          "Can't modify unrelated case \"\(enumCaseNames(of: current).first ?? "?")\"",
          fileID: fileID, filePath: filePath, line: line, column: column)
        return
      }
      wrappedValue = newValue.map(path.embed)
    }
  }

  /// `body` on the presented value where the box holds it; nil when nothing
  /// is presented. The reducers look at it on every action, and a copy would
  /// retain all it holds.
  func withPresented<Result>(_ body: (borrowing State) -> Result) -> Result? {
    storage.withPresented(body)
  }

  private final class Storage: @unchecked Sendable {
    // Mutated only through a uniquely referenced box (copy on write).
    var value: State?
    init(_ value: State?) { self.value = value }

    func withPresented<Result>(_ body: (borrowing State) -> Result) -> Result? {
      withUnsafeMutablePointer(to: &value) { slot in
        guard slot.pointee != nil else { return nil }
        // An optional's value lies at its start.
        return body(UnsafeMutableRawPointer(slot).assumingMemoryBound(to: State.self).pointee)
      }
    }
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
