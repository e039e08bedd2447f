import Composable
import IdentifiedCollections
import Testing

/// Where an element deleted by another writer goes back when it is kept:
/// after its neighbour, whatever came or went around them.
struct ListPlaceTests {
  struct Row: Identifiable, Equatable {
    let id: String
  }

  func rows(_ ids: String...) -> IdentifiedArrayOf<Row> {
    IdentifiedArray(uniqueElements: ids.map(Row.init))
  }

  @Test func aPlaceIsAfterTheNearestElementStillThere() {
    let before = rows("a", "b", "c", "d")
    #expect(before.place(of: "c", in: rows("a", "b", "d")) == .after("b"))
    // Its neighbour went too: the one before that.
    #expect(before.place(of: "c", in: rows("a", "d")) == .after("a"))
    #expect(before.place(of: "a", in: rows("b", "c", "d")) == .first)
    #expect(before.place(of: "z", in: rows("a")) == nil)
  }

  @Test func itGoesBackAfterItsNeighbourWhereverThatIsNow() {
    // Something new at the front: still after b, not at its old number.
    #expect(rows("new", "a", "b", "d").insertionIndex(for: .after("b")) == 3)
    #expect(rows("new", "a", "b", "d").insertionIndex(for: .first) == 0)
    // The neighbour gone since, or no place known: at the end.
    #expect(rows("a", "d").insertionIndex(for: .after("b")) == 2)
    #expect(rows("a", "d").insertionIndex(for: nil) == 2)
  }
}
