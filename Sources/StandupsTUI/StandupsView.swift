import Foundation
import StandupsCore
import TerminalApp
import TerminalUI

/// The standups app as the terminal runtime hosts it: one routing function
/// from state to what is on screen — the screen on top of the stack and the
/// overlay its feature presents — each with its own drawing and keys.
public enum StandupsView {
  public typealias Action = Shell<AppFeature>.Action
  public typealias Scene = TerminalApp.Scene<Action, ViewMemory>

  /// The smallest terminal the layouts are made for.
  public static let minimumSize = Size(width: 32, height: 10)

  public static func make(
    environment: RenderEnvironment = RenderEnvironment()
  ) -> AppView<AppFeature, ViewMemory> {
    AppView(
      minimumSize: minimumSize,
      scene: { scene($0, size: $1, environment: environment) },
      helpFooter: { helpFooter(route: Route(state: $0).path, version: environment.version) })
  }

  /// Full help's last line: the version first (a long route is what gets
  /// cut on a narrow screen), then the route of what is on screen.
  static func helpFooter(route: String, version: String?) -> String {
    (version.map { "standups \($0) · " } ?? "") + "Route " + route
  }

  /// The banners the app's actions show: a failed save until a save
  /// succeeds, and what another program's changes did.
  @Sendable public static func message(for action: AppFeature.Action) -> ShellMessage? {
    switch action {
    case .persistence(.failed(let reason)):
      // Standing until a save goes through: it is still true after a key.
      .showWithStatus(.error(notSaved(reason)), status: notSaved(reason))
    case .persistence(.saved):
      .resolveErrorAndStatus(prefixes: [offlineStatus, notSavedPrefix, "Still offline"])
    case .persistence(.notice(let text)): .show(.notice(text))
    case .persistence(.readOnly(let text)): .showStatus(text)
    case .persistence(.writable(let text)):
      .resolveStatus(prefixes: ["Read-only: standups is already running"], then: .notice(text))
    case .persistence(.offline(let text)): .showWithStatus(.error(text), status: offlineStatus)
    // Its own words stand: the server is there, and "when the server is
    // back" would not say what must change.
    case .persistence(.refusedWhileOffline(let text)):
      .replaceWithStatus(
        prefixes: ["Offline:", "Still offline"], banner: .error(text), status: text)
    case .notified(let notice): .show(banner(for: notice))
    // Said again after it, with the name as it is now, if still true.
    case .persistence(.changedElsewhere): .withdraw(endingWith: [Keys.savingSetsYoursAside])
    case .path(.element(_, .detail(.cancelEditButtonTapped))),
      .path(.element(_, .detail(.doneEditingButtonTapped))):
      .withdraw(endingWith: [Keys.keepByEditing, Keys.savingSetsYoursAside])
    // The recording closes as it ends (the timer may end it behind help).
    case .path(.element(_, .record(.delegate(.save)))): .show(.notice("Meeting saved"))
    case .copied(let title, let isMeeting, let result):
      .show(banner(for: title, copied: result, isMeeting: isMeeting))
    default: nil
    }
  }

  static let notSavedPrefix = "Not saved:"
  static func notSaved(_ reason: String) -> String { "\(notSavedPrefix) \(reason) — will retry" }

  /// What the banner line says while the database is out of reach, after
  /// the banner that said why; a save that reaches it (`.saved`) ends it.
  static let offlineStatus =
    "Offline: showing the last sync; changes are sent when the server is back"

  /// What closing the open sheet now would lose, for the warnings of the
  /// quit and cancel keys.
  @Sendable public static func unsavedWork(_ state: AppFeature.State) -> UnsavedWork? {
    switch state.unsavedForm {
    case .newStandup(let canSave):
      UnsavedWork("the new standup", needs: canSave ? nil : "a title")
    case .edit(let standup, let canSave):
      UnsavedWork(
        "your changes to \(Sanitizer.quoted(standup.displayTitle))",
        needs: canSave ? nil : "a title")
    case nil: nil
    }
  }

  /// What `y` copies on a standup's screen: the highlighted meeting, else the standup.
  static func copyContent(of detail: StandupDetail.State) -> ClipboardContent {
    guard let id = detail.selection, let meeting = detail.standup.meetings[id: id] else {
      return .standup(detail.standup)
    }
    return .meeting(meeting, of: detail.standup)
  }

  static func banner(for title: String, copied result: ClipboardResult, isMeeting: Bool = false)
    -> Banner
  {
    // Cut so that the notice fits one row at 80 columns.
    let name =
      isMeeting ? "a meeting of \(Sanitizer.quoted(title, columns: 26))" : Sanitizer.quoted(title)
    return switch result {
    case .sent: .notice("Sent \(name) to the clipboard as Markdown")
    case .tooLarge(let bytes):
      .error(
        "\(isMeeting ? "A meeting of \(Sanitizer.quoted(title))" : name) is too large to copy (\(bytes / 1024) KB; the clipboard takes 64 KB): use standups export"
      )
    case .off: .notice("Copying is off (--no-clipboard); standups export prints the same Markdown")
    }
  }

  static func banner(for notice: SyncNotice) -> Banner {
    switch notice {
    case .deletedElsewhere(let title):
      .notice("\(Sanitizer.quoted(title)) was deleted elsewhere")
    case .meetingDeletedElsewhere(let title):
      .notice("A meeting of \(Sanitizer.quoted(title)) was deleted elsewhere")
    case .keptDespiteDeletion(let title):
      .notice(
        "\(Sanitizer.quoted(title)) was deleted on one side and changed on the other: it stays")
    case .restoredBySaving(let title):
      .notice("\(Sanitizer.quoted(title)) is back: your save undid its deletion elsewhere")
    case .conflict(let titles, let copy):
      .error(
        "Changed elsewhere too: kept "
          + titles.map { "\(Sanitizer.quoted($0))" }.joined(separator: ", ") + "; o opens yours"
          + (copy.map { " (in \(Sanitizer.inert($0)))" } ?? " (not saved aside: see above)"))
    case .earlierConflicts(let titles):
      .notice(
        // "Earlier": another session's, or an import's (the file's version).
        "Earlier, a conflict kept your "
          + (titles.count == 1 ? "version of " : "versions of ")
          + titles.map { "\(Sanitizer.quoted($0))" }.joined(separator: ", ")
          + (titles.count == 1 ? ": o opens it" : ": o opens them one after another"))
    case .changedBeforeDeletion(let title):
      .notice("\(Sanitizer.quoted(title)) changed elsewhere: ask again to delete it")
    case .deletedWhileRecording(let title):
      .notice(
        "\(Sanitizer.quoted(title)) was deleted elsewhere: this meeting will be saved into a "
          + "new standup")
    case .deletedWhileEditing(let title):
      .notice(
        "\(Sanitizer.quoted(title)) was deleted elsewhere: \(Keys.keepByEditing)")
    case .changedWhileEditing(let title):
      .notice("\(Sanitizer.quoted(title)) was changed elsewhere: \(Keys.savingSetsYoursAside)")
    case .savedAsNewStandup(let title):
      .notice(
        "\(Sanitizer.quoted(title)) was deleted elsewhere: the meeting is in a new standup"
      )
    }
  }

  static func scene(_ state: AppFeature.State, size: Size, environment: RenderEnvironment)
    -> Scene
  {
    let review =
      state.conflict == nil
      ? [] : [Command<Action>(Keys.reviewConflict, send: .app(.reviewConflictTapped))]
    guard let id = state.path.ids.last, let element = state.path[id: id] else {
      let copy = state.standupsList.selection.flatMap { state.standupsList.standups[id: $0] }.map {
        Command<Action>(Keys.copy, send: .app(.copyButtonTapped(.standup($0))))
      }
      return list(state.standupsList, size: size, extra: (copy.map { [$0] } ?? []) + review)
    }
    let back = Command<Action>(Keys.back, send: .app(.path(.popFrom(id: id))))
    let moreWaysBack = Command<Action>(Keys.moreWaysBack, send: .app(.path(.popFrom(id: id))))
    switch element {
    case .detail(let detail):
      return self.detail(
        detail, id: id, size: size, back: back, moreWaysBack: moreWaysBack,
        environment: environment,
        extra: [Command(Keys.copy, send: .app(.copyButtonTapped(copyContent(of: detail))))]
          + review,
        deletedElsewhere: state.standupsList.standups[id: detail.standup.id] == nil)
    case .record(let record):
      let embed: (RecordMeeting.Action) -> Action = {
        .app(.path(.element(id: id, action: .record($0))))
      }
      let screen = Screen<Action, ViewMemory>(
        keymap: RecordMeetingScreen.keymap(record, size: size).map(embed)
      ) { canvas, bar, memory in
        RecordMeetingScreen.draw(record, in: &canvas, bindings: bar, memory: &memory)
      }
      return Scene(
        screen: screen,
        overlay: record.alert.map { .alert(AlertPresentation($0) { embed(.alert($0)) }) })
    case .meeting(let meeting):
      var keymap = MeetingDetailScreen.keymap(meeting, size: size).map {
        Action.app(.path(.element(id: id, action: .meeting($0))))
      }
      keymap.append(
        Command(
          Keys.copy, send: .app(.copyButtonTapped(.meeting(meeting.meeting, of: meeting.standup)))))
      keymap.append(contentsOf: review)
      keymap.append(back)
      keymap.append(moreWaysBack)
      return Scene(
        screen: Screen(keymap: keymap) { canvas, bar, _ in
          MeetingDetailScreen.draw(meeting, in: &canvas, bindings: bar, environment: environment)
        })
    }
  }

  static func list(
    _ list: StandupsList.State, size: Size, extra: [Command<Action>] = []
  ) -> Scene {
    let embed: (StandupsList.Action) -> Action = { .app(.standupsList($0)) }
    var keymap = StandupsListScreen.keymap(
      list, pageSize: StandupsListScreen.pageSize(for: size, list)
    ).map(embed)
    // While the filter line is open, letters type: no q, no extra letter keys.
    if !list.filter.isEditing {
      keymap.append(contentsOf: extra)
      keymap.append(Command(Keys.quit, send: .quitPressed))
    }
    let screen = Screen<Action, ViewMemory>(keymap: keymap) { canvas, bar, memory in
      StandupsListScreen.draw(list, in: &canvas, bindings: bar, memory: &memory)
    }
    let overlay: SceneOverlay<Action, ViewMemory>? =
      switch list.destination {
      case .add(let form):
        StandupFormSheet.overlay(
          form, title: "New standup", save: embed(.confirmAddButtonTapped),
          cancel: .discardPressed(.standupsList(.discardButtonTapped))
        ) { embed(.destination(.presented(.add($0)))) }
      case .alert(let alert):
        .alert(AlertPresentation(alert) { embed(.destination($0.map { .alert($0) })) })
      case nil:
        nil
      }
    return Scene(screen: screen, overlay: overlay)
  }

  static func detail(
    _ detail: StandupDetail.State, id: StackElementID, size: Size, back: Command<Action>,
    moreWaysBack: Command<Action>, environment: RenderEnvironment,
    extra: [Command<Action>] = [], deletedElsewhere: Bool = false
  ) -> Scene {
    let embed: (StandupDetail.Action) -> Action = {
      .app(.path(.element(id: id, action: .detail($0))))
    }
    var keymap = StandupDetailScreen.keymap(detail, size: size).map(embed)
    keymap.append(contentsOf: extra)
    keymap.append(back)
    keymap.append(moreWaysBack)
    let screen = Screen<Action, ViewMemory>(keymap: keymap) { canvas, bar, memory in
      StandupDetailScreen.draw(
        detail, in: &canvas, bindings: bar, environment: environment, memory: &memory)
    }
    let overlay: SceneOverlay<Action, ViewMemory>? =
      switch detail.destination {
      case .edit(let form):
        StandupFormSheet.overlay(
          // Said for as long as it is true (the banner that said it goes):
          // saving keeps the standup, Esc lets it go; or saving keeps both.
          form,
          title: deletedElsewhere
            ? "Edit standup · deleted elsewhere"
            : form.original.hasSameOwnFields(as: detail.standup)
              ? "Edit standup" : "Edit standup · changed elsewhere",
          save: embed(.doneEditingButtonTapped),
          cancel: .discardPressed(.path(.element(id: id, action: .detail(.cancelEditButtonTapped))))
        ) { embed(.destination(.presented(.edit($0)))) }
      case .alert(let alert):
        .alert(AlertPresentation(alert) { embed(.destination($0.map { .alert($0) })) })
      case nil:
        nil
      }
    return Scene(screen: screen, overlay: overlay)
  }
}
