import Foundation
import StandupsCore
import Testing

@Suite(.reportsIssues)
struct StandupsMergeTests {
  // MARK: Fixtures

  /// A meeting on day `day` (a later day is newer).
  func meeting(_ n: Int, day: Int, _ transcript: String = "") -> Meeting {
    Meeting(
      id: .init(n), date: Date(timeIntervalSince1970: Double(day) * 86_400),
      transcript: transcript.isEmpty ? "Meeting \(n)" : transcript)
  }

  func standup(
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
  var base: IdentifiedArrayOf<Standup> {
    [
      standup(1, "Design", meetings: [meeting(1001, day: 10)]),
      standup(2, "Engineering", meetings: [meeting(2001, day: 10)]),
      standup(3, "Product", meetings: [meeting(3001, day: 10)]),
    ]
  }

  /// `list` with the standup `id` changed by `change`.
  func editing(
    _ list: IdentifiedArrayOf<Standup>, _ id: Int, _ change: (inout Standup) -> Void
  ) -> IdentifiedArrayOf<Standup> {
    var list = list
    change(&list[id: .init(id)]!)
    return list
  }

  /// `list` without the standup `id`.
  func deleting(_ list: IdentifiedArrayOf<Standup>, _ id: Int) -> IdentifiedArrayOf<Standup> {
    var list = list
    list.remove(id: .init(id))
    return list
  }

  /// The base, or the base with an unrelated edit to Product (to leave the fast paths).
  private func other(touchingProduct: Bool) -> IdentifiedArrayOf<Standup> {
    touchingProduct ? editing(base, 3) { $0.title = "Product (other side)" } : base
  }

  func ids(_ list: IdentifiedArrayOf<Standup>) -> [Int] {
    list.map { Int($0.id.rawValue.uuidString.suffix(12), radix: 16)! }
  }

  func meetingIDs(_ standup: Standup?) -> [Int] {
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
}
