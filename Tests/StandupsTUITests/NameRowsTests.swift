import Testing

@testable import StandupsTUI

/// Attendees packed into rows by name (`NameRows.packed`): a meeting's and a standup's.
struct NameRowsTests {
  @Test func packedNamesFillRowsAndCountTheRest() {
    let names = ["Ada", "Grace", "Linus", "Radia", "Dennis"]
    #expect(
      NameRows.packed(names, width: 40, limit: 3) == [
        "Ada, Grace, Linus, Radia, Dennis"
      ])
    #expect(
      NameRows.packed(names, width: 13, limit: 3) == [
        "Ada, Grace,", "Linus, Radia,", "Dennis",
      ])
    // "Linus, and 2 more" would not fit: the count takes the row.
    #expect(
      NameRows.packed(names, width: 13, limit: 2) == ["Ada, Grace,", "and 3 more"])
    #expect(
      NameRows.packed(names + ["Ken", "Barbara"], width: 18, limit: 2) == [
        "Ada, Grace, Linus,", "Radia, and 3 more",
      ])
    #expect(NameRows.packed([], width: 13, limit: 2).isEmpty)
    // Names that fit the last row whole are never counted instead: the room
    // kept for ", and 2 more" is not needed.
    #expect(
      NameRows.packed(["Dennis", "Barbara", "Ken"], width: 20, limit: 1) == [
        "Dennis, Barbara, Ken"
      ])
    // On the last row a name too long to go with the count is cut for it,
    // rather than the count standing alone.
    let long = ["Christopher Anderson", "Elizabeth Montgomery", "Al"]
    #expect(NameRows.packed(long, width: 24, limit: 1) == ["Christopher…, and 2 more"])
    #expect(NameRows.packed(long, width: 14, limit: 1) == ["and 3 more"])
  }
}
