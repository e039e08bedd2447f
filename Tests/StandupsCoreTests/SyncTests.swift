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
          title: "Delete?", message: "Are you sure you want to delete \"Engineering\"?",
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

  // MARK: - 3. Deleted elsewhere under an open detail

  /// The open standup deleted elsewhere, and where the list's highlight must
  /// go (as after a local delete).
  struct Deletion: Sendable, CustomTestStringConvertible {
    let testDescription: String
    let standups: IdentifiedArrayOf<Standup>
    let selection: Standup.ID?

    static let all = [
      Deletion(
        testDescription: "middle: the card taking its place",
        standups: [.engineeringMock, .mock, .productMock], selection: Standup.productMock.id),
      Deletion(
        testDescription: "last: the card above", standups: [.engineeringMock, .mock],
        selection: Standup.engineeringMock.id),
      Deletion(testDescription: "only: none", standups: [.mock], selection: nil),
    ]
  }

  @Test(arguments: Deletion.all)
  func deletedElsewhereClosesItsDetailAndMeeting(_ deletion: Deletion) async {
    var path = StackState<AppFeature.Path.State>()
    path.append(
      .detail(StandupDetail.State(standup: .mock, selection: Meeting.ID(UUID(7)))), id: 0)
    path.append(
      .meeting(MeetingDetail.State(meeting: Standup.mock.meetings[0], standup: .mock)), id: 1)
    let store = makeStore(
      AppFeature.State(
        path: path,
        standupsList: StandupsList.State(standups: deletion.standups, selection: Standup.mock.id)
      ))
    var stored = deletion.standups
    stored.remove(id: Standup.mock.id)

    await store.send(
      .persistence(.changedElsewhere(stored: stored, base: deletion.standups, revision: 1))
    ) {
      $0.storeRevision = 1
      $0.standupsList.standups = stored
      $0.standupsList.selection = deletion.selection
      $0.path = StackState()
    }
    await store.receive(.notified(.deletedElsewhere(title: "Design")))
    await store.finish()
    expectSaved(stored, revision: 1)

    // The same highlight as a delete made here.
    var local = StandupsList.State(standups: deletion.standups, selection: Standup.mock.id)
    local.removeStandup(id: Standup.mock.id)
    #expect(store.state.standupsList.selection == local.selection)
  }

  @Test func theHighlightFollowsTheCardsNotThePositionWhenOneIsAddedAbove() async {
    let before: IdentifiedArrayOf<Standup> = [.engineeringMock, .mock, .productMock]
    let store = makeStore(
      AppFeature.State(
        standupsList: StandupsList.State(standups: before, selection: Standup.mock.id)))
    // "Design" deleted elsewhere and a standup added at the top.
    let stored: IdentifiedArrayOf<Standup> = [.sixSeconds, .engineeringMock, .productMock]

    await store.send(
      .persistence(.changedElsewhere(stored: stored, base: before, revision: 1))
    ) {
      $0.storeRevision = 1
      $0.standupsList.standups = stored
      // The card that took its place, not whatever is now at its position.
      $0.standupsList.selection = Standup.productMock.id
    }
    await store.finish()
    expectSaved(stored, revision: 1)
  }

  @Test func deletedElsewhereLeavesTheScreensOfOtherStandups() async {
    var path = StackState<AppFeature.Path.State>()
    path.append(.detail(StandupDetail.State(standup: .engineeringMock)), id: 0)
    let store = makeStore(
      AppFeature.State(
        path: path,
        standupsList: StandupsList.State(
          standups: [.mock, .engineeringMock], selection: Standup.engineeringMock.id)))

    await store.send(
      .persistence(
        .changedElsewhere(
          stored: [.engineeringMock], base: [.mock, .engineeringMock], revision: 1))
    ) {
      $0.storeRevision = 1
      $0.standupsList.standups = [.engineeringMock]
    }
    // Nothing closed: nothing to tell.
    await store.finish()
    expectSaved([.engineeringMock], revision: 1)
  }

  // MARK: - 4. The list's delete alert

  @Test func theListsDeleteAlertClosesWhenItsStandupIsDeletedElsewhere() async {
    let store = makeStore(
      AppFeature.State(
        standupsList: StandupsList.State(
          standups: [.mock, .engineeringMock, .productMock],
          selection: Standup.engineeringMock.id)))
    let id = Standup.engineeringMock.id
    await store.send(.standupsList(.deleteButtonTapped(id))) {
      $0.standupsList.destination = .alert(
        AlertState(
          title: "Delete?", message: "Are you sure you want to delete \"Engineering\"?",
          buttons: [.destructive("Yes", action: .confirmDeletion(id)), .cancel("Nevermind")]))
    }

    await store.send(
      .persistence(
        .changedElsewhere(
          stored: [.mock, .productMock], base: [.mock, .engineeringMock, .productMock],
          revision: 1))
    ) {
      $0.storeRevision = 1
      $0.standupsList.destination = nil
      $0.standupsList.standups = [.mock, .productMock]
      $0.standupsList.selection = Standup.productMock.id
    }
    await store.receive(.notified(.deletedElsewhere(title: "Engineering")))
    await store.finish()
    expectSaved([.mock, .productMock], revision: 1)
  }

  @Test func theListsDeleteAlertOfAnotherStandupStays() async {
    let store = makeStore(
      AppFeature.State(standupsList: StandupsList.State(standups: [.mock, .engineeringMock])))
    let id = Standup.mock.id
    let alert = AlertState<StandupsList.Destination.Alert>(
      title: "Delete?", message: "Are you sure you want to delete \"Design\"?",
      buttons: [.destructive("Yes", action: .confirmDeletion(id)), .cancel("Nevermind")])
    await store.send(.standupsList(.deleteButtonTapped(id))) {
      $0.standupsList.destination = .alert(alert)
    }

    await store.send(
      .persistence(
        .changedElsewhere(stored: [.mock], base: [.mock, .engineeringMock], revision: 1))
    ) {
      $0.storeRevision = 1
      $0.standupsList.standups = [.mock]
    }
    await store.finish()
    expectSaved([.mock], revision: 1)
    #expect(store.state.standupsList.destination == .alert(alert))
  }

  // MARK: - 5. Conflict through the merge

  @Test func conflictKeepsTheStoredVersionAndOffersTheUsersInTheEditSheet() async {
    var mine = Standup.mock
    mine.title = "Mine"
    mine.theme = .navy
    var theirs = Standup.mock
    theirs.title = "Theirs"
    theirs.duration = .seconds(20 * 60)
    // Another standup's detail is open: reviewing replaces the screens.
    var path = StackState<AppFeature.Path.State>()
    path.append(.detail(StandupDetail.State(standup: .engineeringMock)), id: 0)
    let store = makeStore(
      AppFeature.State(
        path: path,
        standupsList: StandupsList.State(
          standups: [mine, .engineeringMock], selection: Standup.engineeringMock.id)))

    await store.send(
      .persistence(
        .changedElsewhere(
          stored: [theirs, .engineeringMock], base: [.mock, .engineeringMock], revision: 1))
    ) {
      $0.storeRevision = 1
      $0.standupsList.standups[id: mine.id] = theirs
      $0.conflict = mine
    }
    await store.receive(
      .notified(.conflict(titles: ["Theirs"], copy: Self.conflictCopy)))
    await store.finish()
    expectSaved([theirs, .engineeringMock], revision: 1)
    #expect(kept.value == [[mine]])

    await store.send(.reviewConflictTapped) {
      $0.conflict = nil
      $0.conflictUnderReview = mine
      $0.standupsList.selection = mine.id
      var draft = theirs
      draft.title = "Mine"
      draft.theme = .navy
      draft.duration = Standup.mock.duration
      $0.path.removeAll()
      $0.path.append(
        .detail(
          StandupDetail.State(
            destination: .edit(StandupForm.State(standup: draft, original: theirs)),
            standup: theirs)))
    }
    guard let detailID = store.state.path.ids.first else {
      Issue.record("no detail opened")
      return
    }

    // Saving the reviewed version is an edit of the stored one, no conflict.
    var saved = theirs
    saved.title = "Mine"
    saved.theme = .navy
    saved.duration = Standup.mock.duration
    #expect(reviewed.value.isEmpty, "kept until the sheet is saved or cancelled")
    await store.send(.path(.element(id: detailID, action: .detail(.doneEditingButtonTapped)))) {
      $0.path[id: detailID]?.modify(\.detail) {
        $0.destination = nil
        $0.standup = saved
      }
      $0.conflictUnderReview = nil
    }
    await store.receive(
      .path(.element(id: detailID, action: .detail(.delegate(.standupUpdated(saved)))))
    ) {
      $0.standupsList.standups[id: saved.id] = saved
    }
    await store.finish()
    expectSaved([saved, .engineeringMock], revision: 1)
    #expect(kept.value == [[mine]], "nothing more kept aside")
    #expect(reviewed.value == [mine], "the store stops keeping it for later sessions")
  }

  /// Edit beats delete: the kept version of a standup deleted since opens
  /// in the edit sheet, and saving it brings the standup back.
  @Test func aKeptVersionOfADeletedStandupComesBackWhenSaved() async {
    var mine = Standup.mock
    mine.title = "Mine"
    var theirs = Standup.mock
    theirs.title = "Theirs"
    let store = makeStore(
      AppFeature.State(standupsList: StandupsList.State(standups: [mine, .engineeringMock])))
    await store.send(
      .persistence(
        .changedElsewhere(
          stored: [theirs, .engineeringMock], base: [.mock, .engineeringMock], revision: 1))
    ) {
      $0.storeRevision = 1
      $0.standupsList.standups[id: mine.id] = theirs
      $0.conflict = mine
    }
    await store.receive(.notified(.conflict(titles: ["Theirs"], copy: Self.conflictCopy)))
    await store.finish()
    expectSaved([theirs, .engineeringMock], revision: 1)
    // Then deleted elsewhere before the user got to it.
    await store.send(
      .persistence(
        .changedElsewhere(
          stored: [.engineeringMock], base: [theirs, .engineeringMock], revision: 2))
    ) {
      $0.storeRevision = 2
      $0.standupsList.standups = [.engineeringMock]
      $0.standupsList.selection = Standup.engineeringMock.id
    }
    await store.send(.reviewConflictTapped) {
      $0.conflict = nil
      $0.conflictUnderReview = mine
      $0.path.append(
        .detail(
          StandupDetail.State(
            destination: .edit(StandupForm.State(standup: mine, original: mine)),
            standup: mine)))
    }
    await store.receive(.notified(.deletedWhileEditing(title: "Mine")))
    await store.finish()
    expectSaved([.engineeringMock], revision: 2)
    guard let detailID = store.state.path.ids.first else {
      Issue.record("no detail opened")
      return
    }
    await store.send(.path(.element(id: detailID, action: .detail(.doneEditingButtonTapped)))) {
      $0.path[id: detailID]?.modify(\.detail) { $0.destination = nil }
      $0.conflictUnderReview = nil
      $0.standupsList.standups.append(mine)
      $0.standupsList.selection = mine.id
    }
    await store.receive(.notified(.keptDespiteDeletion(title: "Mine")))
    await store.finish()
    expectSaved([.engineeringMock, mine], revision: 2)
    #expect(reviewed.value == [mine])
  }

  // MARK: - 6. Saving the edit sheet after a change elsewhere

  /// Detail of `.mock` open with its edit sheet (stack element 0).
  func openEditSheet(
    standups: IdentifiedArrayOf<Standup>
  ) async -> TestStoreOf<AppFeature> {
    var path = StackState<AppFeature.Path.State>()
    path.append(.detail(StandupDetail.State(standup: .mock)), id: 0)
    let store = makeStore(
      AppFeature.State(path: path, standupsList: StandupsList.State(standups: standups)))
    await store.send(.path(.element(id: 0, action: .detail(.editButtonTapped)))) {
      $0.path[id: 0]?.modify(\.detail) {
        $0.destination = .edit(StandupForm.State(standup: .mock))
      }
    }
    return store
  }

  func typeTitle(_ title: String, in store: TestStoreOf<AppFeature>) async {
    await store.send(
      .path(
        .element(
          id: 0,
          action: .detail(
            .destination(.presented(.edit(.focusedTextChanged(title, cursor: title.count))))))
      )
    ) {
      $0.path[id: 0]?.modify(\.detail) {
        $0.destination.modify(\.edit) {
          $0.standup.title = title
          $0.cursor = title.count
        }
      }
    }
  }

  @Test func editSheetSavedOverATitleChangedElsewhereIsAConflict() async {
    let store = await openEditSheet(standups: [.mock, .engineeringMock])
    var theirs = Standup.mock
    theirs.title = "Theirs"
    await store.send(
      .persistence(
        .changedElsewhere(
          stored: [theirs, .engineeringMock], base: [.mock, .engineeringMock], revision: 1))
    ) {
      $0.storeRevision = 1
      $0.standupsList.standups[id: theirs.id] = theirs
      $0.path[id: 0]?.modify(\.detail) { $0.standup = theirs }
    }
    await store.finish()
    expectSaved([theirs, .engineeringMock], revision: 1)

    await typeTitle("Mine", in: store)
    var mine = Standup.mock
    mine.title = "Mine"
    await store.send(.path(.element(id: 0, action: .detail(.doneEditingButtonTapped)))) {
      $0.path[id: 0]?.modify(\.detail) { $0.destination = nil }
    }
    await store.receive(.path(.element(id: 0, action: .detail(.delegate(.editConflicted(mine)))))) {
      $0.conflict = mine
    }
    await store.receive(.notified(.conflict(titles: ["Theirs"], copy: Self.conflictCopy)))
    await store.finish()
    // The stored title stays; nothing new to save; the user's version is kept aside.
    #expect(store.state.standupsList.standups[id: mine.id]?.title == "Theirs")
    #expect(saves.value.isEmpty, "saved: \(saves.value)")
    #expect(kept.value == [[mine]])
  }

  @Test func editSheetSavedOverAMeetingAddedElsewhereKeepsBoth() async {
    let store = await openEditSheet(standups: [.mock])
    let added = Meeting(
      id: .init(UUID(50)), date: Date(timeIntervalSince1970: 1_800_000_000), transcript: "New")
    var theirs = Standup.mock
    theirs.meetings.insert(added, at: 0)
    await store.send(
      .persistence(.changedElsewhere(stored: [theirs], base: [.mock], revision: 1))
    ) {
      $0.storeRevision = 1
      $0.standupsList.standups = [theirs]
      $0.path[id: 0]?.modify(\.detail) { $0.standup = theirs }
    }
    await store.finish()
    expectSaved([theirs], revision: 1)

    await typeTitle("Mine", in: store)
    var edited = theirs
    edited.title = "Mine"
    await store.send(.path(.element(id: 0, action: .detail(.doneEditingButtonTapped)))) {
      $0.path[id: 0]?.modify(\.detail) {
        $0.destination = nil
        $0.standup = edited
      }
    }
    await store.receive(
      .path(.element(id: 0, action: .detail(.delegate(.standupUpdated(edited)))))
    ) {
      $0.standupsList.standups = [edited]
    }
    await store.finish()
    #expect(edited.meetings.ids == [added.id, Meeting.ID(UUID(7))])
    expectSaved([edited], revision: 1)
    #expect(kept.value.isEmpty)
    #expect(store.state.conflict == nil)
  }

  @Test func editSheetSavedUntouchedAfterAChangeElsewhereKeepsThatChange() async {
    let store = await openEditSheet(standups: [.mock])
    var theirs = Standup.mock
    theirs.title = "Theirs"
    await store.send(
      .persistence(.changedElsewhere(stored: [theirs], base: [.mock], revision: 1))
    ) {
      $0.storeRevision = 1
      $0.standupsList.standups = [theirs]
      $0.path[id: 0]?.modify(\.detail) { $0.standup = theirs }
    }
    await store.finish()
    expectSaved([theirs], revision: 1)

    // The user changed nothing in the sheet: saving it is not an edit, and
    // must not put back the title the other program replaced.
    await store.send(.path(.element(id: 0, action: .detail(.doneEditingButtonTapped)))) {
      $0.path[id: 0]?.modify(\.detail) { $0.destination = nil }
    }
    await store.finish()
    #expect(store.state.standupsList.standups[id: theirs.id]?.title == "Theirs")
    #expect(saves.value.isEmpty, "saved: \(saves.value)")
    #expect(kept.value.isEmpty)
  }

  // MARK: - 7. Edit beats delete

  @Test func aStandupChangedHereAndDeletedElsewhereIsKept() async {
    var mine = Standup.mock
    mine.title = "Mine"
    let store = makeStore(
      AppFeature.State(
        standupsList: StandupsList.State(standups: [mine, .engineeringMock], selection: mine.id)))

    await store.send(
      .persistence(
        .changedElsewhere(
          stored: [.engineeringMock], base: [.mock, .engineeringMock], revision: 1))
    ) {
      $0.storeRevision = 1
    }
    await store.receive(.notified(.keptDespiteDeletion(title: "Mine")))
    await store.finish()
    expectSaved([mine, .engineeringMock], revision: 1)
    #expect(kept.value.isEmpty)
  }

  @Test func aStandupDeletedHereAndChangedElsewhereComesBack() async {
    var theirs = Standup.mock
    theirs.title = "Theirs"
    // Deleted here (not yet stored): the list's highlight already moved.
    let store = makeStore(
      AppFeature.State(standupsList: StandupsList.State(standups: [.engineeringMock])))

    await store.send(
      .persistence(
        .changedElsewhere(
          stored: [theirs, .engineeringMock], base: [.mock, .engineeringMock], revision: 1))
    ) {
      $0.storeRevision = 1
      $0.standupsList.standups = [theirs, .engineeringMock]
    }
    await store.receive(.notified(.keptDespiteDeletion(title: "Theirs")))
    await store.finish()
    expectSaved([theirs, .engineeringMock], revision: 1)
    #expect(store.state.standupsList.selection == Standup.engineeringMock.id)
  }

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
