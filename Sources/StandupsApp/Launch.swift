import AppCommandLine
import ArgumentParser
import Foundation
import Persistence
import Routing
import StandupsCore

/// What the app starts with: the data, the state the route opens, and what to
/// tell the user about the data file.
struct Launch {
  var standups: IdentifiedArrayOf<Standup>
  var state: AppFeature.State
  var notice: String?
  /// The notice with full paths, for standard error after the app ends.
  var longNotice: String?
  /// True when there was no data file yet (first run).
  var isFirstRun: Bool
  /// True when nothing may be saved: the path is not a regular file, or the
  /// file is from a newer standups.
  var isReadOnly = false
  /// The version of the file the standups were read from (nil: no file, or
  /// none read): what the saver checks before replacing it.
  var version: FileVersion?

  /// Loads the data and resolves the route. A bad route is an error (exit 2);
  /// an unreadable data file is not: it is kept aside (unless `keepsAside` is
  /// false: a command that only reads changes no file) and the app starts
  /// empty. A file from a newer version is never replaced: the app opens it
  /// read-only. `opening` runs once the route is known to open, before any
  /// file is changed: what else the run needs (a terminal) is checked there.
  static func prepare(
    file: DataFile, route routeText: String?, keepsAside: Bool = true,
    opening: () throws(LaunchError) -> Void = {}
  ) throws(LaunchError) -> Launch {
    let route = try parse(routeText)
    var notice: String?
    /// What is wrong with the file, said on standard error (after the
    /// program's name) when the app ends.
    var fileProblem: String?
    var standups: IdentifiedArrayOf<Standup> = []
    var isFirstRun = false
    var version: FileVersion?
    /// Kept aside once the route is known to open: a mistyped route leaves
    /// no copy behind.
    var unreadable: DocumentFailure?
    var isReadOnly = file.holdsDirectoryOrSpecialFile
    if isReadOnly {
      let name = (file.path as NSString).lastPathComponent
      notice = "\(name) is not a regular file: nothing is read or saved"
      fileProblem = "\(file.path) is not a regular file: nothing was read or saved"
    } else {
      do {
        if let loaded = try file.read() {
          standups = loaded.document
          version = loaded.version
        } else {
          isFirstRun = true
        }
      } catch .newerVersion(_, let version, _) {
        isReadOnly = true
        let name = (file.path as NSString).lastPathComponent
        let versions = "format version \(version); this one reads up to \(file.format.version)"
        notice = "\(name) is from a newer standups (\(versions)): read-only, nothing is saved"
        fileProblem =
          "\(file.path) was written by a newer standups (\(versions)); it was left as it is"
      } catch {
        if let empty = file.emptyFileVersion() {
          // Nothing in it yet: no data, no notice; saves replace this version.
          isFirstRun = true
          version = empty
        } else if !keepsAside {
          notice = "\(error.summary); starting empty" + error.reasonSuffix
          fileProblem = "\(error)"
        } else {
          unreadable = error
        }
      }
    }
    var printedNotice = fileProblem.map { "standups: " + $0 }
    let state: AppFeature.State
    do {
      state = try Self.state(route, text: routeText, standups: standups)
    } catch .badRoute(let message) {
      // The route found nothing among no standups: the file is why, said
      // first (the route may well be right once the file is).
      // Printed with the program's name before it: the route's line needs its own.
      let why = unreadable.map { "\($0)" } ?? fileProblem
      throw .badRoute(why.map { $0 + "\nstandups: " + message } ?? message)
    }
    try opening()
    if let unreadable {
      (notice, printedNotice, version) = Self.keepAside(file, failure: unreadable)
    }
    return Launch(
      standups: standups, state: state, notice: notice, longNotice: printedNotice,
      isFirstRun: isFirstRun, isReadOnly: isReadOnly, version: version)
  }

  /// What could not be read is kept beside, untouched, never overwritten:
  /// the notices saying so, and the version a first save may replace.
  private static func keepAside(_ file: DataFile, failure error: DocumentFailure) -> (
    notice: String, printed: String, version: FileVersion?
  ) {
    let backup = file.keepAside()
    let kept =
      backup.map { "kept as \(($0.copy as NSString).lastPathComponent)" } ?? "could not copy it"
    return (
      "\(error.summary); \(kept); starting empty" + error.reasonSuffix,
      "standups: \(error); " + (backup.map { "kept a copy at \($0.copy)" } ?? "could not copy it"),
      // Kept: the first save may replace exactly this version.
      backup?.version
    )
  }

  /// The route opened on standups read from elsewhere (the database).
  static func prepare(standups: IdentifiedArrayOf<Standup>, route routeText: String?)
    throws(LaunchError) -> Launch
  {
    let route = try parse(routeText)
    return Launch(
      standups: standups, state: try state(route, text: routeText, standups: standups),
      isFirstRun: false)
  }

  /// Checked before anything is read: a bad route is a usage error.
  static func parse(_ routeText: String?) throws(LaunchError) -> Route {
    guard let routeText else { return .list }
    do {
      return try Route(parsing: routeText)
    } catch {
      throw .badRoute(Route.notARoute(routeText))
    }
  }

  private static func state(
    _ route: Route, text: String?, standups: IdentifiedArrayOf<Standup>
  ) throws(LaunchError) -> AppFeature.State {
    do {
      return try route.state(for: standups, newStandupID: { UUID() })
    } catch {
      throw .badRoute("'\(Reference.echoed(text ?? "/"))' does not open anything: \(error)")
    }
  }
}
