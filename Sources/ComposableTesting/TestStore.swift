import ConcurrencyExtras
import CustomDump
import IssueReporting

/// How strictly a `TestStore` checks.
public enum Exhaustivity: Equatable, Sendable {
  /// Every state change, received action and running effect must be asserted.
  case on
  /// Only what a test asserts is checked; with `showSkippedAssertions`, what was
  /// skipped is printed.
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
  /// Whether the feature called `dismiss()` on itself.
  public private(set) var isDismissed = false

  let core: RootCore<State, Action>
  /// Actions sent by effects, not yet asserted, with the state after each and
  /// the stack id generator as it was before each (for `StackState.append` in
  /// the expectation).
  private var received: [(action: Action, state: State, generator: StackElementIDGenerator)] = []
  private var generatorBeforeNextAction: StackElementIDGenerator
  /// The state after the last step a test asserted (or skipped).
  private var lastState: State
  private var stateAfterExternal: State?

  public init<R: Reducer>(
    initialState: @autoclosure () -> State,
    reducer: () -> R,
    withDependencies prepareDependencies: (inout DependencyValues) -> Void = { _ in }
  ) where R.State == State, R.Action == Action {
    let dismissed = LockIsolated(false)
    let dependencies = withDependencies {
      $0.stackElementID = StackElementIDGenerator()
      $0.dismiss = DismissEffect { dismissed.setValue(true) }
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
    self.core = core
    self.lastState = initialState
    self.dismissedFlag = dismissed
    self.generatorBeforeNextAction = core.dependencies.stackElementID.peekingCopy()
    core.didProcess = { [weak self] action, origin, state in
      guard let self else { return }
      let generator = self.generatorBeforeNextAction
      self.generatorBeforeNextAction = self.core.dependencies.stackElementID.peekingCopy()
      switch origin {
      case .external: self.stateAfterExternal = state
      case .effect: self.received.append((action, state, generator))
      }
    }
  }

  private let dismissedFlag: LockIsolated<Bool>

  /// The feature's current state.
  public var state: State { core.state }

  /// Dependencies in force for the actions sent from now on.
  public var dependencies: DependencyValues {
    get { core.dependencies }
    set { core.dependencies = newValue }
  }

  private var isExhaustive: Bool { exhaustivity == .on }
  private var showSkipped: Bool { exhaustivity == .off(showSkippedAssertions: true) }

  /// Sends `action` and asserts how it changes the state (`updateStateToExpected`
  /// mutates a copy of the previous state into the expected one).
  @discardableResult
  public func send(
    _ action: Action,
    assert updateStateToExpected: ((inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async -> StoreTask {
    if !received.isEmpty {
      if isExhaustive {
        reportIssue(
          """
          Must handle \(received.count) received action(s) before sending an action:
          \(received.map { "  • " + String(customDumping: $0.action) }.joined(separator: "\n"))
          """,
          fileID: fileID, filePath: filePath, line: line, column: column)
      } else if showSkipped {
        print("Skipped receiving \(received.map { String(customDumping: $0.action) })")
      }
      lastState = received.last!.state
      received.removeAll()
    }
    if !isExhaustive { lastState = core.state }
    let previous = lastState
    let generator = core.dependencies.stackElementID.peekingCopy()
    generatorBeforeNextAction = generator
    stateAfterExternal = nil
    let task = core.send(action, origin: .external)
    let actual = stateAfterExternal ?? core.state
    expect(
      previous: previous, actual: actual, modify: updateStateToExpected, generator: generator,
      step: "send(\(String(customDumping: action)))",
      fileID: fileID, filePath: filePath, line: line, column: column)
    lastState = actual
    syncDismissed()
    // Let effects that start immediately get going, as they would in the app.
    await Task.megaYield()
    return task
  }

  /// Waits for an effect to send `expected` and asserts the state it produced.
  public func receive(
    _ expected: Action,
    timeout: Duration? = nil,
    assert updateStateToExpected: ((inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async where Action: Equatable {
    await receive(
      matching: { $0 == expected }, description: String(customDumping: expected),
      expectedAction: expected, timeout: timeout, assert: updateStateToExpected,
      fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Waits for an effect to send an action in the case `casePath`.
  public func receive<Value>(
    _ casePath: CaseKeyPath<Action, Value>,
    timeout: Duration? = nil,
    assert updateStateToExpected: ((inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async {
    let path = AnyCasePath(casePath)
    await receive(
      matching: { path.extract(from: $0) != nil }, description: "\(casePath)",
      expectedAction: nil, timeout: timeout, assert: updateStateToExpected,
      fileID: fileID, filePath: filePath, line: line, column: column)
  }

  private func receive(
    matching matches: (Action) -> Bool,
    description: String,
    expectedAction: Action?,
    timeout: Duration?,
    assert updateStateToExpected: ((inout State) throws -> Void)?,
    fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
  ) async {
    let found = await waitUntil(timeout: timeout ?? self.timeout) {
      self.isExhaustive ? !self.received.isEmpty : self.received.contains { matches($0.action) }
    }
    guard found else {
      reportIssue(
        "Expected to receive \(description), but received nothing within \(timeout ?? self.timeout).",
        fileID: fileID, filePath: filePath, line: line, column: column)
      return
    }
    let index = isExhaustive ? 0 : received.firstIndex { matches($0.action) }!
    if index > 0 {
      if showSkipped {
        print("Skipped receiving \(received[..<index].map { String(customDumping: $0.action) })")
      }
      lastState = received[index - 1].state
    }
    let (action, state, generator) = received[index]
    received.removeSubrange(...index)
    if !matches(action) {
      var message = "Received unexpected action:"
      if let expectedAction, let difference = diff(expectedAction, action, format: .proportional) {
        message += " (Expected: −, Received: +)\n" + difference
      } else {
        message += "\n  expected: \(description)\n  received: \(String(customDumping: action))"
      }
      reportIssue(message, fileID: fileID, filePath: filePath, line: line, column: column)
    }
    expect(
      previous: lastState, actual: state, modify: updateStateToExpected,
      generator: generator,
      step: "receive(\(String(customDumping: action)))",
      fileID: fileID, filePath: filePath, line: line, column: column)
    lastState = state
    syncDismissed()
  }

  /// Waits for every running effect to finish (fails after `timeout`).
  public func finish(
    timeout: Duration? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async {
    let done = await waitUntil(timeout: timeout ?? self.timeout) {
      self.core.runningEffectCount == 0
    }
    if !done {
      reportIssue(
        "Expected effects to finish, but \(core.runningEffectCount) still running.",
        fileID: fileID, filePath: filePath, line: line, column: column)
    }
    syncDismissed()
  }

  /// Drops actions received but not asserted (checked up to here).
  public func skipReceivedActions() async {
    await Task.megaYield()
    if let last = received.last { lastState = last.state }
    received.removeAll()
  }

  /// Cancels running effects so the end-of-test check does not report them.
  public func skipInFlightEffects() async {
    core.cancelAllEffects()
    await Task.megaYield()
  }

  /// Asserts the current state without sending anything (useful non-exhaustively).
  public func assert(
    _ updateStateToExpected: (inout State) throws -> Void,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) {
    let actual = received.last?.state ?? core.state
    withoutActuallyEscaping(updateStateToExpected) { modify in
      expect(
        previous: lastState, actual: actual, modify: modify,
        generator: core.dependencies.stackElementID.peekingCopy(), step: "assert",
        fileID: fileID, filePath: filePath, line: line, column: column)
    }
  }

  private func syncDismissed() {
    if dismissedFlag.value { isDismissed = true }
  }

  private func expect(
    previous: State, actual: State, modify: ((inout State) throws -> Void)?,
    generator: StackElementIDGenerator, step: String,
    fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
  ) {
    func apply(to base: State) -> State? {
      var copy = base
      do {
        // Expectations that push onto a stack get the ids the reducer got.
        try withDependencies {
          $0.stackElementID = generator.peekingCopy()
        } operation: {
          try modify?(&copy)
        }
      } catch {
        reportIssue(
          "Threw error: \(error)", fileID: fileID, filePath: filePath, line: line, column: column)
        return nil
      }
      return copy
    }
    guard let expected = apply(to: previous) else { return }
    if expected == actual {
      if isExhaustive, modify != nil, expected == previous {
        reportIssue(
          """
          Expected state to change, but no change occurred.
          The trailing closure made no observable modifications to state. If no change to \
          state is expected, omit the trailing closure.
          """,
          fileID: fileID, filePath: filePath, line: line, column: column)
      }
      return
    }
    if !isExhaustive, let fromActual = apply(to: actual), fromActual == actual {
      if showSkipped, let skipped = diff(expected, actual) {
        print("Skipped assertions after \(step):\n\(skipped)")
      }
      return
    }
    let difference =
      diff(expected, actual, format: .proportional).map { "\($0.indent(by: 4))" }
      ?? "    (Expected state and actual state dump the same but are not equal.)"
    reportIssue(
      """
      A state change does not match expectation: (Expected: −, Actual: +)
      after \(step)
      \(difference)
      """,
      fileID: fileID, filePath: filePath, line: line, column: column)
  }

  private func waitUntil(timeout: Duration, _ condition: () -> Bool) async -> Bool {
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: timeout)
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

  // Not `isolated deinit`: that runs without the test's task-locals, so these
  // failures would not be attributed to the test, nor seen by `withKnownIssue`.
  // A TestStore lives and dies on the main actor, with its test.
  deinit {
    MainActor.assumeIsolated { completed() }
  }

  private func completed() {
    if isExhaustive {
      if !received.isEmpty {
        reportIssue(
          """
          The store received \(received.count) unexpected action(s) by the end of this test:
          \(received.map { "  • " + String(customDumping: $0.action) }.joined(separator: "\n"))
          """)
      }
      let running = core.runningEffectCount
      if running > 0 {
        reportIssue(
          """
          \(running) effect(s) still running at the end of this test. Every effect must \
          finish, be cancelled, or be awaited with "finish()" before the test ends.
          """)
      }
    }
    core.cancelAllEffects()
  }
}

extension String {
  fileprivate func indent(by n: Int) -> String {
    split(separator: "\n", omittingEmptySubsequences: false)
      .map { String(repeating: " ", count: n) + $0 }.joined(separator: "\n")
  }
}
