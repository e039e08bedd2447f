import Foundation
import Parsing

/// A place in the app, as a path: `/`, `/?filter=<words>`, `/new`,
/// `/?delete=<standup>`, `/<standup>`,
/// `/<standup>/edit`, `/<standup>/edit/attendees/<n>`, `/<standup>/delete`,
/// `/<standup>/record`, `/<standup>/meetings/<meeting>`,
/// `/<standup>/meetings/<meeting>/delete`. One parser-printer
/// both reads and writes it.
///
/// A route names standups and meetings by a reference token; which one it
/// means is decided against the data (see `RouteResolution`).
@CasePathable
public enum Route: Equatable, Sendable {
  case list
  /// The list with a filter kept (what `/` then Enter leaves): the words as
  /// typed, percent-encoded in the path.
  case filteredList(String)
  case new
  /// The delete alert over the list (`d` on a row). A query, not a path
  /// component, so that no standup title can mean it: a printed title has
  /// its `?` percent-encoded.
  case deleteFromList(String)
  case standup(String, StandupRoute)
}

@CasePathable
public enum StandupRoute: Equatable, Sendable {
  case detail
  case edit
  /// The edit sheet with attendee n (1-based) focused.
  case editAttendee(Int)
  case delete
  case record
  case meeting(String)
  /// The detail with a past meeting highlighted and the alert that asks
  /// before deleting it.
  case deleteMeeting(String)
}

extension Route {
  public static let scheme = "standups://"

  /// Parses a route, with or without the `standups://` prefix.
  public init(parsing text: String) throws {
    var path = text.trimmingCharacters(in: .whitespaces)
    if path.lowercased().hasPrefix(Self.scheme) { path.removeFirst(Self.scheme.count) }
    if !path.hasPrefix("/") { path = "/" + path }
    while path.count > 1, path.hasSuffix("/") { path.removeLast() }
    self = try RouteParser().parse(path)
  }

  /// The route as a path, ready for `--open`.
  public var path: String {
    // Every Route value prints: the parser-printer covers each case.
    (try? String(RouteParser().print(self))) ?? "/"
  }
}

struct RouteParser: ParserPrinter {
  var body: some ParserPrinter<Substring, Route> {
    OneOf {
      Parse(.case(\Route.Cases.new)) { "/new" }
      Parse(.case(\Route.Cases.deleteFromList)) {
        "/?delete="
        PathComponent()
      }
      Parse(.case(\Route.Cases.filteredList)) {
        "/?filter="
        // The rest of the path, "/" included: it is text, not a place.
        Prefix { _ in true }.map(PercentEncoding())
      }
      Parse(.case(\Route.Cases.standup)) {
        "/"
        PathComponent(allowsQuery: false)
        StandupRouteParser()
      }
      Parse(.case(\Route.Cases.list)) { "/" }
    }
    End()
  }
}

struct StandupRouteParser: ParserPrinter {
  var body: some ParserPrinter<Substring, StandupRoute> {
    OneOf {
      Parse(.case(\StandupRoute.Cases.editAttendee)) {
        "/edit/attendees/"
        Digits()
      }
      Parse(.case(\StandupRoute.Cases.edit)) { "/edit" }
      Parse(.case(\StandupRoute.Cases.delete)) { "/delete" }
      Parse(.case(\StandupRoute.Cases.record)) { "/record" }
      Parse(.case(\StandupRoute.Cases.deleteMeeting)) {
        "/meetings/"
        PathComponent()
        "/delete"
      }
      Parse(.case(\StandupRoute.Cases.meeting)) {
        "/meetings/"
        PathComponent()
      }
      Parse(.case(\StandupRoute.Cases.detail)) { "" }
    }
  }
}

/// One non-empty path component, percent-decoded (so titles may hold "/" or spaces).
struct PathComponent: ParserPrinter {
  /// False where a leading raw `?` would be a query (`/?delete=…`), not a name.
  var allowsQuery = true

  var body: some ParserPrinter<Substring, String> {
    Prefix(1...) { $0 != "/" }.filter { [allowsQuery] in allowsQuery || $0.first != "?" }
      .map(PercentEncoding())
  }
}

struct PercentEncoding: Conversion {
  /// Only URL's unreserved characters go as they are: a printed route is
  /// pasted into a shell unquoted, where `&`, `;`, `(`, `'`, `$` or `*`
  /// would act.
  static let allowed = CharacterSet(
    charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

  func apply(_ input: Substring) -> String {
    String(input).removingPercentEncoding ?? String(input)
  }

  func unapply(_ output: String) -> Substring {
    Substring(output.addingPercentEncoding(withAllowedCharacters: Self.allowed) ?? output)
  }
}
