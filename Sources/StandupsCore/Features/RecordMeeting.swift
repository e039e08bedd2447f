import Foundation

/// The meeting in progress: a timer, speaker rotation and notes that become the
/// transcript. Pushed on the stack; pops itself when the meeting ends.
public struct RecordMeeting: Reducer {
  public struct State: Equatable, Sendable {
    @PresentationState public var alert: AlertState<Action.Alert>?
    public var secondsElapsed = 0
    public var speakerIndex = 0
    public var standup: Standup
    /// Lines of notes already entered, each with who was speaking.
    public var notes: [Note] = []
    /// The first row of notes shown, read back through the meeting; nil
    /// follows the newest, as each is entered.
    public var notesScroll: TranscriptPosition?
    /// The line being typed.
    public var draft = ""
    public var cursor = 0
    /// Whose turn it was when the line being typed was begun (nil while it
    /// is blank): the line keeps that speaker when the timer moves on.
    public var draftSpeakerIndex: Int?
    /// The line Esc last cleared, which can be brought back once, until a
    /// note is entered.
    public var clearedDraft: ClearedDraft?
    /// Saved or discarded: the screen is on its way out, and quitting now
    /// must not save the meeting (again, or against the user's discard).
    public var isEnded = false

    public init(
      alert: AlertState<Action.Alert>? = nil, secondsElapsed: Int = 0, speakerIndex: Int = 0,
      standup: Standup, notes: [Note] = [], draft: String = ""
    ) {
      self.alert = alert
      self.secondsElapsed = secondsElapsed
      self.speakerIndex = speakerIndex
      self.standup = standup
      self.notes = notes
      self.draft = draft
      self.cursor = draft.count
      self.draftSpeakerIndex = Self.isBlank(draft) ? nil : speakerIndex
    }

    /// What `pendingNote` would take for no note.
    static func isBlank(_ line: String) -> Bool {
      line.trimmingCharacters(in: .whitespaces).isEmpty
    }

    public var durationRemaining: Duration {
      standup.duration - .seconds(secondsElapsed)
    }

    /// The second speaker `index`'s turn begins at: the meeting's length
    /// shared out evenly, in whole seconds. With more attendees than
    /// seconds, turns share a second and the timer passes over some of
    /// them (Ctrl-N still reaches each).
    public func turnStart(of index: Int) -> Int {
      let count = max(1, standup.attendees.count)
      return min(totalSeconds - 1, (index * totalSeconds + count - 1) / count)
    }

    /// Whose turn it is `seconds` into the meeting.
    func speaker(at seconds: Int) -> Int {
      let count = max(1, standup.attendees.count)
      return min(count - 1, seconds * count / totalSeconds)
    }

    var totalSeconds: Int { max(1, Int(standup.duration.components.seconds)) }

    public var currentSpeaker: Attendee? { attendee(at: speakerIndex) }

    /// Who the line being typed is by: the speaker whose turn it was when
    /// it was begun.
    public var draftSpeaker: Attendee? { attendee(at: draftSpeakerIndex ?? speakerIndex) }

    private func attendee(at index: Int) -> Attendee? {
      standup.attendees.indices.contains(index) ? standup.attendees[index] : nil
    }

    /// The line being typed as a note, if it is not blank.
    var pendingNote: Note? {
      let text = draft.trimmingCharacters(in: .whitespaces)
      return text.isEmpty ? nil : Note(speaker: draftSpeaker?.name ?? "", text: text)
    }

    /// Enters the line being typed, with its speaker.
    mutating func enterDraft() {
      guard let note = pendingNote else { return }
      notes.append(note)
      // What was just entered shows.
      notesScroll = nil
      draft = ""
      cursor = 0
      draftSpeakerIndex = nil
      clearedDraft = nil
    }

    /// What the meeting will be saved with: each note tagged with its
    /// speaker, when it has one (a standup may have no attendees).
    public var transcript: String {
      (notes + (pendingNote.map { [$0] } ?? [])).map(\.line).joined(separator: "\n")
    }
  }

  /// A line cleared while typed, and whose turn it was begun in.
  public struct ClearedDraft: Equatable, Sendable {
    public var text: String
    public var speakerIndex: Int?
    public init(text: String, speakerIndex: Int?) {
      self.text = text
      self.speakerIndex = speakerIndex
    }
  }

  public struct Note: Equatable, Hashable, Sendable {
    /// Empty when nobody was speaking: the standup has no attendees.
    public var speaker: String
    public var text: String
    public init(speaker: String, text: String) {
      self.speaker = speaker
      self.text = text
    }

    /// The note's line of the transcript.
    public var line: String { speaker.isEmpty ? text : "\(speaker): \(text)" }
  }

  @CasePathable
  public enum Action: Equatable, Sendable {
    case alert(PresentationAction<Alert>)
    case delegate(Delegate)
    case draftChanged(String, cursor: Int)
    /// Esc on the line being typed: it goes, kept to be brought back.
    case draftCleared
    /// The cleared line brought back: the view has put it in at the cursor.
    case clearedDraftRestored(String, cursor: Int)
    case endMeetingButtonTapped
    case nextButtonTapped
    case noteSubmitted
    /// Scrolled so that `position` is the first row of notes shown; nil
    /// follows the newest (the view works it out from the keys and the
    /// width).
    case notesScrolled(to: TranscriptPosition?)
    /// Lines pasted into the note, as if typed with Enter after each: the
    /// view has put the first in at the cursor; `notes` are entered, and
    /// `draft` (the last line, unless the paste ended a line) is left typed.
    case linesPasted(notes: [String], draft: String)
    case onAppear
    case timerTick

    public enum Alert: Equatable, Sendable {
      case confirmDiscard
      case confirmSave
    }

    @CasePathable
    public enum Delegate: Equatable, Sendable {
      case save(transcript: String)
    }
  }

  // Read when an action runs, not stored: the body is then built once (see `Reducer`).
  var clock: any Clock<Duration> { Dependency(\.continuousClock).wrappedValue }
  var dismiss: DismissEffect { Dependency(\.dismiss).wrappedValue }
  var chime: SpeakerChime { Dependency(\.speakerChime).wrappedValue }

  public init() {}

  enum CancelID { case timer }

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .alert(.presented(.confirmDiscard)):
        state.isEnded = true
        // Stop the clock now: a tick before the screen is gone must not run the
        // meeting to its end and save what was discarded.
        return .merge(
          .cancel(id: CancelID.timer),
          .run { [dismiss] _ in await dismiss() }
        )

      case .alert(.presented(.confirmSave)):
        state.isEnded = true
        return meetingFinished(transcript: state.transcript)

      case .alert, .delegate:
        return .none

      case .draftChanged(let text, let cursor):
        state.draft = text
        state.cursor = max(0, min(cursor, text.count))
        if State.isBlank(text) {
          state.draftSpeakerIndex = nil
        } else if state.draftSpeakerIndex == nil {
          state.draftSpeakerIndex = state.speakerIndex
        }
        return .none

      case .draftCleared:
        if !State.isBlank(state.draft) {
          state.clearedDraft = ClearedDraft(
            text: state.draft, speakerIndex: state.draftSpeakerIndex)
        }
        return reduce(into: &state, action: .draftChanged("", cursor: 0))

      case .clearedDraftRestored(let text, let cursor):
        guard let cleared = state.clearedDraft else { return .none }
        state.clearedDraft = nil
        // Into an empty line, the line is again the speaker's it was begun for.
        let wasBlank = State.isBlank(state.draft)
        _ = reduce(into: &state, action: .draftChanged(text, cursor: cursor))
        if wasBlank, !State.isBlank(text), let speaker = cleared.speakerIndex {
          state.draftSpeakerIndex = speaker
        }
        return .none

      case .endMeetingButtonTapped:
        state.alert = .endMeeting(isDiscardable: true)
        return .none

      case .nextButtonTapped:
        guard state.speakerIndex < state.standup.attendees.count - 1 else {
          state.alert = .endMeeting(isDiscardable: false)
          return .none
        }
        // The turn is over: what was typed during it is that speaker's note.
        state.enterDraft()
        state.speakerIndex += 1
        // Never back: a turn that began earlier than now (shared seconds)
        // starts now.
        state.secondsElapsed = max(
          state.secondsElapsed, state.turnStart(of: state.speakerIndex))
        return .run { [chime] _ in await chime() }

      case .noteSubmitted:
        state.enterDraft()
        return .none

      case .notesScrolled(let position):
        state.notesScroll = position.map {
          TranscriptPosition(
            line: min(max($0.line, 0), max(0, state.notes.count - 1)), row: max($0.row, 0))
        }
        return .none

      case .linesPasted(let notes, let draft):
        for note in notes {
          _ = reduce(into: &state, action: .draftChanged(note, cursor: note.count))
          state.enterDraft()
        }
        return reduce(into: &state, action: .draftChanged(draft, cursor: draft.count))

      case .onAppear:
        return .run { [clock] send in
          try await clock.tickEverySecond { await send(.timerTick) }
        }
        .cancellable(id: CancelID.timer, cancelInFlight: true)

      case .timerTick:
        // Time stands still while the end-meeting alert is up.
        guard state.alert == nil else { return .none }
        state.secondsElapsed += 1
        if state.secondsElapsed >= state.totalSeconds {
          state.isEnded = true
          return meetingFinished(transcript: state.transcript)
        }
        // Only forward: Ctrl-N may have moved past whose turn the clock says.
        let speaker = state.speaker(at: state.secondsElapsed)
        guard speaker > state.speakerIndex, speaker < state.standup.attendees.count
        else { return .none }
        state.speakerIndex = speaker
        return .run { [chime] _ in await chime() }
      }
    }
    .ifLet(\.$alert, action: \.alert)
  }

  private func meetingFinished(transcript: String) -> Effect<Action> {
    // Merged, not concatenated: the timer must stop now, not when a task gets to it.
    .merge(
      .cancel(id: CancelID.timer),
      .run { [dismiss] send in
        await send(.delegate(.save(transcript: transcript)))
        await dismiss()
      }
    )
  }
}

extension AlertState where Action == RecordMeeting.Action.Alert {
  public static func endMeeting(isDiscardable: Bool) -> Self {
    Self(
      title: "End meeting?",
      message: "You are ending the meeting early. What would you like to do?",
      buttons: [.default("Save and end", action: .confirmSave)]
        + (isDiscardable ? [.destructive("Discard", action: .confirmDiscard)] : [])
        + [.cancel("Resume")]
    )
  }
}
