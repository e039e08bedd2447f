import DecodingMessages
import Foundation

/// The standups data file's format: versioned JSON, `{ "standups": [...],
/// "version": 1 }`, pretty-printed with sorted keys. Bytes in, models out:
/// where the bytes live is the file store's business (`Persistence`).
public enum StandupsFormat {
  public static let currentVersion = 1

  /// Why bytes are not a standups file.
  public enum Failure: Error, Equatable, Sendable {
    case corrupt(String)
    case newerVersion(Int)
  }

  /// Starts `work` on another thread and returns what waits for it to end,
  /// or nil when there is no other thread to use: a large file is read in two
  /// halves at once. The app gives one; without it everything is read here.
  public typealias StartHelper =
    @Sendable (_ work: @escaping @Sendable () -> Void) -> (@Sendable () -> Void)?

  struct Contents: Codable {
    var version: Int
    var standups: IdentifiedArrayOf<Standup>
  }

  public static func decode(_ data: Data, helper: StartHelper? = nil) throws(Failure)
    -> IdentifiedArrayOf<Standup>
  {
    // The usual case, a file as `encode` writes it, in one fast pass; anything
    // else (and every error) goes through JSONDecoder below.
    if let standups = DataFileReader.read(data, helper: helper) { return standups }
    return try decodeWithJSONDecoder(data)
  }

  /// The fast path alone, over bytes the caller lets go of as they are read:
  /// `passed(range)` says no reader reads `range` again. Nil when the fast
  /// path does not take them; then some may be gone, and `decode` needs the
  /// file's bytes afresh. With `file`, the file the bytes came from, kept
  /// open, meetings are checked and left there until something asks for them.
  public static func decodeOnce(
    _ bytes: UnsafeRawBufferPointer, helper: StartHelper? = nil,
    passed: @escaping @Sendable (Range<Int>) -> Void, file: StoredBytes? = nil
  ) -> IdentifiedArrayOf<Standup>? {
    DataFileReader.read(bytes, helper: helper, passed: passed, file: file)
  }

  /// The general path: any valid file, and a precise error for any other.
  static func decodeWithJSONDecoder(_ data: Data) throws(Failure) -> IdentifiedArrayOf<Standup> {
    // Invalid UTF-8 (a hand-edited file, a bad copy) must not cost the whole
    // file: the broken bytes become U+FFFD and everything else loads.
    let repaired = DecodingMessages.repairingUTF8(data)
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .custom(Self.decodeDate)
    do {
      struct Version: Decodable { var version: Int }
      let version = try decoder.decode(Version.self, from: repaired).version
      guard version <= currentVersion else { throw Failure.newerVersion(version) }
      if let refusal = DecodingMessages.notAVersion(version) { throw Failure.corrupt(refusal) }
      return try decoder.decode(Contents.self, from: repaired).standups
    } catch let failure as Failure {
      throw failure
    } catch {
      // Said of the bytes in the file: a broken one as itself, not as U+FFFD.
      throw .corrupt(
        DecodingMessages.describe(error, in: data, wholeNumberKeys: ["version", "minutes"]))
    }
  }

  /// An ISO 8601 date, as `.iso8601` reads it, but only a real one: that
  /// strategy takes 2026-02-30 for March 2nd and 25:00 for the next day.
  @Sendable static func decodeDate(_ decoder: any Decoder) throws -> Date {
    let container = try decoder.singleValueContainer()
    let text = try container.decode(String.self)
    // Written as a date, but not one on the calendar (month 13, the 30th of
    // February, 24:00): said so, whether the parser would take it or not.
    let fields = text.utf8.prefix(19).split(whereSeparator: { !(0x30...0x39).contains($0) })
      .map { Int(String(decoding: $0, as: UTF8.self)) ?? -1 }
    if fields.count == 6, text.utf8.count >= 20,
      !((1...12).contains(fields[1])
        && (1...DataFileReader.days(inMonth: fields[1], year: fields[0])).contains(fields[2])
        && fields[3] < 24 && fields[4] < 60 && fields[5] < 60)
    {
      throw DecodingError.dataCorruptedError(
        in: container, debugDescription: "\(text) is no such date")
    }
    guard let date = try? Date.ISO8601FormatStyle().parse(text) else {
      throw DecodingError.dataCorruptedError(
        in: container, debugDescription: "Expected date string to be ISO8601-formatted.")
    }
    return date
  }

  public static func encode(_ standups: IdentifiedArrayOf<Standup>) throws -> Data {
    try StandupsJSONWriter.document(version: currentVersion, standups: standups)
  }

  /// What `encode` gives, in pieces of about 64 KB to `emit`, so that a save
  /// never holds the whole file in memory.
  public static func write(
    _ standups: IdentifiedArrayOf<Standup>, to emit: (UnsafeRawBufferPointer) throws -> Void
  ) throws {
    try StandupsJSONWriter.write(version: currentVersion, standups: standups, to: emit)
  }

  /// What `encode` writes, by `JSONEncoder` (for tests: the two agree byte
  /// for byte).
  static func encodeWithJSONEncoder(_ standups: IdentifiedArrayOf<Standup>) throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    encoder.dateEncodingStrategy = .iso8601
    return try encoder.encode(Contents(version: currentVersion, standups: standups))
      + Data("\n".utf8)
  }
}

// The file stores a standup's length in minutes, not as a Duration's raw parts.
extension Standup {
  enum CodingKeys: String, CodingKey {
    case id, title, theme, minutes, attendees, meetings
  }

  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    let minutes = try c.decode(Int.self, forKey: .minutes)
    // The form keeps new lengths within 5–30; the file may hold any positive length.
    guard minutes >= 1, minutes <= 24 * 60 else {
      throw DecodingError.dataCorruptedError(
        forKey: .minutes, in: c, debugDescription: "length \(minutes) min is not a meeting length")
    }
    self.init(
      id: try c.decode(ID.self, forKey: .id),
      attendees: try c.decode(IdentifiedArrayOf<Attendee>.self, forKey: .attendees),
      duration: .seconds(minutes * 60),
      meetings: try c.decodeIfPresent(IdentifiedArrayOf<Meeting>.self, forKey: .meetings)?
        .newestFirst ?? [],
      theme: try c.decode(Theme.self, forKey: .theme),
      title: try c.decode(String.self, forKey: .title),
      otherFields: try JSONMembers(from: decoder) { CodingKeys(stringValue: $0) != nil }
    )
  }

  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(id, forKey: .id)
    try c.encode(title, forKey: .title)
    try c.encode(theme, forKey: .theme)
    try c.encode(minutes, forKey: .minutes)
    try c.encode(attendees, forKey: .attendees)
    // Meetings left in the file are read for this and not kept; when the file
    // no longer holds them the save fails rather than write none.
    try c.encode(storedMeetings.forSaving(), forKey: .meetings)
    try otherFields.encode(to: encoder)
  }
}

extension Attendee {
  enum CodingKeys: String, CodingKey {
    case id, name
  }

  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      id: try c.decode(ID.self, forKey: .id), name: try c.decode(String.self, forKey: .name),
      otherFields: try JSONMembers(from: decoder) { CodingKeys(stringValue: $0) != nil })
  }

  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(id, forKey: .id)
    try c.encode(name, forKey: .name)
    try otherFields.encode(to: encoder)
  }
}

extension Meeting {
  enum CodingKeys: String, CodingKey {
    case id, date, transcript, attendees
  }

  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      id: try c.decode(ID.self, forKey: .id), date: try c.decode(Date.self, forKey: .date),
      transcript: try c.decode(String.self, forKey: .transcript),
      attendees: try c.decodeIfPresent([String].self, forKey: .attendees),
      otherFields: try JSONMembers(from: decoder) { CodingKeys(stringValue: $0) != nil })
  }

  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(id, forKey: .id)
    try c.encode(date, forKey: .date)
    try c.encode(transcript, forKey: .transcript)
    try c.encodeIfPresent(attendees, forKey: .attendees)
    try otherFields.encode(to: encoder)
  }
}

// Which names a theme may have, said where a file holds another.
extension Theme {
  public init(from decoder: any Decoder) throws {
    let value = try decoder.singleValueContainer()
    let name = try value.decode(String.self)
    guard let theme = Theme(rawValue: name) else {
      throw DecodingError.dataCorruptedError(
        in: value,
        debugDescription: "\"\(name)\" is not a theme (one of "
          + Theme.allCases.map(\.rawValue).joined(separator: ", ") + ")")
    }
    self = theme
  }
}
