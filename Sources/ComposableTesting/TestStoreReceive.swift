import ConcurrencyExtras
import CustomDump
import IssueReporting

extension TestStore {
  /// Waits for an effect to send `expected` and asserts the state it produced.
  public func receive(
    _ expected: Action,
    timeout: Duration? = nil,
    assert updateStateToExpected: ((inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async where Action: Equatable {
    await receive(
      matching: { $0 == expected },
      expectedDescription: String(customDumping: expected),
      unexpected: { received in
        diff(expected, received, format: .proportional)
          .map { "\($0.indent(by: 4))\n\n(Expected: −, Received: +)" }
          ?? "Expected:\n\(String(customDumping: expected).indent(by: 2))\n\nReceived:\n"
          + String(customDumping: received).indent(by: 2)
      },
      timeout: timeout, assert: updateStateToExpected,
      at: Location(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Waits for an effect to send an action in the case `caseKeyPath`:
  /// `receive(\.delegate.saved)`.
  @_disfavoredOverload
  public func receive<Value>(
    _ caseKeyPath: CaseKeyPath<Action, Value>,
    timeout: Duration? = nil,
    assert updateStateToExpected: ((inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async {
    let path = AnyCasePath(caseKeyPath)
    await receive(
      matching: { path.extract(from: $0) != nil },
      expectedDescription: "an action matching \(String(customDumping: caseKeyPath))",
      unexpected: { String(customDumping: $0).indent(by: 2) },
      timeout: timeout, assert: updateStateToExpected,
      at: Location(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Waits for an effect to send the action at `caseKeyPath` with `value`.
  public func receive<Value: Equatable>(
    _ caseKeyPath: CaseKeyPath<Action, Value>, _ value: Value,
    timeout: Duration? = nil,
    assert updateStateToExpected: ((inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async {
    let path = AnyCasePath(caseKeyPath)
    await receive(
      matching: { path.extract(from: $0) == value },
      expectedDescription: String(customDumping: path.embed(value)),
      unexpected: { received in
        if let receivedValue = path.extract(from: received),
          let difference = diff(value, receivedValue, format: .proportional)
        {
          return "\(difference.indent(by: 4))\n\n(Expected: −, Received: +)"
        }
        return String(customDumping: received).indent(by: 2)
      },
      timeout: timeout, assert: updateStateToExpected,
      at: Location(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Waits for an effect to send an action for which `isMatching` holds.
  public func receive(
    _ isMatching: (Action) -> Bool,
    timeout: Duration? = nil,
    assert updateStateToExpected: ((inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async {
    await withoutActuallyEscaping(isMatching) { isMatching in
      await receive(
        matching: isMatching,
        expectedDescription: "an action matching the predicate",
        unexpected: { String(customDumping: $0).indent(by: 2) },
        timeout: timeout, assert: updateStateToExpected,
        at: Location(fileID: fileID, filePath: filePath, line: line, column: column))
    }
  }

  private func receive(
    matching matches: (Action) -> Bool,
    expectedDescription: String,
    unexpected: (Action) -> String,
    timeout: Duration?,
    assert updateStateToExpected: ((inout State) throws -> Void)?,
    at location: Location
  ) async {
    // Nothing running could still send it: no reason to wait.
    if core.runningEffectCount > 0 {
      let timeout = timeout ?? self.timeout
      let found = await waitUntil(timeout: timeout) {
        self.isExhaustive
          ? !self.received.isEmpty
          : self.received.contains { matches($0.action) }
            || self.core.runningEffectCount == 0
      }
      if !found {
        reportIssue(
          """
          Expected to receive \(isExhaustive ? "an action" : "a matching action"), but received \
          none after \(timeout).

          If the effect that sends it waits on a clock, advance the test clock; if it waits on \
          something real, pass a longer "timeout".
          """, at: location)
        return
      }
    }
    let failure =
      "Expected to receive the following action, but didn't:\n\n  \(expectedDescription)"
    guard !received.isEmpty else {
      reportIssue(failure, at: location)
      return
    }
    if !isExhaustive {
      guard received.contains(where: { matches($0.action) }) else {
        reportIssue(failure, at: location)
        return
      }
      let skipped = received.prefix { !matches($0.action) }
      if let last = skipped.last {
        state = last.state
        let actions = skipped.map(\.action)
        report(
          """
          \(actions.count) received action\(actions.count == 1 ? " was" : "s were") skipped.

          \(String(customDumping: actions))
          """, at: location)
        received.removeFirst(skipped.count)
      }
    }
    let next = received.removeFirst()
    if !matches(next.action) {
      let later = received.contains { matches($0.action) }
      reportIssue(
        """
        Received unexpected action\(later ? " before this one" : ""):

        \(unexpected(next.action))
        """, at: location)
    } else {
      expect(
        previous: state, actual: next.state, modify: updateStateToExpected,
        generator: next.generator, at: location)
    }
    state = next.state
  }

  /// Checks `modify` against what happened. Exhaustive: it must turn the
  /// previous state into the actual one. Non-exhaustive: applied to the actual
  /// state it must change nothing; what it left out is a skipped assertion.
  func expect(
    previous: State, actual: State, modify: ((inout State) throws -> Void)?,
    generator: StackElementIDGenerator, at location: Location
  ) {
    func apply(to base: State) throws -> State {
      var copy = base
      // With the store's dependencies; an expectation that pushes onto a stack
      // gets the ids the reducer got.
      var dependencies = core.dependencies
      dependencies.stackElementID = generator.peekingCopy()
      try withDependencies {
        $0 = dependencies
      } operation: {
        try modify?(&copy)
      }
      return copy
    }
    func mismatch(_ expected: State) -> String {
      let difference =
        diff(expected, actual, format: .proportional)
        .map { "\($0.indent(by: 4))\n\n(Expected: −, Actual: +)" }
          ?? """
          Expected:
          \(String(describing: expected).indent(by: 2))

          Actual:
          \(String(describing: actual).indent(by: 2))
          """
      let heading =
        modify != nil
        ? "A state change does not match expectation"
        : "State was not expected to change, but a change occurred"
      return "\(heading).\n\n\(difference)"
    }
    let unnecessaryModify = """
      Expected state to change, but no change occurred.

      The trailing closure made no observable modifications to state. If no change to state is \
      expected, omit the trailing closure.
      """
    do {
      switch exhaustivity {
      case .on:
        let expected = try apply(to: previous)
        if expected != actual {
          reportIssue(mismatch(expected), at: location)
        } else if modify != nil, expected == previous {
          reportIssue(unnecessaryModify, at: location)
        }
      case .off(let showSkipped):
        let expected = try apply(to: actual)
        if expected != actual {
          reportIssue(mismatch(expected), at: location)
        } else if showSkipped, modify != nil {
          var fromPrevious = previous
          withExpectedIssue(isIntermittent: true) {
            fromPrevious = (try? apply(to: previous)) ?? previous
          }
          if fromPrevious != actual {
            report(mismatch(fromPrevious), at: location)
          } else if fromPrevious == previous {
            report(unnecessaryModify, at: location)
          }
        }
      }
    } catch {
      reportIssue("Threw error: \(error)", at: location)
    }
  }
}
