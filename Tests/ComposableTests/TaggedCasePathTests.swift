import CasePaths
import Testing

@testable import Composable

/// A case key path as reducers keep it: whatever it has learned of the cases
/// it fails on, it extracts exactly what the key path does.
struct TaggedCasePathTests {
  @CasePathable
  enum Outer: Equatable {
    case inner(Inner)
    case count(Int)
    case other(Int)
    case empty
  }

  @CasePathable
  enum Inner: Equatable {
    case name(String)
    case flag(Bool)
  }

  let roots: [Outer] = [
    .other(1), .empty, .count(2), .inner(.flag(true)), .inner(.name("a")), .count(3), .other(4),
    .inner(.flag(false)), .empty, .inner(.name("b")), .count(5),
  ]

  /// Twice through every case: the second time, the path has seen each fail.
  func expectSameAsKeyPath<Value: Equatable>(_ keyPath: CaseKeyPath<Outer, Value>) {
    let tagged = TaggedCasePath(keyPath)
    let plain = AnyCasePath(keyPath)
    for root in roots + roots {
      #expect(tagged.extract(from: root) == plain.extract(from: root), "\(root)")
    }
  }

  @Test func aCaseOfItsOwnRoot() {
    expectSameAsKeyPath(\.count)
    expectSameAsKeyPath(\.inner)
    let path = TaggedCasePath(\Outer.Cases.count)
    #expect(path.learnsFromMisses)
    #expect(path.embed(6) == .count(6))
  }

  @Test func aPathThroughNestedCasesChecksTheInnerCaseEveryTime() {
    // Its outer case fails when the inner one does not match: that case must
    // not be turned away the next time.
    expectSameAsKeyPath(\.inner.name)
    expectSameAsKeyPath(\.inner.flag)
    #expect(!TaggedCasePath(\Outer.Cases.inner.name).learnsFromMisses)
    #expect(TaggedCasePath(\Outer.Cases.inner.name).embed("c") == .inner(.name("c")))
  }

  @Test func theIdentityPathTakesEveryCase() {
    expectSameAsKeyPath(\.self)
    #expect(!TaggedCasePath(\Outer.Cases.self).learnsFromMisses)
  }

  /// Only the next test makes paths of it: what a path learns is kept for
  /// the whole process, so a path another test had used would already know.
  @CasePathable
  enum Unmatched: Equatable {
    case count(Int)
    case other(Int)
    case empty
  }

  @Test func aMatchedCaseIsReadInPlaceWhenItsPayloadIsStoredInline() {
    let count = TaggedCasePath(\Unmatched.Cases.count)
    #expect(!count.readsInlinePayload)
    #expect(count.extract(from: .count(7)) == 7)
    #expect(count.readsInlinePayload)
    #expect(count.extract(from: .count(8)) == 8)
    #expect(count.extract(from: .other(9)) == nil)
    #expect(count.extract(from: .empty) == nil)

    let inner = TaggedCasePath(\Outer.Cases.inner)
    #expect(inner.extract(from: .inner(.name("a"))) == .name("a"))
    #expect(inner.readsInlinePayload)
    #expect(inner.extract(from: .inner(.flag(true))) == .flag(true))
    #expect(
      inner.extract(from: .inner(.name(String(repeating: "long ", count: 20))))
        == .name(String(repeating: "long ", count: 20)))
  }

  struct Nothing: Equatable {}
  enum NoAction: Equatable {}

  @CasePathable
  enum ZeroSized: Equatable {
    case nothing(Nothing)
    case never(NoAction)
    case count(Int)
  }

  /// A payload of no bytes (an empty state) reads as any other; one of no
  /// possible value (an action enum without cases, as a tab with nothing to
  /// do has) never matches. Release builds specialise the read for both: the
  /// compiler crashed on the second, which `make release` now builds.
  @Test func payloadsOfNoBytesAndOfNoValueAreRead() {
    let nothing = TaggedCasePath(\ZeroSized.Cases.nothing)
    #expect(nothing.extract(from: .nothing(Nothing())) == Nothing())
    #expect(nothing.extract(from: .nothing(Nothing())) == Nothing())
    #expect(nothing.extract(from: .count(1)) == nil)
    let never = TaggedCasePath(\ZeroSized.Cases.never)
    #expect(never.extract(from: .count(1)) == nil)
    #expect(never.extract(from: .nothing(Nothing())) == nil)
  }

  final class Box: Sendable {
    let value: Int
    init(_ value: Int) { self.value = value }
  }

  /// Two payloads of references: the enum's tag lives in their spare bits.
  @CasePathable
  enum References {
    case box(Box)
    case text(String)
    case boxes([Box])
    case pair(Int, String)
    case labelled(value: Int)
    indirect case nested(References)
    case none
  }

  @Test func payloadsThatShareTheirBitsWithTheTag() {
    let boxPath = TaggedCasePath(\References.Cases.box)
    let textPath = TaggedCasePath(\References.Cases.text)
    let boxesPath = TaggedCasePath(\References.Cases.boxes)
    let box = Box(1)
    let roots: [References] = [
      .box(box), .text("a"), .boxes([box, Box(2)]), .none, .text(String(repeating: "é", count: 40)),
      .box(Box(3)),
    ]
    for root in roots + roots {
      switch root {
      case .box(let expected): #expect(boxPath.extract(from: root) === expected)
      case .text(let expected): #expect(textPath.extract(from: root) == expected)
      case .boxes(let expected):
        #expect(boxesPath.extract(from: root)?.map(\.value) == expected.map(\.value))
      default: #expect(boxPath.extract(from: root) == nil)
      }
    }
    #expect(boxPath.readsInlinePayload && textPath.readsInlinePayload)
    #expect(boxesPath.readsInlinePayload)
  }

  /// Payloads that are all references: the tag is kept in the pointers' spare bits.
  @CasePathable
  enum Pointers {
    case first(Box)
    case second(Box)
    case third(Box)
    case none
  }

  @Test func payloadsWhoseSpareBitsHoldTheTag() {
    #expect(MemoryLayout<Pointers>.size == MemoryLayout<Box>.size)
    let second = TaggedCasePath(\Pointers.Cases.second)
    let third = TaggedCasePath(\Pointers.Cases.third)
    let boxes = (0..<4).map(Box.init)
    let roots: [Pointers] = [
      .first(boxes[0]), .second(boxes[1]), .third(boxes[2]), .none, .second(boxes[3]),
    ]
    for root in roots + roots {
      switch root {
      case .second(let box): #expect(second.extract(from: root) === box)
      case .third(let box): #expect(third.extract(from: root) === box)
      default: #expect(second.extract(from: root) == nil && third.extract(from: root) == nil)
      }
    }
    #expect(second.readsInlinePayload && third.readsInlinePayload)
  }

  @Test func aLearnedCaseIsEmbeddedAndChangedInPlace() {
    let second = TaggedCasePath(\Pointers.Cases.second)
    let box = Box(7)
    _ = second.extract(from: .second(box))
    #expect(second.readsInlinePayload)
    guard case .second(let embedded) = second.embed(Box(8)) else {
      Issue.record("not the second case")
      return
    }
    #expect(embedded.value == 8)

    var root = Pointers.second(box)
    let seen = second.modify(&root) { (payload: inout Box) -> Int in
      defer { payload = Box(9) }
      return payload.value
    }
    #expect(seen == 7)
    guard case .second(let changed) = root else {
      Issue.record("not the second case")
      return
    }
    #expect(changed.value == 9)
    var other = Pointers.first(box)
    #expect(second.modify(&other) { _ in 0 } == nil)
    guard case .first(let untouched) = other else {
      Issue.record("not the first case")
      return
    }
    #expect(untouched === box)
  }

  @Test func changingInPlaceCopiesNothing() {
    let path = TaggedCasePath(\References.Cases.boxes)
    var boxes = [Box(1)]
    boxes.reserveCapacity(8)
    var root = References.boxes(boxes)
    boxes = []
    _ = path.extract(from: root)
    #expect(path.readsInlinePayload)
    func address() -> UnsafePointer<Box>? {
      guard case .boxes(let boxes) = root else { return nil }
      return boxes.withUnsafeBufferPointer { $0.baseAddress }
    }
    let before = address()
    for value in 2...4 { _ = path.modify(&root) { $0.append(Box(value)) } }
    // Appended where the array was: it stayed uniquely referenced.
    #expect(address() == before)
    #expect(path.extract(from: root)?.map(\.value) == [1, 2, 3, 4])
  }

  @Test func readingInPlaceKeepsTheReferenceCountRight() {
    let path = TaggedCasePath(\References.Cases.box)
    var root = References.box(Box(1))
    _ = path.extract(from: root)
    for _ in 0..<3 {
      let extracted = path.extract(from: root)
      #expect(extracted?.value == 1)
    }
    #expect(path.readsInlinePayload)
    guard case .box(var box) = root else {
      Issue.record("not a box")
      return
    }
    root = .none
    // The enum and the extractions have let go: only `box` holds it.
    #expect(isKnownUniquelyReferenced(&box))
  }

  @Test func tuplesLabelsAndIndirectCases() {
    let pair = TaggedCasePath(\References.Cases.pair)
    for _ in 0..<2 {
      let value = pair.extract(from: .pair(1, "one"))
      #expect(value?.0 == 1 && value?.1 == "one")
      #expect(pair.extract(from: .text("one")) == nil)
    }

    let labelled = TaggedCasePath(\References.Cases.labelled)
    for value in [4, 5] { #expect(labelled.extract(from: .labelled(value: value)) == value) }

    // Boxed: read through the case path every time.
    let nested = TaggedCasePath(\References.Cases.nested)
    for text in ["x", "y"] {
      guard case .text(let inner)? = nested.extract(from: .nested(.text(text))) else {
        Issue.record("no payload")
        return
      }
      #expect(inner == text)
    }
    #expect(!nested.readsInlinePayload)
  }

  @CasePathable
  enum Generic<Payload: Sendable & Equatable>: Equatable {
    case payload(Payload)
    case nothing
  }

  @Test func genericEnums() {
    let strings = TaggedCasePath(\Generic<String>.Cases.payload)
    let ints = TaggedCasePath(\Generic<Int>.Cases.payload)
    for _ in 0..<2 {
      #expect(strings.extract(from: .payload("s")) == "s")
      #expect(strings.extract(from: .nothing) == nil)
      #expect(ints.extract(from: .payload(3)) == 3)
    }
    #expect(strings.readsInlinePayload && ints.readsInlinePayload)
  }

  /// A body built again makes its paths again: what one learned is kept
  /// for the next, the same path made anew.
  @CasePathable
  enum Fresh: Equatable {
    case first(Int)
    case second(String)
  }

  @Test func aPathMadeAgainKeepsWhatItLearned() {
    func makePath() -> TaggedCasePath<Fresh, String> { TaggedCasePath(\Fresh.Cases.second) }
    #expect(makePath().extract(from: .second("a")) == "a")
    let again = makePath()
    #expect(again.readsInlinePayload)
    #expect(again.extract(from: .second("b")) == "b")
    #expect(again.extract(from: .first(1)) == nil)
  }

  @Test func optionalRoots() {
    let tagged = TaggedCasePath(\Int?.Cases.some)
    for root: Int? in [nil, 1, nil, 2] {
      #expect(tagged.extract(from: root) == root)
    }
  }
}
