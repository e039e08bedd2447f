import Foundation

/// The whole app: the standups list at the root and a stack of screens above it
/// (detail → record / meeting). Features talk to each other through delegate
/// actions, which this reducer turns into state changes.
public struct AppFeature: Reducer {
  public struct State: Equatable, Sendable {
    public var path: StackState<Path.State>
    public var standupsList: StandupsList.State
    /// The store's revision the standups derive from (bumped by changes made
    /// elsewhere); saves carry it.
    public var storeRevision = 0
    /// The user's version of a standup that lost a conflict, until the user
    /// reopens it in the edit sheet.
    public var conflict: Standup?
    /// The user's versions of other standups that lost in the same merge,
    /// offered one after another once `conflict` is reopened.
    public var laterConflicts: [Standup] = []
    /// The version reopened in the edit sheet, until the sheet is saved or
    /// cancelled: then the store no longer keeps it for later sessions (a
    /// quit or a crash meanwhile leaves it kept).
    public var conflictUnderReview: Standup?
    /// Where the standup in the open edit sheet stood in the list before
    /// another writer deleted it: saving the sheet brings it back there.
    public var restorePlace: ListPlace<Standup.ID>?
    /// The titles of the standups whose meetings in progress quitting
    /// saved, for the note at exit.
    public var meetingsSavedOnQuit: [String] = []

    public init(
      path: StackState<Path.State> = StackState(),
      standupsList: StandupsList.State = StandupsList.State()
    ) {
      self.path = path
      self.standupsList = standupsList
    }
  }

  /// A sheet whose edits quitting now would lose.
  public enum UnsavedForm: Equatable, Sendable {
    /// The add sheet, with something typed or chosen; whether Ctrl-S would
    /// save it (not with a blank title).
    case newStandup(canSave: Bool)
    /// The edit sheet of this standup (as stored), changed; whether Ctrl-S
    /// would save it.
    case edit(Standup, canSave: Bool)
  }

  @CasePathable
  public enum Action: Equatable, Sendable {
    case path(StackActionOf<Path>)
    case standupsList(StandupsList.Action)
    /// The app is on screen: starts whatever the visible screens need (timers)
    /// and listens to the store.
    case onLaunch
    /// What the store reports about saving.
    case persistence(PersistenceEvent)
    /// What another writer's change did here, for the user.
    case notified(SyncNotice)
    /// Reopen the user's version of the standup that lost a conflict, in its
    /// edit sheet.
    case reviewConflictTapped
    /// `y`: a standup or a meeting to the terminal's clipboard, as Markdown.
    case copyButtonTapped(ClipboardContent)
    /// What became of a copy, for the banner.
    /// What was copied: a standup, or one of its meetings (`isMeeting`).
    case copied(title: String, isMeeting: Bool, ClipboardResult)
    /// The app is about to quit (a key, a signal, the terminal gone): a
    /// meeting being recorded is saved as "Save and end" would save it,
    /// so quitting never loses its notes.
    case quitting
  }

  /// The screens that can be pushed.
  public struct Path: Reducer {
    @CasePathable
    public enum State: Equatable, Sendable {
      case detail(StandupDetail.State)
      case meeting(MeetingDetail.State)
      case record(RecordMeeting.State)
    }

    @CasePathable
    public enum Action: Equatable, Sendable {
      case detail(StandupDetail.Action)
      case meeting(MeetingDetail.Action)
      case record(RecordMeeting.Action)
    }

    public init() {}

    public var body: some ReducerOf<Self> {
      Scope(state: \.detail, action: \.detail) { StandupDetail() }
      Scope(state: \.meeting, action: \.meeting) { MeetingDetail() }
      Scope(state: \.record, action: \.record) { RecordMeeting() }
    }
  }

  // Read when an action runs, not stored: a reducer without stored properties
  // has its body built once, not at every action (see `Reducer`).
  var now: Date { Dependency(\.date.now).wrappedValue }
  var uuid: UUIDGenerator { Dependency(\.uuid).wrappedValue }
  var store: StandupsStore { Dependency(\.standupsStore).wrappedValue }
  var clipboard: Clipboard { Dependency(\.clipboard).wrappedValue }

  public init() {}

  /// Run here rather than by the default `reduce`: the shell that runs this
  /// reducer is in another module, where `body`'s type is opaque and each
  /// reducer in it would run unspecialised, looking up its type metadata on
  /// every action.
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    reduceBody(into: &state, action: action)
  }

  public var body: some ReducerOf<Self> {
    // Every change to the standups goes to the store, whichever feature made it.
    CombineReducers {
      Scope(state: \.standupsList, action: \.standupsList) { StandupsList() }
      navigation
      // Whatever changed the standups (a detail, a recording, another
      // writer), the list's highlight stays on a card its filter shows.
      Reduce { state, _ in
        state.standupsList.keepSelectionVisible()
        return .none
      }
    }
    .onChange(of: Self.standups) { _, standups in
      Reduce { state, _ in
        .run { [store, revision = state.storeRevision] _ in store.save(standups, revision) }
      }
    }
  }

  // What `onChange` watches, as functions rather than key paths: each is read
  // twice for every action, and a key path is walked at run time.
  private static func standups(_ state: State) -> IdentifiedArrayOf<Standup> {
    state.standupsList.standups
  }
  private static func pathIDs(_ state: State) -> [StackElementID] { state.path.ids }
  private static func standupUnderEdit(_ state: State) -> Standup? { state.standupUnderEdit }

  /// What features tell each other, and the stack of screens.
  private var navigation: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .onLaunch:
        let recordings = state.path.ids.filter {
          if case .record = state.path[id: $0] { true } else { false }
        }
        let listen: Effect<Action> = .run { [store] send in
          for await event in store.events() { await send(.persistence(event)) }
        }
        return .merge(
          [listen]
            + recordings.map { .send(.path(.element(id: $0, action: .record(.onAppear)))) })

      case .persistence(.changedElsewhere(let stored, let base, let revision)):
        return mergeChange(stored: stored, base: base, revision: revision, into: &state)

      case .persistence(.conflictsKept(let conflicts, let copy)):
        let titles = offer(conflicts, in: &state)
        return .send(.notified(.conflict(titles: titles, copy: copy)))

      case .persistence(.conflictsFromEarlier(let conflicts)):
        let titles = offer(conflicts, in: &state)
        return .send(.notified(.earlierConflicts(titles: titles)))

      case .persistence:
        // Told to the user by the shell.
        return .none

      case .notified:
        return .none

      case .reviewConflictTapped:
        return reviewConflict(&state)

      case .copyButtonTapped(let content):
        return .run { [clipboard] send in
          await send(
            .copied(
              title: content.title, isMeeting: content.isMeeting, await clipboard.copy(content)))
        }

      case .copied:
        return .none

      case .standupsList(.delegate(.openStandup(let id))):
        guard let standup = state.standupsList.standups[id: id] else { return .none }
        state.path.append(.detail(StandupDetail.State(standup: standup)))
        return .none

      case .standupsList:
        return .none

      case .path(.element(let id, .detail(.doneEditingButtonTapped))):
        // Run after the detail's own reducer: the sheet is closed unless the
        // save was refused (a blank title).
        guard case .detail(let detail) = state.path[id: id], detail.destination == nil else {
          return .none
        }
        let reviewed = closeReview(of: detail, saved: true, in: &state)
        // Deleted elsewhere while the sheet was open: saving keeps it (edit
        // beats delete), changed or not, as the banner said.
        guard state.standupsList.standups[id: detail.standup.id] == nil else { return reviewed }
        state.restore(detail.standup)
        return .merge(reviewed, .send(.notified(.restoredBySaving(title: detail.standup.title))))

      case .path(.element(let id, .detail(.cancelEditButtonTapped))):
        guard case .detail(let detail) = state.path[id: id] else { return .none }
        return closeReview(of: detail, saved: false, in: &state)

      case .path(.element(let id, .detail(.delegate(let delegate)))):
        guard case .detail(let detail) = state.path[id: id] else { return .none }
        switch delegate {
        case .deleteStandup(let standupID):
          state.standupsList.removeStandup(id: standupID)
          return .none

        case .standupUpdated(let standup):
          state.standupsList.standups[id: standup.id] = standup
          return .none

        case .editConflicted(let mine):
          return keepConflicts([mine], in: &state)

        case .startMeeting:
          state.path.append(.record(RecordMeeting.State(standup: detail.standup)))
          guard let recordID = state.path.ids.last else { return .none }
          return .send(.path(.element(id: recordID, action: .record(.onAppear))))

        case .openMeeting(let meetingID):
          guard let meeting = detail.standup.meetings[id: meetingID] else { return .none }
          state.path.append(
            .meeting(MeetingDetail.State(meeting: meeting, standup: detail.standup)))
          return .none
        }

      case .path(.element(let id, .record(.delegate(.save(let transcript))))):
        return saveMeeting(transcript: transcript, recordedBy: id, in: &state)

      case .quitting:
        let recordings = state.path.ids.compactMap { id -> (StackElementID, String)? in
          guard case .record(let recording) = state.path[id: id], !recording.isEnded,
            recording.secondsElapsed > 0 || !recording.transcript.isEmpty
          else { return nil }
          return (id, recording.transcript)
        }
        state.meetingsSavedOnQuit = recordings.compactMap { id, _ in
          guard case .record(let recording) = state.path[id: id] else { return nil }
          return recording.standup.title
        }
        let saved = recordings.map { saveMeeting(transcript: $1, recordedBy: $0, in: &state) }
        // Saved, the recording is over: what is left open (the route
        // `--print-route` prints) is the standup with its new meeting, not
        // a recording to start again.
        for (id, _) in recordings where state.path[id: id] != nil { state.path.pop(from: id) }
        return .merge(saved)

      case .path:
        return .none
      }
    }
    .forEach(\.path, action: \.path) { Path() }
    .onChange(of: Self.pathIDs) { _, _ in
      // A recording kept the screens of a standup deleted elsewhere; once it
      // is gone, they close.
      Reduce { state, _ in closeScreensNoLongerHeld(&state) }
    }
    .onChange(of: Self.standupUnderEdit) { _, _ in
      // The sheet of a standup deleted elsewhere kept its screen open; let
      // go, the screen closes now.
      Reduce { state, _ in
        if state.standupUnderEdit == nil { state.restorePlace = nil }
        return closeScreensNoLongerHeld(&state)
      }
    }
  }
}

extension AppFeature.State {
  /// The open sheet whose changes are not saved, if any.
  public var unsavedForm: AppFeature.UnsavedForm? {
    if case .add(let form) = standupsList.destination, form.hasChanges {
      return .newStandup(canSave: form.canSave)
    }
    for element in path {
      if case .detail(let detail) = element, case .edit(let form) = detail.destination,
        form.hasChanges
      {
        // Named as stored now (another writer may have renamed it since).
        return .edit(detail.standup, canSave: form.canSave)
      }
    }
    return nil
  }
}
