import Foundation

/// Members of a data-file object that this version does not read — another
/// program's, or a later version's optional ones — kept so that a save writes
/// them back: a save never drops what it did not understand.
public struct JSONMembers: Hashable, Sendable {
  /// Sorted by the key's UTF-8 bytes, each key once.
  public private(set) var members: [Member]

  public struct Member: Hashable, Sendable {
    public var key: String
    public var value: JSONValue
    public init(key: String, value: JSONValue) {
      self.key = key
      self.value = value
    }
  }

  /// None, without allocating (an empty array literal shares one buffer).
  public init() { members = [] }

  /// `members` sorted; nil when a key is there twice.
  public init?(_ members: [Member]) {
    guard !members.isEmpty else {
      self.members = []
      return
    }
    let sorted = members.sorted { Self.precedes($0.key, $1.key) }
    for (a, b) in zip(sorted, sorted.dropFirst()) where a.key == b.key { return nil }
    self.members = sorted
  }

  public var isEmpty: Bool { members.isEmpty }

  public subscript(key: String) -> JSONValue? {
    members.first { $0.key == key }?.value
  }

  /// The order a save writes keys in: by their UTF-8 bytes, as `sortedKeys` orders the format's own.
  static func precedes(_ a: String, _ b: String) -> Bool {
    a.utf8.lexicographicallyPrecedes(b.utf8)
  }
}

/// A JSON value as read, numbers as their text, so that writing it back
/// changes nothing a reader of the value could tell.
public indirect enum JSONValue: Hashable, Sendable {
  case null
  case bool(Bool)
  case number(String)
  case string(String)
  case array([JSONValue])
  case object(JSONMembers)
}

// The general path (`JSONDecoder`, `JSONEncoder`): numbers go through Int64 or
// Double, the only ways a Decoder hands them over.
extension JSONValue: Codable {
  public init(from decoder: any Decoder) throws {
    let value = try decoder.singleValueContainer()
    if value.decodeNil() {
      self = .null
    } else if let bool = try? value.decode(Bool.self) {
      self = .bool(bool)
    } else if let string = try? value.decode(String.self) {
      self = .string(string)
    } else if let integer = try? value.decode(Int64.self) {
      self = .number(String(integer))
    } else if let decimal = try? value.decode(Decimal.self) {
      // 38 digits: what a Double would round (a 64-bit id, 0.1000…0001) stays.
      self = .number("\(decimal)")
    } else if let double = try? value.decode(Double.self), double.isFinite {
      self = .number("\(double)")
    } else if let array = try? value.decode([JSONValue].self) {
      self = .array(array)
    } else if let object = try? value.decode([String: JSONValue].self) {
      self = .object(JSONMembers(object.map { .init(key: $0.key, value: $0.value) })!)
    } else {
      throw DecodingError.dataCorruptedError(
        in: value, debugDescription: "a number too large for this version to keep")
    }
  }

  public func encode(to encoder: any Encoder) throws {
    var value = encoder.singleValueContainer()
    switch self {
    case .null: try value.encodeNil()
    case .bool(let bool): try value.encode(bool)
    case .number(let text):
      if let integer = Int64(text) {
        try value.encode(integer)
      } else if let decimal = Decimal(string: text) {
        try value.encode(decimal)
      } else {
        throw EncodingError.invalidValue(
          text, .init(codingPath: encoder.codingPath, debugDescription: "not a number"))
      }
    case .string(let string): try value.encode(string)
    case .array(let array): try value.encode(array)
    case .object(let members):
      try value.encode(
        [String: JSONValue](uniqueKeysWithValues: members.members.map { ($0.key, $0.value) }))
    }
  }
}

/// Any key, for the members a type's own `CodingKeys` do not name.
struct AnyCodingKey: CodingKey {
  var stringValue: String
  var intValue: Int? { nil }
  init(stringValue: String) { self.stringValue = stringValue }
  init?(intValue: Int) { nil }
}

extension JSONMembers {
  /// The members of the object `decoder` reads whose keys `known` does not take.
  init(from decoder: any Decoder, besides known: (String) -> Bool) throws {
    let all = try decoder.container(keyedBy: AnyCodingKey.self)
    var members: [Member] = []
    for key in all.allKeys where !known(key.stringValue) {
      members.append(
        Member(key: key.stringValue, value: try all.decode(JSONValue.self, forKey: key)))
    }
    self = members.isEmpty ? JSONMembers() : JSONMembers(members)!
  }

  func encode(to encoder: any Encoder) throws {
    guard !isEmpty else { return }
    var all = encoder.container(keyedBy: AnyCodingKey.self)
    for member in members {
      try all.encode(member.value, forKey: AnyCodingKey(stringValue: member.key))
    }
  }
}

extension Standup {
  /// This standup with only the format's own fields (for a store that keeps
  /// no others, team mode's database), and the keys of those it had.
  public func withoutOtherFields() -> (standup: Standup, dropped: Set<String>) {
    var dropped = Set(otherFields.members.map(\.key))
    var standup = self
    standup.otherFields = JSONMembers()
    for attendee in attendees where !attendee.otherFields.isEmpty {
      dropped.formUnion(attendee.otherFields.members.map(\.key))
      standup.attendees[id: attendee.id]?.otherFields = JSONMembers()
    }
    if meetings.contains(where: { !$0.otherFields.isEmpty }) {
      var meetings = meetings
      for index in meetings.indices where !meetings[index].otherFields.isEmpty {
        dropped.formUnion(meetings[index].otherFields.members.map(\.key))
        meetings[index].otherFields = JSONMembers()
      }
      standup.meetings = meetings
    }
    return (standup, dropped)
  }
}
