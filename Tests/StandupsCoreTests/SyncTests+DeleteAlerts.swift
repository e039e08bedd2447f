import ComposableTesting
import Foundation
import StandupsCore
import Testing

/// A delete alert whose standup another program changes meanwhile closes,
/// saying so: its Yes would delete what the user has not seen (a meeting
/// added elsewhere, a new title).
extension SyncTests {
  @Test func theListsDeleteAlertClosesWhenItsStandupChangesElsewhere() async {
    let store = makeStore(
      AppFeature.State(standupsList: StandupsList.State(standups: [.mock, .engineeringMock])))
    let id = Standup.mock.id
    await store.send(.standupsList(.deleteButtonTapped(id))) {
      $0.standupsList.destination = .alert(
        AlertState(
          title: "Delete?", message: "Are you sure you want to delete “Design” and its meeting?",
          buttons: [.destructive("Yes", action: .confirmDeletion(id)), .cancel("Nevermind")]))
    }
    var renamed = Standup.mock
    renamed.title = "Renamed elsewhere"
    await store.send(
      .persistence(
        .changedElsewhere(
          stored: [renamed, .engineeringMock], base: [.mock, .engineeringMock], revision: 1))
    ) {
      $0.storeRevision = 1
      $0.standupsList.destination = nil
      $0.standupsList.standups = [renamed, .engineeringMock]
    }
    await store.receive(.notified(.changedBeforeDeletion(title: "Renamed elsewhere")))
    await store.finish()
    expectSaved([renamed, .engineeringMock], revision: 1)
  }

  @Test func theDetailsDeleteAlertClosesWhenItsStandupChangesElsewhere() async {
    var path = StackState<AppFeature.Path.State>()
    path.append(.detail(StandupDetail.State(standup: .mock)), id: 0)
    let store = makeStore(
      AppFeature.State(path: path, standupsList: StandupsList.State(standups: [.mock])))
    await store.send(.path(.element(id: 0, action: .detail(.deleteButtonTapped)))) {
      $0.path[id: 0]?.modify(\.detail) { $0.destination = .alert(.deleteStandup($0.standup)) }
    }
    var changed = Standup.mock
    changed.meetings.insert(
      Meeting(
        id: .init(UUID(900)), date: Date(timeIntervalSince1970: 1_800_000_000), transcript: "New"),
      at: 0)
    await store.send(
      .persistence(.changedElsewhere(stored: [changed], base: [.mock], revision: 1))
    ) {
      $0.storeRevision = 1
      $0.standupsList.standups = [changed]
      $0.path[id: 0]?.modify(\.detail) {
        $0.standup = changed
        $0.destination = nil
      }
    }
    await store.receive(.notified(.changedBeforeDeletion(title: "Design")))
    await store.finish()
    expectSaved([changed], revision: 1)
  }
}
