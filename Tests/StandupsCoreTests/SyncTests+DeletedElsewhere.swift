import ComposableTesting
import ConcurrencyExtras
import Foundation
import StandupsCore
import Testing

extension SyncTests {
  // MARK: - 3. Deleted elsewhere under an open detail

  /// The open standup deleted elsewhere, and where the list's highlight must
  /// go (as after a local delete).
  struct Deletion: Sendable, CustomTestStringConvertible {
    let testDescription: String
    let standups: IdentifiedArrayOf<Standup>
    let selection: Standup.ID?

    static let all = [
      Deletion(
        testDescription: "middle: the card taking its place",
        standups: [.engineeringMock, .mock, .productMock], selection: Standup.productMock.id),
      Deletion(
        testDescription: "last: the card above", standups: [.engineeringMock, .mock],
        selection: Standup.engineeringMock.id),
      Deletion(testDescription: "only: none", standups: [.mock], selection: nil),
    ]
  }

  @Test(arguments: Deletion.all)
  func deletedElsewhereClosesItsDetailAndMeeting(_ deletion: Deletion) async {
    var path = StackState<AppFeature.Path.State>()
    path.append(
      .detail(StandupDetail.State(standup: .mock, selection: Meeting.ID(UUID(7)))), id: 0)
    path.append(
      .meeting(MeetingDetail.State(meeting: Standup.mock.meetings[0], standup: .mock)), id: 1)
    let store = makeStore(
      AppFeature.State(
        path: path,
        standupsList: StandupsList.State(standups: deletion.standups, selection: Standup.mock.id)
      ))
    var stored = deletion.standups
    stored.remove(id: Standup.mock.id)

    await store.send(
      .persistence(.changedElsewhere(stored: stored, base: deletion.standups, revision: 1))
    ) {
      $0.storeRevision = 1
      $0.standupsList.standups = stored
      $0.standupsList.selection = deletion.selection
      $0.path = StackState()
    }
    await store.receive(.notified(.deletedElsewhere(title: "Design")))
    await store.finish()
    expectSaved(stored, revision: 1)

    // The same highlight as a delete made here.
    var local = StandupsList.State(standups: deletion.standups, selection: Standup.mock.id)
    local.removeStandup(id: Standup.mock.id)
    #expect(store.state.standupsList.selection == local.selection)
  }

  @Test func theHighlightFollowsTheCardsNotThePositionWhenOneIsAddedAbove() async {
    let before: IdentifiedArrayOf<Standup> = [.engineeringMock, .mock, .productMock]
    let store = makeStore(
      AppFeature.State(
        standupsList: StandupsList.State(standups: before, selection: Standup.mock.id)))
    // "Design" deleted elsewhere and a standup added at the top.
    let stored: IdentifiedArrayOf<Standup> = [.sixSeconds, .engineeringMock, .productMock]

    await store.send(
      .persistence(.changedElsewhere(stored: stored, base: before, revision: 1))
    ) {
      $0.storeRevision = 1
      $0.standupsList.standups = stored
      // The card that took its place, not whatever is now at its position.
      $0.standupsList.selection = Standup.productMock.id
    }
    await store.finish()
    expectSaved(stored, revision: 1)
  }

  @Test func deletedElsewhereLeavesTheScreensOfOtherStandups() async {
    var path = StackState<AppFeature.Path.State>()
    path.append(.detail(StandupDetail.State(standup: .engineeringMock)), id: 0)
    let store = makeStore(
      AppFeature.State(
        path: path,
        standupsList: StandupsList.State(
          standups: [.mock, .engineeringMock], selection: Standup.engineeringMock.id)))

    await store.send(
      .persistence(
        .changedElsewhere(
          stored: [.engineeringMock], base: [.mock, .engineeringMock], revision: 1))
    ) {
      $0.storeRevision = 1
      $0.standupsList.standups = [.engineeringMock]
    }
    // Nothing closed: nothing to tell.
    await store.finish()
    expectSaved([.engineeringMock], revision: 1)
  }

  // MARK: - 4. The list's delete alert

  @Test func theListsDeleteAlertClosesWhenItsStandupIsDeletedElsewhere() async {
    let store = makeStore(
      AppFeature.State(
        standupsList: StandupsList.State(
          standups: [.mock, .engineeringMock, .productMock],
          selection: Standup.engineeringMock.id)))
    let id = Standup.engineeringMock.id
    await store.send(.standupsList(.deleteButtonTapped(id))) {
      $0.standupsList.destination = .alert(
        AlertState(
          title: "Delete?", message: "Are you sure you want to delete “Engineering”?",
          buttons: [.destructive("Yes", action: .confirmDeletion(id)), .cancel("Nevermind")]))
    }

    await store.send(
      .persistence(
        .changedElsewhere(
          stored: [.mock, .productMock], base: [.mock, .engineeringMock, .productMock],
          revision: 1))
    ) {
      $0.storeRevision = 1
      $0.standupsList.destination = nil
      $0.standupsList.standups = [.mock, .productMock]
      $0.standupsList.selection = Standup.productMock.id
    }
    await store.receive(.notified(.deletedElsewhere(title: "Engineering")))
    await store.finish()
    expectSaved([.mock, .productMock], revision: 1)
  }

  @Test func theListsDeleteAlertOfAnotherStandupStays() async {
    let store = makeStore(
      AppFeature.State(standupsList: StandupsList.State(standups: [.mock, .engineeringMock])))
    let id = Standup.mock.id
    let alert = AlertState<StandupsList.Destination.Alert>(
      title: "Delete?", message: "Are you sure you want to delete “Design” and its meeting?",
      buttons: [.destructive("Yes", action: .confirmDeletion(id)), .cancel("Nevermind")])
    await store.send(.standupsList(.deleteButtonTapped(id))) {
      $0.standupsList.destination = .alert(alert)
    }

    await store.send(
      .persistence(
        .changedElsewhere(stored: [.mock], base: [.mock, .engineeringMock], revision: 1))
    ) {
      $0.storeRevision = 1
      $0.standupsList.standups = [.mock]
    }
    await store.finish()
    expectSaved([.mock], revision: 1)
    #expect(store.state.standupsList.destination == .alert(alert))
  }
}
