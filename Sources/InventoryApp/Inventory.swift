import AppCommandLine
import ArgumentParser
import EventLoop
import Foundation
import Persistence

/// The `inventory` command and its subcommands.
public struct InventoryCommand: AsyncParsableCommand {
  public init() {}

  public static let configuration = CommandConfiguration(
    commandName: "inventory",
    abstract:
      "Keep an inventory of items from the terminal (tabs, sheets, popovers, alerts; version \(appVersion)).",
    discussion: """
      Routes (for --open): /one, /inventory, /three, /inventory/new, /inventory/<item>, \
      /inventory/<item>/edit, /inventory/<item>/duplicate, /inventory/<item>/delete. An \
      <item> is an id, a unique id prefix, a 1-based position or a name (any case). An \
      inventory:// prefix is accepted.
      """,
    version: appVersion,
    subcommands: [
      RunInventory.self, RenderInventory.self, InventoryManual.self,
      CompletionScriptCommand<InventoryCommand>.self,
    ],
    defaultSubcommand: RunInventory.self
  )
}

/// One thread (`MainLoop`) runs the app; saves have a thread of their own.
public enum InventoryMain {
  public static func main() {
    InventoryCommand.rejectUnknownHelpTopic()
    InventoryCommand.answerCompletionScriptRequest()
    MainLoop.install()
    Task {
      await InventoryCommand.mainSafely()
      MainLoop.stop()
    }
    MainLoop.run()
  }
}

/// Options every subcommand shares.
struct InventoryOptions: ParsableArguments {
  @Option(
    name: .long,
    help: "The data file (default: $INVENTORY_DATA, else $XDG_DATA_HOME/inventory/items.json).",
    completion: .file(extensions: ["json"]))
  var data: String?

  @Option(
    name: .long,
    help: "Open this tab, sheet, popover or alert: a route, as listed by inventory --help.",
    completion: .custom { words, index, prefix in
      InventoryRouteCompletion.candidates(words: words, index: index, prefix: prefix)
    })
  var open: String?

  var path: String {
    inventoryDataLocation.resolve(flag: data, environment: ProcessInfo.processInfo.environment)
  }

  func validate() throws {
    if let error = emptyRouteError(open, opensWithout: "the first tab") { throw error }
    let environment = ProcessInfo.processInfo.environment
    if let problem = inventoryDataLocation.problem(flag: data, environment: environment) {
      guard data == nil else { throw ValidationError(problem) }
      exitOnEnvironmentProblem(problem, program: "inventory")
    }
  }
}

func printInventoryError(_ message: String) {
  printError(message, program: "inventory")
}
