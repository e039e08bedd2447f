import Foundation
import StandupsCore
import Testing

@testable import StandupsDatabase

/// `StandupChange.changes(from:to:versions:)`: what a save sends, with no
/// database — own fields and attendees as updates carrying the version they
/// were made from, meetings as changes of their own, and the list's order
/// only when something moved.
struct StandupChangeTests {
  let design = Standup.mock
  let engineering = Standup.engineeringMock
  let product = Standup.productMock
  let versions: [Standup.ID: Int64] = [
    Standup.mock.id: 3, Standup.engineeringMock.id: 1, Standup.productMock.id: 7,
  ]

  func changes(
    _ old: IdentifiedArrayOf<Standup>, _ new: IdentifiedArrayOf<Standup>
  ) -> [StandupChange] {
    StandupChange.changes(from: old, to: new, versions: versions)
  }

  func meeting(_ n: Int) -> Meeting {
    Meeting(
      id: .init(UUID()), date: Date(timeIntervalSinceReferenceDate: 700_000_000.25 + Double(n)),
      transcript: "meeting \(n)")
  }

  @Test func noChangeIsNothing() {
    #expect(changes([design, engineering], [design, engineering]).isEmpty)
    #expect(changes([], []).isEmpty)
  }

  @Test func aNewStandupIsInsertedWithoutItsMeetingsThenTheyAreAddedInOrder() {
    var new = Standup(id: .init(UUID()), title: "New")
    new.meetings = [meeting(1), meeting(2), meeting(3)]
    let owner = new.withoutMeetings
    #expect(
      changes([design], [design, new]) == [
        .insert(owner),
        .addMeeting(new.meetings[0], standup: owner, after: nil),
        .addMeeting(new.meetings[1], standup: owner, after: new.meetings[0].id),
        .addMeeting(new.meetings[2], standup: owner, after: new.meetings[1].id),
      ])
  }

  /// An update carries the standup's meetings (to bring it back if it was
  /// deleted meanwhile), not as changes of their own.
  @Test(arguments: [
    "title", "duration", "theme", "attendee renamed", "attendee added", "attendees reordered",
    "attendees removed",
  ])
  func ownFieldsAreAnUpdateFromTheVersionSeen(field: String) {
    var edited = design
    switch field {
    case "title": edited.title = "Design 2"
    case "duration": edited.duration = .seconds(15 * 60)
    case "theme": edited.theme = .teal
    case "attendee renamed": edited.attendees[0].name = "Renamed"
    case "attendee added": edited.attendees.append(Attendee(id: .init(UUID()), name: "New"))
    case "attendees reordered": edited.attendees.swapAt(0, 5)
    default: edited.attendees = []
    }
    #expect(edited != design)
    #expect(
      changes([design, product], [edited, product]) == [
        .update(edited, seen: 3)
      ])
  }

  @Test func anUpdateOfAStandupWithoutAKnownVersionHasNoneSeen() {
    var edited = engineering
    edited.title = "Platform"
    let changes = StandupChange.changes(from: [engineering], to: [edited], versions: [:])
    #expect(changes == [.update(edited, seen: nil)])
  }

  @Test func meetingsAloneAreNotAnUpdate() {
    var recorded = design
    let first = meeting(1)
    recorded.meetings.insert(first, at: 0)
    #expect(
      changes([design], [recorded]) == [
        .addMeeting(first, standup: design.withoutMeetings, after: nil)
      ])

    var later = recorded
    let middle = meeting(2)
    later.meetings.insert(middle, at: 1)
    #expect(
      changes([recorded], [later]) == [
        .addMeeting(middle, standup: design.withoutMeetings, after: first.id)
      ])

    var fewer = later
    fewer.meetings.remove(id: first.id)
    #expect(changes([later], [fewer]) == [.deleteMeeting(first.id, standup: design.id)])
  }

  @Test func ownFieldsAndMeetingsTogether() {
    var edited = design
    edited.title = "Design Review"
    let added = meeting(1)
    edited.meetings.insert(added, at: 0)
    let removed = design.meetings[0]
    edited.meetings.remove(id: removed.id)
    #expect(
      changes([design], [edited]) == [
        .update(edited, seen: 3),
        .addMeeting(added, standup: edited.withoutMeetings, after: nil),
        .deleteMeeting(removed.id, standup: design.id),
      ])
  }

  @Test func aDeletionCarriesTheVersionSeen() {
    #expect(
      changes([design, engineering, product], [design, product]) == [
        .delete(engineering.id, seen: 1)
      ])
    #expect(
      StandupChange.changes(from: [design], to: [], versions: [:]) == [
        .delete(design.id, seen: nil)
      ])
  }

  @Test func deletionsAndAdditionsAtTheEndKeepTheOrder() {
    let new = Standup(id: .init(UUID()), title: "New")
    #expect(
      changes([design, engineering, product], [engineering, product, new]) == [
        .insert(new), .delete(design.id, seen: 3),
      ])
  }

  @Test func aMoveSendsTheWholeOrder() {
    #expect(
      changes([design, engineering, product], [product, design, engineering]) == [
        .reorder([product.id, design.id, engineering.id])
      ])
  }

  @Test func anAdditionBeforeTheEndIsAMoveToo() {
    let new = Standup(id: .init(UUID()), title: "New")
    #expect(
      changes([design, engineering], [new, design, engineering]) == [
        .insert(new), .reorder([new.id, design.id, engineering.id]),
      ])
  }

  @Test func theOrderComesLastAfterEveryOtherChange() {
    var edited = engineering
    edited.theme = .poppy
    let new = Standup(id: .init(UUID()), title: "New")
    let result = changes([design, engineering, product], [new, edited, design])
    #expect(
      result == [
        .insert(new), .update(edited, seen: 1), .delete(product.id, seen: 7),
        .reorder([new.id, edited.id, design.id]),
      ])
  }

  @Test func everyChangeNamesItsStandup() {
    let added = meeting(1)
    #expect(StandupChange.insert(design).standupID == design.id)
    #expect(StandupChange.update(design, seen: 1).standupID == design.id)
    #expect(StandupChange.delete(design.id, seen: nil).standupID == design.id)
    #expect(StandupChange.addMeeting(added, standup: product, after: nil).standupID == product.id)
    #expect(StandupChange.deleteMeeting(added.id, standup: product.id).standupID == product.id)
    #expect(StandupChange.conflict(engineering).standupID == engineering.id)
    #expect(StandupChange.reorder([design.id]).standupID == nil)
  }

  /// What is left of a journal after a replay sent the saves before it is
  /// made from the versions those saves left.
  @Test func aRebasedChangeIsMadeFromTheNewerVersion() {
    let newer: [Standup.ID: Int64] = [design.id: 5]
    let added = meeting(1)
    #expect(StandupChange.update(design, seen: 3).rebased(on: newer) == .update(design, seen: 5))
    #expect(StandupChange.update(design, seen: nil).rebased(on: newer) == .update(design, seen: 5))
    #expect(StandupChange.update(product, seen: 7).rebased(on: newer) == .update(product, seen: 7))
    #expect(
      StandupChange.delete(design.id, seen: 3).rebased(on: newer) == .delete(design.id, seen: 5))
    #expect(
      StandupChange.delete(product.id, seen: nil).rebased(on: newer)
        == .delete(product.id, seen: nil))
    let unchanged: [StandupChange] = [
      .insert(design), .addMeeting(added, standup: design, after: nil),
      .deleteMeeting(added.id, standup: design.id), .reorder([design.id]), .conflict(design),
    ]
    #expect(unchanged.map { $0.rebased(on: newer) } == unchanged)
  }

  /// The journal keeps changes as JSON lines: every case comes back exactly,
  /// a meeting's sub-second date too.
  @Test func everyChangeRoundTripsThroughTheJournal() throws {
    let added = meeting(1)
    let all: [StandupChange] = [
      .insert(design.withoutMeetings), .update(engineering, seen: 4), .update(product, seen: nil),
      .delete(product.id, seen: 9), .delete(design.id, seen: nil),
      .addMeeting(added, standup: product, after: design.meetings[0].id),
      .addMeeting(added, standup: product, after: nil),
      .deleteMeeting(added.id, standup: product.id), .reorder([product.id, design.id]),
      .conflict(design),
    ]
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let files = TeamFiles(cachePath: "\(directory)/c.json", journalPath: "\(directory)/j.jsonl")
    #expect(!files.hasJournal)
    try files.appendToJournal(Array(all.prefix(4)))
    try files.appendToJournal(Array(all.dropFirst(4)))
    #expect(files.hasJournal)
    #expect(files.readJournal() == [Array(all.prefix(4)), Array(all.dropFirst(4))])
    files.clearJournal()
    #expect(!files.hasJournal)
    #expect(files.readJournal().isEmpty)
  }

  /// A crash while a line is written leaves it cut short: the saves before
  /// it are still read.
  @Test func aTruncatedLastJournalLineIsLeftOut() throws {
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let files = TeamFiles(cachePath: "\(directory)/c.json", journalPath: "\(directory)/j.jsonl")
    try files.appendToJournal([.insert(design)])
    try files.appendToJournal([.insert(product)])
    let data = try #require(FileManager.default.contents(atPath: files.journalPath))
    try data.prefix(data.count - 20).write(to: URL(fileURLWithPath: files.journalPath))
    #expect(files.readJournal() == [[.insert(design)]])
    // A save made after it goes on a line of its own, and is read.
    try files.appendToJournal([.insert(engineering)])
    #expect(files.readJournal() == [[.insert(design)], [.insert(engineering)]])
  }

  /// A journal that cannot be written says where and why, not a Foundation
  /// error's dump.
  @Test func aJournalThatCannotBeWrittenSaysWhereAndWhy() throws {
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    // A file where the state directory belongs (a full disk, a read-only home).
    try Data("x".utf8).write(to: URL(fileURLWithPath: "\(directory)/state"))
    let files = TeamFiles(
      cachePath: "\(directory)/c.json", journalPath: "\(directory)/state/standups/j.jsonl")
    #expect {
      try files.appendToJournal([.insert(design)])
    } throws: { error in
      "\(error)" == "\(directory)/state: Not a directory"
    }
  }
}
