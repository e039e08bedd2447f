import Testing

@testable import StandupsTUI

/// A meeting's attendees packed into rows by name (`MeetingDetailScreen.packed`).
struct MeetingRosterTests {
  @Test func packedNamesFillRowsAndCountTheRest() {
    let names = ["Ada", "Grace", "Linus", "Radia", "Dennis"]
    #expect(
      MeetingDetailScreen.packed(names, width: 40, limit: 3) == [
        "Ada, Grace, Linus, Radia, Dennis"
      ])
    #expect(
      MeetingDetailScreen.packed(names, width: 13, limit: 3) == [
        "Ada, Grace,", "Linus, Radia,", "Dennis",
      ])
    // "Linus, and 2 more" would not fit: the count takes the row.
    #expect(
      MeetingDetailScreen.packed(names, width: 13, limit: 2) == ["Ada, Grace,", "and 3 more"])
    #expect(
      MeetingDetailScreen.packed(names + ["Ken"], width: 18, limit: 2) == [
        "Ada, Grace, Linus,", "Radia, and 2 more",
      ])
    #expect(MeetingDetailScreen.packed([], width: 13, limit: 2).isEmpty)
  }
}
