import AppCommandLine
import ArgumentParser
import Foundation
import Persistence
import StandupsCore
import StandupsDatabase

/// Copies a data file into the team's database.
struct Import: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "import",
    abstract: "Copy a data file's standups into the team's database (--database).",
    discussion: """
      Ids are kept. A standup the database already has gets the meetings it \
      lacks; if its title, length, theme or attendees differ, the stored \
      version stays and the file's is kept in the database's conflicts, \
      which your next start of the app (same user and host) offers back \
      (o). Importing the same file twice changes nothing the second time. \
      An unsaved-<hash>-<UTC time>Z.json file the app kept refused changes in (or, where \
      the journal's directory took none, the temporary directory's \
      standups-unsaved-<8 hex digits>.json) is removed once imported.
      """)

  @Argument(
    help: "The data file to copy in (or a pipe: /dev/stdin).",
    completion: .file(extensions: ["json"]))
  var file: String

  @Option(
    name: .long,
    help: ArgumentHelp(
      "The database (default: $STANDUPS_DATABASE_URL).", valueName: "url"))
  var database: String?

  /// The standups in `path`: a data file, or a pipe (`/dev/stdin`, `<(…)`)
  /// read to its end; nil when it holds nothing but white space (a data file
  /// with no standups yet, as the app opens it). What cannot be read is said
  /// on standard error: exit 1.
  static func read(_ path: String) throws -> IdentifiedArrayOf<Standup>? {
    let file = DataFile(path: path)
    do {
      if file.holdsDirectoryOrSpecialFile {
        let data = try StreamInput.read(path, limit: streamLimit)
        guard data.contains(where: { !" \t\r\n".utf8.contains($0) }) else { return nil }
        return try file.decode(data)
      }
      if file.emptyFileVersion() != nil { return nil }
      guard let loaded = try file.read() else {
        printError("\(path): no such file")
        throw ExitCode(1)
      }
      return loaded.document
    } catch let error as ExitCode {
      throw error
    } catch {
      // The failure names the file.
      printError("\(error)")
      throw ExitCode(1)
    }
  }

  /// The most a pipe may bring: far more than any team's standups, and an
  /// end to reading one that never ends (`/dev/zero`).
  static let streamLimit = 256 << 20

  static let needsDatabase = ValidationError(
    "import needs a database: --database URL or $STANDUPS_DATABASE_URL")

  @MainActor
  func run() async throws {
    let url: DatabaseURL
    do {
      guard let given = try DataOptions.databaseURL(flag: database, dataFlag: nil) else {
        throw Self.needsDatabase
      }
      url = given
    } catch let error as ValidationError {
      // Checked here, not in validate(), so that an unknown option is said
      // as such first; thrown from here, the root's usage would be given:
      // import's, named with the program.
      writeToStandardError(
        Self.fullMessage(for: error)
          .replacingOccurrences(of: "Usage: import", with: "Usage: standups import")
          .replacingOccurrences(of: "See 'import", with: "See 'standups import"))
      throw ExitCode.validationFailure
    }
    guard let standups = try Self.read(file) else {
      print("\(terminalSafe(file)) holds no standups: nothing to import")
      return
    }
    let team = try await TeamMode.open(url)
    let summary: ImportSummary
    do {
      summary = try await team.importStandups(standups)
    } catch {
      _ = await team.close()
      printError("import failed, nothing was changed: \(TeamStore.message(for: error))")
      throw ExitCode(1)
    }
    _ = await team.close()
    var parts = ["\(summary.added) added", "\(summary.unchanged) unchanged"]
    if summary.withNewMeetings > 0 { parts.append("\(summary.withNewMeetings) with new meetings") }
    if !summary.conflicts.isEmpty {
      parts.append("\(summary.conflicts.count) kept as conflicts")
    }
    if summary.meetingsAdded > 0 {
      let meetings = summary.meetingsAdded == 1 ? "1 meeting" : "\(summary.meetingsAdded) meetings"
      parts.append("\(meetings) added to standups already there")
    }
    let count = standups.count == 1 ? "1 standup" : "\(standups.count) standups"
    print("Imported \(count) into \(url.redacted): " + parts.joined(separator: ", "))
    if summary.meetingsRenumbered > 0 {
      let meetings =
        summary.meetingsRenumbered == 1 ? "1 meeting" : "\(summary.meetingsRenumbered) meetings"
      print("\(meetings) had the id of another standup's meeting: imported under new ids")
    }
    if !summary.conflicts.isEmpty {
      print(
        "Kept the stored version of "
          + summary.conflicts.map { "“\(terminalSafe($0))”" }.joined(separator: ", ")
          + "; the file's is in the database's conflicts table")
    }
    removeIfKeptUnsaved(file, of: url)
    if summary.nulsRemoved > 0 {
      let count =
        summary.nulsRemoved == 1 ? "1 NUL character" : "\(summary.nulsRemoved) NUL characters"
      print("Left out \(count) (PostgreSQL's text cannot hold them)")
    }
    if !summary.fieldsNotKept.isEmpty {
      print(
        "Not imported (fields this version does not read; the database has no place for them): "
          + summary.fieldsNotKept.map(terminalSafe).joined(separator: ", "))
    }
  }

  /// A file team mode kept refused changes in, now imported: its changes are
  /// in the database (what differed, in its conflicts, offered back by the
  /// next start), so the file goes, and starts stop naming it.
  private func removeIfKeptUnsaved(_ path: String, of url: DatabaseURL) {
    let files = TeamFiles(url: url, environment: ProcessInfo.processInfo.environment)
    func resolved(_ path: String) -> String {
      URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
    }
    // Beside the journal, or where the journal's directory took none: the
    // temporary directory's standups-unsaved-<8 hex digits>.json.
    let temporary = resolved(NSTemporaryDirectory())
    let name = (path as NSString).lastPathComponent
    let tag = name.dropFirst("standups-unsaved-".count).dropLast(".json".count)
    let isTemporaryCopy =
      PathName.parent(of: resolved(path)) == temporary
      && name.hasPrefix("standups-unsaved-") && name.hasSuffix(".json")
      && tag.count == 8 && tag.allSatisfy(\.isHexDigit)
    guard files.unsavedFiles().map(resolved).contains(resolved(path)) || isTemporaryCopy,
      unlink(path) == 0
    else { return }
    print("Removed \(terminalSafe(path)), which the app had kept these changes in")
  }
}
