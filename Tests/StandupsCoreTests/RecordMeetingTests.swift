import ComposableTesting
import Foundation
import StandupsCore
import Testing

@Suite(.reportsIssues)
@MainActor
struct RecordMeetingTests {
  let clock = TestClock()
  let chime = ChimeCounter()

  func makeStore(
    _ standup: Standup = .sixSeconds
  ) -> TestStore<RecordMeeting.State, RecordMeeting.Action> {
    TestStore(initialState: RecordMeeting.State(standup: standup)) {
      RecordMeeting()
    } withDependencies: { [clock, chime] in
      $0.continuousClock = clock
      $0.speakerChime = chime.chime
    }
  }

  @Test
  func endMeetingAlert() {
    let alert = AlertState<RecordMeeting.Action.Alert>.endMeeting(isDiscardable: true)
    #expect(
      alert
        == AlertState(
          title: "End meeting?",
          message: "You are ending the meeting early. What would you like to do?",
          buttons: [
            .default("Save and end", action: .confirmSave),
            .destructive("Discard", action: .confirmDiscard),
            .cancel("Resume"),
          ]
        ))
    #expect(alert.cancelButton?.label == "Resume")
    let final = AlertState<RecordMeeting.Action.Alert>.endMeeting(isDiscardable: false)
    #expect(final.buttons.map(\.label) == ["Save and end", "Resume"])
  }

  @Test
  func timerRotatesSpeakersAndEndsMeeting() async {
    let store = makeStore()
    #expect(store.state.turnStart(of: 1) == 2)
    #expect(store.state.currentSpeaker?.name == "Blob")

    await store.send(.onAppear)

    await clock.tick()
    await store.receive(\.timerTick) { $0.secondsElapsed = 1 }
    #expect(store.state.durationRemaining == .seconds(5))
    #expect(chime.count == 0)

    await clock.tick()
    await store.receive(\.timerTick) {
      $0.secondsElapsed = 2
      $0.speakerIndex = 1
    }
    #expect(store.state.currentSpeaker?.name == "Blob Jr")

    await clock.tick()
    await store.receive(\.timerTick) { $0.secondsElapsed = 3 }

    await clock.tick()
    await store.receive(\.timerTick) {
      $0.secondsElapsed = 4
      $0.speakerIndex = 2
    }

    await clock.tick()
    await store.receive(\.timerTick) { $0.secondsElapsed = 5 }

    // Time is up: the meeting is saved and the screen closes itself.
    await clock.tick()
    await store.receive(\.timerTick) {
      $0.secondsElapsed = 6
      $0.isEnded = true
    }
    #expect(store.state.durationRemaining == .zero)
    await store.receive(.delegate(.save(transcript: "")))
    await store.finish()
    #expect(store.isDismissed)
    // The chime rang once for each of the two speaker changes.
    #expect(chime.count == 2)

    // The timer is gone: more time brings no more ticks.
    await clock.advance(by: .seconds(5))
  }

  @Test
  func timeRunningOutSavesTheNotes() async {
    let standup = Standup(
      id: .init(UUID(200)),
      attendees: [
        Attendee(id: .init(UUID(201)), name: "Blob"),
        Attendee(id: .init(UUID(202)), name: "Blob Jr"),
      ],
      duration: .seconds(2),
      title: "Quick"
    )
    let store = makeStore(standup)

    await store.send(.onAppear)
    await store.send(.draftChanged("Done", cursor: 4)) {
      $0.draft = "Done"
      $0.cursor = 4
      $0.draftSpeakerIndex = 0
    }
    await store.send(.noteSubmitted) {
      $0.notes = [RecordMeeting.Note(speaker: "Blob", text: "Done")]
      $0.draft = ""
      $0.cursor = 0
      $0.draftSpeakerIndex = nil
    }
    await clock.tick()
    await store.receive(\.timerTick) {
      $0.secondsElapsed = 1
      $0.speakerIndex = 1
    }
    // A line still being typed when time runs out is kept too.
    await store.send(.draftChanged("Next", cursor: 4)) {
      $0.draft = "Next"
      $0.cursor = 4
      $0.draftSpeakerIndex = 1
    }
    await clock.tick()
    await store.receive(\.timerTick) {
      $0.secondsElapsed = 2
      $0.isEnded = true
    }
    await store.receive(.delegate(.save(transcript: "Blob: Done\nBlob Jr: Next")))
    await store.finish()
    #expect(store.isDismissed)
    #expect(chime.count == 1)
  }

  @Test
  func nextSpeakerToTheEnd() async {
    let store = makeStore()

    await store.send(.onAppear)
    await store.send(.nextButtonTapped) {
      $0.speakerIndex = 1
      $0.secondsElapsed = 2
    }.finish()
    #expect(chime.count == 1)

    await store.send(.nextButtonTapped) {
      $0.speakerIndex = 2
      $0.secondsElapsed = 4
    }.finish()
    #expect(chime.count == 2)

    await clock.tick()
    await store.receive(\.timerTick) { $0.secondsElapsed = 5 }

    // Past the last speaker: the meeting can only be saved or resumed.
    await store.send(.nextButtonTapped) {
      $0.alert = .endMeeting(isDiscardable: false)
    }
    #expect(store.state.alert?.buttons.map(\.label) == ["Save and end", "Resume"])

    await clock.tick()
    await store.receive(\.timerTick)

    await store.send(.alert(.presented(.confirmSave))) {
      $0.alert = nil
      $0.isEnded = true
    }
    await store.receive(.delegate(.save(transcript: "")))
    await store.finish()
    #expect(store.isDismissed)
    #expect(chime.count == 2)
  }

  @Test
  func endMeetingSave() async {
    let store = makeStore()

    await store.send(.onAppear)
    await clock.tick()
    await store.receive(\.timerTick) { $0.secondsElapsed = 1 }

    await store.send(.endMeetingButtonTapped) {
      $0.alert = .endMeeting(isDiscardable: true)
    }
    // Time stands still while the alert is up.
    for _ in 1...3 {
      await clock.tick()
      await store.receive(\.timerTick)
    }

    await store.send(.alert(.presented(.confirmSave))) {
      $0.alert = nil
      $0.isEnded = true
    }
    await store.receive(.delegate(.save(transcript: "")))
    await store.finish()
    #expect(store.isDismissed)
    #expect(store.state.secondsElapsed == 1)
  }

  @Test
  func endMeetingDiscard() async {
    let store = makeStore()

    await store.send(.onAppear)
    await store.send(.endMeetingButtonTapped) {
      $0.alert = .endMeeting(isDiscardable: true)
    }
    await store.send(.alert(.presented(.confirmDiscard))) {
      $0.alert = nil
      $0.isEnded = true
    }
    // Discarded: the timer stops, so time running out cannot save it after all.
    for _ in 1...6 { await clock.advance(by: .seconds(1)) }
    await store.finish()
    #expect(store.isDismissed)
    #expect(store.state.secondsElapsed == 0)
  }

  @Test
  func endMeetingResume() async {
    let store = makeStore()

    let onAppear = await store.send(.onAppear)
    await store.send(.endMeetingButtonTapped) {
      $0.alert = .endMeeting(isDiscardable: true)
    }
    for _ in 1...2 {
      await clock.tick()
      await store.receive(\.timerTick)
    }

    // Resume (or Esc) closes the alert; time moves again.
    await store.send(.alert(.dismiss)) {
      $0.alert = nil
    }
    await clock.tick()
    await store.receive(\.timerTick) { $0.secondsElapsed = 1 }

    // The screen going away ends the timer.
    onAppear.cancel()
    await store.finish()
    #expect(!store.isDismissed)
  }

  @Test
  func appearingAgainRestartsTheTimer() async {
    let store = makeStore()

    let first = await store.send(.onAppear)
    let second = await store.send(.onAppear)
    #expect(first.isCancelled)
    #expect(!second.isCancelled)

    await clock.tick()
    await store.receive(\.timerTick) { $0.secondsElapsed = 1 }
    second.cancel()
    await store.finish()
  }

  @Test
  func notesOfAStandupWithoutAttendeesHaveNoSpeaker() async {
    var standup = Standup.mock
    standup.attendees = []
    let store = makeStore(standup)
    #expect(store.state.currentSpeaker == nil)

    await store.send(.draftChanged("Shipped onboarding", cursor: 18)) {
      $0.draft = "Shipped onboarding"
      $0.cursor = 18
      $0.draftSpeakerIndex = 0
    }
    await store.send(.noteSubmitted) {
      $0.notes = [RecordMeeting.Note(speaker: "", text: "Shipped onboarding")]
      $0.draft = ""
      $0.cursor = 0
      $0.draftSpeakerIndex = nil
    }
    await store.send(.draftChanged("No blockers", cursor: 11)) {
      $0.draft = "No blockers"
      $0.cursor = 11
      $0.draftSpeakerIndex = 0
    }
    #expect(store.state.transcript == "Shipped onboarding\nNo blockers")
  }

  @Test
  func notesBecomeTheTranscript() async {
    let store = makeStore(.mock)

    await store.send(.draftChanged("Shipped onboarding", cursor: 18)) {
      $0.draft = "Shipped onboarding"
      $0.cursor = 18
      $0.draftSpeakerIndex = 0
    }
    await store.send(.noteSubmitted) {
      $0.notes = [RecordMeeting.Note(speaker: "Blob", text: "Shipped onboarding")]
      $0.draft = ""
      $0.cursor = 0
      $0.draftSpeakerIndex = nil
    }
    // Blank lines are not notes.
    await store.send(.draftChanged("   ", cursor: 3)) {
      $0.draft = "   "
      $0.cursor = 3
    }
    await store.send(.noteSubmitted)

    await store.send(.nextButtonTapped) {
      $0.speakerIndex = 1
      $0.secondsElapsed = 10
    }.finish()
    await store.send(.draftChanged("  Reviewing the API ", cursor: 99)) {
      $0.draft = "  Reviewing the API "
      $0.cursor = 20
      $0.draftSpeakerIndex = 1
    }
    let transcript = "Blob: Shipped onboarding\nBlob Jr: Reviewing the API"
    #expect(store.state.transcript == transcript)

    await store.send(.endMeetingButtonTapped) {
      $0.alert = .endMeeting(isDiscardable: true)
    }
    await store.send(.alert(.presented(.confirmSave))) {
      $0.alert = nil
      $0.isEnded = true
    }
    await store.receive(.delegate(.save(transcript: transcript)))
    await store.finish()
    #expect(store.isDismissed)
    #expect(chime.count == 1)
  }
  @Test
  func aLineBeingTypedKeepsItsSpeakerWhenTheTimerMovesOn() async {
    let store = makeStore()

    let onAppear = await store.send(.onAppear)
    await store.send(.draftChanged("Half a thought", cursor: 14)) {
      $0.draft = "Half a thought"
      $0.cursor = 14
      $0.draftSpeakerIndex = 0
    }
    for second in 1...2 {
      await clock.tick()
      await store.receive(\.timerTick) {
        $0.secondsElapsed = second
        if second == 2 { $0.speakerIndex = 1 }
      }
    }
    #expect(store.state.currentSpeaker?.name == "Blob Jr")
    #expect(store.state.draftSpeaker?.name == "Blob")
    #expect(store.state.transcript == "Blob: Half a thought")
    await store.send(.draftChanged("Half a thought, finished", cursor: 24)) {
      $0.draft = "Half a thought, finished"
      $0.cursor = 24
    }
    await store.send(.noteSubmitted) {
      $0.notes = [RecordMeeting.Note(speaker: "Blob", text: "Half a thought, finished")]
      $0.draft = ""
      $0.cursor = 0
      $0.draftSpeakerIndex = nil
    }
    // The next line is by whoever speaks now.
    await store.send(.draftChanged("Mine", cursor: 4)) {
      $0.draft = "Mine"
      $0.cursor = 4
      $0.draftSpeakerIndex = 1
    }
    #expect(store.state.transcript == "Blob: Half a thought, finished\nBlob Jr: Mine")
    onAppear.cancel()
    await store.finish()
  }

  @Test
  func nextSpeakerEntersTheLineTypedDuringTheTurn() async {
    let store = makeStore(.mock)

    await store.send(.draftChanged("Shipped onboarding", cursor: 18)) {
      $0.draft = "Shipped onboarding"
      $0.cursor = 18
      $0.draftSpeakerIndex = 0
    }
    await store.send(.nextButtonTapped) {
      $0.notes = [RecordMeeting.Note(speaker: "Blob", text: "Shipped onboarding")]
      $0.draft = ""
      $0.cursor = 0
      $0.draftSpeakerIndex = nil
      $0.speakerIndex = 1
      $0.secondsElapsed = 10
    }.finish()
    #expect(chime.count == 1)
  }
}
