import ComposableTesting
import ConcurrencyExtras
import Foundation
import StandupsCore
import Testing

/// The features hand every change of the standups to the store, whichever
/// feature made it, and hear back what the store did.
@Suite(.reportsIssues)
@MainActor
struct PersistenceTests {
  let saved = LockIsolated<[IdentifiedArrayOf<Standup>]>([])

  func makeStore(_ state: AppFeature.State) -> TestStore<AppFeature.State, AppFeature.Action> {
    TestStore(initialState: state) {
      AppFeature()
    } withDependencies: { [saved] in
      $0.uuid = .incrementing
      $0.standupsStore = .inMemory(saved)
    }
  }

  @Test func addingFromTheListIsSavedButADraftIsNot() async {
    let store = makeStore(AppFeature.State())
    // What the form does on the way is the list's tests' business.
    store.exhaustivity = .off
    await store.send(.standupsList(.addButtonTapped))
    await store.send(
      .standupsList(.destination(.presented(.add(.focusedTextChanged("Retro", cursor: 5))))))
    await store.finish()
    #expect(saved.value.isEmpty, "a draft is not saved")
    await store.send(.standupsList(.confirmAddButtonTapped))
    await store.finish()
    #expect(store.state.standupsList.standups.map(\.title) == ["Retro"])
    #expect(saved.value == [store.state.standupsList.standups])
  }

  @Test func deletingFromTheDetailIsSavedAndMovingSavesNothing() async {
    let store = makeStore(
      AppFeature.State(
        path: StackState([.detail(StandupDetail.State(standup: .mock))]),
        standupsList: StandupsList.State(standups: [.mock, .engineeringMock])))
    await store.send(.standupsList(.selectionMoved(by: 1))) {
      $0.standupsList.selection = Standup.engineeringMock.id
    }
    guard let id = store.state.path.ids.last else { return }
    await store.send(
      .path(.element(id: id, action: .detail(.delegate(.deleteStandup(Standup.mock.id)))))
    ) {
      $0.standupsList.removeStandup(id: Standup.mock.id)
    }
    await store.finish()
    #expect(saved.value == [[.engineeringMock]])
  }

  @Test func whatTheStoreReportsReachesTheApp() async {
    let (events, continuation) = AsyncStream.makeStream(of: PersistenceEvent.self)
    let store = TestStore(initialState: AppFeature.State()) {
      AppFeature()
    } withDependencies: {
      $0.standupsStore = StandupsStore(save: { _, _ in }, events: { events })
    }
    let launch = await store.send(.onLaunch)
    continuation.yield(.failed("disk full"))
    await store.receive(.persistence(.failed("disk full")))
    continuation.yield(.saved)
    await store.receive(.persistence(.saved))
    continuation.finish()
    await launch.finish()
  }
}
