import ConcurrencyExtras
import IssueReporting

/// Lets a presented feature close itself from an effect: `await dismiss()`.
/// The parent then receives `.dismiss` (a sheet) or `.popFrom(id:)` (a stack).
public struct DismissEffect: Sendable {
  let dismiss: (@Sendable () async -> Void)?

  public init(_ dismiss: @escaping @Sendable () async -> Void) { self.dismiss = dismiss }
  init() { self.dismiss = nil }

  public func callAsFunction(
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) async {
    guard let dismiss else {
      reportIssue(
        """
        "dismiss()" was called from a feature that is not presented (no ifLet or forEach \
        above it), so nothing can dismiss it.
        """,
        fileID: fileID, filePath: filePath, line: line, column: column
      )
      return
    }
    await dismiss()
  }
}

private enum DismissKey: DependencyKey {
  static let liveValue = DismissEffect()
  static let testValue = DismissEffect()
}

extension DependencyValues {
  public var dismiss: DismissEffect {
    get { self[DismissKey.self] }
    set { self[DismissKey.self] = newValue }
  }
}

/// Connects `dismiss()` calls in a child to a watcher effect in its parent.
/// One per store, so parallel stores (tests) never see each other's requests.
///
/// A presentation is "open" from the moment its watcher is created (while
/// reducing) until it is dismissed or the watcher is cancelled. A dismissal of a
/// path that is not open is stale (its presentation is gone) and is dropped, so
/// it can never close a later presentation with the same identity.
final class DismissCenter: Sendable {
  private struct Watch {
    let token: Int
    var continuation: CheckedContinuation<Bool, Never>?
    var dismissed = false
  }
  private struct Storage {
    var watches: [NavigationIDPath: Watch] = [:]
    var nextToken = 0
  }
  private let storage = LockIsolated(Storage())

  /// Opens `path`; a dismissal that arrives before the watcher waits is kept.
  func open(_ path: NavigationIDPath) -> Int {
    storage.withValue { s in
      s.nextToken += 1
      s.watches[path] = Watch(token: s.nextToken)
      return s.nextToken
    }
  }

  func isOpen(_ path: NavigationIDPath) -> Bool { storage.value.watches[path] != nil }

  /// True when `path` is dismissed; false when the waiting task is cancelled or
  /// a newer watch replaced this one. Either way this watch is closed.
  func wait(for path: NavigationIDPath, token: Int) async -> Bool {
    await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
        let result = storage.withValue { s -> Bool? in
          guard let watch = s.watches[path], watch.token == token else { return false }
          if watch.dismissed || Task.isCancelled {
            s.watches[path] = nil
            return watch.dismissed && !Task.isCancelled
          }
          s.watches[path]?.continuation = continuation
          return nil
        }
        if let result { continuation.resume(returning: result) }
      }
    } onCancel: {
      let continuation = storage.withValue { s -> CheckedContinuation<Bool, Never>? in
        guard let watch = s.watches[path], watch.token == token else { return nil }
        s.watches[path] = nil
        return watch.continuation
      }
      continuation?.resume(returning: false)
    }
  }

  func dismiss(_ path: NavigationIDPath) {
    let continuation = storage.withValue { s -> CheckedContinuation<Bool, Never>? in
      guard var watch = s.watches[path] else { return nil }
      guard let continuation = watch.continuation else {
        // The watcher has not started waiting yet; keep the request for it.
        watch.dismissed = true
        s.watches[path] = watch
        return nil
      }
      s.watches[path] = nil
      return continuation
    }
    continuation?.resume(returning: true)
  }
}

enum DismissCenterKey: DependencyKey {
  static let liveValue = DismissCenter()
  static let testValue = DismissCenter()
}

extension DependencyValues {
  var dismissCenter: DismissCenter {
    get { self[DismissCenterKey.self] }
    set { self[DismissCenterKey.self] = newValue }
  }
}

/// Builds the child-side `dismiss` and the parent-side watcher for one presentation.
func presentationDependencies(
  parentPath: NavigationIDPath, childID: NavigationID
) -> (childPath: NavigationIDPath, dismiss: DismissEffect) {
  @Dependency(\.dismissCenter) var center
  let childPath = parentPath.appending(childID)
  return (
    childPath,
    DismissEffect { [center] in
      // A cancelled effect belongs to a presentation that is already gone.
      guard !Task.isCancelled else { return }
      center.dismiss(childPath)
    }
  )
}

/// Whether the presentation at `childID` has a live dismiss watcher. A child that
/// was already presented in the initial state (a deep link) has none until an
/// action passes its parent.
func hasDismissWatcher(childID: NavigationID) -> Bool {
  @Dependency(\.dismissCenter) var center
  @Dependency(\.navigationIDPath) var parentPath
  return center.isOpen(parentPath.appending(childID))
}

/// An effect that sends `action` when the presentation at `childID` calls dismiss.
func dismissWatcher<Action: Sendable>(childID: NavigationID, sending action: Action) -> Effect<
  Action
> {
  @Dependency(\.dismissCenter) var center
  @Dependency(\.navigationIDPath) var parentPath
  let childPath = parentPath.appending(childID)
  let token = center.open(childPath)
  return Effect<Action>(
    .run(priority: nil, tracked: false) { [center] send in
      if await center.wait(for: childPath, token: token) { await send(action) }
    }
  ).cancellable(id: childID)
}
