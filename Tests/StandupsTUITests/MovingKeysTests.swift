import Foundation
import StandupsCore
import TerminalUI
import Testing

/// Moving keys work, and show, only where there is somewhere to move.
@MainActor
@Suite struct MovingKeysTests {
  func detail(_ standup: Standup) -> AppFeature.State {
    appState([standup], path: [.detail(StandupDetail.State(standup: standup))])
  }

  func meeting(transcript: String) -> AppFeature.State {
    var standup = Standup.mock
    standup.meetings[0].transcript = transcript
    return appState(
      [standup],
      path: [
        .detail(StandupDetail.State(standup: standup, selection: standup.meetings[0].id)),
        .meeting(MeetingDetail.State(meeting: standup.meetings[0], standup: standup)),
      ])
  }

  @Test func aDetailWithoutMeetingsHasOnlyTheStartRow() {
    let wide = Size(width: 200, height: 24)
    let none = detail(.engineeringMock)
    for key in [Key.up, .down, .pageDown, .char("G")] {
      #expect(keymap(none).action(for: key) == nil)
    }
    #expect(!draw(none, size: wide).shows("↓/j down"))
    let one = detail(.mock)
    #expect(keymap(one).action(for: .down) != nil)
    #expect(draw(one, size: wide).shows("↓/j down"))
  }

  @Test func aTranscriptThatFitsDoesNotScroll() {
    let wide = Size(width: 200, height: 24)
    let short = meeting(transcript: "Blob: One line.")
    for key in [Key.up, .down, .pageDown, .char("G")] {
      #expect(keymap(short).action(for: key) == nil)
    }
    #expect(!draw(short, size: wide).shows("↓/j down"))
    let long = meeting(transcript: (1...60).map { "Blob: note \($0)" }.joined(separator: "\n"))
    #expect(keymap(long).action(for: .down) != nil)
    #expect(draw(long, size: wide).shows("↓/j down"))
  }
}
