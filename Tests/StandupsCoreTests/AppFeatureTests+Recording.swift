import ComposableTesting
import Foundation
import StandupsCore
import Testing

extension AppFeatureTests {
  @Test
  func recordingSavesIntoItsStandup() async {
    let standup = Standup.sixSeconds
    let store = makeStore(
      AppFeature.State(standupsList: StandupsList.State(standups: [.engineeringMock, standup])))

    await openDetail(standup, in: store)
    await store.send(.path(.element(id: 0, action: .detail(.startMeetingButtonTapped))))
    await store.receive(.path(.element(id: 0, action: .detail(.delegate(.startMeeting))))) {
      $0.path.append(.record(RecordMeeting.State(standup: standup)))
    }
    await store.receive(.path(.element(id: 1, action: .record(.onAppear))))

    await clock.tick()
    await store.receive(.path(.element(id: 1, action: .record(.timerTick)))) {
      $0.path[id: 1]?.modify(\.record) { $0.secondsElapsed = 1 }
    }
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
    await store.send(.path(.element(id: 1, action: .record(.alert(.presented(.confirmSave)))))) {
      $0.path[id: 1]?.modify(\.record) {
        $0.alert = nil
        $0.isEnded = true
      }
    }

    // Saved newest first, into the detail below and the list.
    let meeting = Meeting(
      id: .init(UUID(0)), date: testNow, transcript: "Blob: Hi",
      attendees: ["Blob", "Blob Jr", "Blob Sr"])
    await store.receive(
      .path(.element(id: 1, action: .record(.delegate(.save(transcript: "Blob: Hi")))))
    ) {
      $0.path[id: 0]?.modify(\.detail) { $0.standup.meetings.insert(meeting, at: 0) }
      $0.standupsList.standups[id: standup.id]?.meetings.insert(meeting, at: 0)
    }
    // The recording pops itself.
    await store.receive(.path(.popFrom(id: 1))) {
      $0.path.pop(from: 1)
    }
    await store.finish()
    #expect(store.state.path.ids == [0])
    #expect(
      store.state.standupsList.standups[id: standup.id]?.meetings.ids == [
        .init(UUID(0)), .init(UUID(104)),
      ])

    // The timer went with the screen.
    await clock.advance(by: .seconds(10))
    // Effects end before the test does (a save of changed standups among them).
    await store.finish()
  }

  /// A meeting keeps the roster it was run with, though the standup's has
  /// changed since the recording started (an edit made elsewhere).
  @Test
  func aMeetingKeepsTheRosterItWasRecordedWith() async {
    let recorded = Standup.sixSeconds
    var edited = recorded
    edited.attendees.removeLast()
    edited.attendees.append(Attendee(id: .init(UUID(200)), name: "Newcomer"))
    var record = RecordMeeting.State(standup: recorded)
    record.notes = [RecordMeeting.Note(speaker: "Blob Sr", text: "Leaving today")]
    let store = makeStore(
      AppFeature.State(
        path: StackState([.detail(StandupDetail.State(standup: edited)), .record(record)]),
        standupsList: StandupsList.State(standups: [edited])))

    let meeting = Meeting(
      id: .init(UUID(0)), date: testNow, transcript: "Blob Sr: Leaving today",
      attendees: ["Blob", "Blob Jr", "Blob Sr"])
    await store.send(.quitting) {
      $0.path[id: 0]?.modify(\.detail) { $0.standup.meetings.insert(meeting, at: 0) }
      $0.standupsList.standups[id: edited.id]?.meetings.insert(meeting, at: 0)
      $0.path.pop(from: 1)
      $0.meetingsSavedOnQuit = [edited.title]
    }
    #expect(meeting.attendeeNames(in: edited) == ["Blob", "Blob Jr", "Blob Sr"])
    // One recorded before rosters were kept shows the standup's.
    let older = Meeting(id: .init(UUID(1)), date: testNow, transcript: "")
    #expect(older.attendeeNames(in: edited) == ["Blob", "Blob Jr", "Newcomer"])
  }

  /// A meeting dated after now (another member's clock ahead) stays above
  /// the one just recorded, where every load would put it.
  @Test
  func aRecordedMeetingGoesBelowOnesDatedAfterIt() async {
    var standup = Standup.sixSeconds
    let ahead = Meeting(id: .init(UUID(300)), date: testNow + 3_600, transcript: "Ahead")
    standup.meetings.insert(ahead, at: 0)
    var record = RecordMeeting.State(standup: standup)
    record.notes = [RecordMeeting.Note(speaker: "Blob", text: "Hi")]
    let store = makeStore(
      AppFeature.State(
        path: StackState([.detail(StandupDetail.State(standup: standup)), .record(record)]),
        standupsList: StandupsList.State(standups: [standup])))
    let meeting = Meeting(
      id: .init(UUID(0)), date: testNow, transcript: "Blob: Hi",
      attendees: ["Blob", "Blob Jr", "Blob Sr"])
    await store.send(.quitting) {
      $0.path[id: 0]?.modify(\.detail) { $0.standup.meetings.insert(meeting, at: 1) }
      $0.standupsList.standups[id: standup.id]?.meetings.insert(meeting, at: 1)
      $0.path.pop(from: 1)
      $0.meetingsSavedOnQuit = [standup.title]
    }
    let meetings = store.state.standupsList.standups[id: standup.id]?.meetings
    #expect(meetings == meetings?.newestFirst)
  }

  @Test
  func quittingWhileRecordingSavesTheMeetingWithItsNotes() async {
    let standup = Standup.sixSeconds
    var record = RecordMeeting.State(standup: standup)
    record.notes = [RecordMeeting.Note(speaker: "Blob", text: "Shipped")]
    record.draft = "Half typed"
    let store = makeStore(
      AppFeature.State(
        path: StackState([.detail(StandupDetail.State(standup: standup)), .record(record)]),
        standupsList: StandupsList.State(standups: [.engineeringMock, standup])))

    // As "Save and end" saves it: the draft becomes the current speaker's note.
    let meeting = Meeting(
      id: .init(UUID(0)), date: testNow, transcript: "Blob: Shipped\nBlob: Half typed",
      attendees: standup.attendees.map(\.name))
    await store.send(.quitting) {
      $0.path[id: 0]?.modify(\.detail) { $0.standup.meetings.insert(meeting, at: 0) }
      $0.standupsList.standups[id: standup.id]?.meetings.insert(meeting, at: 0)
      $0.path.pop(from: 1)
      $0.meetingsSavedOnQuit = [standup.title]
    }
    // What --print-route prints: the standup, not a recording to start again.
    #expect(!Route(state: store.state).path.hasSuffix("/record"))
  }

  @Test
  func quittingARecordingWithNothingInItSavesNothing() async {
    let standup = Standup.sixSeconds
    let store = makeStore(
      AppFeature.State(
        path: StackState([
          .detail(StandupDetail.State(standup: standup)),
          .record(RecordMeeting.State(standup: standup)),
        ]),
        standupsList: StandupsList.State(standups: [standup])))
    await store.send(.quitting)
  }

  /// Saved or discarded, a recording waits only for its screen to close:
  /// a quit then saves nothing (again, or against the discard).
  @Test
  func quittingAnEndedRecordingSavesNothing() async {
    let standup = Standup.sixSeconds
    var record = RecordMeeting.State(standup: standup, notes: [.init(speaker: "Blob", text: "x")])
    record.isEnded = true
    let store = makeStore(
      AppFeature.State(
        path: StackState([.detail(StandupDetail.State(standup: standup)), .record(record)]),
        standupsList: StandupsList.State(standups: [standup])))
    await store.send(.quitting)
  }

  @Test
  func quittingWithoutARecordingChangesNothing() async {
    let store = makeStore(
      AppFeature.State(
        path: StackState([.detail(StandupDetail.State(standup: .mock))]),
        standupsList: StandupsList.State(standups: [.mock])))
    await store.send(.quitting)
  }

  @Test
  func recordingRunsOutOfTime() async {
    let standup = Standup.sixSeconds
    let store = makeStore(AppFeature.State(standupsList: StandupsList.State(standups: [standup])))
    store.exhaustivity = .off

    await openDetail(standup, in: store)
    await store.send(.path(.element(id: 0, action: .detail(.startMeetingButtonTapped))))
    for _ in 1...6 {
      await clock.tick()
      await store.receive(.path(.element(id: 1, action: .record(.timerTick))))
    }
    await store.receive(.path(.element(id: 1, action: .record(.delegate(.save(transcript: ""))))))
    await store.receive(.path(.popFrom(id: 1)))
    await store.finish()

    #expect(store.state.path.ids == [0])
    let meeting = Meeting(
      id: .init(UUID(0)), date: testNow, transcript: "", attendees: ["Blob", "Blob Jr", "Blob Sr"])
    #expect(
      store.state.path[id: 0]
        == .detail(
          StandupDetail.State(standup: standup.with(meetings: [meeting] + standup.meetings))))
    #expect(store.state.standupsList.standups.first?.meetings.first == meeting)
    #expect(chime.count == 2)
    // Effects end before the test does (a save of changed standups among them).
    await store.finish()
  }

  @Test
  func onLaunchStartsTimersOfRecordScreens() async {
    var path = StackState<AppFeature.Path.State>()
    path.append(.detail(StandupDetail.State(standup: .sixSeconds)), id: 0)
    path.append(.record(RecordMeeting.State(standup: .sixSeconds)), id: 1)
    let store = makeStore(
      AppFeature.State(path: path, standupsList: StandupsList.State(standups: [.sixSeconds])))

    await store.send(.onLaunch)
    await store.receive(.path(.element(id: 1, action: .record(.onAppear))))
    await clock.tick()
    await store.receive(.path(.element(id: 1, action: .record(.timerTick)))) {
      $0.path[id: 1]?.modify(\.record) { $0.secondsElapsed = 1 }
    }
    // Going back ends the recording and its timer.
    await store.send(.path(.popFrom(id: 1))) {
      $0.path.pop(from: 1)
    }
    await store.finish()
    await clock.advance(by: .seconds(10))
    // Effects end before the test does (a save of changed standups among them).
    await store.finish()
  }

  @Test
  func onLaunchWithoutRecordingsDoesNothing() async {
    var path = StackState<AppFeature.Path.State>()
    path.append(.detail(StandupDetail.State(standup: .mock)), id: 0)
    let store = makeStore(
      AppFeature.State(path: path, standupsList: StandupsList.State(standups: [.mock])))

    await store.send(.onLaunch)
    await clock.advance(by: .seconds(2))
    await store.finish()
  }

  @Test
  func restoredRecordingPopsItselfWhenSaved() async {
    var path = StackState<AppFeature.Path.State>()
    path.append(.detail(StandupDetail.State(standup: .sixSeconds)), id: 0)
    path.append(.record(RecordMeeting.State(standup: .sixSeconds)), id: 1)
    let store = makeStore(
      AppFeature.State(path: path, standupsList: StandupsList.State(standups: [.sixSeconds])))

    await store.send(.onLaunch)
    await store.receive(.path(.element(id: 1, action: .record(.onAppear))))
    await store.send(.path(.element(id: 1, action: .record(.nextButtonTapped)))) {
      $0.path[id: 1]?.modify(\.record) {
        $0.speakerIndex = 1
        $0.secondsElapsed = 2
      }
    }
    await store.send(.path(.element(id: 1, action: .record(.endMeetingButtonTapped)))) {
      $0.path[id: 1]?.modify(\.record) { $0.alert = .endMeeting(isDiscardable: true) }
    }
    await store.send(.path(.element(id: 1, action: .record(.alert(.presented(.confirmSave)))))) {
      $0.path[id: 1]?.modify(\.record) {
        $0.alert = nil
        $0.isEnded = true
      }
    }
    let meeting = Meeting(
      id: .init(UUID(0)), date: testNow, transcript: "",
      attendees: Standup.sixSeconds.attendees.map(\.name))
    await store.receive(.path(.element(id: 1, action: .record(.delegate(.save(transcript: "")))))) {
      $0.path[id: 0]?.modify(\.detail) { $0.standup.meetings.insert(meeting, at: 0) }
      $0.standupsList.standups[id: Standup.sixSeconds.id]?.meetings.insert(meeting, at: 0)
    }
    // A screen on the stack from launch pops itself like a pushed one.
    await store.receive(.path(.popFrom(id: 1))) {
      $0.path.pop(from: 1)
    }
    await store.finish()
  }
}
