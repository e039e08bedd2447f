import Foundation
import Testing

@testable import StandupsCore

/// A large data file is read in two halves on two threads; the result is
/// always what one reader going through it alone would give.
struct TailReaderTests {
  /// 1 000 standups with a few meetings each (newest first, as the app keeps
  /// them): well past `TailReader.minimumSize`.
  static let many: IdentifiedArrayOf<Standup> = IdentifiedArray(
    uniqueElements: (0..<1_000).map { n in
      Standup(
        id: Standup.ID(UUID(n * 100 + 1)),
        attendees: [Attendee(id: Attendee.ID(UUID(n * 100 + 2)), name: "Attendee \(n)")],
        meetings: IdentifiedArray(
          uniqueElements: (0..<5).map { m in
            Meeting(
              id: Meeting.ID(UUID(n * 100 + 10 + m)),
              date: Date(timeIntervalSince1970: Double(1_700_000_000 + n * 86_400 - m)),
              transcript: "Line \(m)\nof standup \(n): \"quoted\" \\ 日本")
          }),
        title: "Standup \(n)")
    })

  func text(_ standups: IdentifiedArrayOf<Standup>) throws -> String {
    try #require(String(data: try StandupsFormat.encode(standups), encoding: .utf8))
  }

  @Test func aLargeFileIsReadInTwoHalvesAsJSONDecoderReadsIt() throws {
    let data = try StandupsFormat.encode(Self.many)
    #expect(data.count >= TailReader.minimumSize)
    let tail = try data.withUnsafeBytes { bytes in
      let boundary = try #require(TailReader.splitPoint(in: bytes))
      #expect(boundary > bytes.count / 2)
      return try #require(DataFileReader.readTail(bytes, from: boundary)).standups
    }
    // The other thread read a tail of the standups, and the whole is exact.
    #expect(!tail.isEmpty && tail.count < Self.many.count)
    #expect(tail == Array(Self.many.suffix(tail.count)))
    let fast = try #require(DataFileReader.read(data, helper: testHelper))
    #expect(fast == Self.many)
    #expect(fast == (try StandupsFormat.decodeWithJSONDecoder(data)))
  }

  @Test func aDuplicateIDAcrossTheHalvesIsLeftToJSONDecoder() throws {
    let first = Self.many[0].id.uuidString
    let last = try #require(Self.many.last).id.uuidString
    let json = try text(Self.many).replacingOccurrences(of: last, with: first)
    #expect(DataFileReader.read(Data(json.utf8), helper: testHelper)?.count == nil)
  }

  @Test func aBadStandupInTheTailIsLeftToJSONDecoder() throws {
    let json = try text(Self.many)
    let lastMinutes = try #require(json.range(of: "\"minutes\" : ", options: .backwards))
    var broken = json
    broken.insert(contentsOf: "1.5, \"x\" : ", at: lastMinutes.upperBound)
    #expect(DataFileReader.read(Data(broken.utf8), helper: testHelper)?.count == nil)
  }

  /// Formatted so that meetings, not standups, look like the split: the first
  /// reader never stops there and reads it all itself.
  @Test func theSplitPatternElsewhereOnlyMeansNoHandOff() throws {
    var one = Self.many[0]
    one.meetings = IdentifiedArray(
      uniqueElements: (0..<6_000).map {
        Meeting(
          id: .init(UUID(1_000_000 + $0)), date: Date(timeIntervalSince1970: 0), transcript: "t")
      })
    let json = try text([one]).replacingOccurrences(
      of: "\n        },\n        {", with: "\n    },\n    {")
    let data = Data(json.utf8)
    #expect(data.count >= TailReader.minimumSize)
    #expect(data.withUnsafeBytes { TailReader.splitPoint(in: $0) } != nil)
    #expect(DataFileReader.read(data, helper: testHelper) == [one])
  }
}

/// The helper thread the app gives the reader, for tests: a Foundation thread.
let testHelper: StandupsFormat.StartHelper = { work in
  let done = DispatchSemaphore(value: 0)
  Thread {
    work()
    done.signal()
  }.start()
  return { done.wait() }
}
