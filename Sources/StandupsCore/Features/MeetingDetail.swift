/// A past meeting: when, who, and what was said. Read-only.
public struct MeetingDetail: Reducer {
  public struct State: Equatable, Sendable {
    public var meeting: Meeting
    public var standup: Standup
    /// First transcript line shown (the transcript scrolls).
    public var scrollOffset = 0
    public init(meeting: Meeting, standup: Standup, scrollOffset: Int = 0) {
      self.meeting = meeting
      self.standup = standup
      self.scrollOffset = scrollOffset
    }
    public var transcriptLines: [Substring] {
      meeting.transcript.split(separator: "\n", omittingEmptySubsequences: false)
    }
  }

  @CasePathable
  public enum Action: Equatable, Sendable {
    case scrolled(by: Int)
  }

  public init() {}

  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .scrolled(let lines):
      let maxOffset = max(0, state.transcriptLines.count - 1)
      state.scrollOffset = min(max(state.scrollOffset + lines, 0), maxOffset)
      return .none
    }
  }
}
