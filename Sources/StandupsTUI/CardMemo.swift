import StandupsCore
import TerminalUI

/// The list's cards as last drawn, each with what it was drawn from: a card
/// whose standup, selection and width are the same is copied, not drawn
/// again. A card on screen keeps its drawing both selected and not, so a key
/// that moves the selection copies the card it leaves too, and moving back
/// draws nothing.
///
/// A memo, not memory: what is drawn is the same with or without it, so it
/// takes no part in `ViewMemory`'s equality.
public struct CardMemo: Hashable, Sendable {
  struct Card: Sendable {
    var standup: Standup
    var isSelected: Bool
    var size: Size
    /// The part of the card on screen (all of it but at the list's foot).
    var visible: Rect
    var cells: [Cell]
  }

  /// The cards of the last frame, then the other drawing (selected or
  /// not) of those that have one.
  private var cards: [Card] = []
  /// The cards of the frame being drawn.
  private var drawing: [Card] = []
  /// How many cards the last frame copied.
  private(set) var copiedInLastFrame = 0
  private var copied = 0

  public init() {}

  /// Draws the card of `standup` into `row` (the card's region): copied
  /// from the last frame when nothing it shows changed.
  mutating func draw(
    _ standup: Standup, isSelected: Bool, in row: inout Canvas,
    card: (Standup, Bool, inout Canvas) -> Void
  ) {
    let rect = row.visibleBounds
    // By index: a card is large to copy out just to look at it.
    if let index = cards.firstIndex(where: {
      $0.standup.id == standup.id && $0.isSelected == isSelected
    }),
      cards[index].size == row.bounds, cards[index].visible == rect,
      cards[index].standup == standup, row.put(region: cards[index].cells, at: rect)
    {
      drawing.append(cards[index])
      copied += 1
      return
    }
    card(standup, isSelected, &row)
    if let cells = row.region(rect) {
      drawing.append(
        Card(
          standup: standup, isSelected: isSelected, size: row.bounds, visible: rect, cells: cells))
    }
  }

  /// Ends a frame: its cards are what the next one copies from.
  mutating func finishFrame() {
    let others = cards.filter { old in
      drawing.contains { $0.standup.id == old.standup.id && $0.isSelected != old.isSelected }
    }
    cards = drawing + others
    drawing = []
    drawing.reserveCapacity(cards.count)
    copiedInLastFrame = copied
    copied = 0
  }

  public static func == (_: CardMemo, _: CardMemo) -> Bool { true }
  public func hash(into hasher: inout Hasher) {}
}
