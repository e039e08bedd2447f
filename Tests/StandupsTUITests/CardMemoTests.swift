import Foundation
import TerminalApp
import TerminalUI
import Testing

@testable import StandupsCore
@testable import StandupsTUI

/// The list copies cards it drew in the last frame; every frame must be the
/// one drawn without that memo.
@MainActor
@Suite struct CardMemoTests {
  /// Frame after frame with one memory, each compared with the same frame
  /// drawn with the memo emptied (the scroll position kept).
  func expectFramesMatchUnmemoized(_ frames: [(AppFeature.State, Size)]) {
    var memory = ViewMemory()
    for (i, (state, size)) in frames.enumerated() {
      var unmemoized = memory
      unmemoized.cards = CardMemo()
      let expected = standupsView.frame(ShellUI().shell(state), size: size, memory: &unmemoized)
      let drawn = standupsView.frame(ShellUI().shell(state), size: size, memory: &memory)
      #expect(drawn == expected, "frame \(i) at \(size)")
    }
  }

  @Test func movingTheSelectionThroughTheList() {
    let standups = Standup.many
    var frames: [(AppFeature.State, Size)] = []
    for size in [Size.large, .small] {
      for id in standups.ids + standups.ids.reversed() {
        frames.append((appState(standups, selection: id), size))
      }
    }
    expectFramesMatchUnmemoized(frames)
    // A first move within the page draws the two cards whose selection
    // changed and copies the other five, the one cut off at the foot of the
    // list too; moving back and forth again draws nothing: each card kept
    // its drawing both selected and not.
    var memory = ViewMemory()
    var copied: [Int] = []
    for id in [standups.ids[0], standups.ids[1], standups.ids[0], standups.ids[1]] {
      _ = standupsView.frame(
        ShellUI().shell(appState(standups, selection: id)), size: .large, memory: &memory)
      copied.append(memory.cards.copiedInLastFrame)
    }
    #expect(copied == [0, 5, 7, 7])
  }

  @Test func aChangedStandupIsDrawnAgain() {
    var standups = Standup.many
    let first = standups[0].id
    var frames = [(appState(standups, selection: first), Size.large)]
    standups[0].title = "Renamed 漢字 🎉"
    frames.append((appState(standups, selection: first), .large))
    standups[1].theme = .navy
    frames.append((appState(standups, selection: first), .large))
    standups[2].attendees.removeLast()
    frames.append((appState(standups, selection: first), .large))
    standups.remove(at: 1)
    frames.append((appState(standups, selection: first), .large))
    frames.append((appState(standups, selection: first), Size(width: 50, height: 20)))
    expectFramesMatchUnmemoized(frames)
    // And the copy is not what was there before.
    var memory = ViewMemory()
    let before = appState(Standup.many, selection: first)
    _ = standupsView.frame(ShellUI().shell(before), size: .large, memory: &memory)
    var renamed = Standup.many
    renamed[0].title = "Renamed"
    let after = standupsView.frame(
      ShellUI().shell(appState(renamed, selection: first)), size: .large, memory: &memory)
    #expect(after.layers[0].canvas.text.contains("Renamed"))
  }

  @Test func regionsCopyBackAndRepairWideCharactersAtTheEdges() {
    var source = Canvas(size: Size(width: 6, height: 2))
    source.put("a漢b", x: 0, y: 0)
    source.put("漢a漢", x: 0, y: 1)
    let rect = Rect(x: 1, y: 0, width: 3, height: 2)
    let region = source.region(rect)
    #expect(region?.count == 6)
    var target = Canvas(size: Size(width: 6, height: 2))
    target.put("字字字", x: 0, y: 0)
    target.put("xyzuvw", x: 0, y: 1)
    let putBack = target.put(region: region ?? [], at: rect)
    #expect(putBack)
    // Row 0: "漢b" copied over the middle of "字字字": the first 字 lost its
    // right half, so it is blank; the last 字 is whole.
    #expect(target.lines[0] == " 漢b字")
    // Row 1: the region starts with the right half of one 漢 and ends with
    // the left half of another: both blank.
    #expect(target.lines[1] == "x a vw")
    // Outside the clip, nothing is read or written.
    var clipped = Canvas(size: Size(width: 6, height: 2))
    clipped.within(Rect(x: 0, y: 0, width: 3, height: 2)) { canvas in
      #expect(canvas.region(rect) == nil)
      let putBack = canvas.put(region: region ?? [], at: rect)
      #expect(!putBack)
    }
    #expect(clipped == Canvas(size: Size(width: 6, height: 2)))
  }
}
