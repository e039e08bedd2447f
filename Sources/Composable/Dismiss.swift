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
final class DismissCenter: Sendable {
  private struct Storage {
    var waiters: [NavigationIDPath: [Int: CheckedContinuation<Void, Never>]] = [:]
    var pending: Set<NavigationIDPath> = []
    var nextToken = 0
  }
  private let storage = LockIsolated(Storage())

  /// Returns when `dismiss(path)` is called, or when the waiting task is cancelled.
  func wait(for path: NavigationIDPath) async {
    let token = storage.withValue { s -> Int in
      s.nextToken += 1
      return s.nextToken
    }
    await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        let resumeNow = storage.withValue { s -> Bool in
          if Task.isCancelled || s.pending.remove(path) != nil { return true }
          s.waiters[path, default: [:]][token] = continuation
          return false
        }
        if resumeNow { continuation.resume() }
      }
    } onCancel: {
      let continuation = storage.withValue { s in s.waiters[path]?.removeValue(forKey: token) }
      continuation?.resume()
    }
  }

  func dismiss(_ path: NavigationIDPath) {
    let continuations = storage.withValue { s -> [CheckedContinuation<Void, Never>] in
      guard let waiting = s.waiters.removeValue(forKey: path), !waiting.isEmpty else {
        // The watcher has not started waiting yet; remember the request.
        s.pending.insert(path)
        return []
      }
      return Array(waiting.values)
    }
    for c in continuations { c.resume() }
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
  return (childPath, DismissEffect { [center] in center.dismiss(childPath) })
}

/// An effect that sends `action` when the presentation at `childID` calls dismiss.
func dismissWatcher<Action: Sendable>(childID: NavigationID, sending action: Action) -> Effect<
  Action
> {
  @Dependency(\.dismissCenter) var center
  @Dependency(\.navigationIDPath) var parentPath
  let childPath = parentPath.appending(childID)
  return Effect<Action>(
    .run(priority: nil, tracked: false) { [center] send in
      await center.wait(for: childPath)
      await send(action)
    }
  ).cancellable(id: childID)
}
