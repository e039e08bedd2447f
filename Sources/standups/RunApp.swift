import ArgumentParser
import CursesBackend
import Foundation
import StandupsCore
import StandupsTUI
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

  @Option(name: .long, help: "Append every action and state change to this file (debugging).")
  var debugLog: String?

  #if DEBUG
    /// Test-only (debug builds): crash right after the first frame, to prove
    /// the terminal is restored after a crash.
    @Flag(name: .long, help: .hidden)
    var debugCrashAfterFirstFrame = false
  #endif

  @MainActor
  func run() async throws {
    let file = DataFile(path: options.path)
    let launch: Launch
    do {
      launch = try Launch.prepare(file: file, route: options.open)
    } catch .badRoute(let message) {
      printError(message)
      throw ExitCode(2)
    }
    // Locked where saves go, so two links to one file share the lock; nothing
    // to lock (or save) when the path is not a regular file.
    let lock = launch.isReadOnly ? nil : DataFileLock(dataPath: file.resolvedPath)

    let terminal: CursesTerminal
    do {
      terminal = try CursesTerminal(options: .init(colors: !noColor))
    } catch {
      printError("\(error)")
      throw ExitCode(1)
    }

    let log = debugLog.flatMap(ChangeLog.file)
    let noBell = self.noBell
    let store = Store(
      initialState: launch.state,
      reducer: AppReducer(log: log),
      withDependencies: {
        $0.speakerChime = noBell ? .silent : SpeakerChime { await terminal.bell() }
      }
    )

    let banner = BannerBox()
    let saver: Saver? =
      lock == nil
      ? nil
      : Saver(file: file) { failure in
        Task { @MainActor in banner.set(failure.map { "Not saved: \($0.summary) — will retry" }) }
      }
    var lastSaved = launch.standups
    let runtime = AppRuntime(
      store: store, backend: terminal,
      onStateChange: { state in
        let standups = state.standupsList.standups
        guard let saver, standups != lastSaved else { return }
        lastSaved = standups
        saver.submit(standups)
      },
      onSuspend: { _ = await saver?.flush() })
    banner.runtime = runtime
    if launch.isReadOnly, let notice = launch.notice {
      runtime.setBanner(notice)
    } else if lock == nil {
      let name = (file.path as NSString).lastPathComponent
      runtime.setBanner("Read-only: another standups has \(name) open; changes are not saved")
    } else if let notice = launch.notice {
      runtime.setBanner(notice)
    }

    #if DEBUG
      if debugCrashAfterFirstFrame {
        runtime.render()
        fatalError("crash requested by --debug-crash-after-first-frame")
      }
    #endif
    await runtime.run()
    let failure = await saver?.flush()
    terminal.shutdown()
    withExtendedLifetime(lock) {}
    if let longNotice = launch.longNotice {
      FileHandle.standardError.write(Data((longNotice + "\n").utf8))
    }
    if printRoute { print(Route(state: store.state).path) }
    if let failure {
      printError("\(failure)")
      throw ExitCode(1)
    }
  }
}

/// Routes save results to the runtime's banner once the runtime exists.
@MainActor
final class BannerBox {
  weak var runtime: AppRuntime?
  func set(_ text: String?) { runtime?.setBanner(text) }
}

/// The app's reducer, with the debug log when one was asked for.
struct AppReducer: Reducer {
  let log: ChangeLog?
  var body: some ReducerOf<AppFeature> {
    if let log {
      AppFeature()._printChanges(to: log)
    } else {
      AppFeature()
    }
  }
}
