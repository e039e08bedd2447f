import Foundation

/// One standup: its info, past meetings and attendees; edit, delete, record.
public struct StandupDetail: Reducer {
  public struct State: Equatable, Sendable {
    @PresentationState public var destination: Destination.State?
    public var standup: Standup
    /// The highlighted row: "Start meeting" (nil) or a past meeting.
    public var selection: Meeting.ID?
    /// Deleted by another writer while its edit sheet was open (which kept
    /// this screen): saving the sheet brings it back as edited, in conflict
    /// with no version, since nobody keeps one now.
    public var isDeletedElsewhere = false

    public init(
      destination: Destination.State? = nil, standup: Standup, selection: Meeting.ID? = nil
    ) {
      self.destination = destination
      self.standup = standup
      self.selection = selection
    }
  }

  @CasePathable
  public enum Action: Equatable, Sendable {
    /// Close the edit sheet, discarding the draft (the user's cancel;
    /// `.destination(.dismiss)` stays for dismissal the child asks for).
    case cancelEditButtonTapped
    case delegate(Delegate)
    case deleteButtonTapped
    case deleteMeetingButtonTapped(Meeting.ID)
    case destination(PresentationAction<Destination.Action>)
    case doneEditingButtonTapped
    case editButtonTapped
    case meetingTapped(Meeting.ID)
    /// Move the highlight among "Start meeting" and the past meetings.
    case selectionMoved(by: Int)
    case startMeetingButtonTapped

    @CasePathable
    public enum Delegate: Equatable, Sendable {
      case deleteStandup(Standup.ID)
      case openMeeting(Meeting.ID)
      case startMeeting
      case standupUpdated(Standup)
      /// The edit saved here and a change made elsewhere meanwhile disagree:
      /// the stored version stayed; this is the user's, to keep aside.
      case editConflicted(Standup)
    }
  }

  public struct Destination: Reducer {
    @CasePathable
    public enum State: Equatable, Sendable {
      case alert(AlertState<Alert>)
      case edit(StandupForm.State)
    }

    @CasePathable
    public enum Action: Equatable, Sendable {
      case alert(Alert)
      case edit(StandupForm.Action)
    }

    public enum Alert: Equatable, Sendable {
      case confirmDeletion
      case confirmMeetingDeletion(Meeting.ID)
    }

    public init() {}

    public var body: some ReducerOf<Self> {
      Scope(state: \.edit, action: \.edit) { StandupForm() }
    }
  }

  // Read when an action runs, not stored: the body is then built once (see `Reducer`).
  var dismiss: DismissEffect { Dependency(\.dismiss).wrappedValue }

  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .cancelEditButtonTapped:
        // Only the edit sheet: an alert on screen is not a draft to discard.
        guard case .edit = state.destination else { return .none }
        state.destination = nil
        return .none

      case .delegate:
        return .none

      case .deleteButtonTapped:
        state.destination = .alert(.deleteStandup(state.standup))
        return .none

      case .deleteMeetingButtonTapped(let id):
        // A meeting's notes are not typed again: asked first, as for a standup.
        guard state.standup.meetings[id: id] != nil else { return .none }
        state.destination = .alert(.deleteMeeting(id))
        return .none

      case .destination(.presented(.alert(.confirmMeetingDeletion(let id)))):
        guard let index = state.standup.meetings.index(id: id) else { return .none }
        state.standup.meetings.remove(at: index)
        if state.selection == id {
          let meetings = state.standup.meetings
          state.selection = meetings.isEmpty ? nil : meetings[min(index, meetings.count - 1)].id
        }
        return .none

      case .destination(.presented(.alert(.confirmDeletion))):
        return .run { [id = state.standup.id, dismiss] send in
          await send(.delegate(.deleteStandup(id)))
          await dismiss()
        }

      case .destination:
        return .none

      case .doneEditingButtonTapped:
        guard case .edit(var form) = state.destination else { return .none }
        guard let edited = form.validate() else {
          state.destination = .edit(form)
          return .none
        }
        state.destination = nil
        let stored = state.standup
        // Untouched (a blank attendee row aside, which saving would fill in
        // for a standup without attendees): saving it must not undo a change
        // made elsewhere meanwhile.
        guard form.hasChanges else { return .none }
        if !state.isDeletedElsewhere, !form.original.hasSameOwnFields(as: stored),
          !edited.hasSameOwnFields(as: stored)
        {
          return .send(.delegate(.editConflicted(edited)))
        }
        // Only what the form edits: meetings recorded meanwhile stay.
        state.standup.title = edited.title
        state.standup.duration = edited.duration
        state.standup.theme = edited.theme
        state.standup.attendees = edited.attendees
        return .none

      case .editButtonTapped:
        state.destination = .edit(StandupForm.State(standup: state.standup))
        return .none

      case .meetingTapped(let id):
        guard state.standup.meetings[id: id] != nil else { return .none }
        state.selection = id
        return .send(.delegate(.openMeeting(id)))

      case .selectionMoved(let offset):
        // Row 0 is "Start meeting"; rows 1… are the meetings.
        let rows = state.standup.meetings.count + 1
        let current =
          state.selection.flatMap { state.standup.meetings.index(id: $0) }
          .map { $0 + 1 } ?? 0
        let next = min(max(current + offset, 0), rows - 1)
        state.selection = next == 0 ? nil : state.standup.meetings[next - 1].id
        return .none

      case .startMeetingButtonTapped:
        return .send(.delegate(.startMeeting))
      }
    }
    .ifLet(\.$destination, action: \.destination) { Destination() }
    .onChange(of: \.standup) { _, standup in
      Reduce { _, _ in .send(.delegate(.standupUpdated(standup))) }
    }
  }
}

extension AlertState where Action == StandupDetail.Destination.Alert {
  public static func deleteMeeting(_ id: Meeting.ID) -> Self {
    Self(
      title: "Delete meeting?",
      message: "Are you sure you want to delete this meeting and its notes?",
      buttons: [
        .destructive("Yes", action: .confirmMeetingDeletion(id)),
        .cancel("Nevermind"),
      ]
    )
  }

  public static func deleteStandup(_ standup: Standup) -> Self {
    Self(
      title: "Delete?",
      message: "Are you sure you want to delete this standup\(standup.andItsMeetings)?",
      buttons: [
        .destructive("Yes", action: .confirmDeletion),
        .cancel("Nevermind"),
      ]
    )
  }
}
