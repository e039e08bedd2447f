import ComposableTesting
import Foundation
import StandupsCore
import Testing

@Suite(.reportsIssues)
@MainActor
struct AppFeatureTests {
  let clock = TestClock()
  let chime = ChimeCounter()

  func makeStore(_ state: AppFeature.State) -> TestStore<AppFeature.State, AppFeature.Action> {
    TestStore(initialState: state) {
      AppFeature()
    } withDependencies: { [clock, chime] in
      $0.uuid = .incrementing
      $0.date.now = testNow
      $0.continuousClock = clock
      $0.speakerChime = chime.chime
    }
  }

  /// List → detail of `standup` (stack element 0).
  func openDetail(
    _ standup: Standup, in store: TestStore<AppFeature.State, AppFeature.Action>
  ) async {
    if store.state.standupsList.selection == standup.id {
      await store.send(.standupsList(.standupTapped(standup.id)))
    } else {
      await store.send(.standupsList(.standupTapped(standup.id))) {
        $0.standupsList.selection = standup.id
      }
    }
    await store.receive(.standupsList(.delegate(.openStandup(standup.id)))) {
      $0.path.append(.detail(StandupDetail.State(standup: standup)))
    }
  }

  /// What the quit key warns about: an open sheet with changes a quit would lose.
  @Test
  func theUnsavedFormIsAnOpenSheetWithChanges() {
    withDependencies {
      $0.uuid = .incrementing
    } operation: {
      let list = StandupsList.State(standups: [.mock])
      #expect(AppFeature.State(standupsList: list).unsavedForm == nil)

      var add = StandupForm.State(standup: Standup(id: .init(UUID(50))))
      var state = AppFeature.State(standupsList: list)
      state.standupsList.destination = .add(add)
      #expect(state.unsavedForm == nil)
      add.standup.title = "Retro"
      state.standupsList.destination = .add(add)
      #expect(state.unsavedForm == .newStandup(canSave: true))

      var edit = StandupForm.State(standup: .mock)
      var detail = StandupDetail.State(standup: .mock, selection: nil)
      detail.destination = .edit(edit)
      state = AppFeature.State(path: StackState([.detail(detail)]), standupsList: list)
      #expect(state.unsavedForm == nil)
      edit.standup.theme = Theme.allCases.first { $0 != Standup.mock.theme }!
      detail.destination = .edit(edit)
      state.path = StackState([.detail(detail)])
      #expect(state.unsavedForm == .edit(.mock, canSave: true))
      // A blank title: Ctrl-S would refuse it, so the warning does not offer it.
      edit.standup.title = " "
      detail.destination = .edit(edit)
      state.path = StackState([.detail(detail)])
      #expect(state.unsavedForm == .edit(.mock, canSave: false))
    }
  }

  @Test
  func openMeetingPushesTheMeeting() async {
    let store = makeStore(AppFeature.State(standupsList: StandupsList.State(standups: [.mock])))

    await openDetail(.mock, in: store)
    await store.send(.path(.element(id: 0, action: .detail(.meetingTapped(.init(UUID(7))))))) {
      $0.path[id: 0]?.modify(\.detail) { $0.selection = .init(UUID(7)) }
    }
    await store.receive(
      .path(.element(id: 0, action: .detail(.delegate(.openMeeting(.init(UUID(7)))))))
    ) {
      $0.path.append(
        .meeting(MeetingDetail.State(meeting: Standup.mock.meetings[0], standup: .mock)))
    }
    await store.send(.path(.element(id: 1, action: .meeting(.scrolled(to: .init(line: 1)))))) {
      $0.path[id: 1]?.modify(\.meeting) { $0.scrollPosition = .init(line: 1) }
    }
    await store.send(.path(.popFrom(id: 1))) {
      $0.path.pop(from: 1)
    }
    // Effects end before the test does (a save of changed standups among them).
    await store.finish()
  }

  @Test
  func editInDetailUpdatesTheList() async {
    let store = makeStore(
      AppFeature.State(standupsList: StandupsList.State(standups: [.mock, .engineeringMock])))

    await openDetail(.engineeringMock, in: store)
    await store.send(.path(.element(id: 0, action: .detail(.editButtonTapped)))) {
      $0.path[id: 0]?.modify(\.detail) {
        $0.destination = .edit(StandupForm.State(standup: .engineeringMock))
      }
    }
    await store.send(
      .path(.element(id: 0, action: .detail(.destination(.presented(.edit(.themeStepped(by: 1)))))))
    ) {
      $0.path[id: 0]?.modify(\.detail) {
        $0.destination.modify(\.edit) { $0.standup.theme = .poppy }
      }
    }
    var updated = Standup.engineeringMock
    updated.theme = .poppy
    await store.send(.path(.element(id: 0, action: .detail(.doneEditingButtonTapped)))) {
      $0.path[id: 0]?.modify(\.detail) {
        $0.destination = nil
        $0.standup = updated
      }
    }
    await store.receive(
      .path(.element(id: 0, action: .detail(.delegate(.standupUpdated(updated)))))
    ) {
      $0.standupsList.standups[id: updated.id] = updated
    }
    // Effects end before the test does (a save of changed standups among them).
    await store.finish()
  }

  @Test
  func deleteStandupPopsTheDetail() async {
    let store = makeStore(
      AppFeature.State(standupsList: StandupsList.State(standups: [.mock, .engineeringMock])))

    await openDetail(.mock, in: store)
    await store.send(.path(.element(id: 0, action: .detail(.deleteButtonTapped)))) {
      $0.path[id: 0]?.modify(\.detail) { $0.destination = .alert(.deleteStandup($0.standup)) }
    }
    await store.send(
      .path(.element(id: 0, action: .detail(.destination(.presented(.alert(.confirmDeletion))))))
    ) {
      $0.path[id: 0]?.modify(\.detail) { $0.destination = nil }
    }
    await store.receive(
      .path(.element(id: 0, action: .detail(.delegate(.deleteStandup(Standup.mock.id)))))
    ) {
      $0.standupsList.standups.remove(id: Standup.mock.id)
      $0.standupsList.selection = Standup.engineeringMock.id
    }
    await store.receive(.path(.popFrom(id: 0))) {
      $0.path = StackState()
    }
    await store.finish()
  }

  /// Deleting the highlighted standup, and where the list's highlight must go.
  struct Deletion: Sendable, CustomTestStringConvertible {
    let testDescription: String
    let standups: IdentifiedArrayOf<Standup>
    let deleted: Standup
    let selection: Standup.ID?

    static let all = [
      Deletion(
        testDescription: "middle", standups: [.mock, .engineeringMock, .productMock],
        deleted: .engineeringMock, selection: Standup.productMock.id),
      Deletion(
        testDescription: "last", standups: [.mock, .engineeringMock, .productMock],
        deleted: .productMock, selection: Standup.engineeringMock.id),
      Deletion(testDescription: "only", standups: [.mock], deleted: .mock, selection: nil),
    ]
  }

  @Test(arguments: Deletion.all)
  func deleteFromDetailMovesTheHighlightAsFromTheList(_ deletion: Deletion) async {
    let id = deletion.deleted.id
    let initial = AppFeature.State(
      standupsList: StandupsList.State(standups: deletion.standups, selection: id))

    let fromList = makeStore(initial)
    await fromList.send(.standupsList(.deleteButtonTapped(id))) {
      $0.standupsList.destination = .alert(
        AlertState(
          title: "Delete?",
          message: "Are you sure you want to delete “\(deletion.deleted.title)”"
            + (deletion.deleted.meetingCount == 1 ? " and its meeting?" : "?"),
          buttons: [.destructive("Yes", action: .confirmDeletion(id)), .cancel("Nevermind")]
        ))
    }
    await fromList.send(.standupsList(.destination(.presented(.alert(.confirmDeletion(id)))))) {
      $0.standupsList.destination = nil
      $0.standupsList.standups.remove(id: id)
      $0.standupsList.selection = deletion.selection
    }

    let fromDetail = makeStore(initial)
    await openDetail(deletion.deleted, in: fromDetail)
    await fromDetail.send(.path(.element(id: 0, action: .detail(.deleteButtonTapped)))) {
      $0.path[id: 0]?.modify(\.detail) { $0.destination = .alert(.deleteStandup($0.standup)) }
    }
    await fromDetail.send(
      .path(.element(id: 0, action: .detail(.destination(.presented(.alert(.confirmDeletion))))))
    ) {
      $0.path[id: 0]?.modify(\.detail) { $0.destination = nil }
    }
    await fromDetail.receive(
      .path(.element(id: 0, action: .detail(.delegate(.deleteStandup(id)))))
    ) {
      $0.standupsList.standups.remove(id: id)
      $0.standupsList.selection = deletion.selection
    }
    await fromDetail.receive(.path(.popFrom(id: 0))) {
      $0.path = StackState()
    }
    await fromDetail.finish()

    #expect(fromDetail.state == fromList.state)
  }
}
