import AppCommandLine
import ArgumentParser
import CursesBackend
import EventLoop
import Foundation
import Persistence
import StandupsCore
import StandupsTUI
import TerminalApp
import TerminalUI

/// Opens the app in the terminal.
struct RunApp: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "run", abstract: "Open the app (the default).")

  @OptionGroup var options: DataOptions

  @Flag(name: .long, help: "Print the route of the last screen on exit, ready for --open.")
  var printRoute = false

  @Flag(name: .long, help: "Don't ring the terminal bell when the speaker changes.")
  var noBell = false

  @Flag(name: .long, help: "Draw without colours (also when NO_COLOR is set).")
  var noColor = false

  @Flag(name: .long, help: "Don't send copies (y) to the terminal's clipboard (OSC 52).")
  var noClipboard = false

  @Flag(
    name: .long,
    help: "Team mode: if the server is out of reach, open the last sync and send changes later.")
  var offlineOk = false

  @Option(name: .long, help: "Append every action and state change to this file (debugging).")
  var debugLog: String?

  #if DEBUG
    /// Test-only (debug builds): crash right after the first frame, to prove
    /// the terminal is restored after a crash.
    @Flag(name: .long, help: .hidden)
    var debugCrashAfterFirstFrame = false
  #endif

  /// A log that cannot be written is said before the app starts, not
  /// found empty after a session.
  func validate() throws {
    guard let debugLog else { return }
    guard !debugLog.isEmpty else { throw ValidationError("--debug-log '' names no file") }
    var info = stat()
    if stat(debugLog, &info) == 0 {
      guard info.st_mode & S_IFMT != S_IFDIR else {
        throw ValidationError("--debug-log \(debugLog): is a directory")
      }
      guard access(debugLog, W_OK) == 0 else {
        throw ValidationError("--debug-log \(debugLog): you may not write it")
      }
      return
    }
    let parent = PathName.parent(of: debugLog)
    guard access(parent.isEmpty ? "." : parent, W_OK) == 0 else {
      throw ValidationError(
        "--debug-log \(debugLog): there is no directory \(parent) you may write in")
    }
  }

  @MainActor
  func run() async throws {
    let routeOutput = RouteOutput.prepare(printRoute: printRoute)
    if let url = try options.databaseURL() {
      return try await runTeam(url, routeOutput: routeOutput)
    }
    let file = DataFile(path: options.path)
    let launch: Launch
    do {
      // No terminal is said before an unreadable file is kept aside.
      launch = try Launch.prepare(file: file, route: options.open) { () throws(LaunchError) in
        if let missing = CursesTerminal.missingTerminal { throw .cannotOpen(missing) }
      }
    } catch {
      printError(error.message)
      throw error.exitCode
    }
    // Locked where saves go, so two links to one file share the lock; nothing
    // to lock (or save) when the path is not a regular file.
    let mayWrite = file.mayBeWritten
    let lock = launch.isReadOnly || !mayWrite ? nil : FileLock(dataPath: file.resolvedPath)
    let terminal = try openTerminal()
    var status: String?
    let name = (file.path as NSString).lastPathComponent
    if launch.isReadOnly {
      status = launch.notice
    } else if lock != nil, mayWrite, let notice = launch.notice {
      // A file that could not be read: said for as long as the app runs,
      // not until the first key, with where its copy is.
      status = notice
    } else if !mayWrite {
      // A file that could not be read says so first: that is why the list is empty.
      status =
        launch.notice.map { "\($0); changes are not saved" }
        ?? "Read-only: no permission to write \(name); changes are not saved"
    } else if lock?.isHeld == false {
      status = "Read-only: standups is already running on \(name); changes go to a copy"
    }
    // Without the lock it still follows the file: what the other instance
    // (or any program) writes shows here too.
    let fileStore =
      launch.isReadOnly
      ? nil
      : FileStore(
        file: file, launch: launch,
        watchMode: FileStore.watchMode(environment: ProcessInfo.processInfo.environment),
        watch: { MainLoop.watch($0, handler: $1) }, writes: lock?.isHeld == true && mayWrite,
        notWrittenBecause: mayWrite ? nil : "you may not write it", waitingFor: lock)
    let store = makeStore(
      state: launch.state, status: status, terminal: terminal,
      standupsStore: fileStore?.store ?? FileStore.readOnly)
    let saver = fileStore?.saver
    await run(store, on: terminal, beforeSuspending: { _ = await saver?.flush() })
    Self.submitFinalStandups(of: store, to: fileStore?.store)
    let (failure, notes) = await saver?.flushReporting() ?? (nil, [])
    terminal.shutdown()
    withExtendedLifetime(fileStore?.watcher) {}
    for note in notes { printError(note) }
    if let lost = store.state.lostWorkNote { printError(lost) }
    // Where the file was written: a follower's changes went to a copy.
    if failure == nil, let saver, await saver.writes {
      Self.sayMeetingsSavedOnQuit(store.state.app)
    }
    if launch.isReadOnly,
      let kept = file.keepChangesOfReadOnlyRun(
        store.state.app.standupsList.standups, loaded: launch.standups)
    {
      printError(kept)
    }
    withExtendedLifetime(lock) {}
    if let longNotice = launch.longNotice {
      writeToStandardError(terminalSafe(longNotice))
    }
    let routeLost =
      printRoute && !routeOutput.print(Route(state: store.state.app).path, program: "standups")
    if let failure {
      printError("\(failure)")
      throw ExitCode(1)
    }
    if let signal = store.state.endingSignal { CursesTerminal.end(asSignalledBy: signal) }
    if routeLost { throw ExitCode(1) }
  }

  /// A meeting in progress is saved by the quit that ends it: said, so
  /// that quitting mid-meeting is not taken for losing it.
  static func sayMeetingsSavedOnQuit(_ state: AppFeature.State) {
    for title in state.meetingsSavedOnQuit {
      printError("the meeting in progress was saved in “\(title)”")
    }
  }

  /// What the app holds as it quits, handed to the store at once: the save
  /// a last change (a meeting saved on the way out) asked for runs as an
  /// effect, which the flush that follows must not race.
  @MainActor
  static func submitFinalStandups(
    of store: StandupsComposition.AppStore, to standupsStore: StandupsStore?
  ) {
    let app = store.state.app
    standupsStore?.save(app.standupsList.standups, app.storeRevision)
  }

  /// The terminal, or a clear error before anything is drawn.
  @MainActor
  func openTerminal() throws -> CursesTerminal {
    do {
      return try CursesTerminal(
        options: .init(colors: !noColor, watch: { MainLoop.watch($0, handler: $1) }))
    } catch {
      printError("\(error)")
      throw ExitCode(1)
    }
  }

  @MainActor
  func makeStore(
    state: AppFeature.State, status: String?, terminal: CursesTerminal,
    standupsStore: StandupsStore
  ) -> StandupsComposition.AppStore {
    StandupsComposition.makeStore(
      state: state, status: status, log: debugLog.flatMap(ChangeLog.file),
      standupsStore: standupsStore,
      chime: noBell ? .silent : SpeakerChime { await terminal.bell() },
      dependencies: { [noClipboard] in
        $0.clipboard = noClipboard ? .off : .terminal(terminal)
      })
  }

  /// Runs the app until it quits.
  @MainActor
  func run(
    _ store: StandupsComposition.AppStore, on terminal: CursesTerminal,
    beforeSuspending: @escaping () async -> Void
  ) async {
    let runtime = StandupsComposition.makeRuntime(
      store: store, backend: terminal, beforeSuspending: beforeSuspending)
    #if DEBUG
      if debugCrashAfterFirstFrame {
        runtime.render()
        fatalError("crash requested by --debug-crash-after-first-frame")
      }
    #endif
    await runtime.run(onLaunch: .onLaunch)
  }
}
