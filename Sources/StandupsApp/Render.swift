import AppCommandLine
import ArgumentParser
import Foundation
import StandupsCore
import StandupsTUI
import TerminalApp
import TerminalUI

/// Prints a screen as text without a terminal, through the same renderer the
/// snapshot tests use.
struct Render: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "render",
    abstract: "Print a screen (a route) as plain text, without a terminal.")

  @OptionGroup var options: DataOptions

  // Unconditional: "-5x10" is a bad size, not a missing value.
  @Option(
    name: .long, parsing: .unconditional, help: ArgumentHelp(ScreenSize.help),
    transform: ScreenSize.parse)
  var size = ScreenSize(size: Size(width: 80, height: 24))

  @Flag(name: .long, help: "Add ANSI colours and attributes.")
  var ansi = false

  @MainActor
  func run() async throws {
    let launch: Launch
    do {
      if let url = try options.databaseURL() {
        _ = try Launch.parse(options.open)
        launch = try Launch.prepare(standups: try await TeamMode.read(url), route: options.open)
      } else {
        // Read only: an unreadable file is reported, not copied aside.
        launch = try Launch.prepare(
          file: DataFile(path: options.path), route: options.open, keepsAside: false)
      }
    } catch let error as LaunchError {
      printError(error.message)
      throw error.exitCode
    }
    // What the app would show is drawn all the same; the status says the
    // file could not be read.
    if let problem = launch.longNotice { writeToStandardError(terminalSafe(problem)) }
    var memory = ViewMemory()
    let frame = StandupsView.make().frame(
      Shell<AppFeature>.State(app: launch.state),
      size: size.size, memory: &memory)
    let screen = frame.composited()
    let text =
      ansi
      ? AnsiText.render(
        screen, colors: !NoColor.isRequested(environment: ProcessInfo.processInfo.environment))
      : screen.lines.map { String($0.reversed().drop(while: { $0 == " " }).reversed()) }
        .joined(separator: "\n")
    if let problem = writeToStandardOutput((text + "\n").utf8) {
      printError("cannot write the screen: \(problem)")
      throw ExitCode(1)
    }
    if launch.longNotice != nil { throw ExitCode(1) }
  }
}
