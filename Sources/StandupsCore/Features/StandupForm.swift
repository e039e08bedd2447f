import Foundation

/// The form behind both "New standup" and "Edit standup".
public struct StandupForm: Reducer {
  public struct State: Equatable, Sendable {
    public var focus: Field? = .title
    public var standup: Standup
    /// Cursor (in characters) within the focused text field.
    public var cursor: Int
    /// Set when saving was refused because the title is blank.
    public var isTitleMissing = false
    /// The stored standup the edit started from: saving after someone else
    /// changed it meanwhile is a conflict (see `StandupDetail`).
    public var original: Standup

    public init(focus: Field? = .title, standup: Standup, original: Standup? = nil) {
      @Dependency(\.uuid) var uuid
      self.focus = focus
      self.standup = standup
      self.original = original ?? standup
      if self.standup.attendees.isEmpty {
        self.standup.attendees.append(Attendee(id: .init(uuid())))
      }
      self.cursor = 0
      self.cursor = focusedText?.count ?? 0
    }

    /// The form's fields in Tab order.
    public var fields: [Field] {
      [.title, .duration, .theme] + standup.attendees.ids.map { .attendee($0) }
    }

    /// The text of the focused field, if it is a text field.
    public var focusedText: String? {
      switch focus {
      case .title: standup.title
      case .attendee(let id): standup.attendees[id: id]?.name
      default: nil
      }
    }

    /// The standup to save (see `Standup.validated`), or nil when the title is
    /// blank: then the title is flagged and focused, cursor at its start, so the
    /// user sees why nothing was saved. The add and the edit sheet both save
    /// through here, so the form alone decides its focus and flags.
    public mutating func validate() -> Standup? {
      @Dependency(\.uuid) var uuid
      guard let standup = standup.validated(newAttendeeID: { uuid() }) else {
        isTitleMissing = true
        focus = .title
        cursor = 0
        return nil
      }
      return standup
    }
  }

  public enum Field: Hashable, Sendable {
    case title
    case duration
    case theme
    case attendee(Attendee.ID)
  }

  @CasePathable
  public enum Action: Equatable, Sendable, BindableAction {
    case addAttendeeButtonTapped
    case binding(BindingAction<State>)
    case deleteAttendeeButtonTapped(Attendee.ID)
    /// Move focus to the next (+1) or previous (-1) field, wrapping around.
    case focusMoved(by: Int)
    /// The focused text field now reads `text`, with the cursor at `cursor`.
    case focusedTextChanged(String, cursor: Int)
    /// Lines pasted into an attendee's name: the focused attendee now reads
    /// `text` (cursor at `cursor`), and each of `names` is a new attendee
    /// after it, in order. The last one takes the focus.
    case attendeesPasted(String, cursor: Int, names: [String])
    case durationStepped(by: Int)
    case themeStepped(by: Int)

    public var binding: BindingAction<State>? {
      if case .binding(let action) = self { action } else { nil }
    }
  }

  // Read when an action runs, not stored: the body is then built once (see `Reducer`).
  var uuid: UUIDGenerator { Dependency(\.uuid).wrappedValue }

  public init() {}

  public var body: some ReducerOf<Self> {
    BindingReducer()
    Reduce { state, action in
      switch action {
      case .addAttendeeButtonTapped:
        let attendee = Attendee(id: .init(uuid()))
        state.standup.attendees.append(attendee)
        state.focus = .attendee(attendee.id)
        state.cursor = 0
        return .none

      case .binding:
        // The focus is the one bound field: a field focused this way starts
        // with the cursor after its text.
        state.cursor = state.focusedText?.count ?? 0
        return .none

      case .deleteAttendeeButtonTapped(let id):
        guard let index = state.standup.attendees.index(id: id) else { return .none }
        state.standup.attendees.remove(at: index)
        if state.standup.attendees.isEmpty {
          state.standup.attendees.append(Attendee(id: .init(uuid())))
        }
        // Focus follows to the row that took the deleted one's place, else the one above.
        let nearest = min(index, state.standup.attendees.count - 1)
        state.focus = .attendee(state.standup.attendees[nearest].id)
        state.cursor = state.focusedText?.count ?? 0
        return .none

      case .focusMoved(let offset):
        let fields = state.fields
        let current = state.focus.flatMap { fields.firstIndex(of: $0) } ?? 0
        let next = ((current + offset) % fields.count + fields.count) % fields.count
        state.focus = fields[next]
        state.cursor = state.focusedText?.count ?? 0
        return .none

      case .focusedTextChanged(let text, let cursor):
        switch state.focus {
        case .title:
          state.standup.title = text
          if !text.allSatisfy(\.isWhitespace) { state.isTitleMissing = false }
        case .attendee(let id):
          state.standup.attendees[id: id]?.name = text
        default:
          return .none
        }
        state.cursor = max(0, min(cursor, text.count))
        return .none

      case .attendeesPasted(let text, let cursor, let names):
        guard case .attendee(let id) = state.focus,
          var index = state.standup.attendees.index(id: id)
        else { return .none }
        state.standup.attendees[index].name = text
        state.cursor = max(0, min(cursor, text.count))
        for name in names {
          let attendee = Attendee(id: .init(uuid()), name: name)
          index += 1
          state.standup.attendees.insert(attendee, at: index)
          state.focus = .attendee(attendee.id)
          state.cursor = name.count
        }
        return .none

      case .durationStepped(let step):
        // Within the form's range, and never the other way: a file may hold
        // a length outside it (1…1440), which a step only brings closer.
        let current = state.standup.minutes
        let stepped = min(max(current + step, Standup.minimumMinutes), Standup.maximumMinutes)
        let minutes = step > 0 ? max(current, stepped) : min(current, stepped)
        guard minutes != current else { return .none }
        state.standup.duration = .seconds(minutes * 60)
        return .none

      case .themeStepped(let step):
        let all = Theme.allCases
        let index = all.firstIndex(of: state.standup.theme) ?? 0
        state.standup.theme = all[((index + step) % all.count + all.count) % all.count]
        return .none
      }
    }
  }
}

extension Standup {
  /// The standup as saved from the form: title and names trimmed, blank
  /// attendees dropped (keeping at least one). Nil when the title is blank.
  public func validated(newAttendeeID: () -> UUID) -> Standup? {
    var copy = self.trimmed
    guard !copy.title.isEmpty else { return nil }
    if copy.attendees.isEmpty {
      copy.attendees.append(Attendee(id: .init(newAttendeeID())))
    }
    return copy
  }
}

extension StandupForm.State {
  /// Whether Ctrl-S would save it (a blank title is refused).
  public var canSave: Bool { standup.title.contains { !$0.isWhitespace } }

  /// Whether saving would change the standup the form started from: its
  /// title (trimmed), length, theme or attendees, blank rows aside, as a save
  /// would see them.
  public var hasChanges: Bool {
    !Self.asSaved(standup).hasSameOwnFields(as: Self.asSaved(original))
  }

  private static func asSaved(_ standup: Standup) -> Standup { standup.trimmed }
}

extension Standup {
  /// The title and attendees' names without surrounding spaces, blank
  /// attendees dropped.
  fileprivate var trimmed: Standup {
    var copy = self
    copy.title = title.trimmingCharacters(in: .whitespacesAndNewlines)
    copy.attendees.removeAll { $0.name.allSatisfy(\.isWhitespace) }
    for index in copy.attendees.indices {
      copy.attendees[index].name = copy.attendees[index].name.trimmingCharacters(
        in: .whitespacesAndNewlines)
    }
    return copy
  }
}
