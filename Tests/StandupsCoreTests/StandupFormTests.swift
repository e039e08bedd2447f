import ComposableTesting
import Foundation
import StandupsCore
import Testing

@Suite(.reportsIssues)
@MainActor
struct StandupFormTests {
  let standup = Standup(
    id: .init(UUID(10)),
    attendees: [
      Attendee(id: .init(UUID(11)), name: "Blob"),
      Attendee(id: .init(UUID(12)), name: "Blob Jr"),
      Attendee(id: .init(UUID(13)), name: "Blob Sr"),
    ],
    title: "Design"
  )

  func makeStore(
    _ state: StandupForm.State
  ) -> TestStore<StandupForm.State, StandupForm.Action> {
    TestStore(initialState: state) {
      StandupForm()
    } withDependencies: {
      $0.uuid = .incrementing
    }
  }

  @Test
  func focusStartsOnTitleWithCursorAtEnd() {
    let state = StandupForm.State(standup: standup)
    #expect(state.focus == .title)
    #expect(state.cursor == 6)
    #expect(state.focusedText == "Design")
    #expect(
      state.fields == [
        .title, .duration, .theme, .attendee(.init(11)), .attendee(.init(12)),
        .attendee(.init(13)),
      ])
  }

  @Test
  func newFormHasOneAttendee() {
    let state = withDependencies {
      $0.uuid = .incrementing
    } operation: {
      StandupForm.State(standup: Standup(id: .init(UUID(10))))
    }
    #expect(state.standup.attendees == [Attendee(id: .init(UUID(0)))])
    #expect(state.cursor == 0)
  }

  @Test
  func addAttendeeTakesFocus() async {
    let store = makeStore(StandupForm.State(standup: standup))

    await store.send(.addAttendeeButtonTapped) {
      $0.standup.attendees.append(Attendee(id: .init(UUID(0))))
      $0.focus = .attendee(.init(0))
      $0.cursor = 0
    }
    await store.send(.focusedTextChanged("Blob Esq", cursor: 8)) {
      $0.standup.attendees[id: .init(UUID(0))]?.name = "Blob Esq"
      $0.cursor = 8
    }
    await store.send(.addAttendeeButtonTapped) {
      $0.standup.attendees.append(Attendee(id: .init(UUID(1))))
      $0.focus = .attendee(.init(1))
      $0.cursor = 0
    }
  }

  @Test
  func deleteAttendeeMovesFocusToNearestRow() async {
    let store = makeStore(StandupForm.State(standup: standup))

    // The row below takes the deleted one's place, and the focus.
    await store.send(.deleteAttendeeButtonTapped(.init(UUID(12)))) {
      $0.standup.attendees.remove(id: .init(UUID(12)))
      $0.focus = .attendee(.init(13))
      $0.cursor = 7
    }
    // Deleting the last row focuses the one above.
    await store.send(.deleteAttendeeButtonTapped(.init(UUID(13)))) {
      $0.standup.attendees.remove(id: .init(UUID(13)))
      $0.focus = .attendee(.init(11))
      $0.cursor = 4
    }
    // Never fewer than one: the last attendee is replaced by a blank one.
    await store.send(.deleteAttendeeButtonTapped(.init(UUID(11)))) {
      $0.standup.attendees = [Attendee(id: .init(UUID(0)))]
      $0.focus = .attendee(.init(0))
      $0.cursor = 0
    }
    // An unknown row changes nothing.
    await store.send(.deleteAttendeeButtonTapped(.init(UUID(99))))
  }

  @Test
  func deleteFocusedFirstAttendee() async {
    let store = makeStore(StandupForm.State(focus: .attendee(.init(11)), standup: standup))

    await store.send(.deleteAttendeeButtonTapped(.init(UUID(11)))) {
      $0.standup.attendees.remove(id: .init(UUID(11)))
      $0.focus = .attendee(.init(12))
      $0.cursor = 7
    }
  }

  @Test
  func focusMovesInTabOrderAndWraps() async {
    let store = makeStore(StandupForm.State(standup: standup))

    await store.send(.focusMoved(by: 1)) {
      $0.focus = .duration
      $0.cursor = 0
    }
    await store.send(.focusMoved(by: 1)) {
      $0.focus = .theme
    }
    await store.send(.focusMoved(by: 1)) {
      $0.focus = .attendee(.init(11))
      $0.cursor = 4
    }
    await store.send(.focusMoved(by: 2)) {
      $0.focus = .attendee(.init(13))
      $0.cursor = 7
    }
    await store.send(.focusMoved(by: 1)) {
      $0.focus = .title
      $0.cursor = 6
    }
    await store.send(.focusMoved(by: -1)) {
      $0.focus = .attendee(.init(13))
      $0.cursor = 7
    }
    await store.send(.focusMoved(by: -5)) {
      $0.focus = .title
      $0.cursor = 6
    }
    // A whole lap ends where it started.
    await store.send(.focusMoved(by: 6))
  }

  @Test
  func focusBindingPutsCursorAtEndOfField() async {
    let store = makeStore(StandupForm.State(standup: standup))

    await store.send(.binding(.set(\.focus, .attendee(.init(12))))) {
      $0.focus = .attendee(.init(12))
      $0.cursor = 7
    }
    await store.send(.binding(.set(\.focus, .theme))) {
      $0.focus = .theme
      $0.cursor = 0
    }
  }

  @Test
  func typingEditsTheFocusedField() async {
    let store = makeStore(StandupForm.State(standup: standup))

    await store.send(.focusedTextChanged("Design review", cursor: 99)) {
      $0.standup.title = "Design review"
      $0.cursor = 13
    }
    await store.send(.focusedTextChanged("Design", cursor: -3)) {
      $0.standup.title = "Design"
      $0.cursor = 0
    }
    await store.send(.binding(.set(\.focus, .duration))) {
      $0.focus = .duration
    }
    // The stepper is not a text field: text goes nowhere.
    await store.send(.focusedTextChanged("x", cursor: 1))
  }

  @Test
  func typingATitleClearsTitleMissing() async {
    var state = StandupForm.State(standup: standup)
    state.standup.title = ""
    state.cursor = 0
    state.isTitleMissing = true
    let store = makeStore(state)

    await store.send(.focusedTextChanged("  ", cursor: 2)) {
      $0.standup.title = "  "
      $0.cursor = 2
    }
    await store.send(.focusedTextChanged("  D", cursor: 3)) {
      $0.standup.title = "  D"
      $0.cursor = 3
      $0.isTitleMissing = false
    }
  }

  @Test(arguments: ["", "   ", " \t\n "])
  func validateFlagsAndFocusesABlankTitle(title: String) {
    var state = StandupForm.State(focus: .attendee(.init(12)), standup: standup)
    state.standup.title = title
    var expected = state
    expected.isTitleMissing = true
    expected.focus = .title
    expected.cursor = 0

    #expect(state.validate() == nil)
    #expect(state == expected)
  }

  @Test
  func validateReturnsTheStandupToSave() {
    var state = StandupForm.State(focus: .attendee(.init(12)), standup: standup)
    state.standup.title = "  Design review "
    state.standup.attendees[id: .init(UUID(11))]?.name = " "
    let before = state

    var saved = standup
    saved.title = "Design review"
    saved.attendees.remove(id: .init(UUID(11)))
    #expect(state.validate() == saved)
    // Nothing to flag: the form is left as it was.
    #expect(state == before)
  }

  @Test
  func durationIsClampedToFiveThroughThirtyMinutes() async {
    let store = makeStore(StandupForm.State(standup: standup))

    await store.send(.durationStepped(by: -1))
    await store.send(.durationStepped(by: 1)) {
      $0.standup.duration = .seconds(6 * 60)
    }
    await store.send(.durationStepped(by: 30)) {
      $0.standup.duration = .seconds(30 * 60)
    }
    await store.send(.durationStepped(by: 1))
    await store.send(.durationStepped(by: -100)) {
      $0.standup.duration = .seconds(5 * 60)
    }
  }

  /// A length outside the form's range (a file may hold 1…1440 minutes)
  /// only moves the way the key says: closer to the range, never past it.
  @Test(arguments: [(60, 1, 60), (60, -1, 30), (1, -1, 1), (1, 1, 5), (45, -100, 5)])
  func aLengthOutsideTheRangeStepsOnlyTheWayPressed(minutes: Int, step: Int, after: Int) async {
    var long = standup
    long.duration = .seconds(minutes * 60)
    let store = makeStore(StandupForm.State(standup: long))
    if after == minutes {
      await store.send(.durationStepped(by: step))
    } else {
      await store.send(.durationStepped(by: step)) {
        $0.standup.duration = .seconds(after * 60)
      }
    }
  }

  @Test
  func themeSteppingWraps() async {
    let store = makeStore(StandupForm.State(standup: standup))

    await store.send(.themeStepped(by: -1)) {
      $0.standup.theme = .yellow
    }
    await store.send(.themeStepped(by: 1)) {
      $0.standup.theme = .bubblegum
    }
    await store.send(.themeStepped(by: 3)) {
      $0.standup.theme = .lavender
    }
    await store.send(.themeStepped(by: 16))
    await store.send(.themeStepped(by: -24)) {
      $0.standup.theme = .seafoam
    }
  }

  @Test
  func changesAreWhatASaveWouldChange() {
    withDependencies {
      $0.uuid = .incrementing
    } operation: {
      var form = StandupForm.State(standup: standup)
      #expect(!form.hasChanges)
      // Spaces around the title and a blank attendee row are not saved.
      form.standup.title = "  Design "
      form.standup.attendees.append(Attendee(id: .init(UUID(14))))
      #expect(!form.hasChanges)
      // Nor are spaces around a name.
      let first = form.standup.attendees[0].id
      let name = form.standup.attendees[0].name
      form.standup.attendees[id: first]?.name = " \(name)  "
      #expect(!form.hasChanges)
      #expect(form.standup.validated(newAttendeeID: { UUID(99) })?.attendees[0].name == name)
      form.standup.attendees[id: .init(UUID(14))]?.name = "Ada"
      #expect(form.hasChanges)

      for change in [
        { (s: inout Standup) in s.title = "Design review" },
        { $0.duration = .seconds(11 * 60) },
        { $0.theme = .buttercup },
        { $0.attendees.remove(id: .init(UUID(12))) },
        { $0.attendees[id: .init(UUID(11))]?.name = "Blob I" },
      ] {
        var changed = StandupForm.State(standup: standup)
        change(&changed.standup)
        #expect(changed.hasChanges)
      }

      // The add sheet starts with a blank attendee row of its own: no change.
      var new = StandupForm.State(standup: Standup(id: .init(UUID(20))))
      #expect(new.standup.attendees.count == 1)
      #expect(!new.hasChanges)
      new.standup.title = "Retro"
      #expect(new.hasChanges)
    }
  }

  /// Lines pasted into an attendee: the focused one takes the first, each
  /// other line is a new attendee after it, in order; the last has the focus.
  @Test
  func pastedNamesBecomeAttendeesAfterTheFocusedOne() async {
    let store = makeStore(StandupForm.State(focus: .attendee(.init(11)), standup: standup))

    await store.send(.attendeesPasted("BlobAnn", cursor: 7, names: ["Bob", "Carl"])) {
      $0.standup.attendees = [
        Attendee(id: .init(UUID(11)), name: "BlobAnn"),
        Attendee(id: .init(UUID(0)), name: "Bob"),
        Attendee(id: .init(UUID(1)), name: "Carl"),
        Attendee(id: .init(UUID(12)), name: "Blob Jr"),
        Attendee(id: .init(UUID(13)), name: "Blob Sr"),
      ]
      $0.focus = .attendee(.init(1))
      $0.cursor = 4
    }
  }

  /// Outside an attendee (a title, a stepper) such a paste changes nothing.
  @Test
  func pastedNamesNeedAnAttendeeFocused() async {
    let store = makeStore(StandupForm.State(focus: .title, standup: standup))
    await store.send(.attendeesPasted("Ann", cursor: 3, names: ["Bob"]))
  }
}
