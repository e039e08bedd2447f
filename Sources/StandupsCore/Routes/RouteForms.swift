import Routing

/// The forms a route takes, in one table: the manual's ROUTES and `--help`
/// list them from here, so that neither can miss one the parser reads (a test
/// checks every case of `Route` and `StandupRoute` has an entry here).
extension Route {
  /// One form: an example route of it and what it opens.
  public struct Form: Sendable {
    public var example: Route
    public var meaning: String

    /// The form as the manual writes it: "/<standup>/meetings/<meeting>".
    public var pattern: String { example.pattern }
  }

  /// Every form, in the order the manual lists them.
  public static let forms: [Form] = [
    Form(example: .list, meaning: "the list"),
    Form(
      example: .filteredList("eng"),
      meaning: "the list with a filter kept (the words percent-encoded)"),
    Form(example: .new, meaning: "the new standup sheet"),
    Form(example: .deleteFromList("1"), meaning: "the delete alert over the list"),
    Form(example: .standup("1", .detail), meaning: "a standup's detail"),
    Form(example: .standup("1", .edit), meaning: "its edit sheet"),
    Form(example: .standup("1", .editAttendee(1)), meaning: "its edit sheet, attendee n focused"),
    Form(example: .standup("1", .delete), meaning: "the delete alert over the detail"),
    Form(example: .standup("1", .record), meaning: "a recording of its meeting"),
    Form(example: .standup("1", .meeting("1")), meaning: "a past meeting"),
    Form(
      example: .standup("1", .deleteMeeting("1")),
      meaning: "the delete alert for a past meeting, over the detail"),
  ]

  /// What to say of text that is not a route: the forms there are, rather
  /// than the parser's account of where it stopped.
  public static func notARoute(_ text: String) -> String {
    "'\(Reference.echoed(text))' is not a route; a route is one of "
      + forms.map(\.pattern).joined(separator: "  ")
  }

  /// The route's form, its references as placeholders. A switch without a
  /// default: a new case does not compile until it has a form.
  public var pattern: String {
    switch self {
    case .list: "/"
    case .filteredList: "/?filter=<words>"
    case .new: "/new"
    case .deleteFromList: "/?delete=<standup>"
    case .standup(_, let child):
      "/<standup>"
        + {
          switch child {
          case .detail: ""
          case .edit: "/edit"
          case .editAttendee: "/edit/attendees/<n>"
          case .delete: "/delete"
          case .record: "/record"
          case .meeting: "/meetings/<meeting>"
          case .deleteMeeting: "/meetings/<meeting>/delete"
          }
        }()
    }
  }
}
