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

  // MARK: - Folding

  @Test func foldingIgnoresCaseAndLatinAccents() {
    #expect(SearchFolding.folded("Hello, WORLD!") == "hello world")
    #expect(SearchFolding.folded("Éé ÀÖ Ñ ç") == "ee ao n c")
    #expect(SearchFolding.folded("Straße Œuvre œil Æsir æ") == "strasse oeuvre oeil aesir ae")
    #expect(SearchFolding.folded("Łódź Ğ ı İ Ĳ ŉ Ŋ ſ Þór ð Ø") == "lodz g i i ij n ng s thor d o")
    #expect(SearchFolding.folded("ª º ¹²³ a×b ÷") == "a o 123 a b")
    // Decomposed (NFD) text: the combining mark is dropped.
    #expect(SearchFolding.folded("Caf\u{65}\u{301}") == "cafe")
    // Punctuation, dashes, non-breaking and CJK spaces separate words.
    #expect(SearchFolding.folded("a—b\u{A0}c\u{3000}d’e") == "a b c d e")
    // Greek and Cyrillic capitals; other scripts and emoji stay as they are.
    #expect(SearchFolding.folded("ΣΟΦΟΣ ПРИВЕТ Ёж") == "σοφοσ привет ёж")
    #expect(SearchFolding.folded("日本 🚀") == "日本 🚀")
    #expect(SearchFolding.latin.count == 0x180 - 0xA0)
  }

  @Test func everyLatinLetterFoldsToASCII() {
    // Each letter of U+00C0…U+017F (× and ÷ aside) folds to lower-case ASCII.
    for value in 0xC0..<0x180 where value != 0xD7 && value != 0xF7 {
      let folded = SearchFolding.folded(String(Unicode.Scalar(UInt32(value))!))
      #expect(
        !folded.isEmpty && folded.utf8.allSatisfy { (0x61...0x7A).contains($0) },
        "U+\(String(value, radix: 16)) folds to \(folded)")
    }
  }

  @Test func queryWordsAreFoldedToo() {
    #expect(StandupsFilter(text: "  ÉNG  blob ").words == [Array("eng".utf8), Array("blob".utf8)])
    #expect(!StandupsFilter(text: " , ").isFiltering)
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

  // MARK: - The index

  @Test func theIndexIsBuiltOnlyOnceAFilterNeedsIt() {
    var state = StandupsList.State(standups: Self.all)
    #expect(state.search.entries == nil)
    state.standups[id: Self.design.id]?.title = "Design 2"
    #expect(state.search.entries == nil)
    state.filter.text = "design"
    #expect(state.search.entries?.map(\.id) == Self.all.ids.elements)
    #expect(state.visibleIDs == [Self.design.id])
  }

  @Test func theIndexFoldsEachDistinctWordOnce() {
    let standup = Standup(
      id: .init(UUID(7)), attendees: [Attendee(id: .init(UUID(8)), name: "Blob Blob")],
      meetings: [
        Meeting(
          id: .init(UUID(9)), date: Date(timeIntervalSince1970: 0), transcript: "blob, BLOB; Blöb")
      ],
      title: "Blob")
    let entry = StandupsSearch.entry(for: standup)
    #expect(entry.words == [0] + Array("blob".utf8) + [0])
    #expect(StandupsSearch.contains(entry.words, Array("lo".utf8)))
    #expect(!StandupsSearch.contains(entry.words, Array("blobblob".utf8)))
    #expect(!StandupsSearch.contains([0], Array("b".utf8)))
  }

  @Test func theIndexFollowsChangedStandupsAndReusesTheRest() {
    var state = StandupsList.State(standups: Self.all, filter: StandupsFilter(text: "launch"))
    #expect(state.visibleIDs == [Self.design.id, Self.marketing.id])
    let before = state.search.entries ?? []
    // Another program replaces the list (as `AppFeature+Sync` does): one
    // standup edited, one deleted, one added, the order changed.
    var edited = Self.product
    edited.meetings = [
      Meeting(id: .init(UUID(33)), date: Date(timeIntervalSince1970: 0), transcript: "Launch day")
    ]
    let added = Standup(id: .init(UUID(5)), title: "Launch party")
    state.standups = [Self.marketing, edited, Self.engineering, added]
    #expect(state.visibleIDs == [Self.marketing.id, edited.id, added.id])
    let after = state.search.entries ?? []
    #expect(after.map(\.id) == state.standups.ids.elements)
    // Unchanged standups kept their folded text (the same buffer).
    for id in [Self.marketing.id, Self.engineering.id] {
      let old = before.first { $0.id == id }!.words
      let new = after.first { $0.id == id }!.words
      #expect(
        old.withUnsafeBufferPointer { $0.baseAddress }
          == new.withUnsafeBufferPointer { $0.baseAddress })
    }
    #expect(after.first { $0.id == edited.id }!.words != before.first { $0.id == edited.id }!.words)
  }

  @Test func theIndexIsLeftOutOfEquality() {
    var a = StandupsList.State(standups: Self.all)
    let b = a
    a.filter.text = "x"
    a.filter.text = ""
    // `a` built its index, `b` did not: still equal, and a dump shows no index.
    #expect(a.search.entries != nil && b.search.entries == nil)
    #expect(a == b)
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
