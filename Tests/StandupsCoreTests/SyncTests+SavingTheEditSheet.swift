import ComposableTesting
import ConcurrencyExtras
import Foundation
import StandupsCore
import Testing

extension SyncTests {
  // MARK: - 6. Saving the edit sheet after a change elsewhere

  /// Detail of `.mock` open with its edit sheet (stack element 0).
  func openEditSheet(
    standups: IdentifiedArrayOf<Standup>
  ) async -> TestStoreOf<AppFeature> {
    var path = StackState<AppFeature.Path.State>()
    path.append(.detail(StandupDetail.State(standup: .mock)), id: 0)
    let store = makeStore(
      AppFeature.State(path: path, standupsList: StandupsList.State(standups: standups)))
    await store.send(.path(.element(id: 0, action: .detail(.editButtonTapped)))) {
      $0.path[id: 0]?.modify(\.detail) {
        $0.destination = .edit(StandupForm.State(standup: .mock))
      }
    }
    return store
  }

  func typeTitle(_ title: String, in store: TestStoreOf<AppFeature>) async {
    await store.send(
      .path(
        .element(
          id: 0,
          action: .detail(
            .destination(.presented(.edit(.focusedTextChanged(title, cursor: title.count))))))
      )
    ) {
      $0.path[id: 0]?.modify(\.detail) {
        $0.destination.modify(\.edit) {
          $0.standup.title = title
          $0.cursor = title.count
        }
      }
    }
  }

  /// `.mock`, under its open edit sheet, retitled "Theirs" elsewhere.
  func retitleElsewhere(
    in store: TestStoreOf<AppFeature>, beside others: IdentifiedArrayOf<Standup>
  ) async -> Standup {
    var theirs = Standup.mock
    theirs.title = "Theirs"
    await store.send(
      .persistence(
        .changedElsewhere(stored: [theirs] + others, base: [.mock] + others, revision: 1))
    ) {
      $0.storeRevision = 1
      $0.standupsList.standups[id: theirs.id] = theirs
      $0.path[id: 0]?.modify(\.detail) { $0.standup = theirs }
    }
    await store.receive(.notified(.changedWhileEditing(title: theirs.title)))
    await store.finish()
    expectSaved([theirs] + others, revision: 1)
    return theirs
  }

  @Test func editSheetSavedOverATitleChangedElsewhereIsAConflict() async {
    let store = await openEditSheet(standups: [.mock, .engineeringMock])
    _ = await retitleElsewhere(in: store, beside: [.engineeringMock])

    await typeTitle("Mine", in: store)
    var mine = Standup.mock
    mine.title = "Mine"
    await store.send(.path(.element(id: 0, action: .detail(.doneEditingButtonTapped)))) {
      $0.path[id: 0]?.modify(\.detail) { $0.destination = nil }
    }
    await store.receive(.path(.element(id: 0, action: .detail(.delegate(.editConflicted(mine)))))) {
      $0.conflict = mine
    }
    await store.receive(.notified(.conflict(titles: ["Theirs"], copy: Self.conflictCopy)))
    await store.finish()
    // The stored title stays; nothing new to save; the user's version is kept aside.
    #expect(store.state.standupsList.standups[id: mine.id]?.title == "Theirs")
    #expect(saves.value.isEmpty, "saved: \(saves.value)")
    #expect(kept.value == [[mine]])
  }

  @Test func editSheetSavedOverAMeetingAddedElsewhereKeepsBoth() async {
    let store = await openEditSheet(standups: [.mock])
    let added = Meeting(
      id: .init(UUID(50)), date: Date(timeIntervalSince1970: 1_800_000_000), transcript: "New")
    var theirs = Standup.mock
    theirs.meetings.insert(added, at: 0)
    await store.send(
      .persistence(.changedElsewhere(stored: [theirs], base: [.mock], revision: 1))
    ) {
      $0.storeRevision = 1
      $0.standupsList.standups = [theirs]
      $0.path[id: 0]?.modify(\.detail) { $0.standup = theirs }
    }
    // A meeting added is no change to the standup's own fields: nothing said.
    await store.finish()
    expectSaved([theirs], revision: 1)

    await typeTitle("Mine", in: store)
    var edited = theirs
    edited.title = "Mine"
    await store.send(.path(.element(id: 0, action: .detail(.doneEditingButtonTapped)))) {
      $0.path[id: 0]?.modify(\.detail) {
        $0.destination = nil
        $0.standup = edited
      }
    }
    await store.receive(
      .path(.element(id: 0, action: .detail(.delegate(.standupUpdated(edited)))))
    ) {
      $0.standupsList.standups = [edited]
    }
    await store.finish()
    #expect(edited.meetings.ids == [added.id, Meeting.ID(UUID(7))])
    expectSaved([edited], revision: 1)
    #expect(kept.value.isEmpty)
    #expect(store.state.conflict == nil)
  }

  @Test func editSheetSavedUntouchedAfterAChangeElsewhereKeepsThatChange() async {
    let store = await openEditSheet(standups: [.mock])
    let theirs = await retitleElsewhere(in: store, beside: [])

    // The user changed nothing in the sheet: saving it is not an edit, and
    // must not put back the title the other program replaced.
    await store.send(.path(.element(id: 0, action: .detail(.doneEditingButtonTapped)))) {
      $0.path[id: 0]?.modify(\.detail) { $0.destination = nil }
    }
    await store.finish()
    #expect(store.state.standupsList.standups[id: theirs.id]?.title == "Theirs")
    #expect(saves.value.isEmpty, "saved: \(saves.value)")
    #expect(kept.value.isEmpty)
  }

  /// Changed elsewhere and then deleted there: the deletion took the other
  /// change with it, so there is nothing left to be in conflict with. Saving
  /// brings back the user's version, with no conflict copy.
  @Test func editSheetSavedAfterItsStandupWasChangedThenDeletedElsewhereKeepsMine() async {
    let store = await openEditSheet(standups: [.mock, .engineeringMock])
    let theirs = await retitleElsewhere(in: store, beside: [.engineeringMock])
    await deleteElsewhere(theirs, underEditSheetIn: store, revision: 2)

    await saveTitleAndExpectTheStandupBack("Mine", in: store, revision: 2)
    #expect(kept.value.isEmpty)
    #expect(store.state.conflict == nil)
  }
}
