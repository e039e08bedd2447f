import ComposableTesting
import ConcurrencyExtras
import Foundation
import Testing

@testable import StandupsCore

/// The list's filter line: typing narrows the cards (title, attendees,
/// transcripts; case- and accent-insensitive; every word required), the
/// highlight stays on a card it shows, Enter keeps it and Esc clears it; and
/// the index behind it follows every change to the standups.
@Suite(.reportsIssues)
@MainActor
struct StandupsFilterTests {
  static let engineering = Standup(
    id: .init(UUID(1)),
    attendees: [
      Attendee(id: .init(UUID(11)), name: "Blob"),
      Attendee(id: .init(UUID(12)), name: "Zoë Œuvre"),
    ],
    meetings: [
      Meeting(
        id: .init(UUID(13)), date: Date(timeIntervalSince1970: 0),
        transcript: "Reviewed the CAFÉ menu; Straße plans.")
    ],
    title: "Engineering")
  static let design = Standup(
    id: .init(UUID(2)), attendees: [Attendee(id: .init(UUID(21)), name: "Ada")],
    meetings: [
      Meeting(
        id: .init(UUID(23)), date: Date(timeIntervalSince1970: 0),
        transcript: "Sketches for the launch")
    ],
    title: "Design")
  static let product = Standup(
    id: .init(UUID(3)), attendees: [Attendee(id: .init(UUID(31)), name: "Łukasz")],
    title: "Product")
  static let marketing = Standup(
    id: .init(UUID(4)), attendees: [Attendee(id: .init(UUID(41)), name: "Ada")],
    meetings: [
      Meeting(
        id: .init(UUID(43)), date: Date(timeIntervalSince1970: 0),
        transcript: "Sync with engineering about the launch")
    ],
    title: "Marketing")
  static let all: IdentifiedArrayOf<Standup> = [engineering, design, product, marketing]

  func makeStore(
    _ state: StandupsList.State = StandupsList.State(standups: all)
  ) -> TestStore<StandupsList.State, StandupsList.Action> {
    TestStore(initialState: state) {
      StandupsList()
    } withDependencies: {
      $0.uuid = .incrementing
    }
  }

  /// `/`: the line opens and, the first time, the index it asks for arrives.
  func openFilter(_ store: TestStore<StandupsList.State, StandupsList.Action>) async {
    let indexed = store.state.search.isIndexed
    await store.send(.filterButtonTapped) { $0.filter.isEditing = true }
    if !indexed { await store.receive(.searchIndexBuilt(StandupsIndex(store.state.standups))) }
  }

  /// Types `text` into the open filter line one character at a time, as the
  /// keymap does. After each key the cards shown are those a plain search of
  /// the folded words finds, and the highlight stays on its card if shown,
  /// else goes to the first one shown.
  func type(
    _ text: String, into store: TestStore<StandupsList.State, StandupsList.Action>,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async {
    let sourceLocation = SourceLocation(
      fileID: "\(fileID)", filePath: "\(filePath)", line: Int(line), column: Int(column))
    for ch in text {
      let typed = store.state.filter.text + String(ch)
      let expected = Self.plainSearch(typed, in: store.state.standups)
      let selection = store.state.selection
      await store.send(
        .filterChanged(typed, cursor: typed.count),
        assert: {
          $0.filter.text = typed
          $0.filter.cursor = typed.count
          $0.selection = selection.map(expected.contains) == true ? selection : expected.first
        }, fileID: fileID, filePath: filePath, line: line, column: column)
      #expect(store.state.visibleIDs == expected, "\(typed)", sourceLocation: sourceLocation)
    }
  }

  /// What the filter should show, found the slow way: each query word is
  /// part of a folded word of the title, an attendee or a transcript.
  static func plainSearch(_ query: String, in standups: IdentifiedArrayOf<Standup>)
    -> [Standup.ID]
  {
    let queryWords = SearchFolding.folded(query).split(separator: " ")
    return standups.filter { standup in
      let text =
        ([standup.title] + standup.attendees.map(\.name) + standup.meetings.map(\.transcript))
        .joined(separator: " ")
      let words = SearchFolding.folded(text).split(separator: " ")
      return queryWords.allSatisfy { q in words.contains { $0.range(of: q) != nil } }
    }.map(\.id)
  }

  // MARK: - Typing

  @Test func typingNarrowsTheListByTitleAttendeesAndTranscripts() async {
    let store = makeStore()
    await openFilter(store)
    await type("eng", into: store)
    // "Engineering" by title, "Marketing" by its transcript.
    #expect(store.state.visibleIDs == [Self.engineering.id, Self.marketing.id])
    #expect(store.state.visibleCount == 2)
    await type(" ada", into: store)
    #expect(store.state.visibleIDs == [Self.marketing.id])
    // The highlight was on Engineering, which no longer shows: the first match.
    #expect(store.state.selection == Self.marketing.id)
  }

  @Test func typingMovesTheHighlightOnlyWhenItsCardIsFilteredOut() async {
    let store = makeStore(StandupsList.State(standups: Self.all, selection: Self.marketing.id))
    await openFilter(store)
    await store.send(.filterChanged("launch", cursor: 6)) {
      // Design and Marketing match; Marketing keeps the highlight.
      $0.filter.text = "launch"
      $0.filter.cursor = 6
    }
    #expect(store.state.visibleIDs == [Self.design.id, Self.marketing.id])
    await store.send(.filterChanged("sketch", cursor: 6)) {
      $0.filter.text = "sketch"
      $0.selection = Self.design.id
    }
  }

  @Test func severalWordsMustAllMatch() async {
    let store = makeStore()
    await openFilter(store)
    await store.send(.filterChanged("ada launch", cursor: 10)) {
      $0.filter.text = "ada launch"
      $0.filter.cursor = 10
      $0.selection = Self.design.id
    }
    #expect(store.state.visibleIDs == [Self.design.id, Self.marketing.id])
    await store.send(.filterChanged("ada launch sync", cursor: 15)) {
      $0.filter.text = "ada launch sync"
      $0.filter.cursor = 15
      $0.selection = Self.marketing.id
    }
    #expect(store.state.visibleIDs == [Self.marketing.id])
    // Word order does not matter; a word may be part of a longer one.
    await store.send(.filterChanged("YNC ketin", cursor: 9)) {
      $0.filter.text = "YNC ketin"
      $0.filter.cursor = 9
    }
    #expect(store.state.visibleIDs == [Self.marketing.id])
  }

  @Test func accentsAndCaseAreIgnoredBothWays() async {
    let store = makeStore()
    await openFilter(store)
    for (query, expected) in [
      ("cafe", [Self.engineering.id]),
      ("CAFÉ", [Self.engineering.id]),
      ("strasse", [Self.engineering.id]),
      ("STRASSE", [Self.engineering.id]),
      ("straße", [Self.engineering.id]),
      ("zoe oeuvre", [Self.engineering.id]),
      ("ZOË ŒUVRE", [Self.engineering.id]),
      ("lukasz", [Self.product.id]),
      ("ŁUKASZ", [Self.product.id]),
      ("Ënginéér", [Self.engineering.id, Self.marketing.id]),
    ] {
      let selection =
        expected.contains(store.state.selection!) ? store.state.selection : expected[0]
      await store.send(.filterChanged(query, cursor: query.count)) {
        $0.filter.text = query
        $0.filter.cursor = query.count
        $0.selection = selection
      }
      #expect(store.state.visibleIDs == expected, "\(query)")
    }
  }

  @Test func noMatchLeavesNothingHighlightedUntilSomethingMatchesAgain() async {
    let store = makeStore()
    await openFilter(store)
    await store.send(.filterChanged("xyz", cursor: 3)) {
      $0.filter.text = "xyz"
      $0.filter.cursor = 3
      $0.selection = nil
    }
    #expect(store.state.visibleCount == 0)
    #expect(store.state.visibleIDs.isEmpty)
    // Moving does nothing with nothing to move to.
    await store.send(.selectionMoved(by: 1))
    await store.send(.selectionMovedToLast)
    await store.send(.filterChanged("", cursor: 0)) {
      $0.filter.text = ""
      $0.filter.cursor = 0
      $0.selection = Self.engineering.id
    }
    #expect(store.state.visibleCount == 4)
  }

  // MARK: - Enter, Esc, reopening

  @Test func enterKeepsTheFilterAndSlashEditsItAgain() async {
    let store = makeStore()
    await openFilter(store)
    await type("ada", into: store)
    #expect(store.state.selection == Self.design.id)
    await store.send(.filterSubmitted) { $0.filter.isEditing = false }
    #expect(store.state.filter.isFiltering)
    #expect(store.state.visibleIDs == [Self.design.id, Self.marketing.id])
    // `/` reopens the line with the kept text, the cursor at its end.
    await store.send(.filterChanged("ada", cursor: 1)) { $0.filter.cursor = 1 }
    await store.send(.filterButtonTapped) {
      $0.filter.isEditing = true
      $0.filter.cursor = 3
    }
    await store.send(.filterSubmitted) { $0.filter.isEditing = false }
  }

  @Test func enterOnBlankTextKeepsNoFilter() async {
    let store = makeStore()
    await openFilter(store)
    await store.send(.filterChanged("  ", cursor: 2)) {
      $0.filter.text = "  "
      $0.filter.cursor = 2
    }
    #expect(store.state.visibleCount == 4)
    await store.send(.filterSubmitted) { $0.filter = StandupsFilter() }
  }

  @Test func escClearsTheFilterWhetherTypingOrKept() async {
    let store = makeStore()
    await openFilter(store)
    await type("mark", into: store)
    #expect(store.state.selection == Self.marketing.id)
    await store.send(.filterCleared) { $0.filter = StandupsFilter() }
    // The highlight stays where the filter left it.
    #expect(store.state.selection == Self.marketing.id)
    #expect(store.state.visibleCount == 4)

    await openFilter(store)
    await type("xyz", into: store)
    #expect(store.state.selection == nil)
    await store.send(.filterSubmitted) { $0.filter.isEditing = false }
    await store.send(.filterCleared) {
      $0.filter = StandupsFilter()
      $0.selection = Self.engineering.id
    }
  }

  // MARK: - Moving in the filtered list

  @Test func arrowsMoveAmongTheMatchesOnly() async {
    let store = makeStore()
    await openFilter(store)
    await store.send(.filterChanged("a", cursor: 1)) {
      // All four match (Engineering's "café", Product's "Łukasz").
      $0.filter.text = "a"
      $0.filter.cursor = 1
    }
    await store.send(.filterChanged("ad", cursor: 2)) {
      $0.filter.text = "ad"
      $0.filter.cursor = 2
      $0.selection = Self.design.id
    }
    #expect(store.state.visibleIDs == [Self.design.id, Self.marketing.id])
    await store.send(.selectionMoved(by: 1)) { $0.selection = Self.marketing.id }
    await store.send(.selectionMoved(by: 1))
    await store.send(.selectionMoved(by: -5)) { $0.selection = Self.design.id }
    await store.send(.selectionMovedToLast) { $0.selection = Self.marketing.id }
    await store.send(.selectionMovedToFirst) { $0.selection = Self.design.id }
    await store.send(.filterSubmitted) { $0.filter.isEditing = false }
    await store.send(.selectionMoved(by: 1)) { $0.selection = Self.marketing.id }
  }
}
