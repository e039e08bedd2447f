import Dependencies
import Foundation
import StandupsCore
import Testing

/// Routes: every kind parses and prints back the same, resolves against the
/// data as the user would reach it by keys, and rejects what names nothing.
@MainActor
struct RouteTests {
  let standups: IdentifiedArrayOf<Standup> = [.mock, .engineeringMock, .productMock]

  @Test(arguments: [
    ("/", Route.list),
    ("/new", .new),
    ("/?delete=design", .deleteFromList("design")),
    ("/?delete=Team%20A%2FB", .deleteFromList("Team A/B")),
    ("/?filter=eng", .filteredList("eng")),
    ("/?filter=blob%20jr", .filteredList("blob jr")),
    ("/?filter=caf%C3%A9%2Fcr%C3%A8me", .filteredList("café/crème")),
    ("/?filter=", .filteredList("")),
    ("/design", .standup("design", .detail)),
    // A title that looks like the query is a title: its `?` prints encoded.
    ("/%3Fdelete%3Dx", .standup("?delete=x", .detail)),
    ("/design/edit", .standup("design", .edit)),
    ("/design/edit/attendees/3", .standup("design", .editAttendee(3))),
    ("/design/delete", .standup("design", .delete)),
    ("/design/record", .standup("design", .record)),
    ("/design/meetings/1", .standup("design", .meeting("1"))),
    ("/design/meetings/1/delete", .standup("design", .deleteMeeting("1"))),
    ("/Team%20A%2FB/record", .standup("Team A/B", .record)),
    // Printed for a shell, unquoted: nothing it would act on.
    ("/R%26D%3B%20%28ops%29%20%24x%20%2A/edit", .standup("R&D; (ops) $x *", .edit)),
    ("/?filter=a%26b%2Bc%27d", .filteredList("a&b+c'd")),
  ])
  func parsesAndPrintsEveryKind(text: String, route: Route) throws {
    #expect(try Route(parsing: text) == route)
    #expect(route.path == text)
    #expect(try Route(parsing: route.path) == route)
  }

  /// Text that is not a route is answered with the forms there are, not
  /// with the parser's diagnostics.
  @Test func notARouteListsTheForms() {
    let message = Route.notARoute("/design/record/extra")
    #expect(message.hasPrefix("'/design/record/extra' is not a route"))
    for form in Route.forms { #expect(message.contains(form.pattern)) }
    #expect(!message.contains("error:") && !message.contains("input:"))
  }

  @Test func acceptsSchemeMissingSlashAndTrailingSlash() throws {
    #expect(try Route(parsing: "standups:///design/edit") == .standup("design", .edit))
    #expect(try Route(parsing: "STANDUPS://design") == .standup("design", .detail))
    #expect(try Route(parsing: "design/record/") == .standup("design", .record))
    #expect(try Route(parsing: "") == .list)
  }

  @Test(arguments: [
    "/design/bogus", "/new/extra", "/design/edit/attendees/x", "/design/meetings/", "/design//edit",
    "/?delete=", "/?delete=design/edit", "/?filters=x", "/?filterx",
  ])
  func rejectsMalformedRoutes(text: String) {
    #expect(throws: (any Error).self) { try Route(parsing: text) }
  }

  @Test func resolvesStandupByIDPrefixPositionAndTitle() throws {
    let byID = try Route.standup(Standup.mock.id.uuidString, .detail).resolved(in: standups)
    let byPosition = try Route.standup("2", .detail).resolved(in: standups)
    let byTitle = try Route.standup("PRODUCT", .detail).resolved(in: standups)
    let byPrefix = try Route.standup("00000000-0000-0000-0000-00000000001", .detail).resolved(
      in: standups)
    #expect(detail(byID)?.standup.id == Standup.mock.id)
    #expect(detail(byPosition)?.standup.id == Standup.engineeringMock.id)
    #expect(detail(byTitle)?.standup.id == Standup.productMock.id)
    #expect(detail(byPrefix)?.standup.id == Standup.productMock.id)
    #expect(byTitle.standupsList.selection == Standup.productMock.id)
  }

  /// An id prefix of 8 digits names its standup where no position does;
  /// within 1…count the number is a position.
  @Test func aDigitOnlyIdPrefixPastTheEndNamesItsStandup() throws {
    var list = standups
    list.append(Standup(id: .init(UUID(uuidString: "11112222-0000-4000-8000-000000000000")!)))
    let byPrefix = try Route.standup("11112222", .detail).resolved(in: list)
    #expect(detail(byPrefix)?.standup.id == list.ids[3])
    let byPosition = try Route.standup("2", .detail).resolved(in: list)
    #expect(detail(byPosition)?.standup.id == list.ids[1])
  }

  @Test func ambiguousAndUnknownReferencesSayWhatDidNotMatch() {
    var twins = standups
    twins.append(Standup(id: .init(UUID(30)), title: "design"))
    #expect {
      try Route.standup("design", .detail).resolved(in: twins)
    } throws: { "\($0)".contains("ambiguous") && "\($0)".contains("2 standups") }
    // Under 8 digits a number past the end is a position, not an id prefix.
    #expect {
      try Route.standup("0000", .detail).resolved(in: standups)
    } throws: { "\($0)".contains("no standup at position 0") }
    // From 8, it may start ids: all three here.
    #expect {
      try Route.standup("00000000", .detail).resolved(in: standups)
    } throws: { "\($0)".contains("\"00000000\" is ambiguous: it starts the ids of") }
    #expect {
      try Route.standup("9", .detail).resolved(in: standups)
    } throws: { "\($0)".contains("no standup at position 9") }
    #expect {
      try Route.standup("nope", .detail).resolved(in: standups)
    } throws: { "\($0)".contains("no standup matches \"nope\"") }
    #expect {
      try Route.standup("1", .editAttendee(7)).resolved(in: standups)
    } throws: { "\($0)".contains("no attendee 7") }
    #expect {
      try Route.standup("1", .meeting("5")).resolved(in: standups)
    } throws: { "\($0)".contains("no meeting 5") }
  }

  /// Counts in words: no "position 1–0" or "0 meeting(s)".
  @Test func emptyListsAreSaidSo() {
    func message(_ route: Route, _ standups: IdentifiedArrayOf<Standup>) -> String? {
      do {
        _ = try route.resolved(in: standups)
        return nil
      } catch { return "\(error)" }
    }
    #expect(message(.standup("nope", .detail), []) == "no standup matches \"nope\": there are none")
    #expect(message(.standup("2", .detail), []) == "no standup at position 2: there are none")
    var one = standups
    one[id: one.ids[0]]?.meetings = []
    #expect(
      message(.standup("1", .meeting("1")), one)
        == "\"\(one[0].title)\" has no meetings; there is no meeting 1")
    #expect(
      message(.standup("1", .editAttendee(9)), one)
        == "\"\(one[0].title)\" has \(one[0].attendees.count) attendees; there is no attendee 9")
  }

  @Test func eachRouteBuildsTheStateTheUserWouldReach() throws {
    let new = try Route.new.resolved(in: standups)
    guard case .add(let form) = new.standupsList.destination else {
      Issue.record("no add sheet")
      return
    }
    #expect(form.standup.id == Standup.ID(UUID(99)))

    let edit = try Route.standup("1", .editAttendee(2)).resolved(in: standups)
    guard case .edit(let editForm) = detail(edit)?.destination else {
      Issue.record("no edit sheet")
      return
    }
    #expect(editForm.focus == .attendee(Standup.mock.attendees[1].id))

    let delete = try Route.standup("1", .delete).resolved(in: standups)
    guard case .alert(let alert) = detail(delete)?.destination else {
      Issue.record("no alert")
      return
    }
    #expect(alert.title == "Delete?")

    let deleteFromList = try Route.deleteFromList("engineering").resolved(in: standups)
    #expect(deleteFromList.path.isEmpty)
    #expect(deleteFromList.standupsList.selection == Standup.engineeringMock.id)
    guard case .alert(let listAlert) = deleteFromList.standupsList.destination else {
      Issue.record("no alert over the list")
      return
    }
    #expect(listAlert.buttons.first?.action == .confirmDeletion(Standup.engineeringMock.id))

    let record = try Route.standup("1", .record).resolved(in: standups)
    #expect(record.path.count == 2)
    guard case .record(let recording) = record.path.last else {
      Issue.record("no record screen")
      return
    }
    #expect(recording.standup.id == Standup.mock.id)

    let meeting = try Route.standup("1", .meeting("1")).resolved(in: standups)
    guard case .meeting(let shown) = meeting.path.last else {
      Issue.record("no meeting screen")
      return
    }
    #expect(shown.meeting.id == Standup.mock.meetings[0].id)

    // The detail, the meeting highlighted, asking before deleting it.
    let deleting = try Route.standup("1", .deleteMeeting("1")).resolved(in: standups)
    let id = Standup.mock.meetings[0].id
    #expect(
      deleting.path.last
        == .detail(
          StandupDetail.State(
            destination: .alert(.deleteMeeting(id)), standup: .mock, selection: id)))
  }

  @Test func aRawSlashInAFilterIsText() throws {
    #expect(try Route(parsing: "/?filter=a/b") == .filteredList("a/b"))
  }

  @Test func filteredListResolvesToTheListWithTheFilterKept() throws {
    let state = try Route.filteredList("ENG").resolved(in: standups)
    let list = state.standupsList
    #expect(state.path.isEmpty)
    #expect(list.destination == nil)
    #expect(list.filter == StandupsFilter(text: "ENG"))
    #expect(!list.filter.isEditing)
    #expect(list.visibleIDs.contains(Standup.engineeringMock.id))
    #expect(!list.visibleIDs.contains(Standup.productMock.id))
    #expect(list.selection == list.visibleIDs.first)
    // Nothing matches: the list, no highlight.
    let none = try Route.filteredList("zzz").resolved(in: standups).standupsList
    #expect(none.visibleCount == 0 && none.selection == nil)
    // No words: the plain list.
    #expect(try Route.filteredList(" ").resolved(in: standups) == Route.list.resolved(in: standups))
  }

  @Test func theListPrintsItsKeptOrTypedFilter() throws {
    var state = try Route.list.resolved(in: standups)
    state.standupsList.filter = StandupsFilter(text: "blob jr")
    #expect(Route(state: state).path == "/?filter=blob%20jr")
    state.standupsList.filter.isEditing = true
    #expect(Route(state: state) == .filteredList("blob jr"))
    // Spaces only filter nothing.
    state.standupsList.filter = StandupsFilter(text: "  ", isEditing: true)
    #expect(Route(state: state) == .list)
    // A standup opened from the filtered list: its own route, the same as
    // without the filter (a position counts the whole list).
    state.standupsList.filter = StandupsFilter(text: "product")
    state.path.append(.detail(StandupDetail.State(standup: .productMock)))
    let filtered = Route(state: state)
    state.standupsList.filter = StandupsFilter()
    #expect(filtered == Route(state: state))
    #expect(try Route.standup("3", .detail).resolved(in: standups).path.first == state.path.first)
  }

  /// The route printed for a state opens that same state again.
  @Test(arguments: [
    Route.list, .filteredList("eng"), .new, .deleteFromList("2"), .standup("1", .detail),
    .standup("1", .edit),
    .standup("1", .editAttendee(4)),
    .standup("1", .delete), .standup("1", .record), .standup("1", .meeting("1")),
    .standup("1", .deleteMeeting("1")),
  ])
  func printedRouteOfAStateReopensIt(route: Route) throws {
    let state = try route.resolved(in: standups)
    let printed = Route(state: state)
    let reopened = try Route(parsing: printed.path).resolved(in: standups)
    #expect(Route(state: reopened) == printed)
    #expect(detail(reopened)?.destination == detail(state)?.destination)
    #expect(detail(reopened)?.selection == detail(state)?.selection)
    #expect(reopened.path.count == state.path.count)
    #expect(detail(reopened)?.standup.id == detail(state)?.standup.id)
    #expect(reopened.standupsList.selection == state.standupsList.selection)
    #expect(reopened.standupsList.filter == state.standupsList.filter)
  }

  private func detail(_ state: AppFeature.State) -> StandupDetail.State? {
    guard let first = state.path.first, case .detail(let detail) = first else { return nil }
    return detail
  }
}

/// Off the main actor, so it runs beside the other suites.
struct RouteFuzzTests {
  @Test func randomStringsNeverCrashTheParser() {
    var generator = SeededGenerator(seed: 42)
    let alphabet = Array("/abcdefghijklmnopqrstuvwxyz0123456789-%:?#. \u{1B}\u{0}é漢🙂")
    var parsed = 0
    for _ in 0..<10_000 {
      let length = Int.random(in: 0..<24, using: &generator)
      let text = String((0..<length).map { _ in alphabet.randomElement(using: &generator)! })
      if let route = try? Route(parsing: text) {
        parsed += 1
        // Whatever parses must print to something that parses to the same route.
        #expect((try? Route(parsing: route.path)) == route)
      }
    }
    #expect(parsed > 0)
  }

}

/// A small deterministic generator (SplitMix64) for reproducible fuzzing.
struct SeededGenerator: RandomNumberGenerator {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

extension Route {
  /// Resolves with deterministic ids (a new form's blank attendee takes one).
  fileprivate func resolved(in standups: IdentifiedArrayOf<Standup>) throws -> AppFeature.State {
    try withDependencies {
      $0.uuid = .incrementing
    } operation: {
      try state(for: standups, newStandupID: { UUID(99) })
    }
  }
}
