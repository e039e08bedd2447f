import ComposableTesting
import Foundation
import StandupsCore
import Testing

/// The edit sheet and changes elsewhere: the draft of a standup another
/// program deletes is never discarded (saving it keeps the standup, edit beats
/// delete; letting it go closes the screen as any deletion elsewhere does), and
/// every losing version of a merge can be reopened in turn.
extension SyncTests {
  /// The edit sheet of `.mock` open, then `.mock` deleted elsewhere.
  func editSheetOfAStandupDeletedElsewhere() async -> TestStoreOf<AppFeature> {
    let store = await openEditSheet(standups: [.mock, .engineeringMock])
    await deleteElsewhere(.mock, underEditSheetIn: store, revision: 1)
    return store
  }

  /// `stored`, the standup under the open edit sheet as the store last had
  /// it (first, before `.engineeringMock`), deleted elsewhere.
  func deleteElsewhere(
    _ stored: Standup, underEditSheetIn store: TestStoreOf<AppFeature>, revision: Int
  ) async {
    await store.send(
      .persistence(
        .changedElsewhere(
          stored: [.engineeringMock], base: [stored, .engineeringMock], revision: revision))
    ) {
      $0.storeRevision = revision
      $0.standupsList.standups = [.engineeringMock]
      $0.standupsList.selection = Standup.engineeringMock.id
      // First in the list, and first again if it comes back.
      $0.restorePlace = .first
      $0.path[id: 0]?.modify(\.detail) { $0.isDeletedElsewhere = true }
    }
    await store.receive(.notified(.deletedWhileEditing(title: stored.title)))
    await store.finish()
    expectSaved([.engineeringMock], revision: revision)
  }

  /// Kept where it stood, as inventory puts an item back.
  @Test func anEditSavedAfterItsStandupWasDeletedElsewhereKeepsIt() async {
    let store = await editSheetOfAStandupDeletedElsewhere()
    // The sheet stayed, with its screen.
    guard case .detail(let detail) = store.state.path[id: 0], case .edit = detail.destination else {
      Issue.record("the edit sheet closed")
      return
    }

    await saveTitleAndExpectTheStandupBack("Mine", in: store, revision: 1)
  }

  /// Types `title` into the sheet of `.mock`, deleted elsewhere, and saves:
  /// `.mock` so retitled is back first, before `.engineeringMock`.
  func saveTitleAndExpectTheStandupBack(
    _ title: String, in store: TestStoreOf<AppFeature>, revision: Int
  ) async {
    await typeTitle(title, in: store)
    var mine = Standup.mock
    mine.title = title
    await store.send(.path(.element(id: 0, action: .detail(.doneEditingButtonTapped)))) {
      $0.path[id: 0]?.modify(\.detail) {
        $0.destination = nil
        $0.standup = mine
        $0.isDeletedElsewhere = false
      }
      $0.standupsList.standups = [mine, .engineeringMock]
      $0.standupsList.selection = mine.id
      $0.restorePlace = nil
    }
    await store.receive(.path(.element(id: 0, action: .detail(.delegate(.standupUpdated(mine))))))
    await store.receive(.notified(.restoredBySaving(title: title)))
    await store.finish()
    expectSaved([mine, .engineeringMock], revision: revision)
  }

  @Test func anEditSheetLetGoAfterItsStandupWasDeletedElsewhereClosesItsScreen() async {
    let store = await editSheetOfAStandupDeletedElsewhere()
    await typeTitle("Mine", in: store)
    await store.send(.path(.element(id: 0, action: .detail(.cancelEditButtonTapped)))) {
      $0.path = StackState()
      $0.restorePlace = nil
    }
    await store.receive(.notified(.deletedElsewhere(title: "Design")))
    await store.finish()
    #expect(store.state.standupsList.standups == [.engineeringMock])
    #expect(saves.value.isEmpty, "saved: \(saves.value)")
  }

  /// The banner said "saving keeps it": saving keeps it, whether
  /// anything in the sheet was changed or not.
  @Test func anUntouchedEditSheetOfAStandupDeletedElsewhereKeepsItOnSave() async {
    let store = await editSheetOfAStandupDeletedElsewhere()
    await store.send(.path(.element(id: 0, action: .detail(.doneEditingButtonTapped)))) {
      $0.path[id: 0]?.modify(\.detail) {
        $0.destination = nil
        $0.isDeletedElsewhere = false
      }
      $0.standupsList.standups = [.mock, .engineeringMock]
      $0.standupsList.selection = Standup.mock.id
      $0.restorePlace = nil
    }
    await store.receive(.notified(.restoredBySaving(title: "Design")))
    await store.finish()
    expectSaved([.mock, .engineeringMock], revision: 1)
  }

  @Test func everyConflictOfAMergeIsOfferedInTurn() async {
    var mineA = Standup.mock
    mineA.title = "Mine A"
    var mineB = Standup.engineeringMock
    mineB.title = "Mine B"
    var theirsA = Standup.mock
    theirsA.title = "Theirs A"
    var theirsB = Standup.engineeringMock
    theirsB.title = "Theirs B"
    let store = makeStore(
      AppFeature.State(
        standupsList: StandupsList.State(standups: [mineA, mineB], selection: mineA.id)))
    await store.send(
      .persistence(
        .changedElsewhere(
          stored: [theirsA, theirsB], base: [.mock, .engineeringMock], revision: 1))
    ) {
      $0.storeRevision = 1
      $0.standupsList.standups = [theirsA, theirsB]
      $0.conflict = mineA
      $0.laterConflicts = [mineB]
    }
    await store.receive(
      .notified(.conflict(titles: ["Theirs A", "Theirs B"], copy: Self.conflictCopy)))
    await store.finish()
    expectSaved([theirsA, theirsB], revision: 1)
    #expect(kept.value == [[mineA, mineB]])

    await store.send(.reviewConflictTapped) {
      $0.conflict = mineB
      $0.laterConflicts = []
      $0.conflictUnderReview = mineA
      $0.path.append(
        .detail(
          StandupDetail.State(
            destination: .edit(StandupForm.State(standup: mineA, original: theirsA)),
            standup: theirsA)))
    }
    guard let first = store.state.path.ids.first else {
      Issue.record("no detail opened")
      return
    }
    await store.send(.path(.element(id: first, action: .detail(.cancelEditButtonTapped)))) {
      $0.path[id: first]?.modify(\.detail) { $0.destination = nil }
      $0.conflictUnderReview = nil
    }
    await store.send(.reviewConflictTapped) {
      $0.conflict = nil
      $0.conflictUnderReview = mineB
      $0.standupsList.selection = mineB.id
      $0.path.removeAll()
      $0.path.append(
        .detail(
          StandupDetail.State(
            destination: .edit(StandupForm.State(standup: mineB, original: theirsB)),
            standup: theirsB)))
    }
    await store.finish()
    #expect(reviewed.value == [mineA], "the one cancelled; the other's sheet is still open")
  }
}
