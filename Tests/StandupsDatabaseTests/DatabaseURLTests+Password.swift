import Foundation
import Testing

@testable import StandupsDatabase

extension DatabaseURLTests {
  // MARK: The password

  @Test func passwordPrecedence() throws {
    try withPasswordFile("*:*:*:*:from-file\n") { file throws in
      let environment = ["USER": "tester", "PGPASSWORD": "from-env", "PGPASSFILE": file]
      #expect(
        try parse("postgres://u:from-url@h/db", environment: environment).password == "from-url")
      #expect(
        try parse("postgres://u@h/db?password=from-query", environment: environment).password
          == "from-query")
      #expect(try parse("postgres://u@h/db", environment: environment).password == "from-env")
      // An empty password in the URL or PGPASSWORD is none.
      #expect(try parse("postgres://u:@h/db", environment: environment).password == "from-env")
      var withoutEnv = environment
      withoutEnv["PGPASSWORD"] = ""
      #expect(try parse("postgres://u@h/db", environment: withoutEnv).password == "from-file")
      withoutEnv["PGPASSWORD"] = nil
      #expect(try parse("postgres://u@h/db", environment: withoutEnv).password == "from-file")
    }
    #expect(try parse("postgres://u@h/db").password == nil)
  }

  /// A password from the pgpass file is read again at each connection:
  /// one changed there is used without a restart. One given in the URL or
  /// PGPASSWORD stays as given.
  @Test func aPasswordFromTheFileIsReadAgain() throws {
    try withPasswordFile("*:*:*:*:before\n") { file throws in
      let environment = ["USER": "tester", "PGPASSFILE": file]
      let fromFile = try parse("postgres://u@h/db", environment: environment)
      let fromURL = try parse("postgres://u:given@h/db", environment: environment)
      #expect(fromFile.currentPassword == "before")
      try Data("*:*:*:*:after\n".utf8).write(to: URL(fileURLWithPath: file))
      #expect(fromFile.currentPassword == "after")
      #expect(fromURL.currentPassword == "given")
      #expect(fromURL.passwordFile == nil)
    }
  }

  @Test func pgpassMatching() throws {
    let contents = """
      # a comment:*:*:*:commented
      other:5432:db:u:other-host
      h:6000:db:u:other-port
      h:5432:db2:u:other-database
      h:5432:db:v:other-user
      h:5432:db:u:exact
      h:5432:db:u:second-match
      *:*:*:*:wildcard
      """
    try withPasswordFile(contents) { file throws in
      let environment = ["PGPASSFILE": file]
      #expect(try parse("postgres://u@h/db", environment: environment).password == "exact")
      #expect(try parse("postgres://u@other/db", environment: environment).password == "other-host")
      #expect(
        try parse("postgres://u@h:6000/db", environment: environment).password == "other-port")
      #expect(
        try parse("postgres://w@elsewhere/x", environment: environment).password == "wildcard")
      // The user and database from the environment take part in the match.
      #expect(
        try parse("postgres://h", environment: ["PGPASSFILE": file, "PGUSER": "v"]).password
          == "wildcard")
      #expect(
        try parse("postgres://h/db", environment: ["PGPASSFILE": file, "PGUSER": "v"]).password
          == "other-user")
    }
  }

  @Test func pgpassEscapesAndWildcards() {
    let contents = #"""
      h\:x:5432:db:u:no
      h:5432:d\\b:u\:v:p\:w\\d:extra
      h:5432:\*:u:literal-star
      h:*:*:u:wild\
      """#
    func password(database: String, user: String) -> String? {
      PasswordFile.password(
        in: contents, endpoint: .tcp(host: "h", port: 5432), database: database, user: user)
    }
    #expect(password(database: #"d\b"#, user: "u:v") == #"p:w\d"#)
    #expect(password(database: "*", user: "u") == "literal-star")
    #expect(password(database: "db", user: "u") == #"wild\"#)
    #expect(password(database: "db", user: "nobody") == nil)
  }

  @Test func pgpassLineEndingsAndEmptyPasswords() {
    let endpoint = DatabaseURL.Endpoint.tcp(host: "h", port: 5432)
    #expect(
      PasswordFile.password(
        in: "x:1:2:3:4\r\nh:5432:db:u:crlf\r\n", endpoint: endpoint, database: "db", user: "u")
        == "crlf")
    // The first match wins even when its password is empty (libpq: none).
    #expect(
      PasswordFile.password(
        in: "h:5432:db:u:\n*:*:*:*:later\n", endpoint: endpoint, database: "db", user: "u")
        == nil)
    // Too few fields: no match.
    #expect(
      PasswordFile.password(in: "h:5432:db:u\n", endpoint: endpoint, database: "db", user: "u")
        == nil)
  }

  @Test func pgpassForASocket() throws {
    let contents = """
      localhost:5432:db:u:via-localhost
      /tmp/pg:6000:db:u:via-directory
      """
    try withPasswordFile(contents) { file throws in
      let environment = ["PGPASSFILE": file]
      #expect(try parse("postgres://u@/db", environment: environment).password == "via-localhost")
      #expect(
        try parse("postgres://u@/db?host=/tmp/other", environment: environment).password
          == "via-localhost")
      #expect(
        try parse("postgres://u@%2Ftmp%2Fpg:6000/db", environment: environment).password
          == "via-directory")
      #expect(
        try parse("postgres://u@localhost/db", environment: environment).password
          == "via-localhost")
      #expect(try parse("postgres://u@127.0.0.1/db", environment: environment).password == nil)
    }
  }

  @Test func pgpassWithGroupOrWorldAccessIsIgnored() throws {
    try withPasswordFile("*:*:*:*:secret\n", mode: 0o644) { file throws in
      let environment = ["PGPASSFILE": file]
      #expect(try parse("postgres://u@h/db", environment: environment).password == nil)
      let warning = DatabaseURL.passwordFileWarning(environment: environment, homeDirectory: nil)
      #expect(warning?.contains("has group or world access") == true)
      #expect(warning?.contains("secret") == false)
    }
    try withPasswordFile("*:*:*:*:secret\n", mode: 0o640) { file throws in
      #expect(try parse("postgres://u@h/db", environment: ["PGPASSFILE": file]).password == nil)
    }
    try withPasswordFile("*:*:*:*:secret\n", mode: 0o600) { file throws in
      let environment = ["PGPASSFILE": file]
      #expect(try parse("postgres://u@h/db", environment: environment).password == "secret")
      #expect(DatabaseURL.passwordFileWarning(environment: environment, homeDirectory: nil) == nil)
    }
  }

  @Test func pgpassLocation() throws {
    try withPasswordFile("*:*:*:*:from-home\n", name: ".pgpass") { file throws in
      let home = (file as NSString).deletingLastPathComponent
      #expect(try parse("postgres://u@h/db", environment: [:], home: home).password == "from-home")
      #expect(
        try parse("postgres://u@h/db", environment: [:], home: home + "/").password == "from-home")
      try withPasswordFile("*:*:*:*:from-variable\n") { other throws in
        #expect(
          try parse("postgres://u@h/db", environment: ["PGPASSFILE": other], home: home).password
            == "from-variable")
      }
      // A PGPASSFILE that does not exist: no password, no error.
      #expect(
        try parse("postgres://u@h/db", environment: ["PGPASSFILE": home + "/missing"], home: home)
          .password == nil)
      #expect(
        DatabaseURL.passwordFileWarning(
          environment: ["PGPASSFILE": home + "/missing"], homeDirectory: nil) == nil)
    }
    #expect(try parse("postgres://u@h/db", environment: [:], home: nil).password == nil)
  }

  @Test func pgpassThatIsADirectoryIsIgnored() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    #expect(try parse("postgres://u@h/db", environment: ["PGPASSFILE": directory]).password == nil)
    #expect(
      DatabaseURL.passwordFileWarning(environment: ["PGPASSFILE": directory], homeDirectory: nil)?
        .contains("not a plain file") == true)
  }

  // MARK: Never showing the password

  @Test(arguments: [
    "mysql://u:s3cr3t-pw@h/db",
    "u:s3cr3t-pw@h/db",
    "mysql://u@h/db?password=s3cr3t-pw&x=1",
    "postgres://u:s3cr3t-pw@h:abc/db",
    "postgres://u:s3cr3t-pw@h:0/db",
    "postgres://u:s3cr3t-pw@h/db?sslmode=verify-full",
    "postgres://u:s3cr3t-pw@h/db?bogus=1",
    "postgres://u:s3cr3t-pw@h1,h2/db",
    "postgres://u:s3cr3t-pw@::1/db",
    "postgres://u:s3cr3t-pw%zz@h/db",
    "postgres://u@h/db?password=s3cr3t-pw%zz",
    "postgres://u@h/db?password=s3cr3t-pw&port=abc",
    "postgres://u:s3cr3t/pw@h/db",
    "postgres://u:s3cr3t/pw@h:abc/db",
  ])
  func failuresNeverShowThePassword(text: String) {
    let message = failure(text)
    #expect(message != nil)
    #expect(message?.contains("s3cr3t") == false)
  }

  @Test func descriptionsNeverShowThePassword() throws {
    let url = try parse("postgres://alice:s3cr3t-pw@db.example.com:6543/standups")
    #expect(url.password == "s3cr3t-pw")
    #expect(url.redacted == "postgres://alice@db.example.com:6543/standups")
    #expect("\(url)" == url.redacted)
    #expect(url.description == url.redacted)
    #expect(url.debugDescription == url.redacted)
    #expect(String(reflecting: url) == url.redacted)
    #expect("\([url])".contains("s3cr3t") == false)
    var dumped = ""
    dump(url, to: &dumped)
    #expect(dumped.contains("s3cr3t") == false)
    #expect(dumped.contains("alice"))
    #expect(dumped.contains("<redacted>"))
    #expect(url.serverKey.contains("s3cr3t") == false)
  }
}
