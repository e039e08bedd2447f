/// A past meeting: when, who, and what was said. Read-only.
public struct MeetingDetail: Reducer {
  public struct State: Equatable, Sendable {
    public var meeting: Meeting
    public var standup: Standup
    /// First transcript row shown (the transcript scrolls).
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
    /// Scroll by rows, to at most `limit`: how many rows the transcript has
    /// beyond a screenful, which only the view knows (it wraps long lines).
    case scrolled(by: Int, limit: Int)
  }

  public init() {}

  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .scrolled(let rows, let limit):
      state.scrollOffset = min(max(state.scrollOffset + rows, 0), max(0, limit))
      return .none
    }
  }
}
