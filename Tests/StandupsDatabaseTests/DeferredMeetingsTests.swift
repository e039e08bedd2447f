import Foundation
import StandupsCore
import Testing

@testable import StandupsDatabase

/// The list's first frame needs no meetings: a start may leave them out and
/// read them when asked; they reach the app as a change it merges, and an
/// edit made before they arrive keeps both.
struct DeferredMeetingsTests {
  @Test func meetingsLeftOutAtStartArriveAsAChangeAndMergeWithAnEarlyEdit() async throws {
    let database = try TestDatabase()
    let alice = try await database.member()
    await alice.save(Fixtures.everything)
    await alice.close()

    let store = try await TeamStore.open(
      url: database.url, files: database.otherFiles("bob"), author: "bob@test",
      deferMeetings: true)
    let bob = await Member(store)
    #expect(bob.standups.map(\.id) == Fixtures.everything.map(\.id))
    let meetingsAtStart = bob.standups.reduce(0) { $0 + $1.meetings.count }
    let meetingsStored = Fixtures.everything.reduce(0) { $0 + $1.meetings.count }
    #expect(meetingsAtStart == 0)
    #expect(meetingsStored > 0)

    // An edit before the meetings are read: a title.
    let first = try #require(Fixtures.everything.first)
    await bob.edit { $0[id: first.id]?.title = "Renamed early" }

    store.readDeferredMeetings()
    var expected = Fixtures.everything
    expected[id: first.id]?.title = "Renamed early"
    let merged = await bob.handle(untilStandups: { $0 == expected })
    #expect(merged)
    await bob.flush()
    let stored = try await database.stored()
    #expect(stored.standups == expected)
    await bob.close()
  }
}
