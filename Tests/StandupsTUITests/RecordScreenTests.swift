import Foundation
import StandupsCore
import TerminalUI
import Testing

@testable import StandupsTUI

/// The recording screen where room is short: the times never run into
/// each other, and a note's text is not pushed off its row by a long name.
@MainActor
struct RecordScreenTests {
  static func state(_ record: RecordMeeting.State) -> AppFeature.State {
    appState(
      [record.standup],
      path: [.detail(StandupDetail.State(standup: record.standup)), .record(record)])
  }

  @Test func theTimesNeverRunTogether() {
    var standup = Standup.mock
    standup.duration = .seconds(1440 * 60)
    let record = RecordMeeting.State(secondsElapsed: 901, standup: standup)
    for width in 32...60 {
      let screen = draw(Self.state(record), size: Size(width: width, height: 10))
      let row = screen.lines[3]
      #expect(row.contains("15:01"), "\(width): \(row)")
      #expect(row.contains("1424:59"), "\(width): \(row)")
      #expect(!row.contains("15:01R") && !row.contains("15:011"), "\(width): \(row)")
    }
    let wide = draw(Self.state(record), size: Size(width: 80, height: 24))
    #expect(wide.lines[3].contains("Elapsed 15:01"))
    #expect(wide.lines[3].contains("Remaining 1424:59"))
  }

  @Test func aLongSpeakerNameLeavesTheNoteRoom() {
    let name = String(repeating: "N", count: 200)
    let record = RecordMeeting.State(
      standup: .mock, notes: [RecordMeeting.Note(speaker: name, text: "first note")])
    let screen = draw(Self.state(record), size: Size(width: 80, height: 24))
    let row = screen.lines.first { $0.contains("NNN") && !$0.contains("›") }
    #expect(row?.contains("first note") == true, "\(screen.lines)")
    #expect(row?.contains("…") == true, "\(screen.lines)")
  }
}
