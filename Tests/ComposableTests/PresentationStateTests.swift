import Composable
import Testing

/// `PresentationState` as a value: case access, equality, self-presentation.
@MainActor
struct PresentationStateTests {
  @CasePathable
  enum Child: Equatable {
    case int(Int)
    case text(String)
  }

  struct Parent: Equatable {
    @PresentationState var child: Child?
  }

  @Test func caseSubscriptReadsAndEditsThePresentedCase() {
    var parent = Parent(child: .int(42))
    parent.$child[case: \.int]? += 1
    #expect(parent.child == .int(43))
    parent.$child[case: \.int] = nil
    #expect(parent.child == nil)
  }

  @Test func caseSubscriptRefusesAnotherCase() {
    var parent = Parent(child: .int(42))
    withKnownIssue {
      parent.$child[case: \.text]?.append("!")
    } matching: {
      $0.mentions("Can't modify unrelated case \"int\"")
    }
    withKnownIssue {
      parent.$child[case: \.text] = nil
    } matching: {
      $0.mentions("Can't modify unrelated case \"int\"")
    }
    #expect(parent.child == .int(42))
  }

  /// TCA's `testFastPathEquality` times a slow `==`; counting calls shows the
  /// same without a clock.
  @Test func copiesOfOneValueAreEqualWithoutComparingTheirContents() {
    final class Counter: @unchecked Sendable { var comparisons = 0 }
    struct Slow: Equatable {
      let counter: Counter
      static func == (l: Self, r: Self) -> Bool {
        l.counter.comparisons += 1
        return true
      }
    }
    let counter = Counter()
    let state = PresentationState(wrappedValue: Slow(counter: counter))
    let copy = state
    #expect(state == copy)
    #expect(counter.comparisons == 0)
    var edited = copy
    edited.wrappedValue = Slow(counter: counter)
    #expect(state == edited)
    #expect(counter.comparisons == 1)
  }

  @Test func aCopyIsIndependentOfTheOriginal() {
    var original = Parent(child: .int(1))
    let copy = original
    original.$child[case: \.int]? += 1
    #expect(original.child == .int(2))
    #expect(copy.child == .int(1))
  }
}
