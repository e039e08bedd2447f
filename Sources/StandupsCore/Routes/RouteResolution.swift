import Foundation
import Routing

/// Why a route does not name a place in the data.
public struct RouteError: Error, Equatable, CustomStringConvertible, Sendable {
  public var description: String
  public init(_ description: String) { self.description = description }
}

extension Route {
  /// The app state this route opens, built as the user would reach it by keys.
  public func state(
    for standups: IdentifiedArrayOf<Standup>, newStandupID: () -> UUID
  ) throws(RouteError) -> AppFeature.State {
    var list = StandupsList.State(standups: standups)
    switch self {
    case .list:
      return AppFeature.State(standupsList: list)

    case .filteredList(let text):
      // Kept, as after Enter: the highlight on the first match.
      let filter = StandupsFilter(text: text)
      guard filter.isFiltering else { return AppFeature.State(standupsList: list) }
      list = StandupsList.State(standups: standups, filter: filter)
      return AppFeature.State(standupsList: list)

    case .new:
      list.destination = .add(StandupForm.State(standup: Standup(id: .init(newStandupID()))))
      return AppFeature.State(standupsList: list)

    case .deleteFromList(let reference):
      let standup = try Self.standup(matching: reference, in: standups)
      list.selection = standup.id
      list.destination = .alert(.deleteStandup(standup))
      return AppFeature.State(standupsList: list)

    case .standup(let reference, let subroute):
      let standup = try Self.standup(matching: reference, in: standups)
      list.selection = standup.id
      var detail = StandupDetail.State(standup: standup)
      var path = StackState<AppFeature.Path.State>()
      switch subroute {
      case .detail:
        break
      case .edit:
        detail.destination = .edit(StandupForm.State(standup: standup))
      case .editAttendee(let position):
        let attendees = standup.attendees
        guard position >= 1, position <= attendees.count else {
          throw RouteError(
            "\"\(standup.title)\" has \(Self.counted(attendees.count, "attendee")); "
              + "there is no attendee \(position)")
        }
        detail.destination = .edit(
          StandupForm.State(focus: .attendee(attendees[position - 1].id), standup: standup))
      case .delete:
        detail.destination = .alert(.deleteStandup(detail.standup))
      case .record:
        path.append(.detail(detail))
        path.append(.record(RecordMeeting.State(standup: standup)))
        return AppFeature.State(path: path, standupsList: list)
      case .meeting(let meetingReference):
        let meeting = try Self.meeting(matching: meetingReference, in: standup)
        detail.selection = meeting.id
        path.append(.detail(detail))
        path.append(.meeting(MeetingDetail.State(meeting: meeting, standup: standup)))
        return AppFeature.State(path: path, standupsList: list)
      case .deleteMeeting(let meetingReference):
        let meeting = try Self.meeting(matching: meetingReference, in: standup)
        detail.selection = meeting.id
        detail.destination = .alert(.deleteMeeting(meeting.id))
      }
      path.append(.detail(detail))
      return AppFeature.State(path: path, standupsList: list)
    }
  }

  /// A standup by UUID, 1-based list position, title (case-insensitive) or a
  /// unique UUID prefix — in that order of precedence.
  static func standup(
    matching reference: String, in standups: IdentifiedArrayOf<Standup>
  ) throws(RouteError) -> Standup {
    switch Reference.resolve(reference, in: standups, id: \.id.rawValue, name: \.title) {
    case .found(let standup):
      return standup
    case .noPosition(let position, let count):
      throw RouteError(
        "no standup at position \(position): "
          + (count == 0 ? "there are none" : "there \(count == 1 ? "is" : "are") \(count)"))
    case .ambiguousName(let matches):
      throw RouteError(
        "\"\(reference)\" is ambiguous: \(matches.count) standups have that title (\(list(matches.map(\.id)))); use an id"
      )
    case .ambiguousPrefix(let matches):
      throw RouteError(
        "\"\(reference)\" is ambiguous: it starts the ids of \(list(matches.map(\.id)))")
    case .noMatch:
      throw RouteError(
        standups.isEmpty
          ? "no standup matches \"\(Reference.echoed(reference))\": there are none"
          : "no standup matches \"\(Reference.echoed(reference))\" (not an id, \(standups.count == 1 ? "position 1" : "a position 1–\(standups.count)"), a title or an id prefix)"
      )
    }
  }

  /// A meeting by UUID, 1-based position (newest first) or a unique UUID prefix.
  static func meeting(matching reference: String, in standup: Standup) throws(RouteError) -> Meeting
  {
    switch Reference.resolve(reference, in: standup.meetings, id: \.id.rawValue) {
    case .found(let meeting):
      return meeting
    case .noPosition(let position, let count):
      throw RouteError(
        "\"\(standup.title)\" has \(counted(count, "meeting")); there is no meeting \(position)")
    case .ambiguousPrefix(let matches), .ambiguousName(let matches):
      throw RouteError(
        "\"\(reference)\" is ambiguous: it starts the ids of \(list(matches.map(\.id)))")
    case .noMatch:
      throw RouteError("\"\(standup.title)\" has no meeting matching \"\(reference)\"")
    }
  }

  /// "no meetings", "1 meeting", "2 meetings".
  private static func counted(_ count: Int, _ noun: String) -> String {
    count == 0 ? "no \(noun)s" : count == 1 ? "1 \(noun)" : "\(count) \(noun)s"
  }

  private static func list<Tag>(_ ids: [Tagged<Tag, UUID>]) -> String {
    ids.prefix(5).map { $0.rawValue.uuidString.lowercased() }.joined(separator: ", ")
      + (ids.count > 5 ? ", …" : "")
  }
}

extension Route {
  /// The route of what `state` shows, for `--print-route` and the help overlay.
  public init(state: AppFeature.State) {
    let standups = state.standupsList.standups
    guard let firstID = state.path.ids.first, case .detail(let detail) = state.path[id: firstID]
    else {
      switch state.standupsList.destination {
      case .add:
        self = .new
      case .alert(let alert):
        let doomed = alert.buttons.lazy.compactMap { button -> Standup.ID? in
          guard case .confirmDeletion(let id) = button.action else { return nil }
          return id
        }.first
        if let doomed, standups[id: doomed] != nil {
          self = .deleteFromList(
            Self.reference(for: doomed, among: standups.ids.elements, titles: standups.map(\.title))
          )
        } else {
          self = .list
        }
      case nil:
        // The filter is kept (or being typed): it comes back with the list.
        let filter = state.standupsList.filter
        self = filter.isFiltering ? .filteredList(filter.text) : .list
      }
      return
    }
    let reference = Self.reference(
      for: detail.standup.id, among: standups.ids.elements, titles: standups.map(\.title))
    if let topID = state.path.ids.last, topID != firstID {
      switch state.path[id: topID] {
      case .record:
        self = .standup(reference, .record)
      case .meeting(let meeting):
        let meetings = detail.standup.meetings.ids.elements
        self = .standup(
          reference, .meeting(Self.reference(for: meeting.meeting.id, among: meetings)))
      default:
        self = .standup(reference, .detail)
      }
      return
    }
    switch detail.destination {
    case .edit(let form):
      if case .attendee(let id) = form.focus, let index = form.standup.attendees.index(id: id),
        detail.standup.attendees[id: id] != nil
      {
        self = .standup(reference, .editAttendee(index + 1))
      } else {
        self = .standup(reference, .edit)
      }
    case .alert(let alert):
      let meeting = alert.buttons.lazy.compactMap { button -> Meeting.ID? in
        guard case .confirmMeetingDeletion(let id) = button.action else { return nil }
        return id
      }.first
      if let meeting, detail.standup.meetings[id: meeting] != nil {
        let meetings = detail.standup.meetings.ids.elements
        self = .standup(reference, .deleteMeeting(Self.reference(for: meeting, among: meetings)))
      } else {
        self = .standup(reference, .delete)
      }
    case nil:
      self = .standup(reference, .detail)
    }
  }

  /// The shortest id prefix that resolves back to `id` (see `Reference.shortest`).
  static func reference<Tag>(
    for id: Tagged<Tag, UUID>, among ids: [Tagged<Tag, UUID>], titles: [String] = []
  ) -> String {
    Reference.shortest(for: id.rawValue, among: ids.map(\.rawValue), names: titles)
  }

}
