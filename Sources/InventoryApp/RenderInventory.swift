import AppCommandLine
import ArgumentParser
import Foundation
import InventoryCore
import InventoryTUI
import Persistence
import Routing
import TerminalApp
import TerminalUI

/// Prints a screen as text without a terminal, through the renderer the
/// snapshot tests use. Reads the data file, never writes it.
struct RenderInventory: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "render", abstract: "Print a screen (a route) as plain text, without a terminal.")

  @OptionGroup var options: InventoryOptions

  // Unconditional: "-5x10" is a bad size, not a missing value.
  @Option(
    name: .long, parsing: .unconditional, help: ArgumentHelp(ScreenSize.help),
    transform: ScreenSize.parse)
  var size = ScreenSize(size: Size(width: 80, height: 24))

  @Flag(name: .long, help: "Add ANSI colours and attributes.")
  var ansi = false

  @MainActor
  func run() async throws {
    let file = ItemsFile(path: options.path, format: .inventory)
    // What the app would open: the samples on a first run (no file, or one
    // made empty to be filled); nothing from what is not a regular file.
    var items = Item.samples
    // What the app would show is drawn all the same; the status says the
    // file could not be read.
    var unread = false
    do {
      if file.holdsDirectoryOrSpecialFile {
        printInventoryError("\(file.path) is not a regular file: showing no items")
        items = []
        unread = true
      } else if file.emptyFileVersion() == nil, let loaded = try file.load() {
        items = loaded
      }
    } catch {
      // The decoder's reason ends a sentence; this goes on after it.
      let reason = "\(error)"
      printInventoryError(
        (reason.hasSuffix(".") ? String(reason.dropLast()) : reason) + "; showing no items")
      items = []
      unread = true
    }
    var route = Route.one
    if let text = options.open {
      do {
        route = try Route(parsing: text)
      } catch {
        printInventoryError("'\(text)' is not a route (routes: \(Route.forms))")
        throw ExitCode(2)
      }
    }
    let state: AppFeature.State
    do {
      state = try route.state(for: items, newItemID: { UUID() })
    } catch {
      printInventoryError(
        "'\(Reference.echoed(options.open ?? "/one"))' does not open anything: \(error)")
      throw ExitCode(2)
    }
    var memory = ViewMemory()
    // As the app draws under NO_COLOR: colours named, not shown.
    let colors = !NoColor.isRequested(environment: ProcessInfo.processInfo.environment)
    let frame = InventoryView.make(environment: RenderEnvironment(usesColor: colors)).frame(
      Shell<AppFeature>.State(app: state),
      size: size.size, memory: &memory)
    let screen = frame.composited()
    let text =
      ansi
      ? AnsiText.render(screen, colors: colors)
      : screen.lines.map { String($0.reversed().drop(while: { $0 == " " }).reversed()) }
        .joined(separator: "\n")
    if let problem = writeToStandardOutput((text + "\n").utf8) {
      printInventoryError("cannot write the screen: \(problem)")
      throw ExitCode(1)
    }
    if unread { throw ExitCode(1) }
  }
}
