import ComposableTesting
import ConcurrencyExtras
import Foundation
import StandupsCore
import Testing

/// Changes another program made to the data file, as `AppFeature` merges them:
/// the list, the screens above it, conflicts, and what goes back to the store.
@Suite(.reportsIssues)
@MainActor
struct SyncTests {
  /// One call of the store's `save`.
  struct Save: Equatable, Sendable, CustomStringConvertible {
    var standups: IdentifiedArrayOf<Standup>
    var revision: Int
    init(_ standups: IdentifiedArrayOf<Standup>, revision: Int) {
      self.standups = standups
      self.revision = revision
    }
    var description: String { "\(standups.map(\.title)) @\(revision)" }
  }

  nonisolated static let conflictCopy = "standups.conflict-x.json"

  let saves = LockIsolated<[Save]>([])
  let kept = LockIsolated<[IdentifiedArrayOf<Standup>]>([])
  /// The kept versions whose reopened sheets the user saved or cancelled,
  /// as the store heard.
  let reviewed = LockIsolated<[Standup]>([])
  let clock = TestClock()

  func makeStore(_ state: AppFeature.State) -> TestStoreOf<AppFeature> {
    TestStore(initialState: state) {
      AppFeature()
    } withDependencies: { [saves, kept, reviewed, clock] in
      $0.uuid = .incrementing
      $0.date.now = testNow
      $0.continuousClock = clock
      $0.standupsStore = StandupsStore(
        save: { standups, revision in
          saves.withValue { $0.append(Save(standups, revision: revision)) }
        },
        events: { AsyncStream { $0.finish() } },
        keepConflicts: { conflicts in
          kept.withValue { $0.append(conflicts) }
          return Self.conflictCopy
        },
        conflictReviewed: { mine in reviewed.withValue { $0.append(mine) } })
    }
  }

  /// Every save since the last call carried `standups` at `revision` (and
  /// there was at least one).
  func expectSaved(
    _ standups: IdentifiedArrayOf<Standup>, revision: Int,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let made = saves.withValue { saves in
      defer { saves.removeAll() }
      return saves
    }
    #expect(!made.isEmpty, "nothing was saved", sourceLocation: sourceLocation)
    #expect(
      made.allSatisfy { $0 == Save(standups, revision: revision) },
      "saved: \(made)", sourceLocation: sourceLocation)
  }

  // MARK: - 1. Added elsewhere

  @Test func standupAddedElsewhereAppearsAndTheMergeIsSavedWithTheNewRevision() async {
    let store = makeStore(AppFeature.State(standupsList: StandupsList.State(standups: [.mock])))
    let stored: IdentifiedArrayOf<Standup> = [.mock, .engineeringMock]

    await store.send(.persistence(.changedElsewhere(stored: stored, base: [.mock], revision: 1))) {
      $0.storeRevision = 1
      $0.standupsList.standups = stored
    }
    await store.finish()
    expectSaved(stored, revision: 1)
    #expect(kept.value.isEmpty)
  }

  @Test func aMergeEqualToWhatTheAppHadIsStillSavedWithTheEventsRevision() async {
    // The user renamed "Design" and the other program made the same change.
    var renamed = Standup.mock
    renamed.title = "Design Review"
    var initial = AppFeature.State(
      standupsList: StandupsList.State(standups: [renamed, .engineeringMock]))
    initial.storeRevision = 2
    let store = makeStore(initial)

    await store.send(
      .persistence(
        .changedElsewhere(
          stored: [renamed, .engineeringMock], base: [.mock, .engineeringMock], revision: 5))
    ) {
      $0.storeRevision = 5
    }
    await store.finish()
    // It tells the store the change was seen: the revision is the event's, not one more.
    expectSaved([renamed, .engineeringMock], revision: 5)

    // Later saves carry it too.
    await store.send(.standupsList(.selectionMoved(by: 1))) {
      $0.standupsList.selection = Standup.engineeringMock.id
    }
    await store.send(.standupsList(.deleteButtonTapped(Standup.engineeringMock.id))) {
      $0.standupsList.destination = .alert(
        AlertState(
          title: "Delete?", message: "Are you sure you want to delete “Engineering”?",
          buttons: [
            .destructive("Yes", action: .confirmDeletion(Standup.engineeringMock.id)),
            .cancel("Nevermind"),
          ]))
    }
    await store.send(
      .standupsList(
        .destination(.presented(.alert(.confirmDeletion(Standup.engineeringMock.id)))))
    ) {
      $0.standupsList.destination = nil
      $0.standupsList.standups = [renamed]
      $0.standupsList.selection = renamed.id
    }
    await store.finish()
    expectSaved([renamed], revision: 5)
  }

  // MARK: - 2. Changed elsewhere under an open detail

  @Test func changedElsewhereRefreshesTheOpenDetailAndKeepsTheEditDraft() async {
    var draft = Standup.mock
    draft.title = "My draft"
    draft.theme = .navy
    let form = StandupForm.State(focus: .title, standup: draft, original: .mock)
    var path = StackState<AppFeature.Path.State>()
    path.append(
      .detail(StandupDetail.State(destination: .edit(form), standup: .mock)), id: 0)
    let store = makeStore(
      AppFeature.State(
        path: path, standupsList: StandupsList.State(standups: [.mock, .engineeringMock])))

    var theirs = Standup.mock
    theirs.title = "Design Review"
    theirs.duration = .seconds(15 * 60)
    await store.send(
      .persistence(
        .changedElsewhere(
          stored: [theirs, .engineeringMock], base: [.mock, .engineeringMock], revision: 1))
    ) {
      $0.storeRevision = 1
      $0.standupsList.standups[id: theirs.id] = theirs
      // The screen shows what is stored; the sheet's draft and its original stay.
      $0.path[id: 0]?.modify(\.detail) { $0.standup = theirs }
    }
    // Saying that saving now keeps theirs and sets the user's aside.
    await store.receive(.notified(.changedWhileEditing(title: "Design Review")))
    await store.finish()
    expectSaved([theirs, .engineeringMock], revision: 1)
    guard case .detail(let detail) = store.state.path[id: 0] else {
      Issue.record("the detail closed")
      return
    }
    #expect(detail.destination == .edit(form))
  }

  @Test func changedElsewhereRefreshesAnOpenMeetingAndTheDetailBelow() async {
    let meetingID = Meeting.ID(UUID(7))
    var path = StackState<AppFeature.Path.State>()
    path.append(.detail(StandupDetail.State(standup: .mock, selection: meetingID)), id: 0)
    path.append(
      .meeting(MeetingDetail.State(meeting: Standup.mock.meetings[0], standup: .mock)), id: 1)
    let store = makeStore(
      AppFeature.State(path: path, standupsList: StandupsList.State(standups: [.mock])))

    var theirs = Standup.mock
    theirs.title = "Design Review"
    theirs.meetings[id: meetingID]?.transcript = "Blob: Corrected."
    await store.send(
      .persistence(.changedElsewhere(stored: [theirs], base: [.mock], revision: 1))
    ) {
      $0.storeRevision = 1
      $0.standupsList.standups = [theirs]
      $0.path[id: 0]?.modify(\.detail) { $0.standup = theirs }
      $0.path[id: 1]?.modify(\.meeting) {
        $0.standup = theirs
        $0.meeting = theirs.meetings[0]
      }
    }
    await store.finish()
    expectSaved([theirs], revision: 1)
  }

  @Test func meetingDeletedElsewhereClosesItsScreenSayingOnlyTheMeetingWent() async {
    let meetingID = Meeting.ID(UUID(7))
    var path = StackState<AppFeature.Path.State>()
    path.append(.detail(StandupDetail.State(standup: .mock, selection: meetingID)), id: 0)
    path.append(
      .meeting(MeetingDetail.State(meeting: Standup.mock.meetings[0], standup: .mock)), id: 1)
    let store = makeStore(
      AppFeature.State(path: path, standupsList: StandupsList.State(standups: [.mock])))

    let theirs = Standup.mock.with(meetings: [])
    await store.send(
      .persistence(.changedElsewhere(stored: [theirs], base: [.mock], revision: 1))
    ) {
      $0.storeRevision = 1
      $0.standupsList.standups = [theirs]
      $0.path[id: 0]?.modify(\.detail) {
        $0.standup = theirs
        $0.selection = nil
      }
      $0.path.pop(from: 1)
    }
    // "Design" is still there: only one of its meetings went, and the notice says so.
    await store.receive(.notified(.meetingDeletedElsewhere(title: "Design")))
    await store.finish()
    expectSaved([theirs], revision: 1)
  }
}
