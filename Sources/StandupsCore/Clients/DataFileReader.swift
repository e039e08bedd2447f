import Foundation

/// A fast path for loading the data file: a single pass over the bytes of the
/// format `StandupsFormat.encode` writes, straight into the models.
///
/// `JSONDecoder` spends most of a large file's load in generic container
/// machinery, `UUID(uuidString:)` and the ISO 8601 parser (about 0.4 s for
/// 1 000 standups × 20 meetings); this takes a few tens of milliseconds.
///
/// It only ever *accepts less*: on anything it does not expect — a repeated
/// key, a key written with escapes, a number that is not a plain integer, a
/// date with fractional seconds or an offset, a duplicate id, a newer version, bytes outside a
/// string that are not JSON — it returns nil and `StandupsFormat.decode` reads the
/// file with `JSONDecoder` as before, which also words the errors. What it does
/// accept, it reads exactly as `JSONDecoder` would (invalid UTF-8 inside a
/// string becomes U+FFFD, as the decoder's repair pass makes it).
struct DataFileReader {
  let bytes: UnsafeRawBufferPointer
  var i = 0
  /// On a large file, another thread reads the standups after its boundary.
  private var handOff: TailReader?
  /// Told, now and then, how far the standups read reach (see `Progress`).
  private var progress: Progress?
  /// The file the bytes came from, when it can be read again: meetings are
  /// then checked and left there (`MeetingsInFile`).
  private var storedBytes: StoredBytes?

  init(_ bytes: UnsafeRawBufferPointer, file: StoredBytes? = nil) {
    self.bytes = bytes
    self.storedBytes = file
  }

  static func read(_ data: Data, helper: StandupsFormat.StartHelper? = nil)
    -> IdentifiedArrayOf<Standup>?
  {
    data.withUnsafeBytes { read($0, helper: helper, passed: nil) }
  }

  /// `passed`, when given, is told about the bytes of the standups read so
  /// far, which neither reader reads again.
  static func read(
    _ raw: UnsafeRawBufferPointer, helper: StandupsFormat.StartHelper?,
    passed: (@Sendable (Range<Int>) -> Void)?, file: StoredBytes? = nil
  ) -> IdentifiedArrayOf<Standup>? {
    var reader = DataFileReader(raw, file: file)
    guard let helper,
      let tail = TailReader.start(reading: raw, on: helper, passed: passed, file: file)
    else {
      reader.progress = passed.map { Progress(from: 0, to: raw.count, report: $0) }
      return reader.file()
    }
    reader.progress = passed.map { Progress(from: 0, to: tail.boundary, report: $0) }
    reader.handOff = tail
    defer { _ = tail.join() }  // the bytes must outlive the other thread
    return reader.file()
  }

  /// What `standups()` reads after a standup that ends at `start`: more
  /// standups, each after a comma, then the closing bracket. For `TailReader`.
  static func readTail(
    _ bytes: UnsafeRawBufferPointer, from start: Int,
    passed: (@Sendable (Range<Int>) -> Void)? = nil, file: StoredBytes? = nil
  ) -> (standups: [Standup], end: Int)? {
    var reader = DataFileReader(bytes, file: file)
    reader.i = start
    reader.progress = passed.map { Progress(from: start, to: bytes.count, report: $0) }
    var standups: [Standup] = []
    while reader.take(UInt8(ascii: ",")) {
      guard let next = reader.standup() else { return nil }
      standups.append(next)
      reader.progress?.reached(reader.i)
    }
    return reader.take(UInt8(ascii: "]")) ? (standups, reader.i) : nil
  }

  /// Reports a reader's way through its part of the bytes (from the start to
  /// the other thread's boundary, or from that boundary to the end) every
  /// 64 KB: reports never reach into the other reader's part, which it may
  /// still be reading.
  struct Progress {
    private var reported: Int
    private let limit: Int
    private let report: @Sendable (Range<Int>) -> Void

    init(from start: Int, to limit: Int, report: @escaping @Sendable (Range<Int>) -> Void) {
      self.reported = start
      self.limit = limit
      self.report = report
    }

    mutating func reached(_ position: Int) {
      let end = min(position, limit)
      guard end - reported >= 64 * 1024 else { return }
      report(reported..<end)
      reported = end
    }
  }

  // MARK: The format

  private mutating func file() -> IdentifiedArrayOf<Standup>? {
    var version: Int?
    var standups: IdentifiedArrayOf<Standup>?
    // Another program's members at the top level are read (a repeated one
    // is the decoder's to report) and not kept: a save writes only these two.
    var others: [JSONMembers.Member] = []
    guard
      object(
        { reader, key in
          switch key {
          case .version: return Self.once(&version) { reader.integer() }
          case .standups:
            return Self.once(&standups) { reader.standups() }
          default:
            return false
          }
        }, other: { reader, key in reader.otherMember(key, into: &others) })
    else { return nil }
    skipWhitespace()
    guard i == bytes.count, let version, (1...StandupsFormat.currentVersion).contains(version),
      let standups
    else { return nil }
    return standups
  }

  /// The standups array. When another thread has read the rest from where
  /// this reader now stands, its standups are appended as this loop would
  /// have appended them (a duplicate id still fails the fast path).
  private mutating func standups() -> IdentifiedArrayOf<Standup>? {
    guard take(UInt8(ascii: "[")) else { return nil }
    var result = Self.noStandups
    if take(UInt8(ascii: "]")) { return result }
    repeat {
      guard let next = standup(), result.append(next).inserted else { return nil }
      progress?.reached(i)
      if let tail = handOff, i == tail.boundary {
        handOff = nil
        guard let (rest, end) = tail.join() else { return nil }
        for standup in rest {
          guard result.append(standup).inserted else { return nil }
        }
        i = end
        return result
      }
    } while take(UInt8(ascii: ","))
    return take(UInt8(ascii: "]")) ? result : nil
  }

  private mutating func standup() -> Standup? {
    var id: UUID?
    var title: String?
    var theme: Theme?
    var minutes: Int?
    var attendees: IdentifiedArrayOf<Attendee>?
    var meetings: IdentifiedArrayOf<Meeting>?
    var meetingsRange = 0..<0
    var sawMeetings = false
    var others: [JSONMembers.Member] = []
    guard
      object(
        { reader, key in
          switch key {
          case .id: return Self.once(&id) { reader.uuid() }
          case .title: return Self.once(&title) { reader.string() }
          case .theme: return Self.once(&theme) { reader.string().flatMap(Theme.init(rawValue:)) }
          case .minutes: return Self.once(&minutes) { reader.integer() }
          case .attendees:
            return Self.once(&attendees) {
              reader.array(of: { $0.attendee() }, into: Standup.noAttendees)
            }
          case .meetings where !sawMeetings:
            sawMeetings = true
            let start = reader.i
            meetings =
              reader.null()
              ? Standup.noMeetings
              : reader.array(of: { $0.meeting() }, into: Standup.noMeetings)?.newestFirst
            meetingsRange = start..<reader.i
            return meetings != nil
          default:
            return false
          }
        }, other: { reader, key in reader.otherMember(key, into: &others) }),
      let otherFields = JSONMembers(others)
    else { return nil }
    // Out-of-range lengths are the decoder's to report.
    guard let id, let title, let theme, let minutes, (1...24 * 60).contains(minutes),
      let attendees
    else { return nil }
    if let storedBytes, let meetings, !meetings.isEmpty {
      return Standup(
        id: .init(id), attendees: attendees, duration: .seconds(minutes * 60),
        meetingsInFile: MeetingsInFile(
          range: meetingsRange, meetings: meetings, source: storedBytes),
        theme: theme, title: title, otherFields: otherFields)
    }
    return Standup(
      id: .init(id), attendees: attendees, duration: .seconds(minutes * 60),
      meetings: meetings ?? Standup.noMeetings,
      theme: theme, title: title, otherFields: otherFields)
  }

  /// A standup's meetings read again from the bytes a load found them in
  /// (`MeetingsInFile`): exactly one array, as `standup()` reads it.
  static func meetings(in bytes: UnsafeRawBufferPointer) -> IdentifiedArrayOf<Meeting>? {
    var reader = DataFileReader(bytes)
    guard let meetings = reader.array(of: { $0.meeting() }, into: Standup.noMeetings) else {
      return nil
    }
    reader.skipWhitespace()
    return reader.i == bytes.count ? meetings.newestFirst : nil
  }

  private mutating func attendee() -> Attendee? {
    var id: UUID?
    var name: String?
    var others: [JSONMembers.Member] = []
    guard
      object(
        { reader, key in
          switch key {
          case .id: return Self.once(&id) { reader.uuid() }
          case .name: return Self.once(&name) { reader.string() }
          default:
            return false
          }
        }, other: { reader, key in reader.otherMember(key, into: &others) }),
      let id, let name, let otherFields = JSONMembers(others)
    else { return nil }
    return Attendee(id: .init(id), name: name, otherFields: otherFields)
  }

  private mutating func meeting() -> Meeting? {
    var id: UUID?
    var date: Date?
    var transcript: String?
    var attendees: [String]?
    var others: [JSONMembers.Member] = []
    guard
      object(
        { reader, key in
          switch key {
          case .id: return Self.once(&id) { reader.uuid() }
          case .date: return Self.once(&date) { reader.date() }
          case .transcript: return Self.once(&transcript) { reader.string() }
          case .attendees: return Self.once(&attendees) { reader.strings() }
          default:
            return false
          }
        }, other: { reader, key in reader.otherMember(key, into: &others) }),
      let id, let date, let transcript, let otherFields = JSONMembers(others)
    else { return nil }
    return Meeting(
      id: .init(id), date: date, transcript: transcript, attendees: attendees,
      otherFields: otherFields)
  }

  /// Reads a member's value into an empty slot: a repeated key, or a value
  /// that is not what the format says, is the decoder's to report.
  private static func once<Value>(_ slot: inout Value?, _ read: () -> Value?) -> Bool {
    guard slot == nil, let value = read() else { return false }
    slot = value
    return true
  }
}
