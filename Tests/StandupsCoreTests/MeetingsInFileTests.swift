import ConcurrencyExtras
import Foundation
import Testing

@testable import StandupsCore

/// A load given the file to read again leaves meetings there: read once
/// something asks for a standup's, for a save without keeping them, and
/// never saved as none when the file no longer holds them.
struct MeetingsInFileTests {
  /// The bytes of a file, read again through `file`, which counts the reads.
  final class StoredFile: Sendable {
    let bytes: LockIsolated<[UInt8]>
    let reads = LockIsolated(0)
    init(_ standups: IdentifiedArrayOf<Standup>) throws {
      let encoded = try StandupsFormat.encode(standups)
      bytes = LockIsolated([UInt8](encoded))
    }
    var file: StoredBytes {
      { range in
        self.reads.withValue { $0 += 1 }
        return self.bytes.withValue { bytes in
          range.upperBound <= bytes.count ? Array(bytes[range]) : nil
        }
      }
    }
    /// Loads the file as the app does: two readers, bytes given back.
    func load() throws -> IdentifiedArrayOf<Standup> {
      let copy = bytes.value
      return try #require(
        copy.withUnsafeBytes {
          StandupsFormat.decodeOnce($0, helper: testHelper, passed: { _ in }, file: file)
        })
    }
  }

  static let many = TailReaderTests.many

  @Test func aSaveMakesItsBufferAsLargeAsTheFileAtOnce() throws {
    let stored = try StoredFile(Self.many)
    let loaded = try stored.load()
    let estimate = StandupsJSONWriter.estimatedSize(of: loaded)
    let written = try StandupsFormat.encode(loaded).count
    #expect(written == stored.bytes.value.count)
    #expect(estimate >= written)
    #expect(estimate < written + written / 4)
  }

  @Test func meetingsStayInTheFileUntilAStandupsAreAskedFor() throws {
    let stored = try StoredFile(Self.many)
    let loaded = try stored.load()
    #expect(stored.reads.value == 0)
    #expect(loaded.allSatisfy { $0.meetingCount == 5 })
    #expect(loaded.allSatisfy { if case .inFile = $0.storedMeetings { true } else { false } })

    #expect(loaded[500].meetings == Self.many[500].meetings)
    #expect(stored.reads.value == 1)
    // Kept once read: shared by every copy of the standup.
    let copy = loaded[500]
    #expect(copy.meetings == Self.many[500].meetings)
    #expect(loaded[500].meetings.count == 5)
    #expect(stored.reads.value == 1)
  }

  @Test func aStandupWithoutMeetingsLeavesNothingInTheFile() throws {
    var standups = Self.many
    standups[0].meetings = []
    let stored = try StoredFile(standups)
    let loaded = try stored.load()
    #expect(loaded[0].storedMeetings == .loaded([]))
    #expect(loaded[0].meetings.isEmpty)
    #expect(stored.reads.value == 0)
  }

  @Test func aSaveReadsThemWithoutKeepingThemAndWritesTheSameBytes() throws {
    let stored = try StoredFile(Self.many)
    let loaded = try stored.load()
    #expect(try StandupsFormat.encode(loaded) == Data(stored.bytes.value))
    #expect(stored.reads.value == 1_000)
    // Not kept: a second save reads them again.
    _ = try StandupsFormat.encode(loaded)
    #expect(stored.reads.value == 2_000)
    // Equal to what was saved, compared without keeping them either.
    #expect(loaded == Self.many)
    #expect(stored.reads.value == 3_000)
  }

  @Test func bytesThatChangedInTheFileAreNeverSavedAsNoMeetings() throws {
    let stored = try StoredFile(Self.many)
    var loaded = try stored.load()
    // The bytes read again are no longer those loaded: a transcript one
    // byte longer, everything after it one byte later.
    stored.bytes.withValue { bytes in
      let text = String(decoding: bytes, as: UTF8.self)
        .replacingOccurrences(of: "of standup 999:", with: "of standup 999!:")
      bytes = Array(text.utf8)
    }
    #expect(loaded[999].meetings.isEmpty)
    #expect(loaded[999].meetingCount == 5)
    #expect(throws: MeetingsUnreadable.self) { try StandupsFormat.encode(loaded) }
    // A meeting recorded on top of what could not be read is shown, but a
    // save would lose the rest: it still fails.
    let recorded = Meeting(id: Meeting.ID(UUID(1)), date: Date(), transcript: "new")
    loaded[999].meetings.insert(recorded, at: 0)
    #expect(loaded[999].meetings == [recorded])
    #expect(throws: MeetingsUnreadable.self) { try StandupsFormat.encode(loaded) }
    // Bytes before the change still read as they were.
    #expect(loaded[0].meetings == Self.many[0].meetings)
  }

  @Test func anEditReplacesTheMeetingsLeftInTheFile() throws {
    let stored = try StoredFile(Self.many)
    var loaded = try stored.load()
    let id = loaded[3].meetings[0].id
    loaded[3].meetings.remove(id: id)
    #expect(loaded[3].storedMeetings == .loaded(Self.many[3].meetings.filter { $0.id != id }))
    var expected = Self.many
    expected[3].meetings.remove(id: id)
    #expect(loaded == expected)
  }

  @Test func aMergeTakesTheirMeetingsWithoutReadingThoseLeftAloneHere() throws {
    let original = try StoredFile(Self.many)
    let base = try original.load()
    var mine = base
    mine[0].title = "Renamed here"
    var changed = Self.many
    changed[1].title = "Renamed there"
    changed[2].meetings.remove(at: 0)
    let theirsFile = try StoredFile(changed)
    let theirs = try theirsFile.load()

    let merge = StandupsMerge(base: base, mine: mine, theirs: theirs)

    var expected = changed
    expected[0].title = "Renamed here"
    #expect(merge.conflicts.isEmpty)
    // Every standup's meetings are still left in a file; those changed
    // there are theirs, as their file holds them.
    for standup in merge.standups {
      guard case .inFile = standup.storedMeetings else {
        Issue.record("\(standup.title): meetings read into memory")
        continue
      }
    }
    guard case .inFile(let merged) = merge.standups[2].storedMeetings,
      case .inFile(let their) = theirs[2].storedMeetings
    else { return }
    #expect(merged === their)
    #expect(merge.standups == expected)
  }
}

/// `Standup.isIdentical(to:)` answers true only for a copy of the same value;
/// the card memo trusts it to skip `==`.
struct StandupIdentityTests {
  @Test func aCopyIsIdenticalAndAnyChangeIsNot() throws {
    let original = Standup.mock
    let copy = original
    #expect(copy.isIdentical(to: original))
    // Equal, but its text and arrays built apart: not identical (and that is allowed).
    let rebuilt = Standup(
      id: original.id, attendees: IdentifiedArray(uniqueElements: Array(original.attendees)),
      duration: original.duration,
      meetings: IdentifiedArray(uniqueElements: Array(original.meetings)),
      theme: original.theme, title: String(original.title.utf8.map { Character(UnicodeScalar($0)) })
    )
    #expect(rebuilt == original)
    #expect(!rebuilt.isIdentical(to: original))

    var changed: [Standup] = []
    for change in [
      { (s: inout Standup) in s.title += "!" },
      { $0.theme = $0.theme == .navy ? .buttercup : .navy },
      { $0.duration += .seconds(60) }, { $0.attendees.removeLast() },
      { $0.meetings = [] }, { $0.attendees[0].name = "Zoe" },
    ] {
      var standup = original
      change(&standup)
      changed.append(standup)
    }
    for standup in changed {
      #expect(standup != original)
      #expect(!standup.isIdentical(to: original))
      #expect(!original.isIdentical(to: standup))
    }
  }

  @Test func meetingsLeftInTheFileAreIdenticalOnlyToThemselves() throws {
    let stored = try MeetingsInFileTests.StoredFile(MeetingsInFileTests.many)
    let loaded = try stored.load()
    let again = try stored.load()
    #expect(loaded[3].isIdentical(to: loaded[3]))
    // The same meetings, left in the file by another load: equal, not identical.
    #expect(!loaded[3].isIdentical(to: again[3]))
    #expect(loaded[3] == again[3])
    var read = loaded[3]
    _ = read.meetings
    read.meetings = loaded[3].meetings
    #expect(!read.isIdentical(to: loaded[3]))
  }
}
