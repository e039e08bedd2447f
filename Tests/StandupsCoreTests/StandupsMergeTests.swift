import Foundation
import StandupsCore
import Testing

@Suite(.reportsIssues)
struct StandupsMergeTests {
  // MARK: Fixtures

  /// A meeting on day `day` (a later day is newer).
  private func meeting(_ n: Int, day: Int, _ transcript: String = "") -> Meeting {
    Meeting(
      id: .init(n), date: Date(timeIntervalSince1970: Double(day) * 86_400),
      transcript: transcript.isEmpty ? "Meeting \(n)" : transcript)
  }

  private func standup(
    _ n: Int, _ title: String, attendees: [String] = ["Blob", "Blob Jr"],
    meetings: [Meeting] = []
  ) -> Standup {
    Standup(
      id: .init(n),
      attendees: IdentifiedArray(
        uniqueElements: attendees.enumerated().map {
          Attendee(id: .init(n * 100 + $0.offset), name: $0.element)
        }),
      meetings: IdentifiedArray(uniqueElements: meetings),
      title: title)
  }

  /// Design, Engineering and Product, each with a meeting.
  private var base: IdentifiedArrayOf<Standup> {
    [
      standup(1, "Design", meetings: [meeting(1001, day: 10)]),
      standup(2, "Engineering", meetings: [meeting(2001, day: 10)]),
      standup(3, "Product", meetings: [meeting(3001, day: 10)]),
    ]
  }

  /// `list` with the standup `id` changed by `change`.
  private func editing(
    _ list: IdentifiedArrayOf<Standup>, _ id: Int, _ change: (inout Standup) -> Void
  ) -> IdentifiedArrayOf<Standup> {
    var list = list
    change(&list[id: .init(id)]!)
    return list
  }

  /// `list` without the standup `id`.
  private func deleting(_ list: IdentifiedArrayOf<Standup>, _ id: Int) -> IdentifiedArrayOf<Standup>
  {
    var list = list
    list.remove(id: .init(id))
    return list
  }

  /// The base, or the base with an unrelated edit to Product (to leave the fast paths).
  private func other(touchingProduct: Bool) -> IdentifiedArrayOf<Standup> {
    touchingProduct ? editing(base, 3) { $0.title = "Product (other side)" } : base
  }

  private func ids(_ list: IdentifiedArrayOf<Standup>) -> [Int] {
    list.map { Int($0.id.rawValue.uuidString.suffix(12), radix: 16)! }
  }

  private func meetingIDs(_ standup: Standup?) -> [Int] {
    (standup?.meetings ?? []).map { Int($0.id.rawValue.uuidString.suffix(12), radix: 16)! }
  }

  // MARK: One side alone

  @Test(arguments: [false, true])
  func mineAddsAStandup(theirsTouchesProduct: Bool) {
    let added = standup(4, "Marketing", meetings: [meeting(4001, day: 1)])
    var mine = base
    mine.append(added)
    let theirs = other(touchingProduct: theirsTouchesProduct)
    let merge = StandupsMerge(base: base, mine: mine, theirs: theirs)
    #expect(ids(merge.standups) == [1, 2, 3, 4])
    #expect(merge.standups[id: .init(4)] == added)
    #expect(merge.standups[id: .init(3)] == theirs[id: .init(3)])
    #expect(merge.conflicts.isEmpty)
    #expect(merge.keptDespiteDeletion.isEmpty)
    #expect(merge.deletedElsewhere.isEmpty)
  }

  @Test(arguments: [false, true])
  func mineEditsAStandup(theirsTouchesProduct: Bool) {
    let mine = editing(base, 2) {
      $0.title = "Platform"
      $0.theme = .navy
      $0.meetings.insert(meeting(2002, day: 11), at: 0)
    }
    let theirs = other(touchingProduct: theirsTouchesProduct)
    let merge = StandupsMerge(base: base, mine: mine, theirs: theirs)
    #expect(ids(merge.standups) == [1, 2, 3])
    #expect(merge.standups[id: .init(2)] == mine[id: .init(2)])
    #expect(merge.standups[id: .init(3)] == theirs[id: .init(3)])
    #expect(merge.conflicts.isEmpty)
    #expect(merge.keptDespiteDeletion.isEmpty)
    #expect(merge.deletedElsewhere.isEmpty)
  }

  @Test(arguments: [false, true])
  func mineDeletesAStandup(theirsTouchesProduct: Bool) {
    let mine = deleting(base, 2)
    let theirs = other(touchingProduct: theirsTouchesProduct)
    let merge = StandupsMerge(base: base, mine: mine, theirs: theirs)
    #expect(ids(merge.standups) == [1, 3])
    #expect(merge.standups[id: .init(3)] == theirs[id: .init(3)])
    #expect(merge.conflicts.isEmpty)
    #expect(merge.keptDespiteDeletion.isEmpty)
    // The user deleted it: nothing to tell them.
    #expect(merge.deletedElsewhere.isEmpty)
  }

  @Test(arguments: [false, true])
  func theirsAddsAStandup(mineTouchesProduct: Bool) {
    let added = standup(4, "Marketing")
    var theirs = base
    theirs.append(added)
    let mine = other(touchingProduct: mineTouchesProduct)
    let merge = StandupsMerge(base: base, mine: mine, theirs: theirs)
    #expect(ids(merge.standups) == [1, 2, 3, 4])
    #expect(merge.standups[id: .init(4)] == added)
    #expect(merge.standups[id: .init(3)] == mine[id: .init(3)])
    #expect(merge.conflicts.isEmpty)
    #expect(merge.keptDespiteDeletion.isEmpty)
    #expect(merge.deletedElsewhere.isEmpty)
  }

  @Test(arguments: [false, true])
  func theirsEditsAStandup(mineTouchesProduct: Bool) {
    let theirs = editing(base, 2) {
      $0.duration = .seconds(15 * 60)
      $0.attendees.append(Attendee(id: .init(299), name: "Blob Sr"))
      $0.meetings[id: .init(2001)]!.transcript = "Edited there"
    }
    let mine = other(touchingProduct: mineTouchesProduct)
    let merge = StandupsMerge(base: base, mine: mine, theirs: theirs)
    #expect(ids(merge.standups) == [1, 2, 3])
    #expect(merge.standups[id: .init(2)] == theirs[id: .init(2)])
    #expect(merge.standups[id: .init(3)] == mine[id: .init(3)])
    #expect(merge.conflicts.isEmpty)
    #expect(merge.keptDespiteDeletion.isEmpty)
    #expect(merge.deletedElsewhere.isEmpty)
  }

  @Test(arguments: [false, true])
  func theirsDeletesAStandup(mineTouchesProduct: Bool) {
    let theirs = deleting(base, 2)
    let mine = other(touchingProduct: mineTouchesProduct)
    let merge = StandupsMerge(base: base, mine: mine, theirs: theirs)
    #expect(ids(merge.standups) == [1, 3])
    #expect(merge.standups[id: .init(3)] == mine[id: .init(3)])
    #expect(merge.conflicts.isEmpty)
    #expect(merge.keptDespiteDeletion.isEmpty)
    // Gone from what the user sees, by someone else's hand: they are told.
    #expect(merge.deletedElsewhere == [base[id: .init(2)]!])
  }

  // MARK: Both sides

  @Test
  func bothSidesChangeDifferentStandups() {
    var mine = editing(base, 1) { $0.title = "Design (mine)" }
    mine.append(standup(5, "Mine new"))
    var theirs = deleting(editing(base, 3) { $0.theme = .sky }, 2)
    theirs.append(standup(4, "Theirs new"))
    let merge = StandupsMerge(base: base, mine: mine, theirs: theirs)
    #expect(ids(merge.standups) == [1, 3, 4, 5])
    #expect(merge.standups[id: .init(1)] == mine[id: .init(1)])
    #expect(merge.standups[id: .init(3)] == theirs[id: .init(3)])
    #expect(merge.standups[id: .init(4)] == theirs[id: .init(4)])
    #expect(merge.standups[id: .init(5)] == mine[id: .init(5)])
    #expect(merge.conflicts.isEmpty)
    #expect(merge.keptDespiteDeletion.isEmpty)
    #expect(merge.deletedElsewhere == [base[id: .init(2)]!])
  }

  @Test
  func identicalChangesOnBothSidesAreNoConflict() {
    let change: (inout Standup) -> Void = {
      $0.title = "Design 2"
      $0.attendees.removeFirst()
      $0.meetings.insert(meeting(1002, day: 12), at: 0)
    }
    // Both also delete Engineering; only theirs touches Product (no fast path).
    let mine = deleting(editing(base, 1, change), 2)
    let theirs = editing(deleting(editing(base, 1, change), 2), 3) { $0.title = "Product 2" }
    let merge = StandupsMerge(base: base, mine: mine, theirs: theirs)
    #expect(ids(merge.standups) == [1, 3])
    #expect(merge.standups[id: .init(1)] == mine[id: .init(1)])
    #expect(merge.standups[id: .init(3)]?.title == "Product 2")
    #expect(merge.conflicts.isEmpty)
    #expect(merge.keptDespiteDeletion.isEmpty)
    #expect(merge.deletedElsewhere.isEmpty)
  }

  @Test
  func ownFieldConflictKeepsTheirsAndListsMine() {
    let mine = editing(base, 1) {
      $0.title = "Design (mine)"
      $0.meetings.append(meeting(1002, day: 12))
    }
    let theirs = editing(base, 1) {
      $0.duration = .seconds(20 * 60)
      $0.meetings.append(meeting(1003, day: 11))
    }
    let merge = StandupsMerge(base: base, mine: mine, theirs: theirs)
    let merged = merge.standups[id: .init(1)]
    #expect(merged?.title == "Design")
    #expect(merged?.duration == .seconds(20 * 60))
    #expect(merged?.hasSameOwnFields(as: theirs[id: .init(1)]!) == true)
    // Meetings are merged all the same, newest first.
    #expect(meetingIDs(merged) == [1002, 1003, 1001])
    // The user's whole standup, as they had it, goes to the conflict copy.
    #expect(merge.conflicts == [mine[id: .init(1)]!])
    #expect(ids(merge.standups) == [1, 2, 3])
    #expect(merge.keptDespiteDeletion.isEmpty)
    #expect(merge.deletedElsewhere.isEmpty)
  }

  @Test
  func ownFieldsChangedOnOneSideMeetingsOnTheOther() {
    let mine = editing(base, 1) { $0.title = "Design (mine)" }
    let theirs = editing(base, 1) { $0.meetings.insert(meeting(1002, day: 12), at: 0) }
    let merge = StandupsMerge(base: base, mine: mine, theirs: theirs)
    let merged = merge.standups[id: .init(1)]
    #expect(merged?.title == "Design (mine)")
    #expect(meetingIDs(merged) == [1002, 1001])
    #expect(merge.conflicts.isEmpty)
  }

  @Test
  func standupAddedOnBothSidesWithTheSameID() {
    var mine = base
    mine.append(
      standup(
        4, "Mine",
        meetings: [meeting(4001, day: 1, "mine"), meeting(4002, day: 3)]))
    var theirs = base
    theirs.append(
      standup(
        4, "Theirs", attendees: ["Blob Sr"],
        meetings: [meeting(4001, day: 1, "theirs"), meeting(4003, day: 2)]))
    let merge = StandupsMerge(base: base, mine: mine, theirs: theirs)
    let merged = merge.standups[id: .init(4)]
    #expect(merged?.hasSameOwnFields(as: theirs[id: .init(4)]!) == true)
    // The union, theirs' version on a clash, newest first.
    #expect(meetingIDs(merged) == [4002, 4003, 4001])
    #expect(merged?.meetings[id: .init(4001)]?.transcript == "theirs")
    #expect(merge.conflicts == [mine[id: .init(4)]!])
    #expect(ids(merge.standups) == [1, 2, 3, 4])
  }

  @Test
  func standupAddedOnBothSidesWithEqualOwnFieldsIsNoConflict() {
    var mine = base
    mine.append(standup(4, "Same", meetings: [meeting(4001, day: 1)]))
    var theirs = base
    theirs.append(standup(4, "Same", meetings: [meeting(4002, day: 2)]))
    let merge = StandupsMerge(base: base, mine: mine, theirs: theirs)
    #expect(merge.standups[id: .init(4)]?.title == "Same")
    #expect(meetingIDs(merge.standups[id: .init(4)]) == [4002, 4001])
    #expect(merge.conflicts.isEmpty)
  }

  // MARK: Edit against delete

  @Test
  func editBeatsDeleteWhenMineDeletes() {
    let mine = deleting(base, 1)
    let theirs = editing(base, 1) { $0.meetings.append(meeting(1002, day: 11)) }
    let merge = StandupsMerge(base: base, mine: mine, theirs: theirs)
    #expect(ids(merge.standups) == [1, 2, 3])
    #expect(merge.standups[id: .init(1)] == theirs[id: .init(1)])
    #expect(merge.keptDespiteDeletion == [theirs[id: .init(1)]!])
    #expect(merge.deletedElsewhere.isEmpty)
    #expect(merge.conflicts.isEmpty)
  }

  @Test
  func editBeatsDeleteWhenTheirsDeletes() {
    let mine = editing(base, 2) { $0.title = "Platform" }
    let theirs = deleting(base, 2)
    let merge = StandupsMerge(base: base, mine: mine, theirs: theirs)
    #expect(ids(merge.standups) == [1, 2, 3])
    #expect(merge.standups[id: .init(2)] == mine[id: .init(2)])
    #expect(merge.keptDespiteDeletion == [mine[id: .init(2)]!])
    #expect(merge.deletedElsewhere.isEmpty)
    #expect(merge.conflicts.isEmpty)
  }

  @Test
  func deletedOnBothSides() {
    let mine = editing(deleting(base, 2), 1) { $0.title = "Design 2" }
    let theirs = editing(deleting(base, 2), 3) { $0.title = "Product 2" }
    let merge = StandupsMerge(base: base, mine: mine, theirs: theirs)
    #expect(ids(merge.standups) == [1, 3])
    #expect(merge.standups[id: .init(1)]?.title == "Design 2")
    #expect(merge.standups[id: .init(3)]?.title == "Product 2")
    #expect(merge.keptDespiteDeletion.isEmpty)
    #expect(merge.deletedElsewhere.isEmpty)
    #expect(merge.conflicts.isEmpty)
  }

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

  // MARK: Own fields

  @Test
  func ownFieldsComparison() {
    let design = base[id: .init(1)]!
    var changed = design
    changed.meetings = []
    #expect(design.hasSameOwnFields(as: changed))
    changed = design
    changed.attendees.reverse()
    #expect(!design.hasSameOwnFields(as: changed))
    changed = design
    changed.attendees[0].name = "Blob Esq"
    #expect(!design.hasSameOwnFields(as: changed))
    changed = design
    changed.theme = .yellow
    #expect(!design.hasSameOwnFields(as: changed))
    changed = design
    changed.duration = .seconds(60)
    #expect(!design.hasSameOwnFields(as: changed))
    changed = design
    changed.title = "Other"
    #expect(!design.hasSameOwnFields(as: changed))
  }

  @Test
  func attendeeReorderIsAnOwnFieldChange() {
    let mine = editing(base, 1) { $0.attendees.reverse() }
    let theirs = editing(base, 1) { $0.title = "Design 2" }
    let merge = StandupsMerge(base: base, mine: mine, theirs: theirs)
    #expect(merge.standups[id: .init(1)] == theirs[id: .init(1)])
    #expect(merge.conflicts == [mine[id: .init(1)]!])
  }

  @Test
  func attendeeReorderOnOneSideIsTaken() {
    let mine = editing(base, 1) { $0.attendees.reverse() }
    let theirs = editing(base, 1) { $0.meetings.insert(meeting(1002, day: 11), at: 0) }
    let merge = StandupsMerge(base: base, mine: mine, theirs: theirs)
    let merged = merge.standups[id: .init(1)]
    #expect(merged?.attendees.map(\.name) == ["Blob Jr", "Blob"])
    #expect(meetingIDs(merged) == [1002, 1001])
    #expect(merge.conflicts.isEmpty)
  }

  // MARK: Order

  @Test
  func withoutAMoveTheOrderIsBaseThenTheirsNewThenMinesNew() {
    var mine = deleting(base, 2)
    mine.append(standup(7, "Mine 7"))
    mine.append(standup(6, "Mine 6"))
    var theirs = editing(base, 3) { $0.title = "Theirs 3" }
    theirs.append(standup(5, "Theirs 5"))
    theirs.append(standup(4, "Theirs 4"))
    let merge = StandupsMerge(base: base, mine: mine, theirs: theirs)
    #expect(ids(merge.standups) == [1, 3, 5, 4, 7, 6])
  }

  @Test
  func theirAdditionKeepsItsPlaceWhenNotAtTheEnd() {
    let theirs: IdentifiedArrayOf<Standup> = [
      standup(5, "Theirs 5"), base[id: .init(1)]!, base[id: .init(2)]!, standup(4, "Theirs 4"),
      base[id: .init(3)]!,
    ]
    var mine = editing(base, 1) { $0.title = "Mine 1" }
    mine.append(standup(7, "Mine 7"))
    let merge = StandupsMerge(base: base, mine: mine, theirs: theirs)
    #expect(ids(merge.standups) == [5, 1, 2, 4, 3, 7])
    #expect(merge.standups[id: .init(1)]?.title == "Mine 1")
  }

  @Test
  func theirMoveIsKeptWhenIAddAStandup() {
    var theirs = base
    theirs.move(fromOffsets: [2], toOffset: 0)
    var mine = base
    mine.append(standup(7, "Mine 7"))
    let merge = StandupsMerge(base: base, mine: mine, theirs: theirs)
    #expect(ids(merge.standups) == [3, 1, 2, 7])
  }

  @Test
  func myMoveIsKeptWhenTheyAddAndDelete() {
    var mine = base
    mine.move(fromOffsets: [0], toOffset: 3)
    var theirs = deleting(base, 2)
    theirs.append(standup(5, "Theirs 5"))
    let merge = StandupsMerge(base: base, mine: mine, theirs: theirs)
    #expect(ids(merge.standups) == [3, 1, 5])
  }

  @Test
  func whenBothMovedTheirOrderWinsAndMineNewFollow() {
    var mine = base
    mine.reverse()
    mine.insert(standup(7, "Mine 7"), at: 1)
    var theirs = base
    theirs.swapAt(0, 1)
    theirs.append(standup(5, "Theirs 5"))
    let merge = StandupsMerge(base: base, mine: mine, theirs: theirs)
    #expect(ids(merge.standups) == [2, 1, 3, 5, 7])
  }

  @Test
  func aStandupKeptDespiteTheirDeletionFollowsTheirOrder() {
    var theirs = deleting(base, 1)
    theirs.reverse()
    let mine = editing(base, 1) { $0.title = "Mine 1" }
    let merge = StandupsMerge(base: base, mine: mine, theirs: theirs)
    #expect(ids(merge.standups) == [3, 2, 1])
    #expect(ids(merge.keptDespiteDeletion) == [1])
  }

  // MARK: Fast paths

  @Test
  func mineUnchangedTakesTheirsExactly() {
    var theirs = deleting(base, 2)
    theirs.append(standup(4, "Theirs 4"))
    theirs.swapAt(0, 2)
    let merge = StandupsMerge(base: base, mine: base, theirs: theirs)
    #expect(merge.standups == theirs)
    #expect(ids(merge.standups) == [4, 3, 1])
    #expect(merge.deletedElsewhere == [base[id: .init(2)]!])
    #expect(merge.conflicts.isEmpty)
    #expect(merge.keptDespiteDeletion.isEmpty)
  }

  @Test
  func theirsUnchangedTakesMineExactly() {
    var mine = deleting(base, 1)
    mine.insert(standup(4, "Mine 4"), at: 0)
    mine.swapAt(1, 2)
    let merge = StandupsMerge(base: base, mine: mine, theirs: base)
    #expect(merge.standups == mine)
    #expect(ids(merge.standups) == [4, 3, 2])
    #expect(merge.deletedElsewhere.isEmpty)
    #expect(merge.conflicts.isEmpty)
    #expect(merge.keptDespiteDeletion.isEmpty)
  }

  @Test
  func bothSidesEqualTakesMine() {
    var both = editing(deleting(base, 2), 3) { $0.attendees.reverse() }
    both.reverse()
    let merge = StandupsMerge(base: base, mine: both, theirs: both)
    #expect(merge.standups == both)
    #expect(ids(merge.standups) == [3, 1])
    #expect(merge.deletedElsewhere.isEmpty)
    #expect(merge.conflicts.isEmpty)
    #expect(merge.keptDespiteDeletion.isEmpty)
  }

  @Test
  func unchangedSidesMergeToTheBase() {
    let merge = StandupsMerge(base: base, mine: base, theirs: base)
    #expect(merge.standups == base)
    #expect(merge.deletedElsewhere.isEmpty)
  }

  // MARK: Size

  @Test
  func largeListsMergePerID() {
    let large = IdentifiedArrayOf<Standup>(
      uniqueElements: (1...1_000).map { n in
        standup(
          n, "Standup \(n)",
          meetings: (1...20).map { meeting(n * 1_000 + $0, day: $0) }.reversed())
      })
    var mine = large
    var theirs = large
    for n in stride(from: 2, through: 1_000, by: 2) {
      mine[id: .init(n)]!.meetings.insert(meeting(n * 1_000 + 900, day: 50), at: 0)
    }
    for n in stride(from: 3, through: 1_000, by: 3) {
      theirs[id: .init(n)]!.meetings.insert(meeting(n * 1_000 + 901, day: 40), at: 0)
    }
    theirs.remove(id: .init(5))
    let merge = StandupsMerge(base: large, mine: mine, theirs: theirs)
    #expect(merge.standups.count == 999)
    #expect(merge.standups[id: .init(6)]?.meetings.count == 22)
    #expect(meetingIDs(merge.standups[id: .init(6)]).prefix(2) == [6_900, 6_901])
    #expect(merge.standups[id: .init(4)] == mine[id: .init(4)])
    #expect(merge.standups[id: .init(9)] == theirs[id: .init(9)])
    #expect(merge.deletedElsewhere.map(\.id) == [.init(5)])
    #expect(merge.conflicts.isEmpty)
  }
}
