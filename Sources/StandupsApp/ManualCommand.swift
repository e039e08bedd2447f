import AppCommandLine
import ArgumentParser
import Foundation
import StandupsCore
import StandupsTUI
import TerminalApp

/// Finishes the manual page `generate-manual` wrote from the parser: adds
/// the keys of every screen (from the keymaps), the routes, environment,
/// files and exit statuses. `make man` runs it; hidden from help.
struct ManualCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "debug-manual", shouldDisplay: false)

  @Option(name: .long, help: "The page generate-manual wrote.")
  var generated: String

  @MainActor
  func run() async throws {
    let page = try String(contentsOfFile: generated, encoding: .utf8)
    print(try Self.manual().page(from: page), terminator: "")
  }

  /// Each screen in the states that between them enable every key it has
  /// (`x` needs a highlighted meeting, `s` an empty list, `o` a conflict…),
  /// on the sample standups.
  static func screens() throws -> [(title: String, states: [AppFeature.State])] {
    let samples = SampleData.standups
    func open(_ route: String, _ standups: IdentifiedArrayOf<Standup> = samples) throws
      -> AppFeature.State
    {
      try Route(parsing: route).state(for: standups, newStandupID: { UUID(0) })
    }
    func withConflict(_ state: AppFeature.State) -> AppFeature.State {
      var state = state
      state.conflict = samples.first
      return state
    }
    var filterLine = try open("/")
    filterLine.standupsList.filter = StandupsFilter(text: "e", isEditing: true)
    var sheets: [AppFeature.State] = [try open("/new")]
    for focus in [StandupForm.Field.duration, .theme] {
      var state = try open("/new")
      if case .add(var form) = state.standupsList.destination {
        form.focus = focus
        state.standupsList.destination = .add(form)
      }
      sheets.append(state)
    }
    // An attendee, then the last one (enter adds the next).
    let attendees = samples.first?.attendees.count ?? 1
    sheets += [try open("/1/edit/attendees/1"), try open("/1/edit/attendees/\(attendees)")]
    // Notes out of sight both ways, a line being typed (esc clears it) and
    // one cleared (ctrl+y brings it back).
    var recordingReadBack = try open("/1/record")
    if let id = recordingReadBack.path.ids.last,
      case .record(var record) = recordingReadBack.path[id: id]
    {
      record.notes = (1...40).map { RecordMeeting.Note(speaker: "", text: "note \($0)") }
      record.notesScroll = TranscriptPosition(line: 20)
      record.draft = "note"
      record.clearedDraft = RecordMeeting.ClearedDraft(text: "cleared", speakerIndex: nil)
      recordingReadBack.path[id: id] = .record(record)
    }
    // A transcript longer than the screen (it scrolls).
    var longMeeting = try open("/1/meetings/1")
    if let id = longMeeting.path.ids.last, case .meeting(var shown) = longMeeting.path[id: id] {
      shown.meeting.transcript = (1...80).map { "note \($0)" }.joined(separator: "\n")
      longMeeting.path[id: id] = .meeting(shown)
    }
    var meeting = try open("/1")
    if let id = meeting.path.ids.last, case .detail(var detail) = meeting.path[id: id] {
      detail.selection = detail.standup.meetings.first?.id
      meeting.path[id: id] = .detail(detail)
    }
    return [
      (
        "The list",
        [
          try open("/"), try open("/?filter=design"), try open("/", []),
          withConflict(try open("/")),
        ]
      ),
      ("The filter line (/)", [filterLine]),
      ("The new standup sheet (and the edit sheet)", sheets),
      ("A delete alert", [try open("/?delete=1")]),
      ("A standup", [try open("/1"), meeting, withConflict(try open("/1"))]),
      ("A recording", [try open("/1/record"), recordingReadBack]),
      ("A past meeting", [try open("/1/meetings/1"), longMeeting]),
    ]
  }

  @MainActor static func keys() throws -> [KeyReference] {
    StandupsView.make().keyReference(try screens())
  }

  @MainActor static func manual() throws -> Manual {
    Manual(
      keys: try keys().map { reference in
        (reference.screen, reference.entries.map { ($0.keys, $0.description) })
      },
      routes: Route.forms.map { ($0.pattern, $0.meaning) } + [
        ("<standup>", Standups.referenceHelp)
      ],
      environment: [
        ("STANDUPS_DATA", "the data file, when --data is not given"),
        ("XDG_DATA_HOME", "where the data file is by default (else ~/.local/share)"),
        ("HOME", "the home directory, for the default data file"),
        ("NO_COLOR", "draw without colours, as --no-color"),
        ("TZ", "the time zone meetings are shown and exported in"),
        (
          "SAP_SHELL",
          "set by the completion scripts: the shell asking for routes (zsh's are escaped for it)"
        ),
        ("TMPDIR", "where standard error waits while the screen is drawn (default /tmp)"),
        (
          "STANDUPS_WATCH", "poll: watch the data file by polling twice a second instead of inotify"
        ),
        (
          "STANDUPS_EXECUTORS",
          "platform: run on libdispatch's executors instead of the app's own loop"
        ),
        (
          "STANDUPS_DATABASE_URL",
          "team mode: the PostgreSQL database, when --database is not given"
        ),
        ("PGPASSWORD", "team mode: the password, when the URL has none"),
        (
          "PGPASSFILE", "team mode: the password file (default ~/.pgpass, ignored unless mode 0600)"
        ),
        ("PGUSER", "team mode: the user, when the URL has none"),
        (
          "USER",
          "team mode: the user when neither the URL nor PGUSER names one; who changes are by"
        ),
        ("XDG_CACHE_HOME", "where team mode keeps the last sync (else ~/.cache)"),
        ("XDG_STATE_HOME", "where team mode keeps changes made offline (else ~/.local/state)"),
      ] + Manual.terminalEnvironment,
      files: [
        ("$XDG_DATA_HOME/standups/standups.json", "the data file (versioned JSON, mode 0600)"),
        (
          "<data>.lock",
          "held while the app runs: a second instance opens read-only, and saves once"
            + " the first quits (<data>: the data file's path; <name>: that path without .json)"
        ),
        (
          "<name>.conflict-<UTC time>Z.json",
          "your version of standups another program changed too, or that could not be saved"
            + " (a valid data file); in $XDG_STATE_HOME/standups (else ~/.local/state/standups,"
            + " else the temporary directory) when the data file's directory takes no new file"
        ),
        (
          "<name>.unreadable-<UTC time>Z",
          "a data file that could not be read, kept aside"
        ),
        (
          "$XDG_CACHE_HOME/standups/<hash>.json",
          "team mode: the last sync of a database, for --offline-ok (mode 0600)"
        ),
        (
          "$XDG_STATE_HOME/standups/journal-<hash>.jsonl",
          "team mode: changes made while the server was out of reach, sent when it is back"
        ),
      ],
      exitStatuses: [
        ("0", "success"),
        (
          "1",
          "the terminal cannot be used, the data could not be saved, a file could not be read, or the database server is out of reach, refused the login or has no such database"
        ),
        (
          "2",
          "a route that does not match, is ambiguous, or names nothing export can print (the"
            + " new-standup sheet); no standups at all is not an error: export prints none"
        ),
        ("64", "a malformed command line"),
        (
          "128+n",
          "ended by signal n (SIGHUP 1, SIGINT 2, SIGTERM 15, or the terminal closing), after saving what was saved and restoring the terminal"
        ),
      ])
  }
}
