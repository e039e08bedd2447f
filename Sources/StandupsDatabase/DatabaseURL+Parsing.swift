import Foundation

/// Reading a connection URI as libpq does: its parts, percent-decoding, and the
/// text of failures (which show the input only with the password left out).
extension DatabaseURL {
  enum Host: Equatable {
    case tcp(String)
    case socket(String)
  }

  /// The parts of a URL, decoded, before defaults; nil where the URL says nothing.
  struct Parts: Equatable {
    var user: String?
    var password: String?
    /// Nil: no host (the default socket directory).
    var host: Host?
    var port: String?
    var database: String?
    var sslmode: String?
  }

  static let parameters = [
    "user", "password", "port", "dbname", "host", "sslmode", "application_name",
  ]

  static func failure(_ message: String) -> Failure {
    Failure(description: "--database: " + message)
  }

  static func parse(_ input: String) throws(Failure) -> Parts {
    let text = input.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !text.isEmpty else { throw failure("the URL is empty") }

    let rest: Substring
    if text.prefix(13).lowercased() == "postgresql://" {
      rest = text.dropFirst(13)
    } else if text.prefix(11).lowercased() == "postgres://" {
      rest = text.dropFirst(11)
    } else {
      throw failure(
        "\(quoted(redactedInput(text))) is not a PostgreSQL URL (postgres:// or postgresql://)")
    }

    // The user name and password run to the last "@" before the path, so that
    // an "@", ":" or "?" in the password needs no escape; but an "@" after a
    // "?name=" belongs to the query (`postgres://?user=me@corp&host=/tmp`).
    var parts = Parts()
    let pathStart = rest.firstIndex(of: "/") ?? rest.endIndex
    var hostStart = rest.startIndex
    var hasUserInfo = false
    if let at = rest[..<pathStart].lastIndex(of: "@") {
      let userInfo = rest[..<at]
      if let mark = userInfo.firstIndex(of: "?"),
        startsWithParameter(userInfo[userInfo.index(after: mark)...])
      {
        // The "@" is in a parameter.
      } else {
        hasUserInfo = true
        hostStart = rest.index(after: at)
        if let colon = userInfo.firstIndex(of: ":") {
          parts.user = try decoded(userInfo[..<colon], "user name")
          parts.password = try decoded(
            userInfo[userInfo.index(after: colon)...], "password", echo: false)
        } else {
          parts.user = try decoded(userInfo, "user name")
        }
      }
    }

    let hostEnd = rest[hostStart...].firstIndex { $0 == "/" || $0 == "?" } ?? rest.endIndex
    let authority = rest[hostStart..<hostEnd]
    var path: Substring = ""
    var query: Substring?
    var tail = rest[hostEnd...]
    if tail.first == "/" {
      tail = tail.dropFirst()
      if let mark = tail.firstIndex(of: "?") {
        path = tail[..<mark]
        query = tail[tail.index(after: mark)...]
      } else {
        path = tail
      }
    } else if tail.first == "?" {
      query = tail.dropFirst()
    }

    // `postgres://me:pa/ss@host/db`: a "/" in the password ended the
    // authority early. Say so without echoing any of it.
    if !hasUserInfo, path.contains("@") {
      throw failure(
        "cannot tell where the host is (an \"@\" follows the first \"/\"): percent-encode "
          + "\"/\" in the user name or password as %2F, and \"@\" in the database name as %40")
    }

    try parseAuthority(authority, into: &parts)
    if !path.isEmpty { parts.database = try decoded(path, "database name") }
    if let query { try parseQuery(query, into: &parts) }
    return parts
  }

  /// `host`, `host:port`, `[v6]`, `[v6]:port`, `%2Fsocket%2Fdir:port`, or nothing.
  static func parseAuthority(_ authority: Substring, into parts: inout Parts) throws(Failure) {
    var hostText: Substring
    var portText: Substring?
    if authority.first == "[" {
      guard let close = authority.firstIndex(of: "]") else {
        throw failure("host \(quoted(authority)) has no closing \"]\"")
      }
      hostText = authority[authority.index(after: authority.startIndex)..<close]
      guard !hostText.isEmpty else { throw failure("the IPv6 address in \"[]\" is empty") }
      let after = authority[authority.index(after: close)...]
      if after.first == ":" {
        portText = after.dropFirst()
      } else if !after.isEmpty {
        throw failure("unexpected \(quoted(after)) after \(quoted(authority[...close]))")
      }
      parts.host = .tcp(try decoded(hostText, "host"))
      if let portText { parts.port = String(portText) }
      return
    }
    if authority.count(where: { $0 == ":" }) > 1 {
      // `::1:5432` may be an address and a port: both readings are offered.
      if let colon = authority.lastIndex(of: ":"), colon > authority.startIndex,
        authority[authority.index(before: colon)] != ":",
        let port = Int(authority[authority.index(after: colon)...]), port > 0, port < 65536
      {
        throw failure(
          "an IPv6 address needs brackets: [\(authority[..<colon])]:\(port) with a port, "
            + "[\(authority)] without")
      }
      throw failure("an IPv6 address needs brackets: [\(authority)]")
    }
    if let colon = authority.firstIndex(of: ":") {
      hostText = authority[..<colon]
      portText = authority[authority.index(after: colon)...]
    } else {
      hostText = authority
    }
    parts.host = try parseHost(try decoded(hostText, "host"))
    if let portText { parts.port = String(portText) }
  }

  /// A decoded host: nothing, a socket directory, a name or address.
  static func parseHost(_ text: String) throws(Failure) -> Host? {
    var text = text
    if text.isEmpty { return nil }
    if text.contains(",") {
      throw failure("several hosts (\(quoted(text))) are not supported; give one")
    }
    if text.hasPrefix("/") {
      while text.count > 1, text.hasSuffix("/") { text.removeLast() }
      return .socket(text)
    }
    if text.hasPrefix("["), text.hasSuffix("]"), text.count > 2 {
      text = String(text.dropFirst().dropLast())
    }
    return .tcp(text)
  }

  static func parseQuery(_ query: Substring, into parts: inout Parts) throws(Failure) {
    for pair in query.split(separator: "&", omittingEmptySubsequences: true) {
      guard let equals = pair.firstIndex(of: "=") else {
        throw failure("parameter \(quoted(pair)) has no value (name=value)")
      }
      let name = try decoded(pair[..<equals], "parameter name")
      let rawValue = pair[pair.index(after: equals)...]
      switch name {
      case "user": parts.user = try decoded(rawValue, "user name")
      case "password": parts.password = try decoded(rawValue, "password", echo: false)
      case "port": parts.port = try decoded(rawValue, "port")
      case "dbname": parts.database = try decoded(rawValue, "database name")
      case "host": parts.host = try parseHost(try decoded(rawValue, "host"))
      case "sslmode": parts.sslmode = try decoded(rawValue, "sslmode")
      case "application_name": _ = try decoded(rawValue, "application_name")
      default:
        throw failure(
          "unknown parameter \(quoted(name)) (known: "
            + parameters.joined(separator: ", ") + ")")
      }
    }
  }

  static func parsePort(_ text: String?) throws(Failure) -> Int {
    guard let text, !text.isEmpty else { return defaultPort }
    guard text.allSatisfy({ $0.isASCII && $0.isNumber }) else {
      throw failure("port \(quoted(text)) is not a number")
    }
    guard let port = Int(text), (1...65535).contains(port) else {
      throw failure("port \(quoted(text)) is out of range (1 to 65535)")
    }
    return port
  }

  static func tlsMode(_ text: String?) throws(Failure) -> TLSMode {
    guard let text, !text.isEmpty else { return .prefer }
    if let mode = TLSMode(rawValue: text) { return mode }
    let supported = "(disable, prefer or require)"
    switch text {
    case "allow", "verify-ca", "verify-full":
      throw failure("sslmode=\(text) is not supported \(supported)")
    default:
      throw failure("unknown sslmode \(quoted(text)) \(supported)")
    }
  }

  /// `name=` at the start of `text`: a query rather than part of a password.
  static func startsWithParameter(_ text: Substring) -> Bool {
    guard let equals = text.firstIndex(of: "=") else { return false }
    let name = text[..<equals]
    return !name.isEmpty && name.allSatisfy { $0.isASCII && ($0.isLetter || $0 == "_") }
  }

  static func nonEmpty(_ text: String?) -> String? {
    guard let text, !text.isEmpty else { return nil }
    return text
  }

  // MARK: Text

  /// Percent-decodes (as libpq: `+` stays `+`). `what` names the part in the
  /// failure, which shows the text only when `echo`.
  static func decoded(_ text: Substring, _ what: String, echo: Bool = true) throws(Failure)
    -> String
  {
    guard text.contains("%") else { return String(text) }
    func invalid() -> Failure {
      failure("invalid percent-encoding in the \(what)" + (echo ? " \(quoted(text))" : ""))
    }
    let utf8 = Array(text.utf8)
    var bytes: [UInt8] = []
    bytes.reserveCapacity(utf8.count)
    var index = 0
    while index < utf8.count {
      guard utf8[index] == UInt8(ascii: "%") else {
        bytes.append(utf8[index])
        index += 1
        continue
      }
      guard index + 2 < utf8.count, let high = hexValue(utf8[index + 1]),
        let low = hexValue(utf8[index + 2]), high | low != 0
      else { throw invalid() }
      bytes.append(high << 4 | low)
      index += 3
    }
    let result = String(decoding: bytes, as: UTF8.self)
    guard result.utf8.elementsEqual(bytes) else { throw invalid() }
    return result
  }

  static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }

  static let unreserved = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~"
  static let userCharacters = unreserved + "!$&'()*+,;="
  static let hostCharacters = unreserved + "!$&'()*+,;="
  static let pathCharacters = unreserved + "!$&'()*+,;=:/"
  static let queryCharacters = unreserved + "!$'()*+,;:@/"

  /// Percent-encodes every byte of `text` but the ASCII in `keeping`.
  static func encoded(_ text: String, keeping allowed: String) -> String {
    let allowed = Set(allowed.utf8)
    var result = ""
    for byte in text.utf8 {
      if allowed.contains(byte) {
        result.unicodeScalars.append(Unicode.Scalar(byte))
      } else {
        let digits = Array("0123456789ABCDEF".unicodeScalars)
        result.unicodeScalars.append("%")
        result.unicodeScalars.append(digits[Int(byte >> 4)])
        result.unicodeScalars.append(digits[Int(byte & 0xF)])
      }
    }
    return result
  }

  /// In double quotes, control characters escaped, so a message stays one line.
  static func quoted(_ text: some StringProtocol) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar.value {
      case 0..<0x20, 0x7F: result += "\\u{" + String(scalar.value, radix: 16) + "}"
      case UInt32(UInt8(ascii: "\"")): result += "\\\""
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result + "\""
  }

  /// The input for a message, less anything that may be a password: from the
  /// first ":" after the scheme to the last "@", and `password=` parameters.
  static func redactedInput(_ text: String) -> String {
    var text = Substring(text)
    var prefix: Substring = ""
    if let scheme = text.range(of: "://") {
      prefix = text[..<scheme.upperBound]
      text = text[scheme.upperBound...]
    }
    var result = String(prefix)
    var rest = text
    if let at = rest.lastIndex(of: "@"), let colon = rest[..<at].firstIndex(of: ":") {
      result += rest[..<colon]
      rest = rest[at...]
    }
    guard let mark = rest.firstIndex(of: "?") else { return result + rest }
    result += rest[...mark]
    let kept = rest[rest.index(after: mark)...].split(
      separator: "&", omittingEmptySubsequences: false
    ).filter { !$0.lowercased().hasPrefix("password=") }
    return result + kept.joined(separator: "&")
  }
}
