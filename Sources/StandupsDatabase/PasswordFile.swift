import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// libpq's password file: lines `hostname:port:database:username:password`,
/// `*` matching anything in the first four fields, `\:` and `\\` escapes, `#`
/// comments; the first matching line wins. A file with group or world access
/// is ignored, as libpq does.
enum PasswordFile {
  enum Access: Equatable {
    case readable
    case missing
    /// libpq's warning.
    case ignored(String)
  }

  /// `$PGPASSFILE`, else `~/.pgpass`.
  static func path(environment: [String: String], homeDirectory: String?) -> String? {
    if let file = environment["PGPASSFILE"], !file.isEmpty { return file }
    guard let homeDirectory, !homeDirectory.isEmpty else { return nil }
    return (homeDirectory.hasSuffix("/") ? homeDirectory : homeDirectory + "/") + ".pgpass"
  }

  static func access(path: String) -> Access {
    var info = stat()
    guard stat(path, &info) == 0 else { return .missing }
    guard info.st_mode & 0o170000 == 0o100000 else {
      return .ignored("password file \"\(path)\" is not a plain file")
    }
    guard info.st_mode & 0o077 == 0 else {
      return .ignored(
        "password file \"\(path)\" has group or world access; "
          + "permissions should be u=rw (0600) or less")
    }
    return .readable
  }

  /// The password for a connection from the file at `path`, nil when there is
  /// none, the file is missing or unreadable, or it is ignored.
  static func password(path: String, endpoint: DatabaseURL.Endpoint, database: String, user: String)
    -> String?
  {
    guard access(path: path) == .readable,
      let data = FileManager.default.contents(atPath: path)
    else { return nil }
    return password(
      in: String(decoding: data, as: UTF8.self), endpoint: endpoint, database: database,
      user: user)
  }

  /// For a socket the hostname field matches `localhost` or the directory.
  static func password(
    in contents: String, endpoint: DatabaseURL.Endpoint, database: String, user: String
  ) -> String? {
    let hosts: [String]
    let port: Int
    switch endpoint {
    case .tcp(let host, let tcpPort):
      hosts = [host]
      port = tcpPort
    case .socket(let directory, let socketPort):
      hosts = ["localhost", directory]
      port = socketPort
    }
    for line in contents.split(whereSeparator: \.isNewline) where !line.hasPrefix("#") {
      guard let entry = Entry(line) else { continue }
      if entry.host.matches(any: hosts), entry.port.matches(any: [String(port)]),
        entry.database.matches(any: [database]), entry.user.matches(any: [user])
      {
        return entry.password.isEmpty ? nil : entry.password
      }
    }
    return nil
  }

  struct Field {
    var text: String
    var isWildcard: Bool

    func matches(any candidates: [String]) -> Bool {
      isWildcard || candidates.contains(text)
    }
  }

  /// A line with at least the four fields and the password.
  struct Entry {
    var host: Field
    var port: Field
    var database: Field
    var user: Field
    var password: String

    init?(_ line: Substring) {
      let scalars = Array(line.unicodeScalars)
      var index = 0
      /// A field up to the next unescaped ":" (consumed); nil at the end of the line.
      func field() -> Field? {
        var text = String.UnicodeScalarView()
        var escaped = false
        while index < scalars.count {
          let scalar = scalars[index]
          index += 1
          if scalar == "\\" {
            escaped = true
            guard index < scalars.count else { return nil }
            text.append(scalars[index])
            index += 1
          } else if scalar == ":" {
            return Field(text: String(text), isWildcard: !escaped && String(text) == "*")
          } else {
            text.append(scalar)
          }
        }
        return nil
      }
      guard let host = field(), let port = field(), let database = field(), let user = field()
      else { return nil }
      var password = String.UnicodeScalarView()
      while index < scalars.count, scalars[index] != ":" {
        if scalars[index] == "\\", index + 1 < scalars.count { index += 1 }
        password.append(scalars[index])
        index += 1
      }
      self.host = host
      self.port = port
      self.database = database
      self.user = user
      self.password = String(password)
    }
  }
}
