import ComposableTesting
import Foundation
import StandupsCore
import Testing

/// The edit sheet of a standup another program deletes: the draft is never
/// discarded. Saving it keeps the standup (edit beats delete); letting it go
/// closes the screen as any deletion elsewhere does.
extension SyncTests {
  /// The edit sheet of `.mock` open, then `.mock` deleted elsewhere.
  func editSheetOfAStandupDeletedElsewhere() async -> TestStoreOf<AppFeature> {
    let store = await openEditSheet(standups: [.mock, .engineeringMock])
    await store.send(
      .persistence(
        .changedElsewhere(
          stored: [.engineeringMock], base: [.mock, .engineeringMock], revision: 1))
    ) {
      $0.storeRevision = 1
      $0.standupsList.standups = [.engineeringMock]
      $0.standupsList.selection = Standup.engineeringMock.id
    }
    await store.receive(.notified(.deletedWhileEditing(title: "Design")))
    await store.finish()
    expectSaved([.engineeringMock], revision: 1)
    return store
  }

  @Test func anEditSavedAfterItsStandupWasDeletedElsewhereKeepsIt() async {
    let store = await editSheetOfAStandupDeletedElsewhere()
    // The sheet stayed, with its screen.
    guard case .detail(let detail) = store.state.path[id: 0], case .edit = detail.destination else {
      Issue.record("the edit sheet closed")
      return
    }

    await typeTitle("Mine", in: store)
    var mine = Standup.mock
    mine.title = "Mine"
    await store.send(.path(.element(id: 0, action: .detail(.doneEditingButtonTapped)))) {
      $0.path[id: 0]?.modify(\.detail) {
        $0.destination = nil
        $0.standup = mine
      }
      $0.standupsList.standups = [.engineeringMock, mine]
      $0.standupsList.selection = mine.id
    }
    await store.receive(.path(.element(id: 0, action: .detail(.delegate(.standupUpdated(mine))))))
    await store.receive(.notified(.keptDespiteDeletion(title: "Mine")))
    await store.finish()
    expectSaved([.engineeringMock, mine], revision: 1)
  }

  @Test func anEditSheetLetGoAfterItsStandupWasDeletedElsewhereClosesItsScreen() async {
    let store = await editSheetOfAStandupDeletedElsewhere()
    await typeTitle("Mine", in: store)
    await store.send(.path(.element(id: 0, action: .detail(.cancelEditButtonTapped)))) {
      $0.path = StackState()
    }
    await store.receive(.notified(.deletedElsewhere(title: "Design")))
    await store.finish()
    #expect(store.state.standupsList.standups == [.engineeringMock])
    #expect(saves.value.isEmpty, "saved: \(saves.value)")
  }

  @Test func anUntouchedEditSheetOfAStandupDeletedElsewhereClosesItsScreenOnSave() async {
    let store = await editSheetOfAStandupDeletedElsewhere()
    await store.send(.path(.element(id: 0, action: .detail(.doneEditingButtonTapped)))) {
      $0.path = StackState()
    }
    await store.receive(.notified(.deletedElsewhere(title: "Design")))
    await store.finish()
    #expect(store.state.standupsList.standups == [.engineeringMock])
  }
}
