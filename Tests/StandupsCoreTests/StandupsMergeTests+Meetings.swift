import Foundation
import StandupsCore
import Testing

extension StandupsMergeTests {
  // MARK: Meetings

  @Test
  func meetingsAddedOnBothSidesAreKeptNewestFirst() {
    let mine = editing(base, 1) { $0.meetings.insert(meeting(1002, day: 13), at: 0) }
    let theirs = editing(base, 1) {
      $0.meetings.insert(meeting(1003, day: 12), at: 0)
      $0.meetings.insert(meeting(1004, day: 14), at: 0)
    }
    let merge = StandupsMerge(base: base, mine: mine, theirs: theirs)
    #expect(meetingIDs(merge.standups[id: .init(1)]) == [1004, 1002, 1003, 1001])
    #expect(merge.standups[id: .init(1)]?.title == "Design")
    #expect(merge.conflicts.isEmpty)
  }

  @Test
  func meetingsOnTheSameDateKeepTheirsOrderThenMines() {
    let mine = editing(base, 1) {
      $0.meetings.append(meeting(1005, day: 10))
      $0.meetings.append(meeting(1004, day: 10))
    }
    let theirs = editing(base, 1) {
      $0.meetings.insert(meeting(1003, day: 10), at: 0)
      $0.meetings.append(meeting(1002, day: 10))
    }
    let merge = StandupsMerge(base: base, mine: mine, theirs: theirs)
    #expect(meetingIDs(merge.standups[id: .init(1)]) == [1003, 1001, 1002, 1005, 1004])
  }

  @Test
  func meetingDeletedOnOneSideUntouchedOnTheOther() {
    let twoMeetings = editing(base, 1) { $0.meetings.append(meeting(1002, day: 9)) }
    // Mine deletes 1001, theirs deletes 1002; each also adds one (no fast path).
    let mine = editing(twoMeetings, 1) {
      $0.meetings.remove(id: .init(1001))
      $0.meetings.append(meeting(1003, day: 8))
    }
    let theirs = editing(twoMeetings, 1) {
      $0.meetings.remove(id: .init(1002))
      $0.meetings.append(meeting(1004, day: 7))
    }
    let merge = StandupsMerge(base: twoMeetings, mine: mine, theirs: theirs)
    #expect(meetingIDs(merge.standups[id: .init(1)]) == [1003, 1004])
    #expect(merge.conflicts.isEmpty)
    #expect(merge.keptDespiteDeletion.isEmpty)
  }

  @Test
  func meetingDeletedOnOneSideChangedOnTheOtherIsKept() {
    let twoMeetings = editing(base, 1) { $0.meetings.append(meeting(1002, day: 9)) }
    let mine = editing(twoMeetings, 1) {
      $0.meetings.remove(id: .init(1001))
      $0.meetings[id: .init(1002)]!.transcript = "Edited here"
    }
    let theirs = editing(twoMeetings, 1) {
      $0.meetings[id: .init(1001)]!.transcript = "Edited there"
      $0.meetings.remove(id: .init(1002))
    }
    let merge = StandupsMerge(base: twoMeetings, mine: mine, theirs: theirs)
    let merged = merge.standups[id: .init(1)]
    #expect(meetingIDs(merged) == [1001, 1002])
    #expect(merged?.meetings[id: .init(1001)]?.transcript == "Edited there")
    #expect(merged?.meetings[id: .init(1002)]?.transcript == "Edited here")
  }

  @Test
  func meetingChangedOnBothSidesTakesTheirs() {
    let twoMeetings = editing(base, 1) { $0.meetings.append(meeting(1002, day: 9)) }
    let mine = editing(twoMeetings, 1) {
      $0.meetings[id: .init(1001)]!.transcript = "Mine"
      $0.meetings[id: .init(1002)]!.transcript = "Only mine"
    }
    let theirs = editing(twoMeetings, 1) { $0.meetings[id: .init(1001)]!.transcript = "Theirs" }
    let merge = StandupsMerge(base: twoMeetings, mine: mine, theirs: theirs)
    let merged = merge.standups[id: .init(1)]
    #expect(merged?.meetings[id: .init(1001)]?.transcript == "Theirs")
    #expect(merged?.meetings[id: .init(1002)]?.transcript == "Only mine")
    #expect(merge.conflicts.isEmpty)
  }

  @Test
  func meetingsUnchangedOnOneSideTakeTheOthersListAsIs() {
    // Mine edits only the title: theirs' meetings are taken without per-meeting
    // work, in their order (like the whole list when one side is unchanged).
    let mine = editing(base, 1) { $0.title = "Design 2" }
    let theirs = editing(base, 1) { $0.meetings.append(meeting(1002, day: 12)) }
    let merge = StandupsMerge(base: base, mine: mine, theirs: theirs)
    #expect(merge.standups[id: .init(1)]?.title == "Design 2")
    #expect(meetingIDs(merge.standups[id: .init(1)]) == [1001, 1002])
  }
}
