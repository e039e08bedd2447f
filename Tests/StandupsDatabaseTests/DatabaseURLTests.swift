import Foundation
import Testing

@testable import StandupsDatabase

/// `--database URL` / `$STANDUPS_DATABASE_URL`, read as libpq reads a
/// connection URI: the accepted forms and their defaults, the rejections, where
/// the password comes from (URL, PGPASSWORD, pgpass), and that the password
/// never shows in a message or a description.
struct DatabaseURLTests {
  static let environment = ["USER": "tester"]

  func parse(
    _ text: String, environment: [String: String] = Self.environment, home: String? = nil
  ) throws -> DatabaseURL {
    try DatabaseURL(text, environment: environment, homeDirectory: home)
  }

  /// The failure's message, nil if `text` parses.
  func failure(_ text: String, environment: [String: String] = Self.environment) -> String? {
    do {
      _ = try DatabaseURL(text, environment: environment, homeDirectory: nil)
      return nil
    } catch {
      return error.description
    }
  }

  // MARK: Accepted forms

  @Test func bothSchemes() throws {
    let expected = DatabaseURL(
      endpoint: .tcp(host: "db.example.com", port: 6543), user: "alice", database: "standups")
    #expect(try parse("postgres://alice@db.example.com:6543/standups") == expected)
    #expect(try parse("postgresql://alice@db.example.com:6543/standups") == expected)
    #expect(try parse("POSTGRESQL://alice@db.example.com:6543/standups") == expected)
    #expect(try parse("  postgres://alice@db.example.com:6543/standups\n") == expected)
  }

  @Test func defaultPortAndTLS() throws {
    let url = try parse("postgres://alice@db.example.com/standups")
    #expect(url.endpoint == .tcp(host: "db.example.com", port: 5432))
    #expect(url.port == 5432)
    #expect(url.tls == .prefer)
    #expect(url.password == nil)
    #expect(url.socketPath == nil)
    #expect(try parse("postgres://alice@db.example.com:/standups").port == 5432)
  }

  @Test func ipv6() throws {
    #expect(try parse("postgres://alice@[::1]:6543/db").endpoint == .tcp(host: "::1", port: 6543))
    #expect(try parse("postgres://alice@[::1]/db").endpoint == .tcp(host: "::1", port: 5432))
    #expect(
      try parse("postgres://[2001:db8::7]").endpoint == .tcp(host: "2001:db8::7", port: 5432))
    #expect(
      try parse("postgres://[fe80::1%25eth0]:5433/db").endpoint
        == .tcp(host: "fe80::1%eth0", port: 5433))
    #expect(try parse("postgres:///db?host=::1").endpoint == .tcp(host: "::1", port: 5432))
    #expect(try parse("postgres:///db?host=[::1]").endpoint == .tcp(host: "::1", port: 5432))
  }

  @Test func socketFromQueryHost() throws {
    let url = try parse("postgresql://alice@/standups?host=/var/run/postgresql")
    #expect(url.endpoint == .socket(directory: "/var/run/postgresql", port: 5432))
    #expect(url.socketPath == "/var/run/postgresql/.s.PGSQL.5432")
    #expect(url.user == "alice")
    #expect(url.database == "standups")
    let other = try parse("postgres:///db?host=/tmp/pg/&port=6000")
    #expect(other.endpoint == .socket(directory: "/tmp/pg", port: 6000))
    #expect(other.socketPath == "/tmp/pg/.s.PGSQL.6000")
    #expect(
      try parse("postgres://alice@?host=/tmp").endpoint == .socket(directory: "/tmp", port: 5432))
  }

  @Test func socketFromPercentEncodedAuthority() throws {
    #expect(
      try parse("postgresql://alice@%2Fvar%2Frun%2Fpostgresql/standups")
        == parse("postgresql://alice@/standups?host=/var/run/postgresql"))
    let url = try parse("postgres://alice@%2ftmp%2fpg:6000/db")
    #expect(url.endpoint == .socket(directory: "/tmp/pg", port: 6000))
    #expect(url.socketPath == "/tmp/pg/.s.PGSQL.6000")
  }

  @Test func noHostIsTheDefaultSocket() throws {
    let url = try parse("postgres:///standups")
    #expect(url.endpoint == .socket(directory: "/var/run/postgresql", port: 5432))
    #expect(url.socketPath == "/var/run/postgresql/.s.PGSQL.5432")
    #expect(url.database == "standups")
    let bare = try parse("postgres://")
    #expect(
      bare
        == DatabaseURL(
          endpoint: .socket(directory: "/var/run/postgresql", port: 5432), user: "tester",
          database: "tester", tls: .prefer))
  }

  @Test func queryParametersOverrideTheURL() throws {
    let url = try parse(
      "postgres://a@h1:1/d1?user=b&port=2&dbname=d2&host=h2&sslmode=require"
        + "&application_name=standups")
    #expect(
      url
        == DatabaseURL(
          endpoint: .tcp(host: "h2", port: 2), user: "b", database: "d2", tls: .require))
    #expect(
      try parse("postgres://h/db?host=/tmp").endpoint == .socket(directory: "/tmp", port: 5432))
    #expect(try parse("postgres://h?user=me@corp").user == "me@corp")
    #expect(try parse("postgres://?user=me@corp&host=/tmp").user == "me@corp")
    #expect(
      try parse("postgres://?user=me@corp&host=/tmp").endpoint
        == .socket(directory: "/tmp", port: 5432))
    #expect(try parse("postgres://h/db?&sslmode=disable&").tls == .disable)
  }

  @Test(arguments: DatabaseURL.TLSMode.allCases)
  func sslmodes(mode: DatabaseURL.TLSMode) throws {
    #expect(try parse("postgres://h/db?sslmode=\(mode.rawValue)").tls == mode)
  }

  @Test func percentDecoding() throws {
    let url = try parse("postgres://j%C3%BCrgen:p%40ss%3Aw%2Fd@caf%C3%A9.example/my%20db+x")
    #expect(url.user == "jürgen")
    #expect(url.password == "p@ss:w/d")
    #expect(url.endpoint == .tcp(host: "café.example", port: 5432))
    #expect(url.database == "my db+x")
    let query = try parse("postgres://h?user=a%26b&password=c%3Dd&dbname=e%2Ff")
    #expect(query.user == "a&b")
    #expect(query.password == "c=d")
    #expect(query.database == "e/f")
  }

  @Test func unescapedSpecialCharactersInThePassword() throws {
    let url = try parse("postgres://me:p@ss:w?rd#1@h:5433/db")
    #expect(url.user == "me")
    #expect(url.password == "p@ss:w?rd#1")
    #expect(url.endpoint == .tcp(host: "h", port: 5433))
    #expect(url.database == "db")
  }

  @Test func defaultsFromTheEnvironment() throws {
    let both = try parse("postgres://h", environment: ["PGUSER": "pg", "USER": "unix"])
    #expect(both.user == "pg")
    #expect(both.database == "pg")
    #expect(try parse("postgres://h", environment: ["PGUSER": "", "USER": "unix"]).user == "unix")
    #expect(try parse("postgres://h", environment: [:]).user == "postgres")
    #expect(try parse("postgres://h", environment: [:]).database == "postgres")
    let url = try parse("postgres://alice@h", environment: ["PGUSER": "pg"])
    #expect(url.user == "alice")
    #expect(url.database == "alice")
    #expect(try parse("postgres://:@h/db", environment: ["USER": "unix"]).user == "unix")
  }

  // MARK: Rejections

  @Test func rejectsOtherSchemes() {
    #expect(
      failure("mysql://x")
        == "--database: \"mysql://x\" is not a PostgreSQL URL (postgres:// or postgresql://)")
    #expect(failure("localhost:5432/db")?.contains("is not a PostgreSQL URL") == true)
    #expect(failure("postgres:/db")?.contains("is not a PostgreSQL URL") == true)
    #expect(failure("host=localhost dbname=x")?.contains("is not a PostgreSQL URL") == true)
  }

  @Test func rejectsBadPorts() {
    #expect(failure("postgres://h:abc/db") == "--database: port \"abc\" is not a number")
    #expect(failure("postgres://h/db?port=x1") == "--database: port \"x1\" is not a number")
    #expect(failure("postgres://h:-1/db") == "--database: port \"-1\" is not a number")
    #expect(failure("postgres://h:0/db") == "--database: port \"0\" is out of range (1 to 65535)")
    #expect(
      failure("postgres://h:70000") == "--database: port \"70000\" is out of range (1 to 65535)")
    #expect(failure("postgres://[::1]:x")?.contains("port \"x\" is not a number") == true)
    #expect(failure("postgres://h:5432,h2:5433/db") != nil)
  }

  @Test func rejectsUnsupportedSSLModes() {
    #expect(
      failure("postgres://h/db?sslmode=verify-full")
        == "--database: sslmode=verify-full is not supported (disable, prefer or require)")
    #expect(
      failure("postgres://h/db?sslmode=verify-ca")
        == "--database: sslmode=verify-ca is not supported (disable, prefer or require)")
    #expect(
      failure("postgres://h/db?sslmode=allow")
        == "--database: sslmode=allow is not supported (disable, prefer or require)")
    #expect(
      failure("postgres://h/db?sslmode=on")
        == "--database: unknown sslmode \"on\" (disable, prefer or require)")
  }

  @Test func rejectsUnknownParameters() {
    #expect(
      failure("postgres://h/db?connect_timeout=10")
        == "--database: unknown parameter \"connect_timeout\" (known: user, password, port, "
        + "dbname, host, sslmode, application_name)")
    #expect(failure("postgres://h/db?ssl=true")?.contains("\"ssl\"") == true)
    #expect(
      failure("postgres://h/db?sslmode")
        == "--database: parameter \"sslmode\" has no value (name=value)")
  }

  @Test func rejectsEmpty() {
    #expect(failure("") == "--database: the URL is empty")
    #expect(failure("  \n") == "--database: the URL is empty")
  }

  @Test func rejectsMalformedHosts() {
    #expect(failure("postgres://h1,h2/db")?.contains("several hosts") == true)
    #expect(failure("postgres:///db?host=h1,h2")?.contains("several hosts") == true)
    #expect(
      failure("postgres://::1/db") == "--database: an IPv6 address needs brackets: [::1]")
    // What looks like a port after the address: both readings.
    #expect(
      failure("postgres://u@::1:55440/db")
        == "--database: an IPv6 address needs brackets: [::1]:55440 with a port, "
        + "[::1:55440] without")
    #expect(failure("postgres://[::1/db")?.contains("no closing \"]\"") == true)
    #expect(failure("postgres://[]/db") != nil)
    #expect(failure("postgres://[::1]x/db") != nil)
  }

  @Test func rejectsBadPercentEncoding() {
    #expect(
      failure("postgres://a%zz@h/db")
        == "--database: invalid percent-encoding in the user name \"a%zz\"")
    #expect(failure("postgres://h/db%2") != nil)
    #expect(failure("postgres://h/db%00") != nil)
    #expect(failure("postgres://h/db%FF") != nil)
    #expect(failure("postgres://h/db?%zz=1") != nil)
    #expect(
      failure("postgres://u:p%zz@h/db") == "--database: invalid percent-encoding in the password")
  }

  @Test func failureMessagesAreOneLine() {
    let message = failure("postgres://h:a\nb/db")
    #expect(message == "--database: port \"a\\u{a}b\" is not a number")
  }

  // MARK: Keys and the redacted form

  @Test func serverKeys() throws {
    #expect(try parse("postgres://a@h:6543/db").serverKey == "h:6543/db")
    #expect(try parse("postgres://a@h/db").serverKey == "h:5432/db")
    #expect(try parse("postgres://a@[::1]/db").serverKey == "[::1]:5432/db")
    #expect(try parse("postgres://a@/db").serverKey == "/var/run/postgresql:5432/db")
    #expect(try parse("postgres://a@/db?host=/tmp&port=6000").serverKey == "/tmp:6000/db")
    // The user and password are not part of it.
    #expect(try parse("postgres://a:x@h/db").serverKey == parse("postgres://b@h/db").serverKey)
  }

  @Test func redactedForms() throws {
    #expect(try parse("postgresql://a:pw@h/db").redacted == "postgres://a@h:5432/db")
    #expect(try parse("postgres://a@[::1]:6000/db").redacted == "postgres://a@[::1]:6000/db")
    #expect(
      try parse("postgres://a@/db?sslmode=require").redacted
        == "postgres://a@/db?host=/var/run/postgresql&port=5432&sslmode=require")
    #expect(
      try parse("postgres://a@h/db?sslmode=disable").redacted
        == "postgres://a@h:5432/db?sslmode=disable")
    #expect(
      try parse("postgres://j%C3%BCrgen%40corp@h/my%20db%3F").redacted
        == "postgres://j%C3%BCrgen%40corp@h:5432/my%20db%3F")
  }

  @Test(arguments: [
    "postgres://alice:pw@db.example.com:6543/standups?sslmode=require",
    "postgres://a@[fe80::1%25eth0]:5433/db",
    "postgres:///db?host=/tmp/a%26b&port=6000&sslmode=disable",
    "postgres://j%C3%BCrgen%3Ax%40corp@h/my%20db%3F%2F%40",
    "postgres://",
  ])
  func redactedParsesBackWithoutThePassword(text: String) throws {
    var url = try parse(text)
    url.password = nil
    #expect(try parse(url.redacted) == url)
  }

  // MARK: Helpers

  func temporaryDirectory() throws -> String {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("standups-dburl-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }

  /// A password file in a fresh directory with `mode`; removed afterwards.
  func withPasswordFile(
    _ contents: String, mode: Int = 0o600, name: String = "pgpass",
    _ body: (String) throws -> Void
  ) throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let file = directory + "/" + name
    try Data(contents.utf8).write(to: URL(fileURLWithPath: file))
    try FileManager.default.setAttributes(
      [.posixPermissions: NSNumber(value: mode)], ofItemAtPath: file)
    try body(file)
  }
}
