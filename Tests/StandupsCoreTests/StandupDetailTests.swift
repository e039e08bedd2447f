import ComposableTesting
import Foundation
import StandupsCore
import Testing

@Suite(.reportsIssues)
@MainActor
struct StandupDetailTests {
  func makeStore(
    _ state: StandupDetail.State
  ) -> TestStore<StandupDetail.State, StandupDetail.Action> {
    TestStore(initialState: state) {
      StandupDetail()
    } withDependencies: {
      $0.uuid = .incrementing
    }
  }

  static let deleteAlert = AlertState<StandupDetail.Destination.Alert>(
    title: "Delete?",
    message: "Are you sure you want to delete this standup and its meeting?",
    buttons: [
      .destructive("Yes", action: .confirmDeletion),
      .cancel("Nevermind"),
    ]
  )

  @Test
  func editDoneSaves() async {
    let store = makeStore(StandupDetail.State(standup: .mock))

    await store.send(.editButtonTapped) {
      $0.destination = .edit(StandupForm.State(standup: .mock))
    }
    await store.send(
      .destination(.presented(.edit(.focusedTextChanged("Design review", cursor: 13))))
    ) {
      $0.destination.modify(\.edit) {
        $0.standup.title = "Design review"
        $0.cursor = 13
      }
    }
    await store.send(.destination(.presented(.edit(.themeStepped(by: 1))))) {
      $0.destination.modify(\.edit) { $0.standup.theme = .oxblood }
    }
    var updated = Standup.mock
    updated.title = "Design review"
    updated.theme = .oxblood
    await store.send(.doneEditingButtonTapped) {
      $0.destination = nil
      $0.standup = updated
    }
    await store.receive(.delegate(.standupUpdated(updated)))
  }

  @Test
  func editCancelDiscards() async {
    let store = makeStore(StandupDetail.State(standup: .mock))

    await store.send(.editButtonTapped) {
      $0.destination = .edit(StandupForm.State(standup: .mock))
    }
    await store.send(.destination(.presented(.edit(.durationStepped(by: 10))))) {
      $0.destination.modify(\.edit) { $0.standup.duration = .seconds(11 * 60) }
    }
    await store.send(.cancelEditButtonTapped) {
      $0.destination = nil
    }
    #expect(store.state.standup == .mock)
  }

  @Test
  func editEscDiscards() async {
    let store = makeStore(StandupDetail.State(standup: .mock))

    await store.send(.editButtonTapped) {
      $0.destination = .edit(StandupForm.State(standup: .mock))
    }
    await store.send(.destination(.presented(.edit(.deleteAttendeeButtonTapped(.init(UUID(1))))))) {
      $0.destination.modify(\.edit) {
        $0.standup.attendees.remove(id: .init(UUID(1)))
        $0.focus = .attendee(.init(2))
        $0.cursor = 7
      }
    }
    // Esc is cancel, not dismiss.
    await store.send(.cancelEditButtonTapped) {
      $0.destination = nil
    }
    #expect(store.state.standup == .mock)
    // Cancelling with nothing presented does nothing.
    await store.send(.cancelEditButtonTapped)
  }

  @Test
  func cancelEditLeavesAnAlertAlone() async {
    let store = makeStore(
      StandupDetail.State(destination: .alert(.deleteStandup(.mock)), standup: .mock))

    await store.send(.cancelEditButtonTapped)
  }

  @Test
  func editDoneWithoutChangesSendsNoUpdate() async {
    let store = makeStore(StandupDetail.State(standup: .mock))

    await store.send(.editButtonTapped) {
      $0.destination = .edit(StandupForm.State(standup: .mock))
    }
    await store.send(.doneEditingButtonTapped) {
      $0.destination = nil
    }
  }

  /// A standup without attendees opens with a blank row to type one in;
  /// left blank, saving is no change (it would otherwise save a nameless
  /// attendee, or, after a change elsewhere, make a conflict of nothing).
  @Test
  func editDoneWithOnlyTheBlankAttendeeRowSendsNoUpdate() async {
    var alone = Standup.mock
    alone.attendees = []
    let store = makeStore(StandupDetail.State(standup: alone))
    let form = withDependencies {
      $0.uuid = .incrementing
    } operation: {
      StandupForm.State(standup: alone)
    }
    #expect(form.standup.attendees.count == 1, "the blank row to type in")
    await store.send(.editButtonTapped) {
      $0.destination = .edit(form)
    }
    await store.send(.doneEditingButtonTapped) {
      $0.destination = nil
    }
    #expect(store.state.standup.attendees.isEmpty)
  }

  @Test
  func editRefusesBlankTitle() async {
    let store = makeStore(StandupDetail.State(standup: .mock))

    await store.send(.editButtonTapped) {
      $0.destination = .edit(StandupForm.State(standup: .mock))
    }
    await store.send(.destination(.presented(.edit(.focusedTextChanged("  ", cursor: 2))))) {
      $0.destination.modify(\.edit) {
        $0.standup.title = "  "
        $0.cursor = 2
      }
    }
    await store.send(.destination(.presented(.edit(.focusMoved(by: 3))))) {
      $0.destination.modify(\.edit) {
        $0.focus = .attendee(.init(1))
        $0.cursor = 4
      }
    }
    // The form's rule, as on the add sheet: the title is flagged and focused.
    await store.send(.doneEditingButtonTapped) {
      $0.destination.modify(\.edit) {
        $0.isTitleMissing = true
        $0.focus = .title
        $0.cursor = 0
      }
    }
    #expect(store.state.standup == .mock)
    await store.send(.cancelEditButtonTapped) {
      $0.destination = nil
    }
    // Done with nothing presented does nothing.
    await store.send(.doneEditingButtonTapped)
  }

  @Test
  func deleteStandup() async {
    let store = makeStore(StandupDetail.State(standup: .mock))

    await store.send(.deleteButtonTapped) {
      $0.destination = .alert(Self.deleteAlert)
    }
    await store.send(.destination(.presented(.alert(.confirmDeletion)))) {
      $0.destination = nil
    }
    await store.receive(.delegate(.deleteStandup(Standup.mock.id)))
    await store.finish()
    #expect(store.isDismissed)
  }

  @Test
  func deleteNevermindKeepsStandup() async {
    let store = makeStore(StandupDetail.State(standup: .mock))

    await store.send(.deleteButtonTapped) {
      $0.destination = .alert(Self.deleteAlert)
    }
    await store.send(.destination(.dismiss)) {
      $0.destination = nil
    }
    await store.finish()
    #expect(!store.isDismissed)
  }

  @Test
  func deleteMeeting() async {
    var standup = Standup.mock
    standup.meetings.append(Meeting(id: .init(UUID(8)), date: testNow, transcript: "Older"))
    let store = makeStore(StandupDetail.State(standup: standup, selection: .init(7)))

    // Asked first; Nevermind keeps it.
    await store.send(.deleteMeetingButtonTapped(.init(UUID(7)))) {
      $0.destination = .alert(.deleteMeeting(.init(UUID(7))))
    }
    await store.send(.destination(.dismiss)) { $0.destination = nil }

    await store.send(.deleteMeetingButtonTapped(.init(UUID(7)))) {
      $0.destination = .alert(.deleteMeeting(.init(UUID(7))))
    }
    await store.send(.destination(.presented(.alert(.confirmMeetingDeletion(.init(UUID(7))))))) {
      $0.destination = nil
      $0.standup.meetings.remove(id: .init(UUID(7)))
      $0.selection = .init(UUID(8))
    }
    await store.receive(\.delegate.standupUpdated)
    await store.send(.deleteMeetingButtonTapped(.init(UUID(8)))) {
      $0.destination = .alert(.deleteMeeting(.init(UUID(8))))
    }
    await store.send(.destination(.presented(.alert(.confirmMeetingDeletion(.init(UUID(8))))))) {
      $0.destination = nil
      $0.standup.meetings = []
      $0.selection = nil
    }
    await store.receive(.delegate(.standupUpdated(Standup.mock.with(meetings: []))))
    // A meeting no longer there: nothing to ask about.
    await store.send(.deleteMeetingButtonTapped(.init(UUID(8))))
  }

  @Test
  func selectionMovesAmongStartAndMeetings() async {
    var standup = Standup.mock
    standup.meetings.append(Meeting(id: .init(UUID(8)), date: testNow, transcript: "Older"))
    let store = makeStore(StandupDetail.State(standup: standup))

    await store.send(.selectionMoved(by: -1))
    await store.send(.selectionMoved(by: 1)) {
      $0.selection = .init(UUID(7))
    }
    await store.send(.selectionMoved(by: 5)) {
      $0.selection = .init(UUID(8))
    }
    await store.send(.selectionMoved(by: 1))
    await store.send(.selectionMoved(by: -10)) {
      $0.selection = nil
    }
  }

  @Test
  func openMeeting() async {
    let store = makeStore(StandupDetail.State(standup: .mock))

    await store.send(.meetingTapped(.init(UUID(7)))) {
      $0.selection = .init(UUID(7))
    }
    await store.receive(.delegate(.openMeeting(.init(UUID(7)))))
    await store.send(.meetingTapped(.init(UUID(99))))
  }

  @Test
  func startMeeting() async {
    let store = makeStore(StandupDetail.State(standup: .mock))

    await store.send(.startMeetingButtonTapped)
    await store.receive(.delegate(.startMeeting))
  }
}
