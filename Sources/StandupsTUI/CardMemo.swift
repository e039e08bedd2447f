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
  /// Which of `cards` the frame being drawn copied.
  private var copiedCards: [Bool] = []
  /// The cards the frame being drawn drew.
  private var drawn: [Card] = []
  /// How many cards the last frame copied.
  private(set) var copiedInLastFrame = 0

  public init() {}

  /// Draws the card of `standup` into `row` (the card's region): copied
  /// from the last frame when nothing it shows changed.
  mutating func draw(
    _ standup: Standup, isSelected: Bool, in row: inout Canvas,
    card: (Standup, Bool, inout Canvas) -> Void
  ) {
    let rect = row.visibleBounds
    // By index, and the standup compared as stored: a card is large to copy
    // out just to look at it, and a copy of a standup touches each of its
    // texts and arrays, out of the caches by the time a key comes.
    if let index = cards.firstIndex(where: {
      $0.standup.id == standup.id && $0.isSelected == isSelected
    }),
      cards[index].size == row.bounds, cards[index].visible == rect,
      cards[index].standup.isIdentical(to: standup) || cards[index].standup == standup,
      row.put(region: cards[index].cells, at: rect)
    {
      copiedCards[index] = true
      return
    }
    card(standup, isSelected, &row)
    if let cells = row.region(rect) {
      drawn.append(
        Card(
          standup: standup, isSelected: isSelected, size: row.bounds, visible: rect, cells: cells))
    }
  }

  /// Ends a frame: its cards, copied or drawn, and the other drawing of
  /// each, are what the next one copies from. Kept cards are moved, not copied.
  mutating func finishFrame() {
    let shown =
      cards.indices.filter { copiedCards[$0] }.map { (cards[$0].standup.id, cards[$0].isSelected) }
      + drawn.map { ($0.standup.id, $0.isSelected) }
    var kept = 0
    for index in cards.indices
    where copiedCards[index]
      || shown.contains(where: {
        $0.0 == cards[index].standup.id && $0.1 != cards[index].isSelected
      })
    {
      if kept != index { cards.swapAt(kept, index) }
      kept += 1
    }
    copiedInLastFrame = copiedCards.lazy.filter { $0 }.count
    cards.removeLast(cards.count - kept)
    cards.append(contentsOf: drawn)
    drawn.removeAll(keepingCapacity: true)
    copiedCards = Array(repeating: false, count: cards.count)
  }

  public static func == (_: CardMemo, _: CardMemo) -> Bool { true }
  public func hash(into hasher: inout Hasher) {}
}
