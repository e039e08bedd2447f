import StandupsCore
import Testing

/// A reducer with no stored properties builds its `body` once per type
/// (`Composable` keeps it); one that stores anything, a `@Dependency` for
/// one, builds it again for every action, case key paths and all (about
/// 200 k instructions an action on a standup's screen). Features read their
/// dependencies when an action runs instead.
struct FeatureBodyTests {
  @Test func everyFeatureKeepsNothing() {
    #expect(MemoryLayout<AppFeature>.size == 0)
    #expect(MemoryLayout<AppFeature.Path>.size == 0)
    #expect(MemoryLayout<StandupsList>.size == 0)
    #expect(MemoryLayout<StandupsList.Destination>.size == 0)
    #expect(MemoryLayout<StandupDetail>.size == 0)
    #expect(MemoryLayout<StandupDetail.Destination>.size == 0)
    #expect(MemoryLayout<StandupForm>.size == 0)
    #expect(MemoryLayout<RecordMeeting>.size == 0)
    #expect(MemoryLayout<MeetingDetail>.size == 0)
  }
}
