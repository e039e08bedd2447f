import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Writes the data file's JSON byte for byte as `JSONEncoder` writes it
/// (pretty-printed, sorted keys, slashes unescaped, ISO 8601 dates in whole
/// seconds), straight into one buffer. `JSONEncoder` first builds a tree of
/// the whole document: for 1 000 standups × 20 meetings a save took about
/// four times the file's size in memory at once; this takes the file's size,
/// and each standup's meetings only while they are written.
struct StandupsJSONWriter: ~Copyable {
  private var start: UnsafeMutablePointer<UInt8>
  private var capacity: Int
  private var count = 0

  init(capacity: Int = 64 * 1024) {
    self.capacity = max(capacity, 16)
    // malloc's, to grow with realloc: a large block is moved by remapping
    // its pages, so the file's bytes are never in memory twice.
    guard let memory = malloc(self.capacity) else { fatalError("out of memory") }
    start = memory.assumingMemoryBound(to: UInt8.self)
  }

  deinit { free(start) }

  /// The document `{ "standups": [...], "version": N }`.
  static func document(version: Int, standups: IdentifiedArrayOf<Standup>) throws -> Data {
    var writer = StandupsJSONWriter(capacity: estimatedSize(of: standups))
    try writer.contents(version: version, standups: standups) { _ in }
    return writer.finish()
  }

  /// The same bytes to `emit`, about 64 KB at a time: what a save writes to
  /// the file as it goes, never holding more than a piece and a standup.
  static func write(
    version: Int, standups: IdentifiedArrayOf<Standup>,
    to emit: (UnsafeRawBufferPointer) throws -> Void
  ) throws {
    let piece = 64 * 1024
    var writer = StandupsJSONWriter(capacity: piece + piece / 2)
    try writer.contents(version: version, standups: standups) { writer in
      if writer.count >= piece { try writer.send(to: emit) }
    }
    try writer.send(to: emit)
  }

  private mutating func contents(
    version: Int, standups: IdentifiedArrayOf<Standup>,
    afterEach standupWritten: (inout Self) throws -> Void
  ) throws {
    raw("{\n  \"standups\" : ")
    try array(standups, indent: 1) { writer, standup in
      try writer.standup(standup, indent: 2)
      try standupWritten(&writer)
    }
    raw(",\n  \"version\" : ")
    integer(version)
    // A text file's last line ends with a newline (POSIX; shells, diffs).
    raw("\n}\n")
  }

  /// Hands what was written so far to `emit` and starts the buffer again.
  private mutating func send(to emit: (UnsafeRawBufferPointer) throws -> Void) throws {
    try emit(UnsafeRawBufferPointer(start: start, count: count))
    count = 0
  }

  /// About the bytes `document` writes, a little over rather than under, so
  /// that the buffer is seldom grown: meetings left in the file take the
  /// bytes they took there.
  static func estimatedSize(of standups: IdentifiedArrayOf<Standup>) -> Int {
    var size = 4 * 1024
    for standup in standups {
      size += 400 + standup.title.utf8.count * 2 + standup.attendees.count * 100
      switch standup.storedMeetings {
      case .inFile(let place): size += place.range.count + 64
      case .loaded(let meetings), .unsaveable(let meetings):
        for meeting in meetings {
          size +=
            200 + meeting.transcript.utf8.count * 11 / 10 + (meeting.attendees?.count ?? 0) * 40
        }
      }
    }
    return size
  }

  private mutating func standup(_ standup: Standup, indent: Int) throws {
    // The meetings are read first: a standup whose meetings cannot be read
    // fails the save before anything of it is written.
    let meetings = try standup.storedMeetings.forSaving()
    let indent = indent + 1
    var fields = Fields(standup.otherFields)
    open(indent - 1)
    field("attendees", of: &fields, indent: indent) {
      $0.array(standup.attendees, indent: indent) { writer, attendee in
        var fields = Fields(attendee.otherFields)
        writer.open(indent + 1)
        writer.field("id", of: &fields, indent: indent + 2) { $0.uuid(attendee.id.rawValue) }
        writer.field("name", of: &fields, indent: indent + 2) { $0.string(attendee.name) }
        writer.close(indent + 1, fields: &fields)
      }
    }
    field("id", of: &fields, indent: indent) { $0.uuid(standup.id.rawValue) }
    field("meetings", of: &fields, indent: indent) {
      $0.array(meetings, indent: indent) { writer, meeting in
        writer.meeting(meeting, indent: indent + 1)
      }
    }
    field("minutes", of: &fields, indent: indent) { $0.integer(standup.minutes) }
    field("theme", of: &fields, indent: indent) { $0.string(standup.theme.rawValue) }
    field("title", of: &fields, indent: indent) { $0.string(standup.title) }
    close(indent - 1, fields: &fields)
  }

  private mutating func meeting(_ meeting: Meeting, indent: Int) {
    let inner = indent + 1
    var fields = Fields(meeting.otherFields)
    open(indent)
    // A meeting without a roster has no "attendees" key (`encodeIfPresent`).
    if let attendees = meeting.attendees {
      field("attendees", of: &fields, indent: inner) {
        $0.array(attendees, indent: inner) { writer, name in
          writer.spaces(inner + 1)
          writer.string(name)
        }
      }
    }
    field("date", of: &fields, indent: inner) { $0.date(meeting.date) }
    field("id", of: &fields, indent: inner) { $0.uuid(meeting.id.rawValue) }
    field("transcript", of: &fields, indent: inner) { $0.string(meeting.transcript) }
    close(indent, fields: &fields)
  }

  /// The members of an object being written: the format's own, and among
  /// them, in their sorted places, those this version does not read.
  private struct Fields {
    let others: [JSONMembers.Member]
    var nextOther = 0
    var first = true
    init(_ others: JSONMembers) { self.others = others.members }
  }

  /// `"name" : value` on a line of its own, after the one before's comma,
  /// the other members sorting before `name` first.
  private mutating func field(
    _ name: StaticString, of fields: inout Fields, indent: Int, _ value: (inout Self) -> Void
  ) {
    while fields.nextOther < fields.others.count,
      name.withUTF8Buffer({ fields.others[fields.nextOther].key.utf8.lexicographicallyPrecedes($0) }
      )
    {
      otherMember(of: &fields, indent: indent)
    }
    if !fields.first { next() }
    fields.first = false
    spaces(indent)
    byte(UInt8(ascii: "\""))
    raw(name)
    raw("\" : ")
    value(&self)
  }

  private mutating func otherMember(of fields: inout Fields, indent: Int) {
    let member = fields.others[fields.nextOther]
    fields.nextOther += 1
    if !fields.first { next() }
    fields.first = false
    spaces(indent)
    string(member.key)
    raw(" : ")
    value(member.value, indent: indent)
  }

  /// A value read as plain JSON, laid out as JSONEncoder lays out its own.
  private mutating func value(_ value: JSONValue, indent: Int) {
    switch value {
    case .null: raw("null")
    case .bool(let bool): bool ? raw("true") : raw("false")
    case .number(var text): text.withUTF8 { append($0) }
    case .string(let text): string(text)
    case .array(let elements):
      array(elements, indent: indent) { writer, element in
        writer.spaces(indent + 1)
        writer.value(element, indent: indent + 1)
      }
    case .object(let members):
      var fields = Fields(members)
      raw("{\n")
      while fields.nextOther < fields.others.count {
        otherMember(of: &fields, indent: indent + 1)
      }
      close(indent, fields: &fields)
    }
  }

  // MARK: Structure, as JSONEncoder's pretty printing lays it out

  private mutating func open(_ indent: Int) {
    spaces(indent)
    raw("{\n")
  }

  /// The object's last members, then `}`.
  private mutating func close(_ indent: Int, fields: inout Fields) {
    while fields.nextOther < fields.others.count {
      otherMember(of: &fields, indent: indent + 1)
    }
    byte(0x0A)
    spaces(indent)
    byte(UInt8(ascii: "}"))
  }

  private mutating func next() { raw(",\n") }

  /// `[`, each element on lines of its own (`element` writes its indent),
  /// `]`; an empty array is `[`, an empty line and `]`, as JSONEncoder has it.
  private mutating func array<C: Collection>(
    _ elements: C, indent: Int, _ element: (inout Self, C.Element) throws -> Void
  ) rethrows {
    raw("[\n")
    var first = true
    for value in elements {
      if !first { next() }
      first = false
      try element(&self, value)
    }
    byte(0x0A)
    spaces(indent)
    byte(UInt8(ascii: "]"))
  }

  private mutating func spaces(_ indent: Int) {
    reserve(indent * 2)
    (start + count).initialize(repeating: 0x20, count: indent * 2)
    count += indent * 2
  }

  // MARK: Values

  private mutating func integer(_ value: Int) {
    var text = String(value)
    text.withUTF8 { append($0) }
  }

  private mutating func uuid(_ uuid: UUID) {
    byte(UInt8(ascii: "\""))
    let hex: StaticString = "0123456789ABCDEF"
    reserve(37)
    withUnsafeBytes(of: uuid.uuid) { bytes in
      hex.withUTF8Buffer { digits in
        for (i, value) in bytes.enumerated() {
          if i == 4 || i == 6 || i == 8 || i == 10 {
            start[count] = UInt8(ascii: "-")
            count += 1
          }
          start[count] = digits[Int(value >> 4)]
          start[count + 1] = digits[Int(value & 0x0F)]
          count += 2
        }
      }
    }
    byte(UInt8(ascii: "\""))
  }

  /// A string as JSONEncoder escapes it: `"` and `\`, the C0 controls
  /// (`\b \t \n \f \r` by name, the rest as `\u00xx`); everything else,
  /// `/` included, as it is.
  private mutating func string(_ value: String) {
    byte(UInt8(ascii: "\""))
    var value = value
    value.withUTF8 { utf8 in
      var run = 0
      for (i, byte) in utf8.enumerated() where byte < 0x20 || byte == 0x22 || byte == 0x5C {
        append(UnsafeBufferPointer(rebasing: utf8[run..<i]))
        run = i + 1
        escape(byte)
      }
      append(UnsafeBufferPointer(rebasing: utf8[run...]))
    }
    byte(UInt8(ascii: "\""))
  }

  private mutating func escape(_ byte: UInt8) {
    switch byte {
    case 0x22: raw("\\\"")
    case 0x5C: raw("\\\\")
    case 0x08: raw("\\b")
    case 0x09: raw("\\t")
    case 0x0A: raw("\\n")
    case 0x0C: raw("\\f")
    case 0x0D: raw("\\r")
    default:
      let hex: StaticString = "0123456789abcdef"
      raw("\\u00")
      hex.withUTF8Buffer { digits in
        self.byte(digits[Int(byte >> 4)])
        self.byte(digits[Int(byte & 0x0F)])
      }
    }
  }

  /// `"YYYY-MM-DDTHH:MM:SSZ"`, the second rounded down. Outside 1900–9999,
  /// where Foundation's calendar and the proleptic Gregorian one part ways
  /// (the Julian switch) or years take other widths, JSONEncoder itself
  /// writes the date.
  private mutating func date(_ date: Date) {
    let seconds = Int(date.timeIntervalSince1970.rounded(.down))
    guard seconds >= -2_208_988_800, seconds <= 253_402_300_799 else {
      let encoder = JSONEncoder()
      encoder.dateEncodingStrategy = .iso8601
      let text = (try? encoder.encode([date])) ?? Data("[\"1970-01-01T00:00:00Z\"]".utf8)
      text.dropFirst().dropLast().withUnsafeBytes { append($0.bindMemory(to: UInt8.self)) }
      return
    }
    let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
    let time = seconds - days * 86_400
    // Civil date from days since 1970-01-01 (Howard Hinnant's algorithm).
    let z = days + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let dayOfEra = z - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthIndex = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
    let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
    let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    byte(UInt8(ascii: "\""))
    digits(year, 4)
    byte(UInt8(ascii: "-"))
    digits(month, 2)
    byte(UInt8(ascii: "-"))
    digits(day, 2)
    byte(UInt8(ascii: "T"))
    digits(time / 3_600, 2)
    byte(UInt8(ascii: ":"))
    digits(time / 60 % 60, 2)
    byte(UInt8(ascii: ":"))
    digits(time % 60, 2)
    raw("Z\"")
  }

  private mutating func digits(_ value: Int, _ width: Int) {
    reserve(width)
    var value = value
    for k in stride(from: width - 1, through: 0, by: -1) {
      start[count + k] = UInt8(ascii: "0") + UInt8(value % 10)
      value /= 10
    }
    count += width
  }

  // MARK: The buffer

  private mutating func raw(_ text: StaticString) {
    text.withUTF8Buffer { append($0) }
  }

  private mutating func byte(_ value: UInt8) {
    reserve(1)
    start[count] = value
    count += 1
  }

  private mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
    reserve(bytes.count)
    (start + count).update(from: base, count: bytes.count)
    count += bytes.count
  }

  private mutating func reserve(_ more: Int) {
    guard count + more > capacity else { return }
    let larger = max(capacity * 2, count + more)
    guard let grown = realloc(start, larger) else { fatalError("out of memory") }
    (start, capacity) = (grown.assumingMemoryBound(to: UInt8.self), larger)
  }

  /// The bytes written, handed over without a copy.
  private consuming func finish() -> Data {
    let (start, count) = (self.start, self.count)
    discard self
    return Data(bytesNoCopy: start, count: count, deallocator: .free)
  }
}
