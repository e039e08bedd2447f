import TerminalUI

/// What the views remember between frames: each list's scroll position, so
/// lists scroll smoothly instead of re-centring. Not app state: it only
/// follows the selection, which is.
public struct ViewMemory: Hashable, Sendable {
  public var list = ListState()
  public var detailMeetings = ListState()
  public var formAttendees = ListState()
  /// The list's cards as last drawn (equal whatever it holds).
  public var cards = CardMemo()
  public init() {}
}
