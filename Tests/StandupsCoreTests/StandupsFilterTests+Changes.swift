import ComposableTesting
import ConcurrencyExtras
import Foundation
import Testing

@testable import StandupsCore

extension StandupsFilterTests {
  // MARK: - Standups changing while filtered

  @Test func deletingTheHighlightedMatchMovesToTheNextMatch() async {
    let store = makeStore(
      StandupsList.State(
        standups: Self.all, selection: Self.engineering.id, filter: StandupsFilter(text: "eng")))
    #expect(store.state.visibleIDs == [Self.engineering.id, Self.marketing.id])
    await store.send(.deleteButtonTapped(Self.engineering.id)) {
      $0.destination = .alert(.deleteStandup(Self.engineering))
    }
    await store.send(.destination(.presented(.alert(.confirmDeletion(Self.engineering.id))))) {
      $0.destination = nil
      $0.standups.remove(id: Self.engineering.id)
      // Design took its place but is filtered out: the next match.
      $0.selection = Self.marketing.id
    }
    #expect(store.state.visibleIDs == [Self.marketing.id])
    await store.send(.deleteButtonTapped(Self.marketing.id)) {
      $0.destination = .alert(.deleteStandup(Self.marketing))
    }
    await store.send(.destination(.presented(.alert(.confirmDeletion(Self.marketing.id))))) {
      $0.destination = nil
      $0.standups.remove(id: Self.marketing.id)
      $0.selection = nil
    }
    #expect(store.state.visibleCount == 0)
  }

  @Test func deletingTheLastMatchMovesToTheMatchAbove() async {
    var state = StandupsList.State(
      standups: Self.all, selection: Self.marketing.id, filter: StandupsFilter(text: "eng"))
    state.removeStandup(id: Self.marketing.id)
    #expect(state.selection == Self.engineering.id)
  }

  @Test func addingAStandupTheFilterHidesClearsTheFilter() async {
    let store = makeStore(
      StandupsList.State(
        standups: Self.all, selection: Self.engineering.id, filter: StandupsFilter(text: "eng")))
    await store.send(.addButtonTapped) {
      $0.destination = .add(
        StandupForm.State(
          standup: Standup(id: .init(UUID(0)), attendees: [Attendee(id: .init(UUID(1)))]),
          original: Standup(id: .init(UUID(0)))))
    }
    await store.send(.destination(.presented(.add(.focusedTextChanged("Ops", cursor: 3))))) {
      $0.destination.modify(\.add) {
        $0.standup.title = "Ops"
        $0.cursor = 3
      }
    }
    await store.send(.confirmAddButtonTapped) {
      $0.destination = nil
      $0.standups.append(
        Standup(id: .init(UUID(0)), attendees: [Attendee(id: .init(UUID(2)))], title: "Ops"))
      $0.filter = StandupsFilter()
      $0.selection = .init(UUID(0))
    }
    #expect(store.state.visibleCount == 5)
  }

  @Test func addingAStandupTheFilterShowsKeepsTheFilter() async {
    let store = makeStore(
      StandupsList.State(
        standups: Self.all, selection: Self.engineering.id, filter: StandupsFilter(text: "eng")))
    await store.send(.addButtonTapped) {
      $0.destination = .add(
        StandupForm.State(
          standup: Standup(id: .init(UUID(0)), attendees: [Attendee(id: .init(UUID(1)))]),
          original: Standup(id: .init(UUID(0)))))
    }
    await store.send(.destination(.presented(.add(.focusedTextChanged("Engine room", cursor: 11)))))
    {
      $0.destination.modify(\.add) {
        $0.standup.title = "Engine room"
        $0.cursor = 11
      }
    }
    await store.send(.confirmAddButtonTapped) {
      $0.destination = nil
      $0.standups.append(
        Standup(
          id: .init(UUID(0)), attendees: [Attendee(id: .init(UUID(2)))], title: "Engine room"))
      $0.selection = .init(UUID(0))
    }
    #expect(store.state.visibleIDs == [Self.engineering.id, Self.marketing.id, .init(UUID(0))])
  }

  @Test func loadingSamplesClearsAFilterKeptOverTheEmptyList() async {
    let store = makeStore(StandupsList.State(filter: StandupsFilter(text: "zzz")))
    await store.send(.loadSamplesButtonTapped) {
      $0.filter = StandupsFilter()
      $0.standups = SampleData.standups
      $0.selection = SampleData.standups.first?.id
    }
  }

  // MARK: - Through the app: changes made elsewhere

  func makeAppStore(_ state: AppFeature.State) -> TestStoreOf<AppFeature> {
    TestStore(initialState: state) {
      AppFeature()
    } withDependencies: {
      $0.uuid = .incrementing
      $0.date.now = testNow
      $0.standupsStore = StandupsStore(
        save: { _, _ in }, events: { AsyncStream { $0.finish() } }, keepConflicts: { _ in nil })
    }
  }

  @Test func aChangeElsewhereIsFilteredAndKeepsTheHighlightOnAMatch() async {
    let list = StandupsList.State(
      standups: Self.all, selection: Self.engineering.id, filter: StandupsFilter(text: "eng"))
    let store = makeAppStore(AppFeature.State(standupsList: list))
    // Elsewhere: Engineering deleted, Product renamed so that it matches.
    var renamed = Self.product
    renamed.title = "Engineering ops"
    let stored: IdentifiedArrayOf<Standup> = [Self.design, renamed, Self.marketing]
    await store.send(.persistence(.changedElsewhere(stored: stored, base: Self.all, revision: 1))) {
      $0.storeRevision = 1
      $0.standupsList.standups = stored
      // Design took Engineering's place but does not match: the next match.
      $0.standupsList.selection = renamed.id
    }
    #expect(store.state.standupsList.visibleIDs == [renamed.id, Self.marketing.id])
    await store.finish()
  }

  @Test func aChangeElsewhereThatLeavesNoMatchClearsTheHighlight() async {
    let list = StandupsList.State(
      standups: Self.all, selection: Self.product.id, filter: StandupsFilter(text: "lukasz"))
    let store = makeAppStore(AppFeature.State(standupsList: list))
    let stored: IdentifiedArrayOf<Standup> = [Self.engineering, Self.design, Self.marketing]
    await store.send(.persistence(.changedElsewhere(stored: stored, base: Self.all, revision: 1))) {
      $0.storeRevision = 1
      $0.standupsList.standups = stored
      $0.standupsList.selection = nil
    }
    await store.finish()
  }

  @Test func anEditOnTheDetailThatNoLongerMatchesMovesTheHighlight() async {
    let list = StandupsList.State(
      standups: Self.all, selection: Self.engineering.id, filter: StandupsFilter(text: "eng"))
    let store = makeAppStore(AppFeature.State(standupsList: list))
    await store.send(.standupsList(.standupTapped(Self.engineering.id)))
    await store.receive(.standupsList(.delegate(.openStandup(Self.engineering.id)))) {
      $0.path.append(.detail(StandupDetail.State(standup: Self.engineering)))
    }
    var renamed = Self.engineering
    renamed.title = "Platform"
    renamed.meetings = []
    await store.send(.path(.element(id: 0, action: .detail(.delegate(.standupUpdated(renamed)))))) {
      $0.standupsList.standups[id: renamed.id] = renamed
      $0.standupsList.selection = Self.marketing.id
    }
    // Back on the list, the filter still applies.
    await store.send(.path(.popFrom(id: 0))) { $0.path = StackState() }
    #expect(store.state.standupsList.visibleIDs == [Self.marketing.id])
    #expect(store.state.standupsList.filter.text == "eng")
  }
}
