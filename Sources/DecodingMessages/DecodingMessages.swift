import Foundation

/// What is wrong with a data file, in the file's terms: where (a path such as
/// `standups[0].minutes`, or a line and column for broken JSON) and what was
/// expected there, instead of `Decoder`'s Swift type names.
public enum DecodingMessages {
  /// Why a file's `version` is none a program ever wrote (versions count
  /// from 1); nil for one that is.
  public static func notAVersion(_ version: Int) -> String? {
    version >= 1 ? nil : "version: \(version) is not a format version (they count from 1)"
  }

  /// `data` as UTF-8 text, its invalid bytes (a hand-edited file, a bad
  /// copy) each U+FFFD, so that they cost one character, not the file.
  public static func repairingUTF8(_ data: Data) -> Data {
    String(data: data, encoding: .utf8) == nil
      ? Data(String(decoding: data, as: UTF8.self).utf8) : data
  }

  /// `error`, thrown by `JSONDecoder` reading `data`, whose whole numbers
  /// are the values of `wholeNumberKeys`.
  public static func describe(
    _ error: any Error, in data: Data, wholeNumberKeys: Set<String> = []
  ) -> String {
    switch error {
    case DecodingError.dataCorrupted(let context):
      if context.codingPath.isEmpty, context.debugDescription.contains("not valid JSON") {
        guard let syntax = JSONSyntax.firstError(in: data) else {
          // Valid JSON the decoder still refused, without saying where.
          return JSONSyntax.firstRefusedValue(in: data, wholeNumberKeys: wholeNumberKeys)
            ?? "a number does not fit where it is: a fraction, or one too large, where a"
            + " whole number belongs"
        }
        return "not valid JSON at \(syntax)"
      }
      // IdentifiedArray's words for an id that is there twice.
      let duplicate = "Duplicate element at offset "
      if context.debugDescription.hasPrefix(duplicate),
        let offset = Int(context.debugDescription.dropFirst(duplicate.count))
      {
        return "\(path(context.codingPath))[\(offset)]: has the id of one before it; "
          + "each id must be there once"
      }
      return at(context.codingPath, reworded(context.debugDescription))
    case DecodingError.keyNotFound(let key, let context):
      return at(context.codingPath, "\"\(key.stringValue)\" is missing")
    case DecodingError.typeMismatch(let type, let context):
      let found = foundKind(in: context.debugDescription).map { ", found \($0)" } ?? ""
      return at(context.codingPath, "expected \(kind(of: type))\(found)")
    case DecodingError.valueNotFound(let type, let context):
      return at(context.codingPath, "expected \(kind(of: type)), found null")
    default:
      return "\(error)"
    }
  }

  /// `standups[0].meetings[2].date`; "the top level" for the document itself.
  public static func path(_ keys: [any CodingKey]) -> String {
    var text = ""
    for key in keys {
      if let index = key.intValue {
        text += "[\(index)]"
      } else {
        text += text.isEmpty ? key.stringValue : ".\(key.stringValue)"
      }
    }
    return text.isEmpty ? "the top level" : text
  }

  static func at(_ keys: [any CodingKey], _ problem: String) -> String {
    "\(path(keys)): \(problem)"
  }

  /// A JSON kind for the Swift type a decoder wanted.
  static func kind(of type: Any.Type) -> String {
    switch type {
    case is any BinaryInteger.Type: "a whole number"
    case is any BinaryFloatingPoint.Type, is Decimal.Type: "a number"
    case is String.Type, is UUID.Type, is Date.Type: "a string"
    case is Bool.Type: "true or false"
    default:
      String(describing: type).hasPrefix("Dictionary<")
        ? "an object" : String(describing: type).hasPrefix("Array<") ? "an array" : "a value"
    }
  }

  /// "a string" from "…but found a string instead.".
  static func foundKind(in description: String) -> String? {
    guard let found = description.range(of: "found "),
      let instead = description.range(
        of: " instead", range: found.upperBound..<description.endIndex)
    else { return nil }
    let kind = String(description[found.upperBound..<instead.lowerBound])
    // The decoder names some kinds by their Swift types.
    return ["bool": "true or false", "number": "a number", "a dictionary": "an object"][kind]
      ?? kind
  }

  static func reworded(_ description: String) -> String {
    if description.contains("invalid UUID string") { return "not an id (a UUID)" }

    if description.contains("ISO8601") { return "a date is not written as 2024-05-01T09:30:00Z" }
    return description
  }
}
