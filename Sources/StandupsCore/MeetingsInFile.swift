import Foundation
import Synchronization

/// Reads bytes of the data file a load came from, again: nil when they can
/// no longer be read. The app gives a private copy of the file it read.
public typealias StoredBytes = @Sendable (Range<Int>) -> [UInt8]?

/// A standup's meetings: in memory, or where a load checked them and left them
/// in the file, to be read when something first asks for them. A list of
/// 1 000 standups × 20 meetings is mostly transcripts nobody opens.
enum StandupMeetings: Sendable {
  case loaded(IdentifiedArrayOf<Meeting>)
  case inFile(MeetingsInFile)
  /// Meetings edited after the file no longer held those they were edited
  /// from: shown, but never saved (a save would lose what could not be read).
  case unsaveable(IdentifiedArrayOf<Meeting>)

  var meetings: IdentifiedArrayOf<Meeting> {
    switch self {
    case .loaded(let meetings), .unsaveable(let meetings): meetings
    case .inFile(let place): place.meetings
    }
  }

  var count: Int {
    switch self {
    case .loaded(let meetings), .unsaveable(let meetings): meetings.count
    case .inFile(let place): place.count
    }
  }

  /// What `meetings = new` leaves.
  func replaced(by new: IdentifiedArrayOf<Meeting>) -> Self {
    switch self {
    case .inFile(let place) where place.isUnreadable: .unsaveable(new)
    case .unsaveable: .unsaveable(new)
    default: .loaded(new)
    }
  }

  /// The meetings to write; read from the file without keeping them when
  /// they are still there.
  func forSaving() throws -> IdentifiedArrayOf<Meeting> {
    switch self {
    case .loaded(let meetings): return meetings
    case .inFile(let place): return try place.readWithoutKeeping()
    case .unsaveable: throw MeetingsUnreadable()
    }
  }
}

extension StandupMeetings: Hashable {
  /// Equal meetings, read for the comparison without keeping them; meetings
  /// the file no longer holds equal nothing (they count as changed).
  static func == (lhs: Self, rhs: Self) -> Bool {
    if case .inFile(let left) = lhs, case .inFile(let right) = rhs, left === right { return true }
    guard lhs.count == rhs.count, let left = try? lhs.withoutKeeping(),
      let right = try? rhs.withoutKeeping()
    else { return false }
    return left == right
  }

  func withoutKeeping() throws -> IdentifiedArrayOf<Meeting> {
    switch self {
    case .loaded(let meetings), .unsaveable(let meetings): meetings
    case .inFile(let place): try place.readWithoutKeeping()
    }
  }

  /// The count alone: hashing must not read meetings left in the file.
  func hash(into hasher: inout Hasher) { hasher.combine(count) }

  /// Whether both hold the same storage (see `Standup.isIdentical(to:)`).
  func isIdentical(to other: Self) -> Bool {
    switch (self, other) {
    case (.loaded(let left), .loaded(let right)), (.unsaveable(let left), .unsaveable(let right)):
      sameBits(left, right)
    case (.inFile(let left), .inFile(let right)): left === right
    default: false
    }
  }
}

/// Whether two values have the same bytes: for text and arrays, the same
/// storage, so equal values (the reverse does not hold).
func sameBits<T>(_ left: T, _ right: T) -> Bool {
  withUnsafeBytes(of: left) { left in
    withUnsafeBytes(of: right) { right in
      left.count == right.count && memcmp(left.baseAddress!, right.baseAddress!, left.count) == 0
    }
  }
}

/// Why a save did not happen: meetings left in the file could not be read
/// back, or were no longer those the load checked (a read error, or the
/// bytes `StoredBytes` gives changed).
public struct MeetingsUnreadable: Error, Equatable, LocalizedError {
  public var errorDescription: String? {
    "meetings could not be read back from the copy of the data file loaded at start"
  }
}

/// Meetings left in the file: where they are, how many, and a digest of
/// their ids, dates and transcripts' lengths, to tell that the bytes read
/// again are those checked.
final class MeetingsInFile: Sendable {
  let range: Range<Int>
  let count: Int
  private let digest: Int
  private let source: StoredBytes
  private let state = Mutex(State.inFile)

  private enum State: Sendable {
    case inFile
    /// Read once something asked for them, and kept.
    case kept(IdentifiedArrayOf<Meeting>)
    /// The file no longer holds them.
    case unreadable
  }

  init(range: Range<Int>, meetings: IdentifiedArrayOf<Meeting>, source: @escaping StoredBytes) {
    self.range = range
    self.count = meetings.count
    self.digest = Self.digest(of: meetings)
    self.source = source
  }

  var isUnreadable: Bool {
    state.withLock {
      if case .unreadable = $0 { true } else { false }
    }
  }

  /// Read on first use and kept; none when the file no longer holds them
  /// (and then nothing that includes them is saved).
  var meetings: IdentifiedArrayOf<Meeting> {
    state.withLock { state in
      switch state {
      case .kept(let meetings): return meetings
      case .unreadable: return Standup.noMeetings
      case .inFile:
        guard let meetings = read() else {
          state = .unreadable
          return Standup.noMeetings
        }
        state = .kept(meetings)
        return meetings
      }
    }
  }

  func readWithoutKeeping() throws -> IdentifiedArrayOf<Meeting> {
    switch state.withLock({ $0 }) {
    case .kept(let meetings): return meetings
    case .unreadable: throw MeetingsUnreadable()
    case .inFile:
      guard let meetings = read() else {
        state.withLock { $0 = .unreadable }
        throw MeetingsUnreadable()
      }
      return meetings
    }
  }

  private func read() -> IdentifiedArrayOf<Meeting>? {
    guard let bytes = source(range),
      let meetings = bytes.withUnsafeBytes(DataFileReader.meetings(in:)),
      meetings.count == count, Self.digest(of: meetings) == digest
    else { return nil }
    return meetings
  }

  static func digest(of meetings: IdentifiedArrayOf<Meeting>) -> Int {
    var hasher = Hasher()
    for meeting in meetings {
      hasher.combine(meeting.id)
      hasher.combine(meeting.date)
      hasher.combine(meeting.transcript.utf8.count)
    }
    return hasher.finalize()
  }
}
