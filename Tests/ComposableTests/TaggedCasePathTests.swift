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

  @Test func optionalRoots() {
    let tagged = TaggedCasePath(\Int?.Cases.some)
    for root: Int? in [nil, 1, nil, 2] {
      #expect(tagged.extract(from: root) == root)
    }
  }
}
