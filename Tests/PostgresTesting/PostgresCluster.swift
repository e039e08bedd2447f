import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A private PostgreSQL server for tests and benchmarks: a fresh cluster in a
/// temporary directory under /tmp, on a free port of 127.0.0.1 and on a
/// socket in that directory; superuser `postgres`, password `secret`.
///
/// Durability is off (fsync, synchronous commit, full-page writes): the data
/// is thrown away. A watchdog shell started with the cluster stops the server
/// and removes the directory as soon as the pipe it reads is closed — by
/// `stop()`, or by the kernel when this process ends, even by a crash.
public final class PostgresCluster: Sendable {
  public let port: Int
  /// Where the server's Unix socket is (libpq's `host` for a socket).
  public let socketDirectory: String
  public let user = "postgres"
  public let password = "secret"
  /// The cluster's temporary directory: `data`, `server.log`, the socket.
  public let directory: String

  private let tools: Tools
  private let watchdog: Watchdog
  private let lock = NSLock()
  // Guarded by `lock`.
  nonisolated(unsafe) private var stopped = false

  private init(port: Int, directory: String, tools: Tools, watchdog: Watchdog) {
    self.port = port
    self.directory = directory
    self.socketDirectory = directory
    self.tools = tools
    self.watchdog = watchdog
  }

  /// The cluster of this test process: started on first use (the first
  /// caller starts it, concurrent callers wait), stopped and removed at exit.
  /// A failure to start is remembered: every caller gets the same error.
  public static func shared() throws -> PostgresCluster {
    try sharedCluster.get()
  }

  private static let sharedCluster: Result<PostgresCluster, any Error> = {
    let result = Result { try start() }
    if case .success = result {
      // Stopped before the process ends, not by the watchdog after it: so
      // nothing of the cluster is left once the process has exited.
      atexit {
        if case .success(let cluster) = PostgresCluster.sharedCluster { cluster.stop() }
      }
    }
    return result
  }()

  /// A fresh cluster, running until `stop()` or the end of the process.
  public static func start() throws -> PostgresCluster {
    let tools = try Tools.find()
    let directory = try makeDirectory(owner: tools.owner)
    let watchdog: Watchdog
    do {
      watchdog = try Watchdog.launch(tools: tools, directory: directory)
    } catch {
      try? FileManager.default.removeItem(atPath: directory)
      throw error
    }
    do {
      try initdb(tools: tools, directory: directory)
      let port = try startServer(tools: tools, directory: directory)
      return PostgresCluster(port: port, directory: directory, tools: tools, watchdog: watchdog)
    } catch {
      watchdog.finish()
      throw error
    }
  }

  /// Stops the server and removes its directory; returns once both are done.
  public func stop() {
    lock.lock()
    defer { lock.unlock() }
    guard !stopped else { return }
    stopped = true
    watchdog.finish()
  }

  /// `postgres://postgres:secret@127.0.0.1:<port>/<database>?sslmode=disable`,
  /// without `:secret` when `password` is false.
  public func url(database: String, password: Bool = true) -> String {
    let credentials = password ? "\(user):\(self.password)" : user
    return "postgres://\(credentials)@127.0.0.1:\(port)/\(database)?sslmode=disable"
  }

  /// A libpq URL for the Unix socket: the `host` parameter, a directory,
  /// overrides the URL's host.
  public func socketURL(database: String) -> String {
    "postgresql://\(user)@localhost:\(port)/\(database)?host=\(socketDirectory)"
  }

  /// Creates a database (by default a new `t_<random hex>`); returns its name.
  @discardableResult
  public func createDatabase(_ name: String? = nil) throws -> String {
    let name = name ?? "t_" + (0..<8).map { _ in hexByte(.random(in: 0 ... .max)) }.joined()
    try run("createdb", ["-h", socketDirectory, "-p", "\(port)", "-U", user, name])
    return name
  }

  /// Runs `sql` with psql over the socket (one `-c`: several statements run
  /// in one transaction); returns its unaligned, tuples-only output, trimmed.
  @discardableResult
  public func psql(_ sql: String, database: String) throws -> String {
    let output = try run(
      "psql",
      [
        "-X", "-q", "-A", "-t", "-v", "ON_ERROR_STOP=1", "-h", socketDirectory, "-p", "\(port)",
        "-U", user, "-d", database, "-c", sql,
      ])
    return output.trimmingCharacters(in: .whitespacesAndNewlines)
  }

  @discardableResult
  private func run(_ program: String, _ arguments: [String]) throws -> String {
    try Self.run(tools.command(program, arguments), in: directory).stdout
  }

  /// Runs `command`; throws with its output unless it succeeds.
  private static func run(_ command: [String], in directory: String) throws -> Subprocess.Output {
    let output = try Subprocess.run(command, in: directory)
    guard output.status == 0 else {
      throw PostgresClusterError.commandFailed(
        command: command.joined(separator: " "), status: output.status,
        output: (output.stderr + output.stdout).trimmingCharacters(in: .whitespacesAndNewlines))
    }
    return output
  }

  /// A new directory under /tmp (short: a socket path is at most 107 bytes),
  /// given to the server's user.
  private static func makeDirectory(owner: (uid: uid_t, gid: gid_t)?) throws -> String {
    var template = Array("/tmp/postgres-testing.XXXXXX".utf8CString)
    guard let created = mkdtemp(&template) else {
      throw PostgresClusterError.cannot("create a directory under /tmp", errno: errno)
    }
    let directory = String(cString: created)
    if let owner, chown(directory, owner.uid, owner.gid) != 0 {
      let error = errno
      try? FileManager.default.removeItem(atPath: directory)
      throw PostgresClusterError.cannot("give \(directory) to postgres", errno: error)
    }
    return directory
  }

  private static func initdb(tools: Tools, directory: String) throws {
    let passwordFile = "\(directory)/password"
    guard
      FileManager.default.createFile(
        atPath: passwordFile, contents: Data("secret\n".utf8),
        attributes: [.posixPermissions: 0o600])
    else { throw PostgresClusterError.cannot("write \(passwordFile)", errno: errno) }
    defer { try? FileManager.default.removeItem(atPath: passwordFile) }
    if let owner = tools.owner { chown(passwordFile, owner.uid, owner.gid) }
    _ = try run(
      tools.command(
        "initdb",
        [
          "-D", "\(directory)/data", "-U", "postgres", "--pwfile=\(passwordFile)",
          "--auth-local=trust", "--auth-host=scram-sha-256", "-E", "UTF8", "--locale=C",
          // Nothing here needs to survive a power cut.
          "--no-sync", "--no-instructions",
        ]),
      in: directory)
  }

  /// Starts the server on a free port; returns the port. A port found free
  /// can be taken before the server binds it: then another one is tried.
  private static func startServer(tools: Tools, directory: String) throws -> Int {
    let log = "\(directory)/server.log"
    for attempt in 1...5 {
      let port = try freePort()
      try? FileManager.default.removeItem(atPath: log)
      let options = [
        "-p \(port)", "-k '\(directory)'", "-c listen_addresses=127.0.0.1", "-c fsync=off",
        "-c synchronous_commit=off", "-c full_page_writes=off",
        // Every database test runs at once, each with a member or two and its
        // own connections: the default 100 is not enough for the suite.
        "-c max_connections=400",
      ]
      let output = try Subprocess.run(
        tools.command(
          "pg_ctl",
          [
            "start", "-w", "-D", "\(directory)/data", "-l", log, "-o",
            options.joined(separator: " "),
          ]
        ),
        in: directory)
      if output.status == 0 { return port }
      let logTail = tail(of: log)
      let portTaken = logTail.contains("could not bind") || logTail.contains("already in use")
      if !portTaken || attempt == 5 {
        throw PostgresClusterError.startFailed(
          output: (output.stderr + output.stdout).trimmingCharacters(in: .whitespacesAndNewlines),
          logTail: logTail)
      }
    }
    fatalError("unreachable: the last attempt returns or throws")
  }

  /// A TCP port of 127.0.0.1 nobody listens on: the kernel picks one for a
  /// socket bound to port 0; it is closed for the server to take.
  public static func freePort() throws -> Int {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { throw PostgresClusterError.cannot("open a socket", errno: errno) }
    defer { close(fd) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr = in_addr(s_addr: UInt32(0x7F00_0001).bigEndian)
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0
      }
    }
    guard bound else { throw PostgresClusterError.cannot("find a free port", errno: errno) }
    return Int(UInt16(bigEndian: address.sin_port))
  }

  private static func tail(of file: String, lines: Int = 30) -> String {
    guard let text = try? String(contentsOfFile: file, encoding: .utf8) else { return "" }
    return text.split(separator: "\n", omittingEmptySubsequences: false).suffix(lines)
      .joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines)
  }
}

private func hexByte(_ byte: UInt8) -> String {
  let digits = String(byte, radix: 16)
  return digits.count == 1 ? "0" + digits : digits
}
