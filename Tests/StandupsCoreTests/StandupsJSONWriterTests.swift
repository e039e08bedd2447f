import Foundation
import Testing

@testable import StandupsCore

/// The data file is written byte for byte as `JSONEncoder` writes it, so
/// files written before and after read and diff the same.
struct StandupsJSONWriterTests {
  func expectSameBytes(
    _ standups: IdentifiedArrayOf<Standup>, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let written = try StandupsFormat.encode(standups)
    let encoded = try StandupsFormat.encodeWithJSONEncoder(standups)
    #expect(
      String(decoding: written, as: UTF8.self) == String(decoding: encoded, as: UTF8.self),
      sourceLocation: sourceLocation)
    #expect(written == encoded, sourceLocation: sourceLocation)
  }

  @Test func writesWhatJSONEncoderWrites() throws {
    var standups = awkwardStandups()
    var controls = ""
    for value in 0..<0x20 { controls.unicodeScalars.append(Unicode.Scalar(UInt8(value))) }
    standups[0].title += " \u{85} \(controls)"
    standups[1].meetings.append(
      Meeting(
        id: .init(UUID(95)), date: Date(timeIntervalSince1970: -0.5), transcript: controls))
    standups[2].attendees = []
    try expectSameBytes(standups)
    try expectSameBytes([])
    try expectSameBytes([Standup(id: .init(UUID(5)))])
  }

  @Test(arguments: [
    -2_208_988_800.0, -2_208_988_801.0, -62_135_596_800.0, -1.0, 0, 59.999, 86_399.5,
    951_868_800, 1_700_000_000.999, 4_102_444_800, 253_402_300_799.0, 253_402_300_800.0,
  ])
  func datesAsJSONEncoderWritesThem(seconds: Double) throws {
    var standup = Standup.mock
    standup.meetings = [
      Meeting(id: .init(UUID(1)), date: Date(timeIntervalSince1970: seconds), transcript: "")
    ]
    try expectSameBytes([standup])
  }

  /// Forty standups of up to six meetings, with random dates and transcripts.
  func randomStandups() -> IdentifiedArrayOf<Standup> {
    var generator = SystemRandomNumberGenerator()
    return IdentifiedArray(
      uniqueElements: (0..<40).map { index in
        var standup = Standup(id: .init(UUID()))
        standup.title = "Team \(index) \(String(repeating: "é/\"", count: index % 5))"
        standup.attendees = IdentifiedArray(
          uniqueElements: (0..<(index % 4)).map { Attendee(id: .init(UUID()), name: "A\($0)") })
        standup.meetings = IdentifiedArray(
          uniqueElements: (0..<(index % 7)).map { _ in
            Meeting(
              id: .init(UUID()),
              date: Date(timeIntervalSince1970: .random(in: 0...2_000_000_000, using: &generator)),
              transcript: String(
                repeating: "words\n", count: .random(in: 0...40, using: &generator)),
              attendees: Bool.random(using: &generator) ? nil : ["Ann", "Bob"])
          })
        return standup
      })
  }

  @Test func aLargeFileAsWell() throws {
    try expectSameBytes(randomStandups())
  }

  @Test func theBufferIsMadeLargeEnoughAtOnce() throws {
    let standups = randomStandups()
    let written = try StandupsFormat.encode(standups).count
    let estimate = StandupsJSONWriter.estimatedSize(of: standups)
    #expect(estimate >= written)
    #expect(estimate < written * 3 / 2)
  }

  @Test func meetingsTheFileNoLongerHoldsFailTheSave() {
    var standup = Standup.mock
    standup.storedMeetings = .unsaveable(standup.meetings)
    #expect(throws: (any Error).self) { try StandupsFormat.encode([standup]) }
  }
}
