import ComposableTesting
import ConcurrencyExtras
import Foundation
import Testing

@testable import StandupsCore

extension StandupsFilterTests {
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
}
