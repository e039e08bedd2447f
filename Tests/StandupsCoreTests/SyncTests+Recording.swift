import ComposableTesting
import ConcurrencyExtras
import Foundation
import StandupsCore
import Testing

extension SyncTests {
  // MARK: - 8. Recording a standup deleted elsewhere

  /// Detail (0) and recording (1) of `.sixSeconds`, the end-meeting alert up;
  /// then `.sixSeconds` renamed elsewhere (revision 1) and deleted (revision 2).
  func recordingOfADeletedStandup() async -> TestStoreOf<AppFeature> {
    var path = StackState<AppFeature.Path.State>()
    path.append(.detail(StandupDetail.State(standup: .sixSeconds)), id: 0)
    path.append(.record(RecordMeeting.State(standup: .sixSeconds)), id: 1)
    let store = makeStore(
      AppFeature.State(
        path: path, standupsList: StandupsList.State(standups: [.engineeringMock, .sixSeconds])))

    await store.send(.path(.element(id: 1, action: .record(.draftChanged("Hi", cursor: 2))))) {
      $0.path[id: 1]?.modify(\.record) {
        $0.draft = "Hi"
        $0.cursor = 2
        $0.draftSpeakerIndex = 0
      }
    }
    await store.send(.path(.element(id: 1, action: .record(.endMeetingButtonTapped)))) {
      $0.path[id: 1]?.modify(\.record) { $0.alert = .endMeeting(isDiscardable: true) }
    }

    // Renamed elsewhere: the detail follows, the recording keeps its snapshot.
    var renamed = Standup.sixSeconds
    renamed.title = "Daily sync"
    await store.send(
      .persistence(
        .changedElsewhere(
          stored: [.engineeringMock, renamed], base: [.engineeringMock, .sixSeconds],
          revision: 1))
    ) {
      $0.storeRevision = 1
      $0.standupsList.standups = [.engineeringMock, renamed]
      $0.path[id: 0]?.modify(\.detail) { $0.standup = renamed }
    }
    await store.finish()
    expectSaved([.engineeringMock, renamed], revision: 1)

    // Deleted elsewhere: the recording and the detail below it stay.
    await store.send(
      .persistence(
        .changedElsewhere(
          stored: [.engineeringMock], base: [.engineeringMock, renamed], revision: 2))
    ) {
      $0.storeRevision = 2
      $0.standupsList.standups = [.engineeringMock]
    }
    await store.receive(.notified(.deletedWhileRecording(title: "Daily sync")))
    await store.finish()
    #expect(store.state.path.ids == [0, 1])
    expectSaved([.engineeringMock], revision: 2)
    return store
  }

  @Test func aRecordingOfAStandupDeletedElsewhereIsSavedIntoANewStandup() async {
    let store = await recordingOfADeletedStandup()

    await store.send(.path(.element(id: 1, action: .record(.alert(.presented(.confirmSave)))))) {
      $0.path[id: 1]?.modify(\.record) {
        $0.alert = nil
        $0.isEnded = true
      }
    }
    let old = Standup.sixSeconds
    let meeting = Meeting(
      id: .init(UUID(0)), date: testNow, transcript: "Blob: Hi",
      attendees: old.attendees.map(\.name))
    let standup = Standup(
      id: .init(UUID(1)), attendees: old.attendees, duration: old.duration, meetings: [meeting],
      theme: old.theme, title: old.title)
    await store.receive(
      .path(.element(id: 1, action: .record(.delegate(.save(transcript: "Blob: Hi")))))
    ) {
      $0.standupsList.standups = [.engineeringMock, standup]
      $0.standupsList.selection = standup.id
      $0.path[id: 0] = .detail(StandupDetail.State(standup: standup))
    }
    await store.receive(.notified(.savedAsNewStandup(title: "Daily")))
    await store.receive(.path(.popFrom(id: 1))) {
      $0.path.pop(from: 1)
    }
    await store.finish()
    #expect(store.state.path.ids == [0])
    expectSaved([.engineeringMock, standup], revision: 2)
  }

  @Test func aLaterChangeElsewhereDoesNotSayAgainThatTheRecordedStandupWasDeleted() async {
    let store = await recordingOfADeletedStandup()
    var renamed = Standup.engineeringMock
    renamed.title = "Platform"

    await store.send(
      .persistence(
        .changedElsewhere(stored: [renamed], base: [.engineeringMock], revision: 3))
    ) {
      $0.storeRevision = 3
      $0.standupsList.standups = [renamed]
    }
    // Nothing closed, and "Daily sync" was reported deleted with the change
    // that deleted it: no second `.deletedElsewhere` for an unrelated change.
    await store.finish()
    expectSaved([renamed], revision: 3)
    #expect(store.state.path.ids == [0, 1])
  }

  @Test func aDiscardedRecordingOfAStandupDeletedElsewhereClosesItsDetail() async {
    let store = await recordingOfADeletedStandup()

    await store.send(
      .path(.element(id: 1, action: .record(.alert(.presented(.confirmDiscard)))))
    ) {
      $0.path[id: 1]?.modify(\.record) {
        $0.alert = nil
        $0.isEnded = true
      }
    }
    await store.receive(.path(.popFrom(id: 1))) {
      $0.path = StackState()
    }
    await store.receive(.notified(.deletedElsewhere(title: "Daily sync")))
    await store.finish()
    #expect(saves.value.isEmpty, "saved: \(saves.value)")
    #expect(store.state.standupsList.standups == [.engineeringMock])
  }
}
