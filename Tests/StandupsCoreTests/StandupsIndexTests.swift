import ComposableTesting
import Foundation
import Testing

@testable import StandupsCore

/// The filter's index is asked for when the filter opens (a session that
/// never filters keeps none), so that the first key typed finds it ready; an
/// index made from standups that changed meanwhile is brought up to date as
/// it is taken.
@Suite(.reportsIssues)
@MainActor
struct StandupsIndexTests {
  typealias Fixtures = StandupsFilterTests

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

  @Test func openingTheFilterAsksForTheIndexAndTheFirstKeyFindsItReady() async {
    let store = makeAppStore(
      AppFeature.State(standupsList: StandupsList.State(standups: Fixtures.all)))
    // The launch makes none.
    await store.send(.onLaunch)
    await store.finish()
    #expect(!store.state.standupsList.search.isIndexed)
    await store.send(.standupsList(.filterButtonTapped)) {
      $0.standupsList.filter.isEditing = true
    }
    await store.receive(.standupsList(.searchIndexBuilt(StandupsIndex(Fixtures.all))))
    #expect(store.state.standupsList.search.isIndexed)
    // The filter's first key searches the index it was given.
    await store.send(.standupsList(.filterChanged("l", cursor: 1))) {
      $0.standupsList.filter.text = "l"
      $0.standupsList.filter.cursor = 1
    }
    #expect(
      store.state.standupsList.visibleIDs == [
        Fixtures.engineering.id, Fixtures.design.id, Fixtures.product.id, Fixtures.marketing.id,
      ])
    await store.send(.standupsList(.filterChanged("la", cursor: 2))) {
      $0.standupsList.filter.text = "la"
      $0.standupsList.filter.cursor = 2
    }
    #expect(
      store.state.standupsList.visibleIDs == [
        Fixtures.engineering.id, Fixtures.design.id, Fixtures.marketing.id,
      ])
    await store.finish()
  }

  @Test func openingTheFilterWithTheIndexMadeAsksForNone() async {
    // `--open '/?filter=…'`: the kept filter made the index as the state was made.
    let list = StandupsList.State(standups: Fixtures.all, filter: StandupsFilter(text: "launch"))
    #expect(list.search.isIndexed)
    let store = makeAppStore(AppFeature.State(standupsList: list))
    await store.send(.onLaunch)
    await store.send(.standupsList(.filterButtonTapped)) {
      $0.standupsList.filter.isEditing = true
      $0.standupsList.filter.cursor = 6
    }
    await store.finish()
  }

  @Test func openingTheFilterAgainBeforeTheIndexArrivesTakesOneIndex() async {
    let clock = TestClock()
    let store = TestStore(initialState: StandupsList.State(standups: Fixtures.all)) {
      StandupsList()
    } withDependencies: {
      // Each index takes a second of the test clock to make (virtual time, moved
      // on by `advance` below; a cancelled one ends at once).
      $0.standupsIndexer = StandupsIndexer { standups in
        try? await clock.sleep(for: .seconds(1))
        return StandupsIndex(standups)
      }
    }
    await store.send(.filterButtonTapped) { $0.filter.isEditing = true }
    await store.send(.filterCleared) { $0.filter = StandupsFilter() }
    await store.send(.filterButtonTapped) { $0.filter.isEditing = true }
    await clock.advance(by: .seconds(1))
    // The first was cancelled: one index arrives, and the test ends with no other.
    await store.receive(.searchIndexBuilt(StandupsIndex(Fixtures.all)))
    #expect(store.state.search.isIndexed)
    await store.finish()
  }

  @Test func anIndexOfStandupsChangedSinceIsBroughtUpToDate() {
    let index = StandupsIndex(Fixtures.all)
    var state = StandupsList.State(standups: Fixtures.all)
    // Changed between the launch and the index's arrival: renamed, one added.
    state.standups[id: Fixtures.design.id]?.title = "Roadmap"
    let added = Standup(id: .init(UUID(5)), title: "Offsite")
    state.standups.append(added)
    state.adoptIndex(index)
    #expect(state.search.entries?.map(\.id) == state.standups.ids.elements)
    state.filter.text = "roadmap"
    #expect(state.visibleIDs == [Fixtures.design.id])
    state.filter.text = "design"
    #expect(state.visibleIDs.isEmpty)
    state.filter.text = "offsite"
    #expect(state.visibleIDs == [added.id])
    // Unchanged standups kept the index's folded text (the same buffer).
    let entry = state.search.entries?.first { $0.id == Fixtures.engineering.id }
    #expect(
      entry?.words.withUnsafeBufferPointer { $0.baseAddress }
        == index.entries[0].words.withUnsafeBufferPointer { $0.baseAddress })
  }

  @Test func anIndexArrivingAfterTheFilterMadeOneIsLeftAside() {
    var state = StandupsList.State(standups: Fixtures.all)
    state.filter.text = "launch"
    let made = state.search.entries?.map(\.words) ?? []
    // An index of other standups: taken, it would show none of these.
    state.adoptIndex(StandupsIndex([Standup(id: .init(UUID(9)), title: "Other")]))
    #expect(state.search.entries?.map(\.words) == made)
    #expect(state.visibleIDs == [Fixtures.design.id, Fixtures.marketing.id])
  }

  @Test func theIndexIsFollowedStandupByStandupOnceMade() {
    var state = StandupsList.State(standups: Fixtures.all)
    state.adoptIndex(StandupsIndex(Fixtures.all))
    state.standups[id: Fixtures.product.id]?.title = "Launchpad"
    state.filter.text = "launch"
    #expect(
      state.visibleIDs == [Fixtures.design.id, Fixtures.product.id, Fixtures.marketing.id])
  }
}
