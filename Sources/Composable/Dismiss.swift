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

extension DependencyValues {
  public var dismiss: DismissEffect {
    get { navigationContext.dismiss }
    set { navigationContext.dismiss = newValue }
  }
}

/// Cancels effects in the store that is running the current action: the one
/// way an effect reaches back into the effect system (a child's `dismiss()`).
struct EffectCanceller: Sendable {
  let cancel: @MainActor @Sendable (CancelID) -> Void
}

private enum EffectCancellerKey: DependencyKey {
  static let liveValue = EffectCanceller { _ in }
  static let testValue = EffectCanceller { _ in }
}

extension DependencyValues {
  var effectCanceller: EffectCanceller {
    get { self[EffectCancellerKey.self] }
    set { self[EffectCancellerKey.self] = newValue }
  }
}

/// The id of a presentation's dismiss watcher. A child's `dismiss()` cancels it at
/// the child's own path (and only there), which makes the watcher send the
/// parent's dismiss action.
struct DismissID: Hashable, Sendable {}

/// The id every effect of a presented child carries at the child's path: the
/// parent cancels it when the child goes.
struct PresentedID: Hashable, Sendable {}

/// The `dismiss` a child presented at `childPath` gets.
func dismissEffect(for childPath: NavigationIDPath) -> DismissEffect {
  let canceller = DependencyValues._current.effectCanceller
  let id = CancelID(id: DismissID(), path: childPath)
  return DismissEffect { [canceller] in
    // A cancelled effect belongs to a presentation that is already gone.
    guard !Task.isCancelled else { return }
    await canceller.cancel(id)
  }
}

extension Effect {
  /// Sends `action` once the child at `childPath` calls `dismiss()`; ends
  /// silently when the child's effects are cancelled (it went another way).
  static func dismissWatcher(childPath: NavigationIDPath, sending action: Action) -> Self {
    Self(.watch(trigger: CancelID(id: DismissID(), path: childPath), action))
      .cancellable(CancelID(id: PresentedID(), path: childPath))
  }

  /// Marks a child's effects as belonging to the presentation at `childPath`.
  func presented(at childPath: NavigationIDPath) -> Self {
    cancellable(CancelID(id: PresentedID(), path: childPath))
  }

  /// Cancels every effect of the presentation at `childPath` and below it.
  static func cancelPresentation(at childPath: NavigationIDPath) -> Self {
    Self(.cancel(CancelID(id: PresentedID(), path: childPath)))
  }
}
