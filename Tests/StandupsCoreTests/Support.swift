import ConcurrencyExtras
import Foundation
import IssueReporting
import StandupsCore
import Testing

/// The date the `date` dependency returns in tests.
let testNow = Date(timeIntervalSince1970: 1_234_567_890)

extension Standup {
  /// Three attendees sharing six seconds: each speaks for two.
  static let sixSeconds = Standup(
    id: .init(UUID(100)),
    attendees: [
      Attendee(id: .init(UUID(101)), name: "Blob"),
      Attendee(id: .init(UUID(102)), name: "Blob Jr"),
      Attendee(id: .init(UUID(103)), name: "Blob Sr"),
    ],
    duration: .seconds(6),
    meetings: [
      Meeting(
        id: .init(UUID(104)), date: Date(timeIntervalSince1970: 1_000_000_000), transcript: "Old")
    ],
    theme: .teal,
    title: "Daily"
  )
}

extension TestClock<Duration> {
  /// Advances one second, once something (the meeting timer) is asleep on the clock.
  ///
  /// A plain `advance` right after `.onAppear`, or right after receiving a tick,
  /// races the timer effect getting back to its sleep; on a busy machine the
  /// second passes before the timer waits for it and the tick is lost.
  func tick(sourceLocation: SourceLocation = #_sourceLocation) async {
    let deadline = ContinuousClock.now.advanced(by: .seconds(30))
    var turns = 0
    // `checkSuspension` throws when something sleeps on the clock; it yields first.
    while (try? await checkSuspension()) != nil {
      // 30 s and 100 000 turns, whichever is last: other tests on the main
      // actor take theirs at each yield, and that time is not this test's.
      turns += 1
      guard turns < 100_000 || ContinuousClock.now < deadline else {
        Issue.record("Nothing is asleep on the test clock", sourceLocation: sourceLocation)
        break
      }
    }
    await advance(by: .seconds(1))
  }
}

/// A speaker chime that counts its rings.
struct ChimeCounter: Sendable {
  let rings = LockIsolated(0)
  var chime: SpeakerChime {
    SpeakerChime { [rings] in rings.withValue { $0 += 1 } }
  }
  var count: Int { rings.value }
}

extension Standup {
  /// This standup with other meetings.
  func with(meetings: IdentifiedArrayOf<Meeting>) -> Standup {
    var copy = self
    copy.meetings = meetings
    return copy
  }
}

/// Sends `reportIssue` (how the TestStore fails a test) to Swift Testing.
///
/// The test target does not link "IssueReportingTestSupport", so without this the
/// default reporter only prints "An issue was recorded without linking the Testing
/// framework" and a failing TestStore assertion passes.
struct SwiftTestingIssueReporter: IssueReporter {
  func reportIssue(
    _ message: @autoclosure () -> String?,
    severity: IssueSeverity,
    fileID: StaticString,
    filePath: StaticString,
    line: UInt,
    column: UInt
  ) {
    let location = SourceLocation(
      fileID: "\(fileID)", filePath: "\(filePath)", line: Int(line), column: Int(column))
    switch severity {
    case .error: Issue.record(Comment(rawValue: message() ?? ""), sourceLocation: location)
    case .warning: print("warning: \(message() ?? "")")
    }
  }
}

/// Makes TestStore failures fail the test (see `SwiftTestingIssueReporter`).
struct ReportsIssues: SuiteTrait, TestTrait, TestScoping {
  var isRecursive: Bool { true }

  func provideScope(
    for test: Test, testCase: Test.Case?,
    performing function: @Sendable () async throws -> Void
  ) async throws {
    try await withIssueReporters([SwiftTestingIssueReporter()]) {
      try await function()
    }
  }
}

extension Trait where Self == ReportsIssues {
  static var reportsIssues: Self { ReportsIssues() }
}

/// Standups that reach the data file's corners: quotes, escapes, controls,
/// CJK, emoji and combining marks in the text; meetings at the epoch and on
/// 29 February, with a roster, an empty one and none (newest first, as the
/// app keeps them).
func awkwardStandups() -> IdentifiedArrayOf<Standup> {
  var standups: IdentifiedArrayOf<Standup> = [.mock, .engineeringMock, .productMock]
  standups[0].title = "Café \"quoted\" \\ back/slash\ttab\nline 日本 😀 e\u{301}"
  standups[0].attendees[0].name = "\u{1B}[2J \u{0} \u{7F} \u{2028}"
  standups[0].meetings.append(
    Meeting(
      id: .init(UUID(99)), date: Date(timeIntervalSince1970: 951_782_400), transcript: "29 Feb"))
  standups[1].meetings.append(
    Meeting(
      id: .init(UUID(97)), date: Date(timeIntervalSince1970: 60), transcript: "Zoë: hi",
      attendees: ["Zoë", "李雷", "\u{1B}[2J \"q\"", ""]))
  standups[1].meetings.append(
    Meeting(id: .init(UUID(98)), date: Date(timeIntervalSince1970: 0), transcript: ""))
  standups[2].meetings.append(
    Meeting(
      id: .init(UUID(96)), date: Date(timeIntervalSince1970: 120), transcript: "",
      attendees: []))
  return standups
}
