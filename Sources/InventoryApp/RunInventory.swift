import AppCommandLine
import ArgumentParser
import CursesBackend
import EventLoop
import Foundation
import InventoryCore
import InventoryTUI
import Persistence
import TerminalApp
import TerminalUI

/// Opens the app in the terminal.
struct RunInventory: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "run", abstract: "Open the app (the default).")

  @OptionGroup var options: InventoryOptions

  @Flag(name: .long, help: "Print the route of the last screen on exit, ready for --open.")
  var printRoute = false

  @Flag(name: .long, help: "Draw without colours (also when NO_COLOR is set).")
  var noColor = false

  @MainActor
  func run() async throws {
    let routeOutput = RouteOutput.prepare(printRoute: printRoute)
    let file = ItemsFile(path: options.path, format: .inventory)
    let launch: InventoryLaunch
    do {
      // No terminal: said before an unreadable file is kept aside, the lock
      // taken or its directory made.
      launch = try InventoryLaunch.prepare(file: file, route: options.open) {
        () throws(LaunchError) in
        if let missing = CursesTerminal.missingTerminal { throw .cannotOpen(missing) }
      }
    } catch {
      printInventoryError(error.message)
      throw error.exitCode
    }
    let mayWrite = file.mayBeWritten
    let lock = launch.isReadOnly || !mayWrite ? nil : FileLock(dataPath: file.resolvedPath)
    let colors = !noColor && !NoColor.isRequested(environment: ProcessInfo.processInfo.environment)
    let terminal: CursesTerminal
    do {
      terminal = try CursesTerminal(
        options: .init(colors: colors, watch: { MainLoop.watch($0, handler: $1) }))
    } catch {
      printInventoryError("\(error)")
      throw ExitCode(1)
    }
    var status = launch.notice
    let name = (file.path as NSString).lastPathComponent
    if !launch.isReadOnly, !mayWrite {
      // A file that could not be read says so first: that is why the list is empty.
      status =
        launch.notice.map { "\($0); changes are not saved" }
        ?? "Read-only: no permission to write \(name); changes are not saved"
    } else if !launch.isReadOnly, lock?.isHeld == false {
      status = "Read-only: inventory is already running on \(name); changes go to a copy"
    }
    // Without the lock it still follows the file (another instance's saves show).
    let fileStore =
      launch.isReadOnly
      ? nil
      : ItemsFileStore(
        file: file, launch: launch, watch: { MainLoop.watch($0, handler: $1) },
        writes: lock?.isHeld == true && mayWrite,
        notWrittenBecause: mayWrite ? nil : "you may not write it", waitingFor: lock)
    let store = InventoryComposition.makeStore(
      state: launch.state, status: status, itemsStore: fileStore?.store ?? ItemsFileStore.readOnly)
    // A first run writes the sample items, so the file exists from now on.
    if launch.isFirstRun { fileStore?.store.save(launch.state.inventory.items, 0) }
    let saver = fileStore?.saver
    var environment = InventoryComposition.environment
    // A terminal without colours (vt100) names them, as --no-color does.
    environment.usesColor = colors && terminal.colorsEnabled
    let runtime = InventoryComposition.makeRuntime(
      store: store, backend: terminal, environment: environment,
      beforeSuspending: { _ = await saver?.flush() })
    await runtime.run(onLaunch: .onLaunch)
    let (failure, notes) = await saver?.flushReporting() ?? (nil, [])
    terminal.shutdown()
    withExtendedLifetime(lock) {}
    withExtendedLifetime(fileStore?.watcher) {}
    // What the status line said of the file at launch (a copy's name, cut
    // there at the terminal's width), where it can be read in full.
    if let notice = launch.notice { printInventoryError(notice) }
    for note in notes { printInventoryError(note) }
    if let lost = store.state.lostWorkNote { printInventoryError(lost) }
    if launch.isReadOnly,
      let kept = file.keepChangesOfReadOnlyRun(
        store.state.app.inventory.items, loaded: launch.state.inventory.items)
    {
      printInventoryError(kept)
    }
    let routeLost =
      printRoute && !routeOutput.print(Route(state: store.state.app).path, program: "inventory")
    if let failure {
      printInventoryError("\(failure)")
      throw ExitCode(1)
    }
    if let signal = store.state.endingSignal { CursesTerminal.end(asSignalledBy: signal) }
    if routeLost { throw ExitCode(1) }
  }
}
