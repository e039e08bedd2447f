import ComposableTesting
import ConcurrencyExtras
import Foundation
import StandupsCore
import Testing

extension SyncTests {
  // MARK: - 5. Conflict through the merge

  @Test func conflictKeepsTheStoredVersionAndOffersTheUsersInTheEditSheet() async {
    var mine = Standup.mock
    mine.title = "Mine"
    mine.theme = .navy
    var theirs = Standup.mock
    theirs.title = "Theirs"
    theirs.duration = .seconds(20 * 60)
    // Another standup's detail is open: reviewing replaces the screens.
    var path = StackState<AppFeature.Path.State>()
    path.append(.detail(StandupDetail.State(standup: .engineeringMock)), id: 0)
    let store = makeStore(
      AppFeature.State(
        path: path,
        standupsList: StandupsList.State(
          standups: [mine, .engineeringMock], selection: Standup.engineeringMock.id)))

    await store.send(
      .persistence(
        .changedElsewhere(
          stored: [theirs, .engineeringMock], base: [.mock, .engineeringMock], revision: 1))
    ) {
      $0.storeRevision = 1
      $0.standupsList.standups[id: mine.id] = theirs
      $0.conflict = mine
    }
    await store.receive(
      .notified(.conflict(titles: ["Theirs"], copy: Self.conflictCopy)))
    await store.finish()
    expectSaved([theirs, .engineeringMock], revision: 1)
    #expect(kept.value == [[mine]])

    await store.send(.reviewConflictTapped) {
      $0.conflict = nil
      $0.conflictUnderReview = mine
      $0.standupsList.selection = mine.id
      var draft = theirs
      draft.title = "Mine"
      draft.theme = .navy
      draft.duration = Standup.mock.duration
      $0.path.removeAll()
      $0.path.append(
        .detail(
          StandupDetail.State(
            destination: .edit(StandupForm.State(standup: draft, original: theirs)),
            standup: theirs)))
    }
    guard let detailID = store.state.path.ids.first else {
      Issue.record("no detail opened")
      return
    }

    // Saving the reviewed version is an edit of the stored one, no conflict.
    var saved = theirs
    saved.title = "Mine"
    saved.theme = .navy
    saved.duration = Standup.mock.duration
    #expect(reviewed.value.isEmpty, "kept until the sheet is saved or cancelled")
    await store.send(.path(.element(id: detailID, action: .detail(.doneEditingButtonTapped)))) {
      $0.path[id: detailID]?.modify(\.detail) {
        $0.destination = nil
        $0.standup = saved
      }
      $0.conflictUnderReview = nil
    }
    await store.receive(
      .path(.element(id: detailID, action: .detail(.delegate(.standupUpdated(saved)))))
    ) {
      $0.standupsList.standups[id: saved.id] = saved
    }
    await store.finish()
    expectSaved([saved, .engineeringMock], revision: 1)
    #expect(kept.value == [[mine]], "nothing more kept aside")
    #expect(reviewed.value == [mine], "the store stops keeping it for later sessions")
  }

  /// Edit beats delete: the kept version of a standup deleted since opens
  /// in the edit sheet, and saving it brings the standup back.
  @Test func aKeptVersionOfADeletedStandupComesBackWhenSaved() async {
    var mine = Standup.mock
    mine.title = "Mine"
    var theirs = Standup.mock
    theirs.title = "Theirs"
    let store = makeStore(
      AppFeature.State(standupsList: StandupsList.State(standups: [mine, .engineeringMock])))
    await store.send(
      .persistence(
        .changedElsewhere(
          stored: [theirs, .engineeringMock], base: [.mock, .engineeringMock], revision: 1))
    ) {
      $0.storeRevision = 1
      $0.standupsList.standups[id: mine.id] = theirs
      $0.conflict = mine
    }
    await store.receive(.notified(.conflict(titles: ["Theirs"], copy: Self.conflictCopy)))
    await store.finish()
    expectSaved([theirs, .engineeringMock], revision: 1)
    // Then deleted elsewhere before the user got to it.
    await store.send(
      .persistence(
        .changedElsewhere(
          stored: [.engineeringMock], base: [theirs, .engineeringMock], revision: 2))
    ) {
      $0.storeRevision = 2
      $0.standupsList.standups = [.engineeringMock]
      $0.standupsList.selection = Standup.engineeringMock.id
    }
    await store.send(.reviewConflictTapped) {
      $0.conflict = nil
      $0.conflictUnderReview = mine
      $0.path.append(
        .detail(
          StandupDetail.State(
            destination: .edit(StandupForm.State(standup: mine, original: mine)),
            standup: mine)))
    }
    await store.receive(.notified(.deletedWhileEditing(title: "Mine")))
    await store.finish()
    expectSaved([.engineeringMock], revision: 2)
    guard let detailID = store.state.path.ids.first else {
      Issue.record("no detail opened")
      return
    }
    await store.send(.path(.element(id: detailID, action: .detail(.doneEditingButtonTapped)))) {
      $0.path[id: detailID]?.modify(\.detail) { $0.destination = nil }
      $0.conflictUnderReview = nil
      $0.standupsList.standups.append(mine)
      $0.standupsList.selection = mine.id
    }
    await store.receive(.notified(.restoredBySaving(title: "Mine")))
    await store.finish()
    expectSaved([.engineeringMock, mine], revision: 2)
    #expect(reviewed.value == [mine])
  }

  // MARK: - 7. Edit beats delete

  @Test func aStandupChangedHereAndDeletedElsewhereIsKept() async {
    var mine = Standup.mock
    mine.title = "Mine"
    let store = makeStore(
      AppFeature.State(
        standupsList: StandupsList.State(standups: [mine, .engineeringMock], selection: mine.id)))

    await store.send(
      .persistence(
        .changedElsewhere(
          stored: [.engineeringMock], base: [.mock, .engineeringMock], revision: 1))
    ) {
      $0.storeRevision = 1
    }
    await store.receive(.notified(.keptDespiteDeletion(title: "Mine")))
    await store.finish()
    expectSaved([mine, .engineeringMock], revision: 1)
    #expect(kept.value.isEmpty)
  }

  @Test func aStandupDeletedHereAndChangedElsewhereComesBack() async {
    var theirs = Standup.mock
    theirs.title = "Theirs"
    // Deleted here (not yet stored): the list's highlight already moved.
    let store = makeStore(
      AppFeature.State(standupsList: StandupsList.State(standups: [.engineeringMock])))

    await store.send(
      .persistence(
        .changedElsewhere(
          stored: [theirs, .engineeringMock], base: [.mock, .engineeringMock], revision: 1))
    ) {
      $0.storeRevision = 1
      $0.standupsList.standups = [theirs, .engineeringMock]
    }
    await store.receive(.notified(.keptDespiteDeletion(title: "Theirs")))
    await store.finish()
    expectSaved([theirs, .engineeringMock], revision: 1)
    #expect(store.state.standupsList.selection == Standup.engineeringMock.id)
  }
}
