import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Where PostgreSQL's programs are, and as whom they run.
struct Tools: Sendable {
  var binDirectory: String
  /// `runuser -u postgres --` when we are root (initdb refuses to run as
  /// root), nothing otherwise.
  var prefix: [String]
  /// Who owns the cluster's directory when that is not us.
  var owner: (uid: uid_t, gid: gid_t)?

  func command(_ program: String, _ arguments: [String]) -> [String] {
    prefix + ["\(binDirectory)/\(program)"] + arguments
  }

  static func find() throws -> Tools {
    guard let binDirectory = pgConfigBinDirectory() ?? newestInstalledBinDirectory() else {
      throw PostgresClusterError.notInstalled
    }
    guard geteuid() == 0 else { return Tools(binDirectory: binDirectory, prefix: [], owner: nil) }
    guard let account = getpwnam("postgres") else {
      throw PostgresClusterError.unusable(
        "running as root, the server must run as the `postgres` user (initdb refuses root),"
          + " and there is none: run `apt-get install -y postgresql`, or run the tests as"
          + " another user")
    }
    let runuser = ["/usr/sbin/runuser", "/sbin/runuser", "/usr/bin/runuser"].first {
      FileManager.default.isExecutableFile(atPath: $0)
    }
    guard let runuser else {
      throw PostgresClusterError.unusable(
        "running as root, the server must run as the `postgres` user through runuser,"
          + " which is missing: run `apt-get install -y util-linux`")
    }
    return Tools(
      binDirectory: binDirectory, prefix: [runuser, "-u", "postgres", "--"],
      owner: (account.pointee.pw_uid, account.pointee.pw_gid))
  }

  /// What `pg_config --bindir` says, if it names a directory with the server.
  private static func pgConfigBinDirectory() -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    let pgConfig = path.split(separator: ":").map { "\($0)/pg_config" }.first {
      FileManager.default.isExecutableFile(atPath: $0)
    }
    guard let pgConfig, let output = try? Subprocess.run([pgConfig, "--bindir"], in: "/"),
      output.status == 0
    else { return nil }
    let directory = output.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    return hasServer(directory) ? directory : nil
  }

  /// Debian's layout, /usr/lib/postgresql/<version>/bin: the newest version.
  private static func newestInstalledBinDirectory() -> String? {
    let root = "/usr/lib/postgresql"
    let versions = (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []
    return versions.sorted { $0.compare($1, options: .numeric) == .orderedDescending }
      .map { "\(root)/\($0)/bin" }.first(where: hasServer)
  }

  private static func hasServer(_ directory: String) -> Bool {
    ["initdb", "pg_ctl", "postgres", "psql", "createdb"].allSatisfy {
      FileManager.default.isExecutableFile(atPath: "\(directory)/\($0)")
    }
  }
}

/// A shell that waits for its stdin to reach its end, then stops the server
/// and removes the cluster's directory. We hold the only write end: closing
/// it, or ending for any reason, sets the watchdog off; no polling.
struct Watchdog: Sendable {
  let input: Int32
  let pid: pid_t

  static func launch(tools: Tools, directory: String) throws -> Watchdog {
    let pipe = try Subprocess.makePipe("the watchdog")
    defer { close(pipe.read) }
    // The directory is $0 and the pg_ctl command "$@": nothing to quote.
    let script = #"read line; "$@" stop -m immediate -w -D "$0/data"; rm -rf "$0""#
    do {
      let pid = try Subprocess.launch(
        ["/bin/sh", "-c", script, directory] + tools.command("pg_ctl", []), in: "/",
        stdin: pipe.read)
      return Watchdog(input: pipe.write, pid: pid)
    } catch {
      close(pipe.write)
      throw error
    }
  }

  /// Sets the watchdog off and waits for it to be done.
  func finish() {
    close(input)
    Subprocess.wait(pid)
  }
}
