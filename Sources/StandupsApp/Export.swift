import AppCommandLine
import ArgumentParser
import Foundation
import Persistence
import Routing
import StandupsCore
import StandupsDatabase
import StandupsTUI

/// Prints standups and their meetings to standard output, as Markdown or as a
/// data file. Only reads: it creates, copies and changes no file.
struct Export: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "export",
    abstract: "Print standups and their meetings as Markdown, or as a data file (JSON).",
    discussion: """
      --open narrows what is printed: / everything, /<standup> (and its edit, \
      delete and record routes) one standup, /<standup>/meetings/<meeting> one \
      meeting. Dates are in local time (TZ).
      """)

  enum Format: String, ExpressibleByArgument, CaseIterable {
    case markdown, json
  }

  @OptionGroup var options: DataOptions

  @Option(
    name: .long,
    help: ArgumentHelp(
      "What to print: Markdown, or a data file (JSON) of what is selected.",
      valueName: "markdown|json"))
  var format = Format.markdown

  @Option(
    name: .long,
    help: ArgumentHelp(
      "Only meetings on or after this local date.", valueName: "YYYY-MM-DD"))
  var since: String?

  func validate() throws {
    if let since, MarkdownExport.Day(parsing: since) == nil {
      throw ValidationError("'\(since)' is not a date: --since takes YYYY-MM-DD, e.g. 2026-11-20")
    }
  }

  @MainActor
  func run() async throws {
    // What the route asks for, checked before the file is read, as `render` does.
    var route = Route.list
    if let text = options.open {
      do {
        route = try Route(parsing: text)
      } catch {
        printError(Route.notARoute(text))
        throw ExitCode(2)
      }
    }
    switch route {
    case .new:
      printError("'\(options.open ?? "")' opens the new standup sheet: nothing to export")
      throw ExitCode(2)
    case .list, .filteredList, .standup, .deleteFromList:
      break
    }

    let standups =
      if let url = try options.databaseURL() {
        try await Self.read(url)
      } else {
        try load(DataFile(path: options.path))
      }
    var selection: IdentifiedArrayOf<Standup>
    switch try Self.resolve(route, text: options.open, in: standups) {
    case .all:
      selection = standups
    case .some(let shown):
      guard !shown.isEmpty else {
        printError("'\(options.open ?? "")' matches no standup: nothing to export")
        throw ExitCode(2)
      }
      selection = shown
    case .standup(let standup):
      selection = [standup]
    case .meeting(var standup, let meeting):
      standup.meetings = [meeting]
      selection = [standup]
    }
    let sinceDay = since.flatMap(MarkdownExport.Day.init(parsing:))
    if let sinceDay {
      selection = MarkdownExport.selecting(selection, since: sinceDay, timeZone: .process)
    }

    let output: Data
    switch format {
    case .markdown:
      output = Data(
        MarkdownExport.markdown(standups: selection, timeZone: .process, since: sinceDay).utf8)
    case .json:
      do {
        // Exactly what the app would save: the output is a data file as it is.
        output = try DocumentFormat.standups.encode(selection)
      } catch {
        printError("cannot encode the standups: \(error)")
        throw ExitCode(1)
      }
    }
    if let problem = writeToStandardOutput(output) {
      printError("cannot write the export: \(problem)")
      throw ExitCode(1)
    }
  }

  /// The database's standups; none said on standard error, as for a file.
  private static func read(_ url: DatabaseURL) async throws -> IdentifiedArrayOf<Standup> {
    let standups = try await TeamMode.read(url)
    if standups.isEmpty { printError("the database holds no standups: no standups to export") }
    return standups
  }

  /// The standups in the file; none when there is no file yet (said on
  /// standard error: a mistyped path exports nothing). A file that cannot be
  /// read (or is not a regular file, or is from a newer standups) is
  /// reported and left as it is: exit 1.
  private func load(_ file: DataFile) throws -> IdentifiedArrayOf<Standup> {
    if file.holdsDirectoryOrSpecialFile {
      printError("\(file.path) is not a regular file: nothing to export")
      throw ExitCode(1)
    }
    do {
      guard let standups = try file.load() else {
        printError("no data file at \(file.path) yet: no standups to export")
        return []
      }
      return standups
    } catch {
      // Nothing but white space is a data file yet to be filled, as the
      // app and `render` read it.
      if file.emptyFileVersion() != nil {
        printError("\(file.path) is empty: no standups to export")
        return []
      }
      printError("\(error)")
      throw ExitCode(1)
    }
  }

  enum Selection {
    case all
    /// Those a filter (`/?filter=…`) shows.
    case some(IdentifiedArrayOf<Standup>)
    case standup(Standup)
    case meeting(Standup, Meeting)
  }

  /// What a route names in `standups`, resolved as the app resolves it (so a
  /// bad reference fails with the message `render` and `run` give, exit 2).
  static func resolve(
    _ route: Route, text: String?, in standups: IdentifiedArrayOf<Standup>
  ) throws -> Selection {
    let state: AppFeature.State
    do {
      state = try route.state(for: standups, newStandupID: { UUID() })
    } catch {
      printError("'\(Reference.echoed(text ?? "/"))' does not open anything: \(error)")
      throw ExitCode(2)
    }
    if case .filteredList(let filter) = route {
      // The list would show every standup: that is not what a filter asks.
      guard StandupsFilter(text: filter).isFiltering else {
        printError(
          "'\(Reference.echoed(text ?? "/"))' filters on no words; leave --open out to export "
            + "every standup")
        throw ExitCode(2)
      }
      // The standups the list shows with that filter, in its order.
      return .some(
        IdentifiedArray(
          uncheckedUniqueElements: state.standupsList.visibleIDs.compactMap { standups[id: $0] }))
    }
    // The delete alert over the list is about one standup, as its screen's is.
    let namesOne =
      switch route {
      case .standup, .deleteFromList: true
      default: false
      }
    guard namesOne, let id = state.standupsList.selection, let standup = standups[id: id]
    else { return .all }
    // A meeting's screen, or one the standup's screen highlights (its delete
    // alert's route), is that meeting, as `y` copies it.
    for element in state.path.reversed() {
      switch element {
      case .meeting(let detail):
        if let meeting = standup.meetings[id: detail.meeting.id] {
          return .meeting(standup, meeting)
        }
      case .detail(let detail):
        if let id = detail.selection, let meeting = standup.meetings[id: id] {
          return .meeting(standup, meeting)
        }
      default:
        break
      }
    }
    return .standup(standup)
  }

}
