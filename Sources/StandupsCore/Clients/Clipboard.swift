/// What `y` copies: a standup with its meetings, or one meeting.
public enum ClipboardContent: Equatable, Sendable {
  case standup(Standup)
  case meeting(Meeting, of: Standup)

  public var title: String {
    switch self {
    case .standup(let standup), .meeting(_, let standup): standup.title
    }
  }

  public var isMeeting: Bool {
    if case .meeting = self { true } else { false }
  }
}

/// What became of a copy.
public enum ClipboardResult: Equatable, Sendable {
  /// Sent to the terminal's clipboard (whether the terminal takes it, the
  /// app cannot know).
  case sent
  /// Larger than the terminal clipboard takes (`bytes` of Markdown).
  case tooLarge(bytes: Int)
  /// Turned off (`--no-clipboard`).
  case off
}

/// The terminal's clipboard, as the features see it: the app formats the
/// content (Markdown, as `standups export` prints it) and sends it with OSC 52.
public struct Clipboard: Sendable {
  public var copy: @Sendable (ClipboardContent) async -> ClipboardResult

  public init(copy: @escaping @Sendable (ClipboardContent) async -> ClipboardResult) {
    self.copy = copy
  }

  public static let off = Clipboard { _ in .off }
}

extension Clipboard: DependencyKey {
  public static let liveValue = Clipboard.off
  public static let testValue = Clipboard.off
}

extension DependencyValues {
  public var clipboard: Clipboard {
    get { self[Clipboard.self] }
    set { self[Clipboard.self] = newValue }
  }
}
