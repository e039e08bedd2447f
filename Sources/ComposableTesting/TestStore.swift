import ConcurrencyExtras
import CustomDump
import IssueReporting

/// How strictly a `TestStore` checks.
public enum Exhaustivity: Equatable, Sendable {
  /// Every state change, received action and running effect must be asserted.
  case on
  /// Only what a test asserts is checked; with `showSkippedAssertions`, what was
  /// skipped is reported as a known issue (shown, not failing).
  case off(showSkippedAssertions: Bool)
  public static let off = Self.off(showSkippedAssertions: false)
}

/// Drives a feature in a test: each `send` and `receive` states how the state
/// changes, and the store fails the test on anything unexpected — a wrong
/// mutation, an action nobody asserted, an effect still running at the end.
@MainActor
public final class TestStore<State: Equatable, Action: Sendable> {
  public var exhaustivity: Exhaustivity = .on
  /// How long `receive` and `finish` wait for effects by default: generous, as
  /// waiting ends as soon as the effect is done and CI machines can be slow.
  public var timeout: Duration = .seconds(10)
  /// Whether the feature called `dismiss()` on itself. A dismissed store takes
  /// no more actions and no longer tracks the feature's effects.
  public var isDismissed: Bool { dismissed.value }
  private let dismissed = LockIsolated(false)
  /// The state as of the last step the test asserted (or skipped): what the
  /// next assertion's closure starts from.
  public internal(set) var state: State

  let core: RootCore<State, Action>
  /// Actions sent by effects, not yet asserted, with the state after each and
  /// the stack id generator as it was before each (for `StackState.append` in
  /// the expectation).
  var received: [Received] = []
  struct Received {
    let action: Action
    let state: State
    let generator: StackElementIDGenerator
  }
  private var generatorBeforeNextAction: StackElementIDGenerator
  /// Where each `send` is written, by the cause the core gave it: an effect
  /// still running at the end is reported at the step that started it.
  private var sendLocations: [Int: Location] = [:]
  private var stateAfterExternal: State?
  let effectExecutor = EffectExecutor()

  public init<R: Reducer>(
    initialState: @autoclosure () -> State,
    reducer: () -> R,
    withDependencies prepareDependencies: (inout DependencyValues) -> Void = { _ in }
  ) where R.State == State, R.Action == Action {
    let dependencies = withDependencies {
      $0.stackElementID = StackElementIDGenerator()
      prepareDependencies(&$0)
    } operation: {
      DependencyValues._current
    }
    // Built under the store's dependencies, so a `StackState` in it takes its ids
    // from the generator the reducer will continue (no id is handed out twice).
    let initialState = withDependencies {
      $0 = dependencies
    } operation: {
      initialState()
    }
    let core = RootCore(
      initialState: initialState, reducer: reducer(),
      prepareDependencies: { $0 = dependencies })
    core.effectExecutor = effectExecutor
    self.core = core
    self.state = initialState
    self.generatorBeforeNextAction = core.dependencies.stackElementID.peekingCopy()
    let handle: any StoreCore = core
    core.dependencies.dismiss = DismissEffect { [weak handle, dismissed] in
      await MainActor.run {
        dismissed.setValue(true)
        handle?.stopTrackingEffects()
      }
    }
    core.didProcess = { [weak self] action, origin, state in
      guard let self else { return }
      let generator = self.generatorBeforeNextAction
      self.generatorBeforeNextAction = self.core.dependencies.stackElementID.peekingCopy()
      switch origin {
      case .external: self.stateAfterExternal = state
      case .effect:
        self.received.append(Received(action: action, state: state, generator: generator))
      }
    }
  }

  /// Dependencies in force for the actions sent from now on, and in the
  /// assertion closures.
  public var dependencies: DependencyValues {
    get { core.dependencies }
    set { core.dependencies = newValue }
  }

  var isExhaustive: Bool { exhaustivity == .on }

  /// Sends `action` and asserts how it changes the state (`updateStateToExpected`
  /// mutates a copy of the previous state into the expected one).
  @discardableResult
  public func send(
    _ action: Action,
    assert updateStateToExpected: ((inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async -> StoreTask {
    let location = Location(fileID: fileID, filePath: filePath, line: line, column: column)
    guard !isDismissed else {
      reportIssue("Can't send action to dismissed test store.", at: location)
      return StoreTask(tasks: [])
    }
    if !received.isEmpty {
      switch exhaustivity {
      case .on:
        // Reported, and kept: the test can still receive them.
        reportIssue(
          """
          Must handle \(received.count) received \
          action\(received.count == 1 ? "" : "s") before sending an action.

          Unhandled actions: \(String(customDumping: received.map(\.action)))
          """, at: location)
      case .off(let showSkipped):
        if showSkipped { reportSkippedReceivedActions(at: location) }
        state = received.last!.state
        received.removeAll()
      }
    }
    let previous = state
    let generator = core.dependencies.stackElementID.peekingCopy()
    generatorBeforeNextAction = generator
    stateAfterExternal = nil
    let cause = core.newCause()
    sendLocations[cause] = location
    let task = core.send(action, origin: .external, cause: cause)
    let actual = stateAfterExternal ?? core.state
    expect(
      previous: previous, actual: actual, modify: updateStateToExpected, generator: generator,
      at: location)
    state = actual
    // What the effects do before they first wait (send, dismiss, fail) is
    // part of this step, as it would be before the next key in the app.
    await settle()
    return task
  }

  /// Sends the action at `caseKeyPath`: `send(\.destination.presented.save)`.
  @discardableResult
  public func send(
    _ caseKeyPath: CaseKeyPath<Action, Void>,
    assert updateStateToExpected: ((inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async -> StoreTask {
    await send(
      AnyCasePath(caseKeyPath).embed(()), assert: updateStateToExpected,
      fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Sends the action at `caseKeyPath` with `value`: `send(\.titleChanged, "Design")`.
  @discardableResult
  public func send<Value>(
    _ caseKeyPath: CaseKeyPath<Action, Value>, _ value: Value,
    assert updateStateToExpected: ((inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async -> StoreTask {
    await send(
      AnyCasePath(caseKeyPath).embed(value), assert: updateStateToExpected,
      fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Asserts the current state without sending anything (useful non-exhaustively).
  public func assert(
    _ updateStateToExpected: (inout State) throws -> Void,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) {
    let location = Location(fileID: fileID, filePath: filePath, line: line, column: column)
    let actual = received.last?.state ?? core.state
    withoutActuallyEscaping(updateStateToExpected) { modify in
      expect(
        previous: state, actual: actual, modify: modify,
        generator: core.dependencies.stackElementID.peekingCopy(), at: location)
    }
  }

  /// Waits for every running effect to finish (fails after `timeout`), after
  /// checking that every received action was asserted.
  public func finish(
    timeout: Duration? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async {
    let location = Location(fileID: fileID, filePath: filePath, line: line, column: column)
    assertNoReceivedActions(at: location)
    let timeout = timeout ?? self.timeout
    let done = await waitUntil(timeout: timeout) { self.core.runningEffectCount == 0 }
    if !done {
      reportIssue(
        """
        Expected effects to finish, but there are still effects in-flight after \(timeout).

        If an effect waits on a clock, advance the test clock; if it waits on something real, \
        pass a longer "timeout".
        """, at: location)
    }
  }

  /// Drops the actions received but not asserted (the state moves on to the
  /// last one's). With `strict`, having nothing to skip is a failure.
  public func skipReceivedActions(
    strict: Bool = true,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async {
    let location = Location(fileID: fileID, filePath: filePath, line: line, column: column)
    await settle()
    if received.isEmpty {
      if strict { reportIssue("There were no received actions to skip.", at: location) }
      return
    }
    reportSkippedReceivedActions(
      at: location, as: isExhaustive ? .off(showSkippedAssertions: true) : exhaustivity)
    state = received.last!.state
    received.removeAll()
  }

  /// Stops tracking the effects running now, without cancelling them: they may
  /// still send actions, which must then be received. With `strict`, having
  /// nothing to skip is a failure.
  public func skipInFlightEffects(
    strict: Bool = true,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async {
    let location = Location(fileID: fileID, filePath: filePath, line: line, column: column)
    await settle()
    let count = core.runningEffectCount
    if count == 0 {
      if strict { reportIssue("There were no in-flight effects to skip.", at: location) }
      return
    }
    report(
      "\(count) in-flight effect\(count == 1 ? " was" : "s were") skipped.",
      at: location, as: isExhaustive ? .off(showSkippedAssertions: true) : exhaustivity)
    core.stopTrackingEffects()
  }

  // Not `isolated deinit`: that runs without the test's task-locals, so these
  // failures would not be attributed to the test, nor seen by `withKnownIssue`.
  // A TestStore lives and dies on the main actor, with its test.
  deinit {
    MainActor.assumeIsolated { completed() }
  }

  private func completed() {
    assertNoReceivedActions(at: nil)
    if isExhaustive {
      for cause in core.runningEffectCauses {
        let message = """
          An effect returned for this action is still running at the end of this test. Every \
          effect must finish, be cancelled, or be awaited with "finish()" before the test ends; \
          "skipInFlightEffects()" stops tracking them, and a non-exhaustive store \
          ("exhaustivity = .off") does not check.
          """
        if let location = sendLocations[cause] {
          reportIssue(message, at: location)
        } else {
          reportIssue(message)
        }
      }
    }
    core.cancelAllEffects()
  }

  /// `location` nil: at the end of the test, where there is no step to point at.
  func assertNoReceivedActions(at location: Location?) {
    guard !received.isEmpty else { return }
    let message = """
      The store received \(received.count) unexpected \
      action\(received.count == 1 ? "" : "s").

        Unhandled actions:
      \(received.map { "    " + String(customDumping: $0.action) }.joined(separator: "\n"))

      Assert them with "receive", skip them with "skipReceivedActions()", or use a \
      non-exhaustive store ("exhaustivity = .off").
      """
    if let location {
      report(message, at: location)
    } else if isExhaustive {
      reportIssue(message)
    }
  }

  func reportSkippedReceivedActions(at location: Location, as exhaustivity: Exhaustivity? = nil) {
    let actions = received.map(\.action)
    let dump =
      actions.count == 1
      ? String(customDumping: actions[0]) : String(customDumping: actions)
    report(
      "\(actions.count) received action\(actions.count == 1 ? " was" : "s were") skipped.\n\n\(dump)",
      at: location, as: exhaustivity)
  }
}

/// Where a test step is written, for the issues it reports.
struct Location {
  let fileID: StaticString
  let filePath: StaticString
  let line: UInt
  let column: UInt
}

func reportIssue(_ message: String, at location: Location) {
  reportIssue(
    message, fileID: location.fileID, filePath: location.filePath, line: location.line,
    column: location.column)
}

extension TestStore {
  /// Reports as the exhaustivity says: a failure when exhaustive; a known issue
  /// (shown, not failing) when skipped assertions are shown; nothing otherwise.
  func report(_ message: String, at location: Location, as exhaustivity: Exhaustivity? = nil) {
    switch exhaustivity ?? self.exhaustivity {
    case .on:
      reportIssue(message, at: location)
    case .off(showSkippedAssertions: true):
      withExpectedIssue {
        reportIssue("Skipped assertions.\n\n\(message)", at: location)
      }
    case .off(showSkippedAssertions: false):
      break
    }
  }

  /// Yields until no effect has work queued or running (each is finished or
  /// waiting), and the main actor has taken what they sent: a few quiet
  /// rounds in a row, as a job that ends may have queued another. Bounded, in
  /// case an effect never waits.
  func settle() async {
    var quietRounds = 0
    var rounds = 0
    while quietRounds < 3, rounds < 100_000 {
      await Task.yield()
      quietRounds = effectExecutor.pendingJobs == 0 ? quietRounds + 1 : 0
      rounds += 1
    }
  }

  func waitUntil(timeout: Duration, _ condition: () -> Bool) async -> Bool {
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: timeout)
    await settle()
    while !condition() {
      if clock.now >= deadline { return false }
      await Task.megaYield()
      if condition() { break }
      // Real time passes only when an effect waits on something real; yielding
      // alone covers effects driven by test clocks.
      try? await Task.sleep(for: .milliseconds(1))
    }
    return true
  }
}

extension String {
  func indent(by n: Int) -> String {
    split(separator: "\n", omittingEmptySubsequences: false)
      .map { String(repeating: " ", count: n) + $0 }.joined(separator: "\n")
  }
}

/// The test store of a feature: `TestStoreOf<StandupDetail>`.
public typealias TestStoreOf<R: Reducer> = TestStore<R.State, R.Action> where R.State: Equatable
