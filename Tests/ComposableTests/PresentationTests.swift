import Composable
import ComposableTesting
import Testing

/// The usual shape: one optional destination enum holding an alert or a sheet.
struct Destination: Reducer {
  @CasePathable
  enum State: Equatable {
    case alert(AlertState<Action.Alert>)
    case child(Child.State)
  }

  @CasePathable
  enum Action: Equatable {
    case alert(Alert)
    case child(Child.Action)

    enum Alert: Equatable { case ok }
  }

  var body: some Reducer<State, Action> {
    Scope(state: \.child, action: \.child) { Child() }
  }
}

struct DestinationParent: Reducer {
  struct State: Equatable {
    @PresentationState var destination: Destination.State? = nil
    var confirmed = 0
  }

  @CasePathable
  enum Action: Equatable {
    case destination(PresentationAction<Destination.Action>)
    case showAlert
    case showChild
  }

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .showAlert:
        state.destination = .alert(
          AlertState(title: "Sure?", buttons: [.default("OK", action: .ok)]))
        return .none
      case .showChild:
        state.destination = .child(Child.State(id: 1))
        return .none
      case .destination(.presented(.alert(.ok))):
        state.confirmed += 1
        return .none
      case .destination:
        return .none
      }
    }
    .ifLet(\.$destination, action: \.destination) { Destination() }
  }
}

@MainActor
struct PresentationTests {
  let clock = EffectClock()

  func makeStore(_ state: SheetParent.State = SheetParent.State()) -> TestStore<
    SheetParent.State, SheetParent.Action
  > {
    TestStore(initialState: state) {
      SheetParent()
    } withDependencies: { [clock] in
      $0.continuousClock = clock
    }
  }

  @Test func counterInASheetDismissesItselfAtFive() async {
    let store = makeStore()
    await store.send(.present(id: 1, count: 3)) { $0.child = Child.State(id: 1, count: 3) }
    await store.send(.child(.presented(.increment))) { $0.child?.count = 4 }
    await store.send(.child(.presented(.increment))) { $0.child?.count = 5 }
    await store.receive(\.child.dismiss) {
      $0.child = nil
      $0.log = ["dismiss count=5"]
    }
    // The child's dismiss closed the sheet, not the feature under test.
    #expect(!store.isDismissed)
  }

  @Test func parentClosingTheSheetStopsTheChildTimer() async {
    let store = makeStore()
    await store.send(.present(id: 1)) { $0.child = Child.State(id: 1) }
    await store.send(.child(.presented(.startTimer)))
    await clock.advance(by: .seconds(1))
    await store.receive(\.child.presented.tick) { $0.child?.ticks = 1 }
    await store.send(.closeDirectly) { $0.child = nil }
    // A tick now would be an unreceived action (and an action for absent state).
    await clock.advance(by: .seconds(5), asleep: 0)
    // No `finish()` and no `skipInFlightEffects()`: nothing may still be running.
  }

  @Test func replacingThePresentedChildCancelsTheOldChildsEffects() async {
    let store = makeStore()
    await store.send(.present(id: 1)) { $0.child = Child.State(id: 1) }
    await store.send(.child(.presented(.startTimer)))
    await store.send(.present(id: 2)) { $0.child = Child.State(id: 2) }
    await clock.advance(by: .seconds(3), asleep: 0)
    // The new child's own timer works, and is scoped to it.
    await store.send(.child(.presented(.startTimer)))
    await clock.advance(by: .seconds(1))
    await store.receive(\.child.presented.tick) { $0.child?.ticks = 1 }
    await store.send(.child(.presented(.stopTimer)))
  }

  @Test func sameIdentityKeepsEffectsRunning() async {
    let store = makeStore()
    await store.send(.present(id: 1)) { $0.child = Child.State(id: 1) }
    await store.send(.child(.presented(.startTimer)))
    // Re-presenting the same id (a state update, not a new sheet) keeps the timer.
    await store.send(.present(id: 1, count: 2)) { $0.child?.count = 2 }
    await clock.advance(by: .seconds(1))
    await store.receive(\.child.presented.tick) { $0.child?.ticks = 1 }
    await store.send(.child(.dismiss)) {
      $0.child = nil
      $0.log = ["dismiss count=2"]
    }
  }

  @Test func dismissRunsTheParentThenClearsTheState() async {
    let store = makeStore(SheetParent.State(child: Child.State(id: 1, count: 3)))
    await store.send(.child(.dismiss)) {
      $0.child = nil
      // The parent still saw the child when it handled `.dismiss`.
      $0.log = ["dismiss count=3"]
    }
  }

  @Test func dismissWhenNothingIsPresentedIsReportedAndOnlyRunsTheParent() async {
    let store = makeStore()
    await withKnownIssue {
      await store.send(.child(.dismiss)) { $0.log = ["dismiss count=-1"] }
    } matching: {
      $0.mentions("destination state was absent")
    }
  }

  @Test func actionForADismissedChildIsReported() async {
    let store = makeStore()
    await withKnownIssue {
      await store.send(.child(.presented(.increment)))
    } matching: {
      $0.mentions("destination state was absent")
    }
    #expect(store.state.child == nil)
  }

  @Test func childClosingItselfFromAnEffect() async {
    let store = makeStore()
    await store.send(.present(id: 4)) { $0.child = Child.State(id: 4) }
    await store.send(.child(.presented(.closeTapped)))
    await store.receive(\.child.dismiss) {
      $0.child = nil
      $0.log = ["dismiss count=0"]
    }
  }

  @Test func childPresentedInTheInitialStateCanDismissItself() async {
    // A deep link builds the presented state up front; `dismiss()` must still work.
    let store = makeStore(SheetParent.State(child: Child.State(id: 1)))
    await store.send(.child(.presented(.closeTapped)))
    await store.receive(\.child.dismiss) {
      $0.child = nil
      $0.log = ["dismiss count=0"]
    }
  }

  @Test func cancelledChildEffectCannotDismissALaterPresentation() async {
    let store = Store(initialState: SheetParent.State(), reducer: SheetParent())
    store.send(.present(id: 1))
    // Closed by the parent in the same main-actor turn: the child's effect is
    // cancelled before it runs, yet still calls `dismiss()`.
    let closing = store.send(.child(.presented(.closeTapped)))
    store.send(.closeDirectly)
    await closing.finish()
    // The same child again (same identity): that stale dismissal must not close it.
    store.send(.present(id: 1))
    await Task.megaYield()
    #expect(store.state.child == Child.State(id: 1))
    #expect(store.state.log.isEmpty)
  }

  @Test func alertClearsItselfAndTheButtonActionReachesTheParent() async {
    let store = makeStore()
    await store.send(.deleteTapped) {
      $0.alert = AlertState(
        title: "Delete?",
        buttons: [
          .destructive("Delete", action: .confirmDelete), .cancel("Cancel", action: .cancelled),
        ])
    }
    await store.send(.alert(.presented(.confirmDelete))) {
      $0.alert = nil
      $0.log = ["alert confirmDelete shown=true"]
    }
  }

  @Test func alertCancelButtonAlsoClearsIt() async {
    let store = makeStore()
    await store.send(.deleteTapped) { $0.alert = Self.deleteAlert }
    await store.send(.alert(.presented(.cancelled))) {
      $0.alert = nil
      $0.log = ["alert cancelled shown=true"]
    }
    // Esc (a button without action) sends `.dismiss`.
    await store.send(.deleteTapped) { $0.alert = Self.deleteAlert }
    await store.send(.alert(.dismiss)) { $0.alert = nil }
  }

  @Test func alertReplacedByTheParentIsNotCleared() async {
    let store = makeStore()
    await store.send(.deleteTapped) { $0.alert = Self.deleteAlert }
    await store.send(.alert(.presented(.again))) {
      $0.alert = AlertState(title: "Again")
      $0.log = ["alert again shown=true"]
    }
  }

  @Test func alertAndDialogAlwaysOfferAWayOut() {
    let alert = AlertState<SheetParent.Action.Alert>(title: "Saved")
    #expect(alert.buttons == [.cancel("OK")])
    #expect(alert.cancelButton == .cancel("OK"))
    let dialog = ConfirmationDialogState<SheetParent.Action.Alert>(
      title: "Pick", buttons: [.default("One", action: .confirmDelete)])
    #expect(dialog.buttons == [.default("One", action: .confirmDelete), .cancel("Cancel")])
    #expect(dialog.cancelButton == .cancel("Cancel"))
    // Two alerts are distinct presentations even when they look the same.
    #expect(alert.id != AlertState<SheetParent.Action.Alert>(title: "Saved").id)
  }

  @Test func alertInADestinationEnumClearsItself() async {
    let store = TestStore(initialState: DestinationParent.State()) { DestinationParent() }
    await store.send(.showAlert) {
      $0.destination = .alert(AlertState(title: "Sure?", buttons: [.default("OK", action: .ok)]))
    }
    await store.send(.destination(.presented(.alert(.ok)))) {
      $0.destination = nil
      $0.confirmed = 1
    }
  }

  @Test func childInADestinationEnumDismissesItself() async {
    let store = TestStore(initialState: DestinationParent.State()) { DestinationParent() }
    await store.send(.showAlert) {
      $0.destination = .alert(AlertState(title: "Sure?", buttons: [.default("OK", action: .ok)]))
    }
    // Another case is another presentation.
    await store.send(.showChild) { $0.destination = .child(Child.State(id: 1)) }
    await store.send(.destination(.presented(.child(.closeTapped))))
    await store.receive(\.destination.dismiss) { $0.destination = nil }
  }

  @Test func childActionWhileTheEnumHoldsTheAlertIsReported() async {
    let store = TestStore(initialState: DestinationParent.State()) { DestinationParent() }
    await store.send(.showAlert) {
      $0.destination = .alert(AlertState(title: "Sure?", buttons: [.default("OK", action: .ok)]))
    }
    await withKnownIssue {
      // Reported; the alert stays, as only its own buttons close it.
      await store.send(.destination(.presented(.child(.increment))))
    } matching: {
      $0.mentions("child state was in another case")
    }
  }

  static let deleteAlert = AlertState<SheetParent.Action.Alert>(
    title: "Delete?",
    buttons: [
      .destructive("Delete", action: .confirmDelete), .cancel("Cancel", action: .cancelled),
    ]
  )
}
