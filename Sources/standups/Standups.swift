import ArgumentParser
import CursesBackend
import Foundation
import StandupsCore
import StandupsTUI
import TerminalUI

@main
struct Standups: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "standups",
    abstract: "Run your team's daily stand-up meetings from the terminal."
  )

  @Option(
    name: .long, help: "The data file (default: $STANDUPS_DATA, else the XDG data directory).")
  var data: String?

  @Flag(name: .long, help: "Don't ring the terminal bell when the speaker changes.")
  var noBell = false

  @Flag(name: .long, help: "Draw without colours (also when NO_COLOR is set).")
  var noColor = false

  @Option(name: .long, help: "Append every action and state change to this file (debugging).")
  var debugLog: String?

  @MainActor
  func run() async throws {
    let path = DataLocation.resolve(flag: data, environment: ProcessInfo.processInfo.environment)
    let file = DataFile(path: path)
    let loaded = LoadedData.load(file)

    let terminal: CursesTerminal
    do {
      terminal = try CursesTerminal(options: .init(colors: !noColor))
    } catch {
      FileHandle.standardError.write(Data("standups: \(error)\n".utf8))
      throw ExitCode(1)
    }

    let log = debugLog.flatMap(ChangeLog.file)
    let noBell = self.noBell
    let store = Store(
      initialState: AppFeature.State(standupsList: StandupsList.State(standups: loaded.standups)),
      reducer: AppReducer(log: log),
      withDependencies: {
        $0.speakerChime = noBell ? .silent : SpeakerChime { await terminal.bell() }
      }
    )

    let banner = BannerBox()
    let saver = Saver(file: file) { failure in
      Task { @MainActor in banner.set(failure.map { "Not saved: \($0) — will retry" }) }
    }
    var lastSaved = loaded.standups
    let runtime = AppRuntime(store: store, backend: terminal) { state in
      let standups = state.standupsList.standups
      guard standups != lastSaved else { return }
      lastSaved = standups
      Task { await saver.schedule(standups) }
    }
    banner.runtime = runtime
    if let notice = loaded.notice { runtime.setBanner(notice) }

    await runtime.run()
    let failure = await saver.flush()
    terminal.shutdown()
    if let failure {
      FileHandle.standardError.write(Data("standups: \(failure)\n".utf8))
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

/// What the app starts with, and what to tell the user about it.
struct LoadedData {
  var standups: IdentifiedArrayOf<Standup>
  var notice: String?

  static func load(_ file: DataFile) -> LoadedData {
    do {
      return LoadedData(standups: try file.load() ?? [], notice: nil)
    } catch {
      // Keep the unreadable file as it is, beside a copy we never write to.
      let backup = file.path + ".unreadable-\(Int(Date().timeIntervalSince1970))"
      let copied = (try? FileManager.default.copyItem(atPath: file.path, toPath: backup)) != nil
      let kept = copied ? "kept a copy at \(backup)" : "could not copy it"
      return LoadedData(standups: [], notice: "\(error); \(kept); starting empty")
    }
  }
}
