import Foundation
import StandupsCore
import Testing

extension StandupsMergeTests {
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
