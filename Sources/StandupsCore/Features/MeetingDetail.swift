/// A past meeting: when, who, and what was said. Read-only.
public struct MeetingDetail: Reducer {
  public struct State: Equatable, Sendable {
    public var meeting: Meeting
    public var standup: Standup
    /// The first transcript row shown (the transcript scrolls).
    public var scrollPosition = TranscriptPosition()
    public init(
      meeting: Meeting, standup: Standup, scrollPosition: TranscriptPosition = TranscriptPosition()
    ) {
      self.meeting = meeting
      self.standup = standup
      self.scrollPosition = scrollPosition
    }
    public var transcriptLines: [Substring] {
      // "\r\n" is one Character, which a split on "\n" misses.
      meeting.transcript.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
    }
  }

  @CasePathable
  public enum Action: Equatable, Sendable {
    /// Scrolled so that `position` is the first row shown (the view works
    /// it out from the keys and the width).
    case scrolled(to: TranscriptPosition)
  }

  public init() {}

  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .scrolled(let position):
      let lines = max(1, state.transcriptLines.count)
      state.scrollPosition = TranscriptPosition(
        line: min(max(position.line, 0), lines - 1), row: max(position.row, 0))
      return .none
    }
  }
}
