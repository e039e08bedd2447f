import Testing

@testable import Composable

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

  @Test func thePresentedValueIsLookedAtWhereItIs() {
    var parent = Parent(child: .text("a"))
    #expect(parent.$child.withPresented { value -> String in "\(value)" } == "text(\"a\")")
    parent.child = nil
    #expect(parent.$child.withPresented { _ in true } == nil)
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

/// The presented child changes its state where it lies: through the key path
/// of `\.$notes`, a copy of the presentation shared the state's storage and
/// every child action copied the whole child state.
struct PresentedStateInPlaceTests {
  struct Notes: Reducer {
    struct State: Equatable { var lines: [Int] }
    enum Action: Equatable { case add(Int) }
    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .add(let line): state.lines.append(line)
      }
      return .none
    }
  }

  struct Parent: Reducer {
    struct State: Equatable { @PresentationState var notes: Notes.State? }
    @CasePathable
    enum Action: Equatable { case notes(PresentationAction<Notes.Action>) }
    var body: some Reducer<State, Action> {
      EmptyReducer().ifLet(\.$notes, action: \.notes) { Notes() }
    }
  }

  @Test func aChildActionChangesTheChildsStateInPlace() {
    var lines: [Int] = []
    lines.reserveCapacity(16)
    var state = Parent.State(notes: Notes.State(lines: lines))
    lines = []
    let reducer = Parent()
    func linesAddress() -> UnsafePointer<Int>? {
      state.notes?.lines.withUnsafeBufferPointer { $0.baseAddress }
    }
    let before = linesAddress()
    for line in 1...3 {
      _ = reducer.reduce(into: &state, action: .notes(.presented(.add(line))))
    }
    #expect(state.notes?.lines == [1, 2, 3])
    // The same buffer: neither the lines nor the state holding them were copied.
    #expect(linesAddress() == before)
  }
}
