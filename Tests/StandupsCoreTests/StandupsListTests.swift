import ComposableTesting
import Foundation
import StandupsCore
import Testing

@Suite(.reportsIssues)
@MainActor
struct StandupsListTests {
  func makeStore(
    _ state: StandupsList.State
  ) -> TestStore<StandupsList.State, StandupsList.Action> {
    TestStore(initialState: state) {
      StandupsList()
    } withDependencies: {
      $0.uuid = .incrementing
    }
  }

  @Test
  func addStandup() async {
    let store = makeStore(StandupsList.State(standups: [.engineeringMock]))

    await store.send(.addButtonTapped) {
      $0.destination = .add(
        StandupForm.State(
          standup: Standup(id: .init(UUID(0)), attendees: [Attendee(id: .init(UUID(1)))]),
          original: Standup(id: .init(UUID(0)))))
    }
    await store.send(.destination(.presented(.add(.focusedTextChanged("Design", cursor: 6))))) {
      $0.destination.modify(\.add) {
        $0.standup.title = "Design"
        $0.cursor = 6
      }
    }
    await store.send(.destination(.presented(.add(.focusMoved(by: 3))))) {
      $0.destination.modify(\.add) {
        $0.focus = .attendee(.init(1))
        $0.cursor = 0
      }
    }
    await store.send(.destination(.presented(.add(.focusedTextChanged("Blob", cursor: 4))))) {
      $0.destination.modify(\.add) {
        $0.standup.attendees[id: .init(UUID(1))]?.name = "Blob"
        $0.cursor = 4
      }
    }
    await store.send(.confirmAddButtonTapped) {
      $0.destination = nil
      $0.standups.append(
        Standup(
          id: .init(UUID(0)), attendees: [Attendee(id: .init(UUID(1)), name: "Blob")],
          title: "Design"))
      $0.selection = .init(UUID(0))
    }
  }

  @Test
  func addStandupNonExhaustive() async {
    let store = makeStore(StandupsList.State(standups: [.engineeringMock]))
    store.exhaustivity = .off

    await store.send(.addButtonTapped)
    await store.send(.destination(.presented(.add(.focusedTextChanged("Design", cursor: 6)))))
    await store.send(.confirmAddButtonTapped) {
      $0.destination = nil
      // The blank attendee is replaced by a fresh one.
      $0.standups[id: .init(UUID(0))] = Standup(
        id: .init(UUID(0)), attendees: [Attendee(id: .init(UUID(2)))], title: "Design")
    }
    #expect(store.state.standups.ids == [Standup.engineeringMock.id, .init(UUID(0))])
  }

  @Test
  func addValidatesAttendees() async {
    let form = StandupForm.State(
      standup: Standup(
        id: .init(UUID(50)),
        attendees: [
          Attendee(id: .init(UUID(51)), name: ""),
          Attendee(id: .init(UUID(52)), name: "Blob"),
          Attendee(id: .init(UUID(53)), name: "   "),
        ],
        title: "  Design  "
      ))
    let store = makeStore(StandupsList.State(destination: .add(form)))

    await store.send(.confirmAddButtonTapped) {
      $0.destination = nil
      $0.standups = [
        Standup(
          id: .init(UUID(50)), attendees: [Attendee(id: .init(UUID(52)), name: "Blob")],
          title: "Design")
      ]
      $0.selection = .init(UUID(50))
    }
  }

  @Test
  func addKeepsAtLeastOneAttendee() async {
    let form = StandupForm.State(
      standup: Standup(
        id: .init(UUID(50)),
        attendees: [Attendee(id: .init(UUID(51)), name: " "), Attendee(id: .init(UUID(52)))],
        title: "Design"
      ))
    let store = makeStore(StandupsList.State(destination: .add(form)))

    await store.send(.confirmAddButtonTapped) {
      $0.destination = nil
      $0.standups = [
        Standup(id: .init(UUID(50)), attendees: [Attendee(id: .init(UUID(0)))], title: "Design")
      ]
      $0.selection = .init(UUID(50))
    }
  }

  @Test
  func addRefusesBlankTitle() async {
    let form = StandupForm.State(
      focus: .attendee(.init(51)),
      standup: Standup(
        id: .init(UUID(50)), attendees: [Attendee(id: .init(UUID(51)), name: "Blob")], title: " \t "
      ))
    let store = makeStore(StandupsList.State(destination: .add(form)))

    // The form's rule, as on the edit sheet: the title is flagged and focused.
    await store.send(.confirmAddButtonTapped) {
      $0.destination.modify(\.add) {
        $0.isTitleMissing = true
        $0.focus = .title
        $0.cursor = 0
      }
    }
    #expect(store.state.standups.isEmpty)

    // Cancelling discards the sheet.
    await store.send(.discardButtonTapped) {
      $0.destination = nil
    }
  }

  @Test
  func discardingAddAddsNothing() async {
    let store = makeStore(StandupsList.State(standups: [.engineeringMock]))

    await store.send(.addButtonTapped) {
      $0.destination = .add(
        StandupForm.State(
          standup: Standup(id: .init(UUID(0)), attendees: [Attendee(id: .init(UUID(1)))]),
          original: Standup(id: .init(UUID(0)))))
    }
    await store.send(.destination(.presented(.add(.focusedTextChanged("Design", cursor: 6))))) {
      $0.destination.modify(\.add) {
        $0.standup.title = "Design"
        $0.cursor = 6
      }
    }
    await store.send(.discardButtonTapped) {
      $0.destination = nil
    }
    #expect(store.state.standups == [.engineeringMock])
    // Confirming or discarding with nothing presented does nothing.
    await store.send(.confirmAddButtonTapped)
    await store.send(.discardButtonTapped)
  }

  @Test
  func discardLeavesAnAlertAlone() async {
    let alert = AlertState<StandupsList.Destination.Alert>(
      title: "Delete?",
      message: "Are you sure you want to delete “Design” and its meeting?",
      buttons: [
        .destructive("Yes", action: .confirmDeletion(Standup.mock.id)),
        .cancel("Nevermind"),
      ]
    )
    let store = makeStore(StandupsList.State(destination: .alert(alert), standups: [.mock]))

    await store.send(.discardButtonTapped)
  }

  @Test
  func deleteAsksFirst() async {
    let store = makeStore(
      StandupsList.State(standups: [.mock, .engineeringMock, .productMock]))

    await store.send(.selectionMoved(by: 1)) {
      $0.selection = Standup.engineeringMock.id
    }
    await store.send(.deleteButtonTapped(Standup.engineeringMock.id)) {
      $0.destination = .alert(
        AlertState(
          title: "Delete?",
          message: "Are you sure you want to delete “Engineering”?",
          buttons: [
            .destructive("Yes", action: .confirmDeletion(Standup.engineeringMock.id)),
            .cancel("Nevermind"),
          ]
        ))
    }
    await store.send(
      .destination(.presented(.alert(.confirmDeletion(Standup.engineeringMock.id))))
    ) {
      $0.destination = nil
      $0.standups.remove(id: Standup.engineeringMock.id)
      // The card that took its place is highlighted.
      $0.selection = Standup.productMock.id
    }
    await store.send(.deleteButtonTapped(Standup.productMock.id)) {
      $0.destination = .alert(
        AlertState(
          title: "Delete?",
          message: "Are you sure you want to delete “Product”?",
          buttons: [
            .destructive("Yes", action: .confirmDeletion(Standup.productMock.id)),
            .cancel("Nevermind"),
          ]
        ))
    }
    await store.send(.destination(.presented(.alert(.confirmDeletion(Standup.productMock.id))))) {
      $0.destination = nil
      $0.standups.remove(id: Standup.productMock.id)
      $0.selection = Standup.mock.id
    }
  }

  @Test
  func deleteNevermindKeepsStandup() async {
    let store = makeStore(StandupsList.State(standups: [.mock]))

    await store.send(.deleteButtonTapped(Standup.mock.id)) {
      $0.destination = .alert(
        AlertState(
          title: "Delete?",
          message: "Are you sure you want to delete “Design” and its meeting?",
          buttons: [
            .destructive("Yes", action: .confirmDeletion(Standup.mock.id)),
            .cancel("Nevermind"),
          ]
        ))
    }
    await store.send(.destination(.dismiss)) {
      $0.destination = nil
    }
    #expect(store.state.standups == [.mock])
    // Deleting a standup that is not there asks nothing.
    await store.send(.deleteButtonTapped(.init(UUID(99))))
  }

  @Test
  func deletingTheOnlyStandupClearsSelection() async {
    let store = makeStore(StandupsList.State(standups: [.mock]))

    await store.send(.deleteButtonTapped(Standup.mock.id)) {
      $0.destination = .alert(
        AlertState(
          title: "Delete?",
          message: "Are you sure you want to delete “Design” and its meeting?",
          buttons: [
            .destructive("Yes", action: .confirmDeletion(Standup.mock.id)),
            .cancel("Nevermind"),
          ]
        ))
    }
    await store.send(.destination(.presented(.alert(.confirmDeletion(Standup.mock.id))))) {
      $0.destination = nil
      $0.standups = []
      $0.selection = nil
    }
  }

  @Test
  func removeStandupMovesTheHighlightToANeighbour() {
    let (design, engineering, product) =
      (Standup.mock.id, Standup.engineeringMock.id, Standup.productMock.id)
    let all: IdentifiedArrayOf<Standup> = [.mock, .engineeringMock, .productMock]
    func selection(removing id: Standup.ID, selected: Standup.ID) -> Standup.ID? {
      var state = StandupsList.State(standups: all, selection: selected)
      state.removeStandup(id: id)
      #expect(state.standups.ids == all.ids.filter { $0 != id })
      return state.selection
    }

    // The card that takes its place, else the one above.
    #expect(selection(removing: design, selected: design) == engineering)
    #expect(selection(removing: engineering, selected: engineering) == product)
    #expect(selection(removing: product, selected: product) == engineering)
    // Another card's highlight stays where it is.
    #expect(selection(removing: product, selected: design) == design)

    var only = StandupsList.State(standups: [.mock])
    only.removeStandup(id: design)
    #expect(only == StandupsList.State())
    // An unknown standup changes nothing.
    var unchanged = StandupsList.State(standups: all, selection: engineering)
    unchanged.removeStandup(id: .init(UUID(99)))
    #expect(unchanged == StandupsList.State(standups: all, selection: engineering))
  }

  @Test
  func selectionMovesAndClamps() async {
    let store = makeStore(
      StandupsList.State(standups: [.mock, .engineeringMock, .productMock]))
    #expect(store.state.selection == Standup.mock.id)
    #expect(store.state.selectedIndex == 0)

    await store.send(.selectionMoved(by: 1)) {
      $0.selection = Standup.engineeringMock.id
    }
    await store.send(.selectionMoved(by: 5)) {
      $0.selection = Standup.productMock.id
    }
    await store.send(.selectionMoved(by: 1))
    await store.send(.selectionMoved(by: -10)) {
      $0.selection = Standup.mock.id
    }
    await store.send(.selectionMoved(by: -1))
    await store.send(.selectionMovedToLast) {
      $0.selection = Standup.productMock.id
    }
    await store.send(.selectionMovedToFirst) {
      $0.selection = Standup.mock.id
    }
  }

  @Test
  func selectionInEmptyList() async {
    let store = makeStore(StandupsList.State())
    #expect(store.state.selection == nil)

    await store.send(.selectionMoved(by: 1))
    await store.send(.selectionMovedToLast)
  }

  @Test
  func tappingAStandupOpensIt() async {
    let store = makeStore(StandupsList.State(standups: [.mock, .engineeringMock]))

    await store.send(.standupTapped(Standup.engineeringMock.id)) {
      $0.selection = Standup.engineeringMock.id
    }
    await store.receive(.delegate(.openStandup(Standup.engineeringMock.id)))
    // An unknown standup opens nothing.
    await store.send(.standupTapped(.init(UUID(99))))
  }
}
