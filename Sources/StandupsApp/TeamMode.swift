import AppCommandLine
import ArgumentParser
import CursesBackend
import Foundation
import StandupsCore
import StandupsDatabase

#if canImport(Glibc)
  import Glibc
#endif

/// Team mode: the app on a PostgreSQL database instead of the data file.
enum TeamMode {
  /// Connects (or opens the last sync with `offlineOK`); a server out of
  /// reach, bad credentials or a missing database end the command with one
  /// line, before the terminal is touched.
  static func open(_ url: DatabaseURL, offlineOK: Bool = false, deferMeetings: Bool = false)
    async throws -> TeamStore
  {
    let environment = ProcessInfo.processInfo.environment
    do {
      return try await TeamStore.open(
        url: url, files: TeamFiles(url: url, environment: environment),
        author: author(environment: environment), offlineOK: offlineOK,
        deferMeetings: deferMeetings)
    } catch {
      printError(error.description + passwordFileNote(for: url, environment: environment))
      throw ExitCode(1)
    }
  }

  /// Why the password file was not used, when one is there but ignored
  /// (other users may read it), as libpq warns; empty otherwise, or when the
  /// URL has a password anyway.
  static func passwordFileNote(for url: DatabaseURL, environment: [String: String]) -> String {
    guard url.password == nil,
      let reason = DatabaseURL.passwordFileWarning(
        environment: environment, homeDirectory: homeDirectory(environment))
    else { return "" }
    return " (the password file was not used: \(reason))"
  }

  /// The home directory: `$HOME`, as libpq and the shell have it, else the
  /// account's.
  static func homeDirectory(_ environment: [String: String]) -> String {
    environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
  }

  /// The standups in the database, for commands that only read.
  /// Nothing is written: no schema, cache or journal replay.
  static func read(_ url: DatabaseURL) async throws -> IdentifiedArrayOf<Standup> {
    let environment = ProcessInfo.processInfo.environment
    do {
      return try await TeamStore.read(
        url: url, files: TeamFiles(url: url, environment: environment))
    } catch {
      printError(error.description + passwordFileNote(for: url, environment: environment))
      throw ExitCode(1)
    }
  }

  /// Closes the store once the server has the last changes or has let the
  /// answer timeout pass; a wait longer than `delay` is said on stderr, the
  /// terminal being the shell's by then, so a quit never looks hung.
  static func close(_ team: TeamStore, sayingWaitAfter delay: Duration = .seconds(1)) async
    -> [String]
  {
    let seconds = team.answerTimeout.components.seconds
    // The terminal is the shell's again: Ctrl-C, a hang-up or SIGTERM would
    // end the process before the changes are sent or in the journal. They
    // wait, as the close does, at most the answer timeout.
    let ignored = [SIGINT, SIGHUP, SIGTERM].map { ($0, signal($0, SIG_IGN)) }
    defer { for (number, previous) in ignored { signal(number, previous) } }
    let note = Task {
      try await Task.sleep(for: delay)
      printError(
        "waiting up to \(seconds) seconds for the database server to take the last changes "
          + "(if it does not, they are kept on this machine)…")
    }
    defer { note.cancel() }
    return await team.close()
  }

  /// How long Ctrl-Z waits for a save in flight: a server that does not
  /// answer must not freeze the screen for the answer timeout. What is not
  /// written yet is written (or journaled) once the app is continued, or
  /// when a hang-up ends it while stopped.
  static let suspendPatience = Duration.seconds(1)

  /// The app's view of the store.
  static func standupsStore(_ team: TeamStore) -> StandupsStore {
    StandupsStore(
      save: { team.submit($0, revision: $1) }, events: { team.events },
      keepConflicts: { await team.keepConflicts($0) },
      conflictReviewed: { team.conflictReviewed($0) })
  }

  /// Who changes are by: user@host.
  static func author(environment: [String: String]) -> String {
    var user = environment["USER"] ?? ""
    if user.isEmpty, let entry = getpwuid(getuid()) {
      user = String(cString: entry.pointee.pw_name)
    }
    var host = [UInt8](repeating: 0, count: 256)
    gethostname(&host, host.count - 1)
    let hostName = String(decoding: host.prefix { $0 != 0 }, as: UTF8.self)
    return hostName.isEmpty ? user : "\(user)@\(hostName)"
  }
}

extension RunApp {
  @MainActor
  func runTeam(_ url: DatabaseURL, routeOutput: RouteOutput) async throws {
    // The route is checked before anything connects: a usage error.
    let route: Route
    do {
      route = try Launch.parse(options.open)
    } catch {
      printError(error.message)
      throw error.exitCode
    }
    // The list shows no meetings: they are read after the first frame.
    let showsNoMeetings =
      switch route {
      case .list, .filteredList: true
      default: false
      }
    let team = try await TeamMode.open(url, offlineOK: offlineOk, deferMeetings: showsNoMeetings)
    let launch: Launch
    do {
      launch = try Launch.prepare(standups: await team.standups, route: options.open)
    } catch {
      _ = await team.close()
      printError(error.message)
      throw error.exitCode
    }
    let terminal: CursesTerminal
    do {
      terminal = try openTerminal()
    } catch {
      _ = await team.close()
      throw error
    }
    let standupsStore = TeamMode.standupsStore(team)
    let store = makeStore(
      state: launch.state, status: nil, terminal: terminal, standupsStore: standupsStore)
    team.readDeferredMeetings()
    await run(
      store, on: terminal,
      beforeSuspending: { await team.flush(atMost: TeamMode.suspendPatience) })
    Self.submitFinalStandups(of: store, to: standupsStore)
    terminal.shutdown()
    let notes = await TeamMode.close(team)
    for note in notes { printError(note) }
    if let lost = store.state.lostWorkNote { printError(lost) }
    if !team.changesWereLeftUnsaved { Self.sayMeetingsSavedOnQuit(store.state.app) }
    let routeLost =
      printRoute && !routeOutput.print(Route(state: store.state.app).path, program: "standups")
    // As in file mode: changes that did not reach the database are a failure.
    if team.changesWereLeftUnsaved { throw ExitCode(1) }
    if let signal = store.state.endingSignal { CursesTerminal.end(asSignalledBy: signal) }
    if routeLost { throw ExitCode(1) }
  }
}
