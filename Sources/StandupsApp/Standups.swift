import AppCommandLine
import ArgumentParser
import EventLoop
import Foundation
import StandupsCore
import StandupsDatabase

#if canImport(Glibc)
  import Glibc
#endif

/// The `standups` command and its subcommands.
public struct Standups: AsyncParsableCommand {
  public init() {}

  public static let configuration = CommandConfiguration(
    commandName: "standups",
    abstract: "Run your team's daily stand-up meetings from the terminal (version \(appVersion)).",
    // From the table the manual lists too, so that neither misses a form.
    discussion: "Routes (for --open): "
      + Route.forms.map(\.pattern).joined(separator: ", ") + ". " + referenceHelp,
    version: appVersion,
    // Each names itself (`commandName`): the parser would otherwise make the
    // name from the type's, through reflection, at every start.
    subcommands: subcommands,
    defaultSubcommand: RunApp.self
  )
}

extension Standups {
  /// `debug-save-burst` overwrites its file as fast as it can, for the
  /// data-safety tests: in debug builds only, where they run.
  static let subcommands: [any ParsableCommand.Type] = {
    var commands: [any ParsableCommand.Type] = [
      RunApp.self, Render.self, Export.self, Import.self, ManualCommand.self,
      CompletionScript.self,
    ]
    #if DEBUG
      commands.insert(SaveBurst.self, at: 4)
    #endif
    return commands
  }()

  /// What names a standup or a meeting in a route (help and the manual).
  static let referenceHelp =
    "A <standup> is an id, a unique id prefix, a 1-based position or a title (any case); "
    + "a <meeting> an id, a prefix or a position (newest first). A standups:// prefix is "
    + "accepted."
}

/// Everything runs on this one thread (`MainLoop`), saves excepted: a timer
/// tick or a key wakes one thread, and nothing wakes while the app is idle.
public enum StandupsMain {
  public static func main() {
    Standups.rejectUnknownHelpTopic()
    Standups.answerCompletionScriptRequest()
    #if canImport(Glibc)
      // Heaps grow 4 MB at a time (address space, not memory), not a page and
      // an mprotect(2) at a time while a large file loads; two of them, since
      // a large file is read on two threads. (mallopt is in <malloc.h>, which
      // the Glibc module leaves out.)
      typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
      if let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") {
        let mallopt = unsafeBitCast(symbol, to: Mallopt.self)
        let arenaMax: Int32 = -8
        let topPad: Int32 = -2  // M_ARENA_MAX, M_TOP_PAD
        _ = mallopt(arenaMax, 2)
        _ = mallopt(topPad, 4 << 20)
      }
    #endif
    // STANDUPS_EXECUTORS=platform: libdispatch's executors instead, to compare
    // or to get round a toolchain whose custom-executor SPI misbehaves.
    guard getenv("STANDUPS_EXECUTORS").map({ String(cString: $0) }) != "platform" else {
      Task {
        await Standups.mainSafely()
        exit(0)
      }
      dispatchMain()
    }
    MainLoop.install()
    Task {
      await Standups.mainSafely()
      MainLoop.stop()
    }
    MainLoop.run()
  }
}

/// Options every subcommand shares.
struct DataOptions: ParsableArguments {
  @Option(
    name: .long,
    help: "The data file (default: $STANDUPS_DATA, else $XDG_DATA_HOME/standups/standups.json).",
    completion: .file(extensions: ["json"]))
  var data: String?

  @Option(
    name: .long, help: "Open this screen, sheet or alert: a route, as listed by standups --help.",
    completion: .custom { words, index, prefix in
      RouteCompletion.candidates(words: words, index: index, prefix: prefix)
    })
  var open: String?

  @Option(
    name: .long,
    help: ArgumentHelp(
      "Team mode: the standups on this PostgreSQL server (default: $STANDUPS_DATABASE_URL).",
      discussion: """
        postgres://user@host:port/db?sslmode=disable|prefer|require; ?host=/dir for a Unix \
        socket. The password comes from PGPASSWORD or the password file ($PGPASSFILE, else \
        ~/.pgpass; a password in the URL shows in ps).
        """,
      valueName: "url"))
  var database: String?

  var path: String {
    standupsDataLocation.resolve(flag: data, environment: ProcessInfo.processInfo.environment)
  }

  func validate() throws {
    if let error = emptyRouteError(open, opensWithout: "the list") { throw error }
    if data != nil, database != nil {
      throw ValidationError("--database and --data are two different stores: give one of them")
    }
    guard try databaseURL() == nil else { return }
    let environment = ProcessInfo.processInfo.environment
    if let problem = standupsDataLocation.problem(flag: data, environment: environment) {
      guard data == nil else { throw ValidationError(problem) }
      exitOnEnvironmentProblem(problem, program: "standups")
    }
  }

  /// The database of team mode: `--database`, else `$STANDUPS_DATABASE_URL`
  /// unless `--data` names a file; nil for the data file.
  func databaseURL() throws -> DatabaseURL? {
    try Self.databaseURL(flag: database, dataFlag: data)
  }

  /// `--database`'s URL, else `$STANDUPS_DATABASE_URL`'s unless `--data`
  /// names a file; a malformed one is a usage error naming where it came from.
  static func databaseURL(flag: String?, dataFlag: String?) throws -> DatabaseURL? {
    let environment = ProcessInfo.processInfo.environment
    let variable =
      dataFlag == nil ? environment["STANDUPS_DATABASE_URL"].flatMap { $0.isEmpty ? nil : $0 } : nil
    guard let text = flag ?? variable else { return nil }
    do {
      return try DatabaseURL(
        text, environment: environment, homeDirectory: TeamMode.homeDirectory(environment))
    } catch {
      let flagPrefix = "--database: "
      guard flag == nil, error.description.hasPrefix(flagPrefix) else {
        throw ValidationError(error.description)
      }
      exitOnEnvironmentProblem(
        "STANDUPS_DATABASE_URL: " + error.description.dropFirst(flagPrefix.count),
        program: "standups")
    }
  }
}

func printError(_ message: String) {
  printError(message, program: "standups")
}
