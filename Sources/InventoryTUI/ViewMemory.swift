import TerminalUI

/// What the views remember between frames: the item list's scroll position,
/// so it scrolls smoothly instead of re-centring (and the edit popover finds
/// the row it belongs to). Not app state: it only follows the selection, which is.
public struct ViewMemory: Hashable, Sendable {
  public var list = ListState()
  public init() {}
}
