import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where team mode's PostgreSQL server is and how to log in: `--database URL`
/// or `$STANDUPS_DATABASE_URL`, read as libpq reads a connection URI.
///
/// `postgres://` or `postgresql://user:password@host:port/dbname?param=value`,
/// where the host may be a bracketed IPv6 address (`[::1]`) or, percent-encoded,
/// a Unix socket directory (`%2Fvar%2Frun%2Fpostgresql`), and the parameters are
/// `user`, `password`, `port`, `dbname`, `host`, `sslmode` and
/// `application_name` (ignored); a parameter overrides the same part of the
/// URL. What is missing defaults as in libpq: port 5432, the user `$PGUSER`,
/// else `$USER`, else `postgres`; the database named as the user; no host, the
/// socket directory `/var/run/postgresql`; `sslmode=prefer`. Without a password
/// in the URL the password is `$PGPASSWORD`, else the pgpass file's.
///
/// The password never shows: `description`, `debugDescription`, the mirror,
/// `redacted` and every failure leave it out.
public struct DatabaseURL: Equatable, Sendable {
  public enum Endpoint: Equatable, Sendable {
    case tcp(host: String, port: Int)
    /// A Unix socket directory; the socket is `<directory>/.s.PGSQL.<port>`.
    case socket(directory: String, port: Int)
  }

  public enum TLSMode: String, Equatable, Sendable, CaseIterable {
    case disable, prefer, require
  }

  public var endpoint: Endpoint
  public var user: String
  public var password: String?
  /// The pgpass file the password was looked up in (not given in the URL
  /// or `PGPASSWORD`): read again at each connection, so that a password
  /// changed there is used without a restart.
  public var passwordFile: String?
  public var database: String
  public var tls: TLSMode

  public static let defaultPort = 5432
  /// Where the server's socket is when the URL names no host (Debian's libpq).
  public static let defaultSocketDirectory = "/var/run/postgresql"

  public init(
    endpoint: Endpoint, user: String, password: String? = nil, database: String,
    tls: TLSMode = .prefer
  ) {
    self.endpoint = endpoint
    self.user = user
    self.password = password
    self.database = database
    self.tls = tls
  }

  /// The port of either endpoint.
  public var port: Int {
    switch endpoint {
    case .tcp(_, let port), .socket(_, let port): port
    }
  }

  /// The socket file for `.socket`, nil for tcp.
  public var socketPath: String? {
    guard case .socket(let directory, let port) = endpoint else { return nil }
    return (directory.hasSuffix("/") ? directory : directory + "/") + ".s.PGSQL.\(port)"
  }

  /// `host:port/db` (socket: `<dir>:port/db`), what the cache and journal names hash.
  public var serverKey: String {
    switch endpoint {
    case .tcp(let host, let port):
      let host = host.contains(":") ? "[\(host)]" : host
      return "\(host):\(port)/\(database)"
    case .socket(let directory, let port):
      return "\(directory):\(port)/\(database)"
    }
  }

  /// For messages and logs: the URL without any password
  /// (`postgres://user@host:port/db`; a socket:
  /// `postgres://user@/db?host=/var/run/postgresql&port=5432`), with the
  /// sslmode when it is not the default. It parses back to this URL less the
  /// password.
  public var redacted: String {
    var text = "postgres://" + Self.encoded(user, keeping: Self.userCharacters) + "@"
    var parameters: [String] = []
    switch endpoint {
    case .tcp(let host, let port):
      if host.contains(":") {
        text += "[" + Self.encoded(host, keeping: Self.hostCharacters + ":") + "]"
      } else {
        text += Self.encoded(host, keeping: Self.hostCharacters)
      }
      text += ":\(port)/" + Self.encoded(database, keeping: Self.pathCharacters)
    case .socket(let directory, let port):
      text += "/" + Self.encoded(database, keeping: Self.pathCharacters)
      parameters.append("host=" + Self.encoded(directory, keeping: Self.queryCharacters))
      parameters.append("port=\(port)")
    }
    if tls != .prefer { parameters.append("sslmode=\(tls.rawValue)") }
    if !parameters.isEmpty { text += "?" + parameters.joined(separator: "&") }
    return text
  }

  /// Why `--database` (or `$STANDUPS_DATABASE_URL`) can't be used: one line
  /// that never contains the password.
  public struct Failure: Error, Equatable, Sendable, CustomStringConvertible {
    public var description: String

    public init(description: String) {
      self.description = description
    }
  }

  /// Parses `text`; the password falls back to PGPASSWORD then the pgpass file.
  public init(_ text: String, environment: [String: String], homeDirectory: String?)
    throws(Failure)
  {
    let parts = try Self.parse(text)

    let user =
      Self.nonEmpty(parts.user) ?? Self.nonEmpty(environment["PGUSER"])
      ?? Self.nonEmpty(environment["USER"]) ?? "postgres"
    let port = try Self.parsePort(parts.port)
    let tls = try Self.tlsMode(parts.sslmode)
    let endpoint: Endpoint =
      switch parts.host {
      case .none: .socket(directory: Self.defaultSocketDirectory, port: port)
      case .some(.tcp(let host)): .tcp(host: host, port: port)
      case .some(.socket(let directory)): .socket(directory: directory, port: port)
      }
    self.init(
      endpoint: endpoint, user: user, password: nil,
      database: Self.nonEmpty(parts.database) ?? user, tls: tls)

    if let password = Self.nonEmpty(parts.password) ?? Self.nonEmpty(environment["PGPASSWORD"]) {
      self.password = password
    } else if let file = PasswordFile.path(environment: environment, homeDirectory: homeDirectory) {
      self.passwordFile = file
      self.password = currentPassword
    }
  }

  /// The password to connect with now: the pgpass file's as it reads now,
  /// where the password comes from it; else the one given.
  public var currentPassword: String? {
    guard let passwordFile else { return password }
    return PasswordFile.password(
      path: passwordFile, endpoint: endpoint, database: database, user: user)
  }

  /// Why the pgpass file (`$PGPASSFILE`, else `~/.pgpass`) is ignored, as libpq
  /// warns (it has group or world access, or is not a plain file); nil when it
  /// is usable or absent.
  public static func passwordFileWarning(environment: [String: String], homeDirectory: String?)
    -> String?
  {
    guard let file = PasswordFile.path(environment: environment, homeDirectory: homeDirectory),
      case .ignored(let reason) = PasswordFile.access(path: file)
    else { return nil }
    return reason
  }
}

extension DatabaseURL: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
  public var description: String { redacted }
  public var debugDescription: String { redacted }

  /// `dump` and custom-dump show the fields but not the password.
  public var customMirror: Mirror {
    Mirror(
      self,
      children: [
        "endpoint": endpoint, "user": user,
        "password": password == nil ? "none" : "<redacted>",
        "database": database, "tls": tls,
      ],
      displayStyle: .struct)
  }
}
