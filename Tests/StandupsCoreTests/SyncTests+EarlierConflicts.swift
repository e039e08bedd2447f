import ComposableTesting
import Foundation
import StandupsCore
import Testing

/// Versions the user lost in conflicts, as a store that keeps them across
/// sessions offers them again, and how new ones join those still waiting.
extension SyncTests {
  @Test func conflictsFromAnEarlierSessionAreOfferedOneAfterAnother() async {
    var mineA = Standup.mock
    mineA.title = "Mine A"
    var mineB = Standup.engineeringMock
    mineB.title = "Mine B"
    let store = makeStore(
      AppFeature.State(
        standupsList: StandupsList.State(standups: [.mock, .engineeringMock])))

    await store.send(.persistence(.conflictsFromEarlier([mineA, mineB]))) {
      $0.conflict = mineA
      $0.laterConflicts = [mineB]
    }
    // Named as the list shows them: the stored versions.
    await store.receive(
      .notified(
        .earlierConflicts(titles: [Standup.mock.title, Standup.engineeringMock.title])))

    await store.send(.reviewConflictTapped) {
      $0.conflict = mineB
      $0.laterConflicts = []
      $0.conflictUnderReview = mineA
      $0.standupsList.selection = mineA.id
      var draft = Standup.mock
      draft.title = "Mine A"
      $0.path.append(
        .detail(
          StandupDetail.State(
            destination: .edit(StandupForm.State(standup: draft, original: .mock)),
            standup: .mock)))
    }
    #expect(reviewed.value.isEmpty, "kept until the sheet is saved or cancelled")
    // Cancelled: the user has seen it and let it go.
    guard let detailID = store.state.path.ids.first else {
      Issue.record("no detail opened")
      return
    }
    await store.send(.path(.element(id: detailID, action: .detail(.cancelEditButtonTapped)))) {
      $0.path[id: detailID]?.modify(\.detail) { $0.destination = nil }
      $0.conflictUnderReview = nil
    }
    await store.finish()
    #expect(reviewed.value == [mineA])
    #expect(kept.value.isEmpty, "already kept: nothing kept again")
  }

  @Test func aNewConflictComesFirstAndANewerVersionReplacesItsOwn() async {
    var mineA = Standup.mock
    mineA.title = "Mine A"
    var mineB = Standup.engineeringMock
    mineB.title = "Mine B"
    var newerA = Standup.mock
    newerA.title = "Mine A, again"
    let store = makeStore(
      AppFeature.State(
        standupsList: StandupsList.State(standups: [.mock, .engineeringMock])))

    await store.send(.persistence(.conflictsFromEarlier([mineA]))) {
      $0.conflict = mineA
    }
    await store.receive(.notified(.earlierConflicts(titles: [Standup.mock.title])))
    // The newest first: the banner names it, and o opens it.
    await store.send(.persistence(.conflictsKept([mineB], copy: "the database's conflicts"))) {
      $0.conflict = mineB
      $0.laterConflicts = [mineA]
    }
    await store.receive(
      .notified(
        .conflict(titles: [Standup.engineeringMock.title], copy: "the database's conflicts")))
    await store.send(.persistence(.conflictsKept([newerA], copy: "the database's conflicts"))) {
      $0.conflict = newerA
      $0.laterConflicts = [mineB]
    }
    await store.receive(
      .notified(.conflict(titles: [Standup.mock.title], copy: "the database's conflicts")))
    await store.finish()
  }
}
